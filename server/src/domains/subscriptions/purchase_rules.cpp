#include "domains/subscriptions/purchase_rules.hpp"

#include "domains/identity/redirects.hpp"

namespace portal::subscriptions {

bool geo_blocked(const tenants::Tenant& t, std::int64_t type_id) {
  auto* geo = t.features.if_contains("geoBlock");
  if (!geo || !geo->is_object()) return false;
  auto* enabled = geo->as_object().if_contains("enabled");
  if (!enabled || !enabled->is_bool() || !enabled->as_bool()) return false;
  auto* list = geo->as_object().if_contains("blockedSubscriptions");
  if (!list || !list->is_array()) return false;
  for (const auto& v : list->as_array()) {
    if (v.is_int64() && v.as_int64() == type_id) return true;
    if (v.is_string() && v.as_string() == std::to_string(type_id)) return true;
  }
  return false;
}

bool feature_on(const tenants::Tenant& t, std::string_view name) {
  auto* v = t.features.if_contains(name);
  return v && v->is_bool() && v->as_bool();
}

UserSubscription* find_live(std::vector<UserSubscription>& subs, std::int64_t type_id) {
  for (auto& s : subs)
    if (s.type_id == type_id && (s.status.state == State::active || s.status.state == State::requested)) return &s;
  return nullptr;
}

std::vector<std::int64_t> active_types_of(Context& ctx, const Caller& c) {
  if (c.guest()) return {};
  return active_type_ids(ctx.d.repository.for_user(c.tenant->id, c.user_uuid));
}

Result<std::string> allowed_return(const Caller& c, const std::string& redirect, std::string_view field) {
  auto ok = identity::allowed_redirect(redirect, c.return_origins);
  if (!ok) {
    Error e = Error::of(ErrorCode::invalid_redirect, std::string(field) + ": not an address of this tenant");
    e.field = std::string(field);
    return e;
  }
  return redirect;
}

Error level_refused(const Plans& plans, const Checkout& c, std::int64_t held_type,
                    const std::optional<std::string>& held_id) {
  if (held_type == c.type_id) {
    Error e = Error::of(ErrorCode::already_subscribed, "The user already holds this subscription");
    e.subscription_id = held_id;
    e.type_id = c.type_id;
    return e;
  }
  const SubscriptionType* t = plans.type(c.type_id);
  const Group* g = t && t->group_id ? plans.group(*t->group_id) : nullptr;
  // A lower level is a downgrade; a higher one, or another type of the same level, an upgrade.
  const bool down = g && level_direction(g->levels, held_type, c.type_id) == Direction::downgrade;
  Error e = Error::of(down ? ErrorCode::downgrade_blocked : ErrorCode::upgrade_blocked,
                      "Another level of this group is active");
  e.subscription_id = held_id;
  e.from_type_id = held_type;
  e.to_type_id = c.type_id;
  e.url = hosted::return_url(c.redirect,
                             down ? hosted::Ending::cancel_before_downgrade : hosted::Ending::cancel_before_upgrade,
                             {{"subTypeId", std::to_string(c.type_id)}});
  return e;
}

std::optional<Error> level_taken(Context& ctx, db::Session* s, const Plans& plans, const Checkout& c) {
  auto& repo = ctx.d.repository;
  auto held = s ? repo.active_in_group(*s, c.tenant_id, c.user_uuid, c.type_id, c.migrate_from)
                : repo.active_in_group(c.tenant_id, c.user_uuid, c.type_id, c.migrate_from);
  if (!held) return std::nullopt;
  return level_refused(plans, c, held->type_id, held->id);
}

}  // namespace portal::subscriptions
