// SubscriptionsService: plans and their cache, the wire shapes, the state
// changes every flow goes through, and the read-only calls. The flows are in
// subscribe_flow.cpp, cancel_trials_partners.cpp and scheduler.cpp.
#include "domains/subscriptions/subscriptions_service_impl.hpp"

namespace portal::subscriptions {

SubscriptionsService::SubscriptionsService(Deps deps) : impl_(std::make_shared<Impl>(std::move(deps))) {}


// ---- plans and wire shapes

std::shared_ptr<const Plans> SubscriptionsService::Impl::plans(std::int64_t tenant_id, db::Session* session) {
  const auto steady = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(plans_mutex);
    auto it = plans_cache.find(tenant_id);
    if (it != plans_cache.end() && steady - it->second.first < kPlansTtl) return it->second.second;
  }
  auto loaded = std::make_shared<const Plans>(session ? d.repository.load_plans(*session, tenant_id)
                                                      : d.repository.load_plans(tenant_id));
  std::lock_guard lock(plans_mutex);
  plans_cache[tenant_id] = {steady, loaded};
  return loaded;
}

// ---- state changes

void SubscriptionsService::Impl::begin(UserSubscription& sub, Event e) {
  auto next = transition(Status{}, e);
  if (!next) throw core::ErrorException(next.error());
  sub.status = *next;
  sub.created_at = sub.updated_at = at();
}

void SubscriptionsService::Impl::create(db::Session& s, UserSubscription& sub, Event e, std::string_view reason, std::string_view actor) {
  begin(sub, e);
  if (d.repository.insert(s, sub) == Outcome::already_exists) throw AlreadyHeld{};
  d.repository.insert_event(s, sub.tenant_id, sub.id, Status{}, sub.status, reason, actor, sub.created_at, 0);
}

UserSubscription SubscriptionsService::Impl::after(const UserSubscription& sub, Event e,
                                                   const std::function<void(UserSubscription&)>& change) const {
  auto next = transition(sub.status, e);
  if (!next) throw core::ErrorException(next.error());
  UserSubscription out = sub;
  out.status = *next;
  if (change) change(out);
  return out;
}

bool SubscriptionsService::Impl::apply(db::Session& s, const UserSubscription& sub, Event e, std::string_view reason, std::string_view actor,
                                       const std::function<void(UserSubscription&)>& change) {
  const UserSubscription next = after(sub, e, change);
  const std::string when = at();
  if (!d.repository.save(s, next, sub.version, when)) return false;
  d.repository.insert_event(s, sub.tenant_id, sub.id, sub.status, next.status, reason, actor, when, sub.version + 1);
  return true;
}

bool SubscriptionsService::Impl::apply(const UserSubscription& sub, Event e, std::string_view reason, std::string_view actor,
                                       const std::function<void(UserSubscription&)>& change) {
  return d.repository.record_change(sub, after(sub, e, change), reason, actor, at());
}

void SubscriptionsService::Impl::start_period(UserSubscription& sub, const SubscriptionType& t, TimePoint from) {
  auto cycle = parse_cycle(t.billing_cycle).value_or(Cycle{1, 'M'});
  const auto end = add_cycle(from, cycle);
  sub.start_date = format_time(from);
  sub.end_date = format_time(end);
  sub.next_renewal_date = format_time(end);
  sub.contingents = t.contingents;
}

void SubscriptionsService::Impl::migrate_old(db::Session& s, std::int64_t tenant_id, const std::optional<std::string>& old_id,
                                             const std::string& user_uuid) {
  if (!old_id) return;
  auto old = d.repository.subscription(s, tenant_id, *old_id);
  if (!old || old->user_uuid != user_uuid || old->status.state != State::active) return;
  apply(s, *old, Event::migrated, "migrated", "user", [&](UserSubscription& o) {
    o.next_renewal_date.reset();
    o.end_date = at();
  });
}

UserSubscription SubscriptionsService::Impl::new_sub(const Checkout& c, const std::optional<std::string>& option_code) {
  UserSubscription sub;
  sub.id = core::new_uuid();
  sub.tenant_id = c.tenant_id;
  sub.user_uuid = c.user_uuid;
  sub.type_id = c.type_id;
  sub.checkout_id = c.id;
  sub.migrate_from = c.migrate_from;
  sub.external_code = c.external_code;
  sub.marketing_campaign = c.marketing_campaign;
  sub.consents = c.consents;
  sub.payment_option = option_code;
  sub.start_date = at();
  return sub;
}

void SubscriptionsService::Impl::finish_checkout(db::Session& s, const Checkout& c, const CheckoutOption& o, const Payment& p) {
  if (p.status != PayStatus::succeeded && p.status != PayStatus::pending) return;  // checkout stays open
  auto plans_now = plans(c.tenant_id, &s);
  const SubscriptionType* t = plans_now->type(c.type_id);
  if (!t) throw core::ErrorException(error(404, "SUBSCRIPTION_TYPE_NOT_FOUND", "The plan no longer exists"));
  UserSubscription sub = new_sub(c, o.code);
  sub.payment_method_id = p.saved_method_id;
  const bool paid = p.status == PayStatus::succeeded;
  if (paid) start_period(sub, *t, now());
  else sub.contingents = {};
  if (!d.repository.set_checkout_status(s, c.tenant_id, c.id, "OPEN", paid ? "PAID" : "PENDING", sub.id, at()))
    throw core::ErrorException(error(409, "CHECKOUT_CLOSED", "The checkout was completed by another request"));
  // The old level ends before the new one is ACTIVE: one active level per group at every commit.
  if (paid) migrate_old(s, c.tenant_id, c.migrate_from, c.user_uuid);
  create(s, sub, paid ? Event::paid_now : Event::payment_pending, paid ? "checkout paid" : "payment pending", "user");
}

core::Error SubscriptionsService::Impl::level_refused(const Plans& plans, const Checkout& c, std::int64_t held_type,
                                                      const std::optional<std::string>& held_id) const {
  const json::value held = held_id ? json::value(*held_id) : json::value(nullptr);
  if (held_type == c.type_id)
    return error(409, "USER_ALREADY_SUBSCRIBED", "The user already holds this subscription",
                 json::object{{"subscriptionId", held}, {"subscriptionTypeId", c.type_id}});
  const SubscriptionType* t = plans.type(c.type_id);
  const Group* g = t && t->group_id ? plans.group(*t->group_id) : nullptr;
  const std::string code = level_code(g ? level_direction(g->levels, held_type, c.type_id) : Direction::none);
  return error(409, code, "Another level of this group is active",
               json::object{{"subscriptionId", held}, {"fromTypeId", held_type}, {"toTypeId", c.type_id},
                            {"url", return_url(c.redirect, {{"status", "409"}, {"error", code},
                                                            {"subTypeId", std::to_string(c.type_id)}})}});
}

std::optional<core::Error> SubscriptionsService::Impl::level_taken(db::Session& s, const Plans& plans, const Checkout& c) {
  auto held = d.repository.active_in_group(s, c.tenant_id, c.user_uuid, c.type_id, c.migrate_from);
  if (!held) return std::nullopt;
  return level_refused(plans, c, held->type_id, held->id);
}

std::optional<core::Error> SubscriptionsService::Impl::level_taken(const Plans& plans, const Checkout& c) {
  auto held = d.repository.active_in_group(c.tenant_id, c.user_uuid, c.type_id, c.migrate_from);
  if (!held) return std::nullopt;
  return level_refused(plans, c, held->type_id, held->id);
}

// ---- calls

std::shared_ptr<const Plans> SubscriptionsService::plans(std::int64_t tenant_id) { return impl_->plans(tenant_id); }

core::Result<json::object> SubscriptionsService::import_plans(std::int64_t tenant_id, const json::value& doc) {
  auto parsed = parse_plans(doc);
  if (!parsed) return parsed.error();
  const std::string now = impl_->at();
  impl_->d.repository.replace_plans(tenant_id, *parsed, now);
  std::lock_guard lock(impl_->plans_mutex);
  impl_->plans_cache.erase(tenant_id);
  return json::object{{"types", parsed->types.size()}, {"groups", parsed->groups.size()},
                      {"paymentOptions", parsed->options.size()}, {"externalCodes", parsed->external_codes.size()}};
}

TypeList SubscriptionsService::types(const Caller& c) {
  TypeList out;
  out.plans = impl_->plans(c.tenant->id);
  out.active_types = impl_->active_of(c);
  for (const auto& t : out.plans->types)
    if (!geo_blocked(*c.tenant, t.id)) out.types.push_back(&t);
  return out;
}

bool SubscriptionsService::enabled(const Caller& c, std::int64_t type_id) {
  auto plans = impl_->plans(c.tenant->id);
  return plans->type(type_id) && !geo_blocked(*c.tenant, type_id);
}

Holdings SubscriptionsService::list(const Caller& c, bool include_cancelled) {
  Holdings out;
  if (c.guest()) return out;
  out.plans = impl_->plans(c.tenant->id);
  auto subs = impl_->d.repository.for_user(c.tenant->id, c.user_uuid);
  out.active_types = active_type_ids(subs);
  for (auto& s : subs)
    if (include_cancelled || s.status.state != State::canceled) out.subscriptions.push_back(std::move(s));
  return out;
}

std::vector<json::object> SubscriptionsService::events(std::int64_t tenant_id, const std::string& subscription_id) {
  return impl_->d.repository.events(tenant_id, subscription_id);
}

bool SubscriptionsService::owned(const Caller& c, const std::string& subscription_id) {
  if (c.guest()) return false;
  auto sub = impl_->d.repository.subscription(c.tenant->id, subscription_id);
  return sub && sub->user_uuid == c.user_uuid;
}

core::Result<json::array> SubscriptionsService::payments_of(const Caller& c, const std::string& purchase_id) {
  auto checkout = impl_->d.repository.checkout(c.tenant->id, purchase_id);
  if (!checkout || checkout->user_uuid != c.user_uuid) return error(404, "CHECKOUT_NOT_FOUND", "No such checkout");
  json::array out;
  for (const auto& p : impl_->d.payments.for_reference(c.tenant->id, kCheckoutPurpose, purchase_id))
    out.push_back(json::object{{"id", p.id}, {"status", payments::to_string(p.status)}, {"amount", money_json(p.amount)},
                               {"instrument", p.instrument}, {"createdAt", p.created_at}});
  return out;
}

}  // namespace portal::subscriptions
