#include "domains/subscriptions/partners.hpp"

// free-form: partner metadata is the partner's object; its size is measured as JSON.
#include <boost/json/serialize.hpp>

#include "domains/subscriptions/purchase_rules.hpp"

namespace portal::subscriptions {
using hosted::Ending;

namespace {
constexpr std::size_t kMaxMetadataBytes = 16 * 1024;
}

Result<SubscriptionView> Partners::merge_metadata(const Caller& c, const std::string& id, const boost::json::object& value) {
  if (c.guest()) return Error::sign_in();
  auto& repo = ctx_.d.repository;
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto sub = repo.subscription(c.tenant->id, id);
    if (!sub || sub->user_uuid != c.user_uuid) return Error::of(ErrorCode::subscription_not_found, "No such subscription");
    UserSubscription after = *sub;
    for (const auto& [k, v] : value) after.partner_metadata[k] = v;
    if (boost::json::serialize(after.partner_metadata).size() > kMaxMetadataBytes)
      return Error::invalid("value", "partner metadata is limited to 16 KiB");
    if (!repo.save(after, sub->version, ctx_.d.clock.now_text())) continue;
    return SubscriptionView{ctx_.plans.get(c.tenant->id), active_types_of(ctx_, c), *repo.subscription(c.tenant->id, id)};
  }
  return Error::of(ErrorCode::concurrent_update, "The subscription changed meanwhile; try again");
}

ExternalCodeValidity Partners::validate_external(const Caller& c, const std::string& code) {
  auto plans = ctx_.plans.get(c.tenant->id);
  for (const auto& x : plans->external_codes) {
    if (x.code != code) continue;
    if (x.valid_until && *x.valid_until <= ctx_.d.clock.now_text()) return {3, x.type_id};
    if (!c.guest())
      for (const auto& s : ctx_.d.repository.for_user(c.tenant->id, c.user_uuid))
        if (s.external_code == code && s.status.state == State::requested) return {4, x.type_id};
    return {1, x.type_id};
  }
  return {2, std::nullopt};
}

Result<Redirection> Partners::redirection(const Caller& c, const std::vector<std::int64_t>& type_ids,
                                          const std::optional<std::string>& external_code,
                                          const std::optional<std::string>& redirection) {
  if (c.guest()) return Error::sign_in();
  if (type_ids.empty()) return Error::invalid("subTypeIds", "must name at least one subscription type");
  const std::int64_t type_id = type_ids.front();
  // Back to the partner's page when it names one of the tenant's addresses, else the portal's plans page.
  std::string portal_page = c.request_origin + "/subscription";
  if (redirection) {
    auto ok = allowed_return(c, *redirection, "redirectionUrl");
    if (!ok) return ok.error();
    portal_page = *ok;
  }
  for (const auto& s : ctx_.d.repository.for_user(c.tenant->id, c.user_uuid))
    if (s.type_id == type_id && s.status.state == State::active && s.status.pending) {
      Error e = Error::of(ErrorCode::insufficient_funds, "The renewal of this subscription failed");
      e.url = portal_page;
      e.subscription_id = s.id;
      return e;
    }
  SubscribeInput in;
  in.type_id = type_id;
  in.redirect = portal_page;
  in.external_code = external_code;
  auto started = checkout_.subscribe(c, in);
  if (!started) return started.error();
  if (auto* pending = std::get_if<Pending>(&*started)) return Redirection{std::move(*pending)};
  const auto* opened = std::get_if<CheckoutOpened>(&*started);
  if (!opened) return Redirection{hosted::return_url(portal_page, Ending::paid, {{"subTypeId", std::to_string(type_id)}})};
  for (const auto& o : opened->offer.options)
    if (o.flow == "WEB" && o.redirection_url) return Redirection{*o.redirection_url};
  return Error::of(ErrorCode::payment_option_unavailable, "The plan has no hosted checkout");
}

bool Partners::voucherbook_eligible(const Caller& c, std::int64_t type_id) {
  if (c.guest()) return false;
  for (const auto& s : ctx_.d.repository.for_user(c.tenant->id, c.user_uuid))
    if (s.type_id == type_id && s.active()) return true;
  return false;
}

}  // namespace portal::subscriptions
