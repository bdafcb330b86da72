#pragma once
// Private to SubscriptionsService: the state and helpers its source files
// share (subscriptions_service.cpp: plans, wire shapes, state changes and
// queries; subscribe_flow.cpp: subscribe, checkouts and the API flow;
// cancel_trials_partners.cpp; scheduler.cpp). Nothing else includes it.
#include <algorithm>
#include <boost/json.hpp>
#include <boost/url.hpp>
#include <map>
#include <stdexcept>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "domains/identity/redirects.hpp"
#include "domains/subscriptions/subscriptions_dto.hpp"
#include "domains/subscriptions/subscriptions_mapping.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::subscriptions {
namespace json = boost::json;
using payments::Payment;
using PayStatus = payments::Status;

namespace service_detail {

// Thrown inside a payment's transaction when a unique index refused the new
// subscription (another level became ACTIVE meanwhile): rolls the payment's
// effect back; the flow answers which level won.
struct AlreadyHeld : std::runtime_error {
  AlreadyHeld() : std::runtime_error("the user holds this type or another level of its group already") {}
};

inline constexpr std::string_view kCheckoutPurpose = "checkout";
inline constexpr std::string_view kRenewalPurpose = "renewal";
inline constexpr auto kCheckoutLifetime = std::chrono::minutes(30);
inline constexpr auto kPlansTtl = std::chrono::seconds(60);

inline std::string replace_all(std::string text, std::string_view key, std::string_view value) {
  for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
  return text;
}

inline json::value money_json(const Money& m) { return json::object{{"amount", m.amount}, {"currency", m.currency}}; }
inline bool geo_blocked(const tenants::Tenant& t, std::int64_t type_id) {
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

inline bool feature_on(const tenants::Tenant& t, std::string_view name) {
  auto* v = t.features.if_contains(name);
  return v && v->is_bool() && v->as_bool();
}

inline core::Error error(int status, std::string code, std::string message, json::value data = nullptr) {
  return core::Error{status, std::move(code), std::move(message), std::move(data)};
}

// The 409 code of a purchase in a plan group where the user holds another
// type: a lower level is a downgrade; a higher one, or another type of the
// same level, an upgrade.
inline std::string level_code(Direction d) {
  return d == Direction::downgrade ? "NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE" : "NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE";
}

}  // namespace service_detail
using namespace service_detail;  // NOLINT: a private header of one class's sources

struct SubscriptionsService::Impl {
  Deps d;
  std::mutex plans_mutex;
  std::map<std::int64_t, std::pair<std::chrono::steady_clock::time_point, std::shared_ptr<const Plans>>> plans_cache;

  explicit Impl(Deps deps) : d(std::move(deps)) {}

  TimePoint now() const { return d.clock.now(); }
  std::string at() const { return format_time(now()); }

  std::string text(std::string_view lang, std::string_view key, const tenants::Tenant* t = nullptr) const {
    const std::string full = "hosted.checkout." + std::string(key);
    std::string s = d.i18n.text(lang, full).value_or(full);
    if (t) s = replace_all(s, "{{site}}", t->display_name.empty() ? t->name : t->display_name);
    return s;
  }

  // Inside a transaction pass its session: a second pooled connection could
  // wait for one that transactions hold (pool exhaustion on PostgreSQL).
  std::shared_ptr<const Plans> plans(std::int64_t tenant_id, db::Session* session = nullptr);

  // The caller's active type ids (currentSubscriptionExist).
  std::vector<std::int64_t> active_of(const Caller& c) {
    if (c.guest()) return {};
    return active_type_ids(d.repository.for_user(c.tenant->id, c.user_uuid));
  }

  json::value sub_json(const Plans& plans, const UserSubscription& s, std::string_view lang, bool include_type,
                       const std::vector<std::int64_t>& active) const {
    return subscription_json(plans, s, lang, include_type, active);
  }

  // ---- state changes

  // Sets the status `e` leads to from the empty one and the creation time.
  void begin(UserSubscription& sub, Event e);
  // Inside a transaction (a payment's): a unique index refusing the row throws
  // AlreadyHeld, which rolls the transaction back.
  void create(db::Session& s, UserSubscription& sub, Event e, std::string_view reason, std::string_view actor);

  // `sub` after `e` and `change`; a transition the rules refuse throws (a bug of the caller).
  UserSubscription after(const UserSubscription& sub, Event e, const std::function<void(UserSubscription&)>& change) const;
  // False when the row changed under us (another request or instance won).
  bool apply(db::Session& s, const UserSubscription& sub, Event e, std::string_view reason, std::string_view actor,
             const std::function<void(UserSubscription&)>& change = {});
  // The same in a transaction of its own (the repository's).
  bool apply(const UserSubscription& sub, Event e, std::string_view reason, std::string_view actor,
             const std::function<void(UserSubscription&)>& change = {});

  void start_period(UserSubscription& sub, const SubscriptionType& t, TimePoint from);

  // The replaced subscription of an up/downgrade ends once the new one is paid.
  void migrate_old(db::Session& s, std::int64_t tenant_id, const std::optional<std::string>& old_id,
                   const std::string& user_uuid);

  UserSubscription new_sub(const Checkout& c, const std::optional<std::string>& option_code);

  // Records the outcome of a checkout charge, in the payment's transaction.
  void finish_checkout(db::Session& s, const Checkout& c, const CheckoutOption& o, const Payment& p);

  // ---- one active level per plan group (docs/security.md "Plan groups: one active level")

  // The 409 a purchase (checkout `c`) meets when the user holds `held_type`
  // ACTIVE in its plan group: NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE or
  // _DOWNGRADE with data {subscriptionId, fromTypeId, toTypeId, url} (url: the
  // redirect with status=409&error=<code>), USER_ALREADY_SUBSCRIBED for the same type.
  core::Error level_refused(const Plans& plans, const Checkout& c, std::int64_t held_type,
                            const std::optional<std::string>& held_id) const;
  // In the transaction that would make the purchase ACTIVE (or charge it): the
  // user's ACTIVE subscription of its group, other than the one it migrates
  // from, as the 409 to answer. The unique index of the plan_group_levels migration backs it.
  std::optional<core::Error> level_taken(db::Session& s, const Plans& plans, const Checkout& c);
  // The same outside a transaction: to say which level won a race, or to refuse early.
  std::optional<core::Error> level_taken(const Plans& plans, const Checkout& c);

  // ---- answers

  std::string backend_checkout_url(const Caller& c, const std::string& uuid, std::string_view lang) const {
    return c.backend_base + "/checkout/" + uuid + "?lang=" + std::string(lang);
  }

  // An open checkout answered again: its page URLs on the host this caller reached.
  json::object reanswer(const Caller& c, const Checkout& open) const;

  // The address to return to, when it belongs to the tenant; 400 INVALID_REDIRECT naming `field` otherwise.
  core::Result<std::string> allowed(const Caller& c, const std::string& redirect,
                                    std::string_view field = "redirect") const {
    auto ok = identity::allowed_redirect(*c.tenant, redirect, c.request_origin);
    if (!ok)
      return error(400, "INVALID_REDIRECT", std::string(field) + ": not an address of this tenant",
                   json::object{{"field", field}});
    return redirect;
  }

  UserSubscription* find_live(std::vector<UserSubscription>& subs, std::int64_t type_id) {
    for (auto& s : subs)
      if (s.type_id == type_id && (s.status.state == State::active || s.status.state == State::requested)) return &s;
    return nullptr;
  }

  core::Result<Answer> charge_and_answer(const Caller& c, const Checkout& checkout, const CheckoutOption& option,
                                         const std::string& instrument, bool saved);

  // The checkout was paid or is pending already: say so.
  core::Result<Answer> already_done(const Caller& c, const Checkout& checkout);

  core::Result<Answer> subscribe(const Caller& c, const SubscribeInput& in);
  core::Result<Answer> api_step(const Caller& c, const std::string& option_uuid, const json::object& body);
};

}  // namespace portal::subscriptions
