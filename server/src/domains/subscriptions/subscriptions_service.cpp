#include "domains/subscriptions/subscriptions_service.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <boost/url.hpp>
#include <map>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "domains/identity/redirects.hpp"
#include "domains/subscriptions/subscriptions_dto.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::subscriptions {
namespace json = boost::json;
using payments::Payment;
using PayStatus = payments::Status;

namespace {

constexpr std::string_view kCheckoutPurpose = "checkout";
constexpr std::string_view kRenewalPurpose = "renewal";
constexpr auto kCheckoutLifetime = std::chrono::minutes(30);
constexpr auto kPlansTtl = std::chrono::seconds(60);

std::string replace_all(std::string text, std::string_view key, std::string_view value) {
  for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
  return text;
}

std::string resolve(const Texts& texts, std::string_view lang) {
  if (auto* v = texts.if_contains(lang); v && v->is_string()) return std::string(v->as_string());
  if (auto* v = texts.if_contains("en"); v && v->is_string()) return std::string(v->as_string());
  for (const auto& [k, v] : texts)
    if (v.is_string()) return std::string(v.as_string());
  return {};
}

json::value money_json(const Money& m) { return json::object{{"amount", m.amount}, {"currency", m.currency}}; }
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

core::Error error(int status, std::string code, std::string message, json::value data = nullptr) {
  return core::Error{status, std::move(code), std::move(message), std::move(data)};
}

}  // namespace

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
  std::shared_ptr<const Plans> plans(std::int64_t tenant_id, db::Session* session = nullptr) {
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

  std::string type_name(const SubscriptionType& t, std::string_view lang) const {
    std::string localized = t.attribute("DISPLAY_SERVICE_NAME_TEXT_" + std::string(lang));
    return localized.empty() ? t.name : localized;
  }

  // The caller's active type ids (currentSubscriptionExist).
  std::vector<std::int64_t> active_of(const Caller& c) {
    if (c.guest()) return {};
    return active_type_ids(d.repository.for_user(c.tenant->id, c.user_uuid));
  }

  std::vector<std::int64_t> active_type_ids(const std::vector<UserSubscription>& subs) const {
    std::vector<std::int64_t> out;
    for (const auto& s : subs)
      if (s.active()) out.push_back(s.type_id);
    return out;
  }

  std::vector<GroupDto> group_list(const Plans& plans, const SubscriptionType& t, std::string_view lang,
                                   const std::vector<std::int64_t>& active) const {
    std::vector<GroupDto> out;
    const Group* g = t.group_id ? plans.group(*t.group_id) : nullptr;
    if (!g) return out;
    GroupDto dto{g->id, resolve(g->name, lang), {}};
    for (std::size_t i = 0; i < g->levels.size(); ++i) {
      LevelDto level{static_cast<std::int64_t>(i), false, g->levels[i]};
      for (auto id : g->levels[i])
        if (std::find(active.begin(), active.end(), id) != active.end()) level.currentSubscriptionExist = true;
      dto.levels.push_back(std::move(level));
    }
    out.push_back(std::move(dto));
    return out;
  }

  static std::vector<ContingentDto> contingent_dtos(const std::vector<Contingent>& list) {
    std::vector<ContingentDto> out;
    for (const auto& c : list) out.push_back({c.content_types, c.amount});
    return out;
  }

  SubscriptionTypeDto type_dto(const Plans& plans, const SubscriptionType& t, std::string_view lang,
                               const std::vector<std::int64_t>& active) const {
    SubscriptionTypeDto dto;
    dto.id = t.id;
    dto.name = type_name(t, lang);
    dto.billingCycle = t.billing_cycle;
    dto.subscriptionTypePrice = {t.price.amount, t.price.currency};
    if (t.promotion_price) dto.subscriptionTypePromotionPrice = MoneyDto{t.promotion_price->amount, t.promotion_price->currency};
    for (const auto& [k, v] : t.attributes) dto.attributes.push_back({k, v});
    dto.contingents = contingent_dtos(t.contingents);
    dto.accumulateContingent = t.accumulate_contingent;
    dto.cancelUrl = t.cancel_url;
    dto.maxTrialDuration = t.max_trial_duration;
    dto.requiredIdentityFields = t.required_identity_fields;
    for (const auto& code : t.payment_options)
      if (const PaymentOption* o = plans.option(code)) dto.paymentOptions.push_back({o->code, o->flow, resolve(o->name, lang)});
    dto.subscriptionTypeGroupList = group_list(plans, t, lang, active);
    return dto;
  }

  json::value type_json(const Plans& plans, const SubscriptionType& t, std::string_view lang,
                        const std::vector<std::int64_t>& active) const {
    return json::value_from(type_dto(plans, t, lang, active));
  }

  json::value sub_json(const Plans& plans, const UserSubscription& s, std::string_view lang, bool include_type,
                       const std::vector<std::int64_t>& active) const {
    UserSubscriptionDto dto;
    dto.id = s.id;
    dto.typeId = s.type_id;
    dto.state = to_string(s.status.state);
    if (s.status.pending) dto.subState = "PENDING";
    dto.active = s.active();
    dto.trial = s.status.trial;
    dto.startDate = s.start_date;
    dto.endDate = s.end_date;
    dto.nextRenewalDate = s.next_renewal_date;
    dto.graceUntil = s.grace_until;
    dto.cancelRequested = s.status.cancel_requested;
    dto.contingents = contingent_dtos(s.contingents);
    dto.paymentOption = s.payment_option;
    dto.partnerMetadata = s.partner_metadata;
    dto.createdAt = s.created_at;
    dto.updatedAt = s.updated_at;
    if (const SubscriptionType* t = plans.type(s.type_id)) {
      if (include_type) dto.subscriptionType = type_dto(plans, *t, lang, active);
      dto.subscriptionTypeGroupList = group_list(plans, *t, lang, active);
    }
    json::value v = json::value_from(dto);
    if (!dto.subscriptionType) v.as_object().erase("subscriptionType");
    return v;
  }

  // ---- state changes (inside a transaction)

  void create(db::Session& s, UserSubscription& sub, Event e, std::string_view reason, std::string_view actor) {
    auto next = transition(Status{}, e);
    if (!next) throw core::ErrorException(next.error());
    const Status from = sub.status = Status{};
    sub.status = *next;
    sub.created_at = sub.updated_at = at();
    d.repository.insert(s, sub);
    d.repository.insert_event(s, sub.tenant_id, sub.id, from, sub.status, reason, actor, sub.created_at, 0);
  }

  // False when the row changed under us (another request or instance won).
  bool apply(db::Session& s, const UserSubscription& sub, Event e, std::string_view reason, std::string_view actor,
             const std::function<void(UserSubscription&)>& change = {}) {
    auto next = transition(sub.status, e);
    if (!next) throw core::ErrorException(next.error());
    UserSubscription after = sub;
    after.status = *next;
    if (change) change(after);
    const std::string when = at();
    if (!d.repository.save(s, after, sub.version, when)) return false;
    d.repository.insert_event(s, sub.tenant_id, sub.id, sub.status, after.status, reason, actor, when, sub.version + 1);
    return true;
  }

  void start_period(UserSubscription& sub, const SubscriptionType& t, TimePoint from) {
    auto cycle = parse_cycle(t.billing_cycle).value_or(Cycle{1, 'M'});
    const auto end = add_cycle(from, cycle);
    sub.start_date = format_time(from);
    sub.end_date = format_time(end);
    sub.next_renewal_date = format_time(end);
    sub.contingents = t.contingents;
  }

  // The replaced subscription of an up/downgrade ends once the new one is paid.
  void migrate_old(db::Session& s, std::int64_t tenant_id, const std::optional<std::string>& old_id,
                   const std::string& user_uuid) {
    if (!old_id) return;
    auto old = d.repository.subscription(s, tenant_id, *old_id);
    if (!old || old->user_uuid != user_uuid || old->status.state != State::active) return;
    apply(s, *old, Event::migrated, "migrated", "user", [&](UserSubscription& o) {
      o.next_renewal_date.reset();
      o.end_date = at();
    });
  }

  UserSubscription new_sub(const Checkout& c, const std::optional<std::string>& option_code) {
    UserSubscription sub;
    sub.id = core::new_uuid();
    sub.tenant_id = c.tenant_id;
    sub.user_uuid = c.user_uuid;
    sub.type_id = c.type_id;
    sub.checkout_id = c.id;
    sub.migrate_from = c.migrate_from;
    sub.external_code = c.external_code;
    sub.payment_option = option_code;
    sub.start_date = at();
    return sub;
  }

  // Records the outcome of a checkout charge, in the payment's transaction.
  void finish_checkout(db::Session& s, const Checkout& c, const CheckoutOption& o, const Payment& p) {
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
    create(s, sub, paid ? Event::paid_now : Event::payment_pending, paid ? "checkout paid" : "payment pending", "user");
    if (paid) migrate_old(s, c.tenant_id, c.migrate_from, c.user_uuid);
  }

  // ---- answers

  std::string backend_checkout_url(const Caller& c, const std::string& uuid, std::string_view lang) const {
    return c.backend_base + "/checkout/" + uuid + "?lang=" + std::string(lang);
  }

  // An open checkout answered again: its page URLs on the host this caller reached.
  json::object reanswer(const Caller& c, const Checkout& open) const {
    json::object answer = open.answer;
    std::string single;
    if (auto* options = answer.if_contains("options"); options && options->is_array())
      for (auto& o : options->as_array()) {
        auto& x = o.as_object();
        if (x.at("flow") != "WEB") continue;
        single = backend_checkout_url(c, std::string(x.at("uuid").as_string()), open.lang);
        x["redirectionUrl"] = single;
      }
    if (answer["type"] == "redirect") answer["url"] = single;
    return answer;
  }

  core::Result<std::string> allowed(const Caller& c, const std::string& redirect) const {
    auto ok = identity::allowed_redirect(*c.tenant, redirect, c.request_origin);
    if (!ok) return error(400, "INVALID_REDIRECT", "redirect: not an address of this tenant", json::object{{"field", "redirect"}});
    return redirect;
  }

  UserSubscription* find_live(std::vector<UserSubscription>& subs, std::int64_t type_id) {
    for (auto& s : subs)
      if (s.type_id == type_id && (s.status.state == State::active || s.status.state == State::requested)) return &s;
    return nullptr;
  }

  core::Result<Answer> charge_and_answer(const Caller& c, const Checkout& checkout, const CheckoutOption& option,
                                         const std::string& instrument, bool saved) {
    auto plans_now = plans(c.tenant->id);
    {  // subscribed meanwhile (a trial, another flow): never charge for a second live one
      auto subs = d.repository.for_user(checkout.tenant_id, checkout.user_uuid);
      if (find_live(subs, checkout.type_id)) return already_done(c, checkout);
    }
    payments::ChargeRequest req;
    req.tenant_id = checkout.tenant_id;
    req.user_uuid = checkout.user_uuid;
    req.purpose = kCheckoutPurpose;
    req.reference = checkout.id;
    req.provider = option.provider;
    req.instrument = instrument;
    req.saved = saved;
    req.amount = checkout.amount;
    auto paid = d.payments.charge(req, [&](db::Session& s, const Payment& p) { finish_checkout(s, checkout, option, p); });
    const std::string sub_type = std::to_string(checkout.type_id);
    if (!paid) {
      if (paid.error().code == "PAYMENT_EXISTS") return already_done(c, checkout);
      return paid.error();
    }
    switch (paid->status) {
      case PayStatus::succeeded: {
        auto subs = d.repository.for_user(c.tenant->id, c.user_uuid);
        auto* sub = find_live(subs, checkout.type_id);
        const std::string url = return_url(checkout.redirect, {{"status", "200"}, {"subTypeId", sub_type},
                                                               {"purchaseID", checkout.id}, {"type", "subscription"}});
        json::object data{{"status", 302}, {"url", url}, {"nextApiFlowStep", nullptr}};
        if (sub) data["subscription"] = sub_json(*plans_now, *sub, c.lang, false, active_type_ids(subs));
        return Answer{201, std::move(data)};
      }
      case PayStatus::pending: {
        auto subs = d.repository.for_user(c.tenant->id, c.user_uuid);
        auto* sub = find_live(subs, checkout.type_id);
        json::object data{{"url", return_url(checkout.redirect, {{"status", "202"}, {"subTypeId", sub_type},
                                                                 {"purchaseID", checkout.id}})},
                          {"paymentId", paid->id}};
        if (sub) data["subscription"] = sub_json(*plans_now, *sub, c.lang, false, active_type_ids(subs));
        return error(202, "SUBSCRIPTION_PENDING", "The payment is pending", std::move(data));
      }
      case PayStatus::insufficient_funds:
        return error(402, "INSUFFICIENT_FUNDS", "Insufficient funds",
                     json::object{{"url", return_url(checkout.redirect, {{"status", "402"}, {"error", "INSUFFICIENT_FUNDS"},
                                                                        {"subTypeId", sub_type}})}});
      default:
        return error(490, "PAYMENT_DECLINED", text(c.lang, "declined"),
                     json::object{{"url", return_url(checkout.redirect, {{"status", "490"}, {"error", "PAYMENT_DECLINED"},
                                                                        {"msg", text(c.lang, "declined")},
                                                                        {"subTypeId", sub_type}})}});
    }
  }

  // The checkout was paid or is pending already: say so.
  core::Result<Answer> already_done(const Caller& c, const Checkout& checkout) {
    auto plans_now = plans(c.tenant->id);
    auto subs = d.repository.for_user(c.tenant->id, c.user_uuid);
    auto* sub = find_live(subs, checkout.type_id);
    if (sub && sub->status.state == State::requested)
      return error(202, "SUBSCRIPTION_PENDING", "The payment is pending",
                   json::object{{"subscription", sub_json(*plans_now, *sub, c.lang, false, active_type_ids(subs))}});
    return error(409, "USER_ALREADY_SUBSCRIBED", "The user already holds this subscription",
                 json::object{{"subscriptionTypeId", checkout.type_id}});
  }

  core::Result<Answer> subscribe(const Caller& c, const SubscribeInput& in);
  core::Result<Answer> api_step(const Caller& c, const std::string& option_uuid, const json::object& body);
};

SubscriptionsService::SubscriptionsService(Deps deps) : impl_(std::make_shared<Impl>(std::move(deps))) {}

std::shared_ptr<const Plans> SubscriptionsService::plans(std::int64_t tenant_id) { return impl_->plans(tenant_id); }

core::Result<json::object> SubscriptionsService::import_plans(std::int64_t tenant_id, const json::value& doc) {
  auto parsed = parse_plans(doc);
  if (!parsed) return parsed.error();
  const std::string now = impl_->at();
  impl_->d.repository.database().transaction(
      [&](db::Session& s) { impl_->d.repository.replace_plans(s, tenant_id, *parsed, now); });
  std::lock_guard lock(impl_->plans_mutex);
  impl_->plans_cache.erase(tenant_id);
  return json::object{{"types", parsed->types.size()}, {"groups", parsed->groups.size()},
                      {"paymentOptions", parsed->options.size()}, {"externalCodes", parsed->external_codes.size()}};
}

json::array SubscriptionsService::types(const Caller& c) {
  auto plans = impl_->plans(c.tenant->id);
  std::vector<std::int64_t> active;
  if (!c.guest()) active = impl_->active_type_ids(impl_->d.repository.for_user(c.tenant->id, c.user_uuid));
  json::array out;
  for (const auto& t : plans->types)
    if (!geo_blocked(*c.tenant, t.id)) out.push_back(impl_->type_json(*plans, t, c.lang, active));
  return out;
}

json::object SubscriptionsService::enabled(const Caller& c, std::int64_t type_id) {
  auto plans = impl_->plans(c.tenant->id);
  const bool ok = plans->type(type_id) && !geo_blocked(*c.tenant, type_id);
  return {{"id", type_id}, {"enabled", ok}};
}

json::array SubscriptionsService::list(const Caller& c, bool include_cancelled, bool include_type) {
  json::array out;
  if (c.guest()) return out;
  auto plans = impl_->plans(c.tenant->id);
  auto subs = impl_->d.repository.for_user(c.tenant->id, c.user_uuid);
  const auto active = impl_->active_type_ids(subs);
  for (const auto& s : subs)
    if (include_cancelled || s.status.state != State::canceled)
      out.push_back(impl_->sub_json(*plans, s, c.lang, include_type, active));
  return out;
}

core::Result<Answer> SubscriptionsService::subscribe(const Caller& c, const SubscribeInput& in) {
  return impl_->subscribe(c, in);
}

core::Result<Answer> SubscriptionsService::Impl::subscribe(const Caller& c, const SubscribeInput& in) {
  if (c.guest()) return core::Error::unauthorized("Sign in first");
  auto redirect = allowed(c, in.redirect);
  if (!redirect) return redirect.error();
  auto plans_now = plans(c.tenant->id);
  const SubscriptionType* t = plans_now->type(in.type_id);
  if (!t || geo_blocked(*c.tenant, in.type_id))
    return error(404, "SUBSCRIPTION_TYPE_NOT_FOUND", "No such subscription type", json::object{{"subscriptionTypeId", in.type_id}});

  if (!t->required_identity_fields.empty()) {
    auto user = d.users.by_uuid(c.tenant->id, c.user_uuid);
    if (!user) return core::Error::unauthorized("Sign in first");
    json::array missing;
    for (const auto& f : t->required_identity_fields) {
      const std::string& v = f == "name" ? user->name : f == "lastName" ? user->last_name : user->email;
      if (v.empty()) missing.emplace_back(f);
    }
    if (!missing.empty())
      return error(404, "REQUIRED_IDENTITY_FIELD_NOT_FOUND", "The profile lacks fields this plan requires",
                   json::object{{"fields", std::move(missing)}});
  }

  auto subs = d.repository.for_user(c.tenant->id, c.user_uuid);
  const auto active = active_type_ids(subs);
  if (UserSubscription* live = find_live(subs, t->id)) {
    if (live->status.state == State::requested)
      return error(202, "SUBSCRIPTION_PENDING", "A subscription of this type awaits payment",
                   json::object{{"subscription", sub_json(*plans_now, *live, c.lang, false, active)}});
    return error(409, "USER_ALREADY_SUBSCRIBED", "The user already holds this subscription",
                 json::object{{"subscriptionId", live->id}, {"subscriptionTypeId", t->id}});
  }

  std::optional<std::string> migrate_from;
  if (t->group_id)
    if (const Group* g = plans_now->group(*t->group_id))
      for (const auto& s : subs) {
        if (s.status.state != State::active) continue;  // held (grace) and cancelling ones count too
        const Direction dir = level_direction(g->levels, s.type_id, t->id);
        if (dir != Direction::upgrade && dir != Direction::downgrade) continue;
        const bool allowed_move = (in.migrate_sub_id && *in.migrate_sub_id == s.id) || (in.upgrade_to && *in.upgrade_to == t->id);
        if (!allowed_move)
          return error(409, dir == Direction::upgrade ? "NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE" : "NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE",
                       "Another level of this group is active",
                       json::object{{"subscriptionId", s.id}, {"fromTypeId", s.type_id}, {"toTypeId", t->id}});
        migrate_from = s.id;
      }

  const Money price = t->current_price();
  if (in.price && !(*in.price == price))
    return error(409, "PRICE_CHANGED", "The price has changed", money_json(price));

  if (price.amount == 0 || feature_on(*c.tenant, "mssAutoSubscription")) {
    Checkout pseudo;
    pseudo.tenant_id = c.tenant->id;
    pseudo.user_uuid = c.user_uuid;
    pseudo.type_id = t->id;
    pseudo.migrate_from = migrate_from;
    pseudo.external_code = in.external_code;
    UserSubscription sub = new_sub(pseudo, price.amount == 0 ? std::optional<std::string>("free") : std::optional<std::string>("auto"));
    sub.checkout_id.reset();
    start_period(sub, *t, now());
    try {
      d.repository.database().transaction([&](db::Session& s) {
        create(s, sub, Event::paid_now, price.amount == 0 ? "free plan" : "operator auto-subscription", "user");
        migrate_old(s, c.tenant->id, migrate_from, c.user_uuid);
      });
    } catch (const db::ConstraintError&) {
      return error(409, "USER_ALREADY_SUBSCRIBED", "The user already holds this subscription", json::object{{"subscriptionTypeId", t->id}});
    }
    auto fresh = d.repository.subscription(c.tenant->id, sub.id);
    return Answer{201, json::object{{"subscription", sub_json(*plans_now, fresh.value_or(sub), c.lang, false, active)}}};
  }

  // One open checkout per user and type (a partial unique index): a second
  // request, simultaneous or later, answers the open one.
  d.repository.expire_open(c.tenant->id, c.user_uuid, at());
  if (auto open = d.repository.open_checkout(c.tenant->id, c.user_uuid, t->id)) return Answer{200, reanswer(c, *open)};

  Checkout checkout;
  checkout.id = core::new_uuid();
  checkout.tenant_id = c.tenant->id;
  checkout.user_uuid = c.user_uuid;
  checkout.type_id = t->id;
  checkout.redirect = *redirect;
  checkout.lang = c.lang;
  checkout.amount = price;
  checkout.migrate_from = migrate_from;
  checkout.external_code = in.external_code;
  std::vector<CheckoutOption> options;
  json::array answer_options;
  int web = 0;
  std::string web_url;
  for (const auto& code : t->payment_options) {
    const PaymentOption* po = plans_now->option(code);
    if (!po) continue;
    CheckoutOption o{core::new_uuid(), checkout.id, po->code, po->provider, po->flow};
    json::value url = nullptr;
    if (po->flow == "WEB") {
      ++web;
      web_url = backend_checkout_url(c, o.uuid, c.lang);
      url = web_url;
    }
    answer_options.push_back(json::object{{"uuid", o.uuid}, {"code", po->code}, {"name", resolve(po->name, c.lang)},
                                          {"flow", po->flow}, {"redirectionUrl", url}});
    options.push_back(std::move(o));
  }
  const bool single_web = options.size() == 1 && web == 1;
  checkout.answer = {{"type", single_web ? "redirect" : "onclick"},
                     {"purchaseID", checkout.id},
                     {"url", single_web ? json::value(web_url) : json::value(nullptr)},
                     {"options", std::move(answer_options)}};
  try {
    d.repository.database().transaction([&](db::Session& s) {
      d.repository.insert_checkout(s, checkout, options, format_time(now() + kCheckoutLifetime), at());
    });
  } catch (const db::ConstraintError&) {
    if (auto open = d.repository.open_checkout(c.tenant->id, c.user_uuid, t->id)) return Answer{200, reanswer(c, *open)};
    throw;
  }
  return Answer{200, checkout.answer};
}

core::Result<Answer> SubscriptionsService::api_step(const Caller& c, const std::string& option_uuid, const json::object& body) {
  return impl_->api_step(c, option_uuid, body);
}

core::Result<Answer> SubscriptionsService::Impl::api_step(const Caller& c, const std::string& option_uuid,
                                                          const json::object& body) {
  if (c.guest()) return core::Error::unauthorized("Sign in first");
  auto found = d.repository.option(option_uuid);
  std::optional<Checkout> checkout;
  if (found && found->first == c.tenant->id) checkout = d.repository.checkout(c.tenant->id, found->second.checkout_id);
  if (!checkout || checkout->user_uuid != c.user_uuid)
    return error(404, "PAYMENT_OPTION_NOT_FOUND", "No such payment option", json::object{{"field", "paymentOptionUUID"}});
  const CheckoutOption& option = found->second;
  if (checkout->status == "PAID" || checkout->status == "PENDING") return already_done(c, *checkout);
  if (checkout->status != "OPEN") return error(410, "CHECKOUT_CLOSED", "This checkout is closed; subscribe again");
  payments::PaymentProvider* provider = d.payments.provider(option.provider);
  if (!provider) return error(400, "PAYMENT_OPTION_UNAVAILABLE", "The payment option is not available");

  auto str = [&](std::string_view key) -> std::optional<std::string> {
    auto* v = body.if_contains(key);
    if (!v) return std::nullopt;
    if (v->is_string()) return std::string(v->as_string());
    if (v->is_int64()) return std::to_string(v->as_int64());
    return std::string();
  };
  if (provider->needs_pin()) {
    if (auto pin = str("pin")) {
      auto msisdn = d.payments.verify_pin(c.tenant->id, c.user_uuid, option.uuid, *pin);
      if (!msisdn) return msisdn.error();
      return charge_and_answer(c, *checkout, option, *msisdn, false);
    }
    auto raw = str("msisdn");
    if (!raw) return error(400, "INVALID_MSISDN", "msisdn: 8 to 15 digits", json::object{{"field", "msisdn"}});
    auto msisdn = provider->normalize(*raw);
    if (!msisdn) return msisdn.error();
    const std::string pin = d.payments.issue_pin(c.tenant->id, c.user_uuid, option.uuid, *msisdn);
    const std::string sms = replace_all(text(c.lang, "smsPin", c.tenant.get()), "{{pin}}", pin);
    d.sms.send(c.tenant->id, identity::Mail{"sms:+" + *msisdn, text(c.lang, "smsSubject", c.tenant.get()), sms});
    json::object data{{"nextApiFlowStep", "PIN"}, {"message", text(c.lang, "pinSent")}};
    if (d.dev_stage) data["sandboxPin"] = pin;
    return Answer{200, std::move(data)};
  }
  // A card through the API flow: the card saved at an earlier checkout.
  auto method = d.payments.saved_method(c.tenant->id, c.user_uuid, option.provider);
  if (!method) return error(400, "NO_SAVED_CARD", "No saved card: pay once on the checkout page");
  return charge_and_answer(c, *checkout, option, method->token, true);
}

core::Result<Answer> SubscriptionsService::api_for_type(const Caller& c, std::int64_t type_id, const std::string& redirect,
                                                        const json::object& body, bool upgrade) {
  SubscribeInput in;
  in.type_id = type_id;
  in.redirect = redirect;
  if (upgrade) in.upgrade_to = type_id;
  auto started = impl_->subscribe(c, in);
  if (!started || started->status != 200) return started;
  const auto& options = started->data.as_object().at("options").as_array();
  const bool operator_step = body.contains("msisdn") || body.contains("pin");
  std::string uuid;
  for (const auto& o : options) {
    const auto& x = o.as_object();
    const bool api = x.at("flow").as_string() == "API";
    if ((operator_step && api) || (!operator_step && !api)) {
      uuid = std::string(x.at("uuid").as_string());
      break;
    }
  }
  if (uuid.empty() && !options.empty()) uuid = std::string(options[0].as_object().at("uuid").as_string());
  if (uuid.empty()) return error(400, "PAYMENT_OPTION_UNAVAILABLE", "The plan has no payment option");
  return impl_->api_step(c, uuid, body);
}

core::Result<Answer> SubscriptionsService::cancel(const Caller& c, const std::string& id,
                                                  const std::optional<std::string>& redirection) {
  if (c.guest()) return core::Error::unauthorized("Sign in first");
  auto& d = impl_->d;
  auto sub = d.repository.subscription(c.tenant->id, id);
  if (!sub || sub->user_uuid != c.user_uuid)
    return error(404, "NO_SUBSCRIPTION_FOUND", "No such subscription");
  auto plans = impl_->plans(c.tenant->id);
  const SubscriptionType* t = plans->type(sub->type_id);
  if (t && t->cancel_url)
    return Answer{200, json::object{{"subscription", impl_->sub_json(*plans, *sub, c.lang, false, impl_->active_of(c))},
                                    {"redirectionUrl", *t->cancel_url}}};
  if (!transition(sub->status, Event::cancel))
    return error(409, "SUBSCRIPTION_NOT_ACTIVE", "Only an active subscription can be cancelled");
  bool changed = false;
  d.repository.database().transaction([&](db::Session& s) {
    changed = impl_->apply(s, *sub, Event::cancel, "cancelled by user", "user", [&](UserSubscription& after) {
      after.next_renewal_date.reset();
      if (!after.end_date) after.end_date = impl_->at();
    });
  });
  if (!changed) return error(409, "SUBSCRIPTION_NOT_ACTIVE", "The subscription changed meanwhile; reload it");
  auto fresh = d.repository.subscription(c.tenant->id, id);
  json::value back = nullptr;
  if (redirection && !redirection->empty())
    if (auto ok = identity::allowed_redirect(*c.tenant, *redirection, c.request_origin)) back = *ok;
  return Answer{200, json::object{{"subscription", impl_->sub_json(*plans, *fresh, c.lang, false, impl_->active_of(c))}, {"redirectionUrl", back}}};
}

json::object SubscriptionsService::trial_eligibility(const Caller& c) {
  json::array ids;
  if (c.guest()) return {{"eligible", false}, {"subscriptionTypeIds", std::move(ids)}};
  auto plans = impl_->plans(c.tenant->id);
  const auto used = impl_->d.repository.trial_groups(c.tenant->id, c.user_uuid);
  for (const auto& t : plans->types) {
    if (!t.max_trial_duration || geo_blocked(*c.tenant, t.id)) continue;
    const std::string group = t.group_id.value_or("type:" + std::to_string(t.id));
    if (std::find(used.begin(), used.end(), group) == used.end()) ids.emplace_back(t.id);
  }
  const bool eligible = !ids.empty();
  return {{"eligible", eligible}, {"subscriptionTypeIds", std::move(ids)}};
}

core::Result<Answer> SubscriptionsService::subscribe_trial(const Caller& c, const std::string& redirect,
                                                           std::optional<std::int64_t> type_id) {
  if (c.guest()) return core::Error::unauthorized("Sign in first");
  auto ok = impl_->allowed(c, redirect);
  if (!ok) return ok.error();
  auto plans = impl_->plans(c.tenant->id);
  const SubscriptionType* t = nullptr;
  if (type_id) {
    t = plans->type(*type_id);
    if (!t || !t->max_trial_duration || geo_blocked(*c.tenant, t->id))
      return error(400, "NOT_ELIGIBLE", "This plan has no free trial", json::object{{"field", "subscriptionTypeId"}});
  } else {
    for (const auto& x : plans->types)
      if (x.max_trial_duration && !geo_blocked(*c.tenant, x.id)) {
        t = &x;
        break;
      }
    if (!t) return error(400, "NOT_ELIGIBLE", "No plan of this tenant has a free trial");
  }
  const std::string group = t->group_id.value_or("type:" + std::to_string(t->id));
  auto& d = impl_->d;
  auto subs = d.repository.for_user(c.tenant->id, c.user_uuid);
  if (impl_->find_live(subs, t->id))
    return error(409, "USER_ALREADY_SUBSCRIBED", "The user already holds this subscription");
  Checkout pseudo;
  pseudo.tenant_id = c.tenant->id;
  pseudo.user_uuid = c.user_uuid;
  pseudo.type_id = t->id;
  UserSubscription sub = impl_->new_sub(pseudo, std::nullopt);
  sub.checkout_id.reset();
  const auto start = impl_->now();
  sub.start_date = format_time(start);
  sub.end_date = format_time(add_cycle(start, *parse_trial_duration(*t->max_trial_duration)));
  sub.contingents = t->contingents;
  try {
    d.repository.database().transaction([&](db::Session& s) {
      d.repository.insert_trial(s, c.tenant->id, c.user_uuid, group, sub.id, impl_->at());
      impl_->create(s, sub, Event::trial_started, "free trial", "user");
    });
  } catch (const db::ConstraintError&) {
    return error(409, "TRIAL_ALREADY_USED", "The free trial of this group was used already");
  }
  auto fresh = d.repository.subscription(c.tenant->id, sub.id);
  const std::string url = return_url(redirect, {{"status", "200"}, {"type", "trial"}, {"subTypeId", std::to_string(t->id)}});
  return Answer{201, json::object{{"subscription", impl_->sub_json(*plans, fresh.value_or(sub), c.lang, false, impl_->active_of(c))}, {"url", url}}};
}

bool SubscriptionsService::voucherbook_eligible(const Caller& c, std::int64_t type_id) {
  if (c.guest()) return false;
  for (const auto& s : impl_->d.repository.for_user(c.tenant->id, c.user_uuid))
    if (s.type_id == type_id && s.active()) return true;
  return false;
}

core::Result<Answer> SubscriptionsService::merge_partner_metadata(const Caller& c, const std::string& id,
                                                                  const json::object& value) {
  if (c.guest()) return core::Error::unauthorized("Sign in first");
  auto& d = impl_->d;
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto sub = d.repository.subscription(c.tenant->id, id);
    if (!sub || sub->user_uuid != c.user_uuid) return error(404, "NO_SUBSCRIPTION_FOUND", "No such subscription");
    UserSubscription after = *sub;
    for (const auto& [k, v] : value) after.partner_metadata[k] = v;
    if (json::serialize(after.partner_metadata).size() > 16 * 1024)
      return core::Error::invalid_field("value", "partner metadata is limited to 16 KiB");
    bool saved = false;
    d.repository.database().transaction([&](db::Session& s) { saved = d.repository.save(s, after, sub->version, impl_->at()); });
    if (!saved) continue;
    auto plans = impl_->plans(c.tenant->id);
    return Answer{200, impl_->sub_json(*plans, *d.repository.subscription(c.tenant->id, id), c.lang, false, impl_->active_of(c))};
  }
  return error(409, "CONCURRENT_UPDATE", "The subscription changed meanwhile; try again");
}

json::object SubscriptionsService::validate_external(const Caller& c, const std::string& code) {
  auto plans = impl_->plans(c.tenant->id);
  for (const auto& x : plans->external_codes) {
    if (x.code != code) continue;
    if (x.valid_until && *x.valid_until <= impl_->at()) return {{"validity", 3}, {"subscriptionTypeId", x.type_id}};
    if (!c.guest())
      for (const auto& s : impl_->d.repository.for_user(c.tenant->id, c.user_uuid))
        if (s.external_code == code && s.status.state == State::requested)
          return {{"validity", 4}, {"subscriptionTypeId", x.type_id}};
    return {{"validity", 1}, {"subscriptionTypeId", x.type_id}};
  }
  return {{"validity", 2}, {"subscriptionTypeId", nullptr}};
}

core::Result<Answer> SubscriptionsService::partner_redirection(const Caller& c, const std::vector<std::int64_t>& type_ids,
                                                               const std::optional<std::string>& external_code) {
  if (c.guest()) return core::Error::unauthorized("Sign in first");
  if (type_ids.empty()) return core::Error::invalid_field("subTypeIds", "must name at least one subscription type");
  const std::int64_t type_id = type_ids.front();
  const std::string portal_page = c.request_origin + "/subscription";
  for (const auto& s : impl_->d.repository.for_user(c.tenant->id, c.user_uuid))
    if (s.type_id == type_id && s.status.state == State::active && s.status.pending)
      return error(402, "INSUFFICIENT_FUNDS", "The renewal of this subscription failed",
                   json::object{{"url", portal_page}, {"subscriptionId", s.id}});
  SubscribeInput in;
  in.type_id = type_id;
  in.redirect = portal_page;
  in.external_code = external_code;
  auto started = impl_->subscribe(c, in);
  if (!started) return started.error();
  if (started->status != 200) return Answer{200, json::object{{"url", return_url(portal_page, {{"status", "200"}, {"subTypeId", std::to_string(type_id)}})}}};
  std::string url;
  for (const auto& o : started->data.as_object().at("options").as_array())
    if (o.as_object().at("flow").as_string() == "WEB") {
      url = std::string(o.as_object().at("redirectionUrl").as_string());
      break;
    }
  if (url.empty()) return error(400, "PAYMENT_OPTION_UNAVAILABLE", "The plan has no hosted checkout");
  return Answer{200, json::object{{"url", url}}};
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

std::optional<StoredAnswer> SubscriptionsService::stored_answer(const Caller& c, const std::string& key) {
  return impl_->d.repository.stored_answer(c.tenant->id, c.user_uuid, key);
}

StoredAnswer SubscriptionsService::keep_answer(const Caller& c, const std::string& key, const StoredAnswer& answer) {
  impl_->d.repository.store_answer(c.tenant->id, c.user_uuid, key, answer, impl_->at());
  return impl_->d.repository.stored_answer(c.tenant->id, c.user_uuid, key).value_or(answer);
}

core::Result<CheckoutView> SubscriptionsService::checkout_view(const std::string& option_uuid) {
  auto& d = impl_->d;
  auto found = d.repository.option(option_uuid);
  if (!found) return error(404, "CHECKOUT_NOT_FOUND", "No such checkout");
  auto tenant = d.tenant_by_id(found->first);
  auto checkout = d.repository.checkout(found->first, found->second.checkout_id);
  if (!tenant || !checkout || found->second.flow != "WEB") return error(404, "CHECKOUT_NOT_FOUND", "No such checkout");
  CheckoutView v;
  v.tenant = tenant;
  v.checkout = *checkout;
  v.option = found->second;
  auto plans = impl_->plans(found->first);
  const SubscriptionType* t = plans->type(checkout->type_id);
  v.type_name = t ? impl_->type_name(*t, checkout->lang) : std::to_string(checkout->type_id);
  v.billing_cycle = t ? t->billing_cycle : "";
  if (auto* p = d.payments.provider(found->second.provider)) v.test_cards = p->test_instruments();
  return v;
}

core::Result<std::string> SubscriptionsService::checkout_submit(const std::string& option_uuid, const std::string& card,
                                                                bool cancel, const std::string& lang) {
  auto view = checkout_view(option_uuid);
  if (!view) return view.error();
  auto& d = impl_->d;
  const Checkout& checkout = view->checkout;
  const std::string sub_type = std::to_string(checkout.type_id);
  Caller c;
  c.tenant = view->tenant;
  c.user_uuid = checkout.user_uuid;
  c.lang = lang;
  if (checkout.status == "PAID")
    return return_url(checkout.redirect, {{"status", "409"}, {"error", "USER_ALREADY_SUBSCRIBED"}, {"subTypeId", sub_type}});
  if (checkout.status == "PENDING")
    return return_url(checkout.redirect, {{"status", "202"}, {"subTypeId", sub_type}, {"purchaseID", checkout.id}});
  if (checkout.status != "OPEN")
    return return_url(checkout.redirect, {{"status", "400"}, {"error", "PAYMENT_CANCELLED"}, {"subTypeId", sub_type}});
  if (cancel) {
    d.repository.database().transaction([&](db::Session& s) {
      d.repository.set_checkout_status(s, checkout.tenant_id, checkout.id, "OPEN", "CANCELLED", std::nullopt, impl_->at());
    });
    return return_url(checkout.redirect, {{"status", "400"}, {"error", "PAYMENT_CANCELLED"}, {"subTypeId", sub_type}});
  }
  // The user may have subscribed meanwhile (another checkout, a trial).
  auto subs = d.repository.for_user(checkout.tenant_id, checkout.user_uuid);
  if (auto* live = impl_->find_live(subs, checkout.type_id); live && live->status.state == State::active)
    return return_url(checkout.redirect, {{"status", "409"}, {"error", "USER_ALREADY_SUBSCRIBED"}, {"subTypeId", sub_type}});
  auto answer = impl_->charge_and_answer(c, checkout, view->option, card, false);
  if (answer) return std::string(answer->data.as_object().at("url").as_string());
  const auto& e = answer.error();
  if (e.code == "INVALID_CARD") return e;
  if (auto* o = e.data.if_object())
    if (auto* url = o->if_contains("url"); url && url->is_string()) return std::string(url->as_string());
  if (e.code == "USER_ALREADY_SUBSCRIBED")
    return return_url(checkout.redirect, {{"status", "409"}, {"error", "USER_ALREADY_SUBSCRIBED"}, {"subTypeId", sub_type}});
  if (e.status == 202)
    return return_url(checkout.redirect, {{"status", "202"}, {"subTypeId", sub_type}, {"purchaseID", checkout.id}});
  return e;
}

void SubscriptionsService::on_payment_settled(db::Session& s, const Payment& p) {
  auto& d = impl_->d;
  const bool ok = p.status == PayStatus::succeeded;
  if (p.purpose == kCheckoutPurpose) {
    auto checkout = d.repository.checkout(s, p.tenant_id, p.reference);
    if (!checkout || !checkout->subscription_id) return;
    auto sub = d.repository.subscription(s, p.tenant_id, *checkout->subscription_id);
    if (!sub || sub->status.state != State::requested) return;
    auto plans = impl_->plans(p.tenant_id, &s);
    const SubscriptionType* t = plans->type(sub->type_id);
    d.repository.set_checkout_status(s, p.tenant_id, checkout->id, "PENDING", ok ? "PAID" : "FAILED", std::nullopt, impl_->at());
    if (ok && t) {
      impl_->apply(s, *sub, Event::settled_ok, "pending payment settled", "provider",
                   [&](UserSubscription& a) { impl_->start_period(a, *t, impl_->now()); });
      impl_->migrate_old(s, p.tenant_id, checkout->migrate_from, checkout->user_uuid);
    } else {
      impl_->apply(s, *sub, Event::declined, "pending payment declined", "provider");
    }
    return;
  }
  if (p.purpose == kRenewalPurpose) {
    const auto at = p.reference.find('@');
    if (at == std::string::npos) return;
    auto sub = d.repository.subscription(s, p.tenant_id, p.reference.substr(0, at));
    if (!sub || sub->status.state != State::active) return;
    auto plans = impl_->plans(p.tenant_id, &s);
    const SubscriptionType* t = plans->type(sub->type_id);
    auto period = parse_time(p.reference.substr(at + 1));
    if (!t || !period) return;
    if (ok)
      impl_->apply(s, *sub, Event::renewal_charged, "renewal settled", "provider", [&](UserSubscription& a) {
        const auto end = add_cycle(*period, parse_cycle(t->billing_cycle).value_or(Cycle{1, 'M'}));
        a.end_date = a.next_renewal_date = format_time(end);
        a.grace_until.reset();
        a.contingents = renew_contingents(t->contingents, sub->contingents, t->accumulate_contingent);
      });
  }
}

SchedulerReport SubscriptionsService::run_scheduler() {
  auto& d = impl_->d;
  SchedulerReport report;
  const auto then = [this](db::Session& s, const Payment& p) { on_payment_settled(s, p); };
  report.settled = d.payments.settle_due(then);
  const std::string now = impl_->at();

  for (const auto& sub : d.repository.grace_over(now)) {
    bool changed = false;
    d.repository.database().transaction([&](db::Session& s) {
      changed = impl_->apply(s, sub, Event::grace_over, "grace period over", "scheduler",
                             [](UserSubscription& a) { a.next_renewal_date.reset(); });
    });
    if (changed) ++report.failed;
  }

  for (const auto& sub : d.repository.ended(now)) {
    bool changed = false;
    const bool trial = sub.status.trial && !sub.status.cancel_requested;
    d.repository.database().transaction([&](db::Session& s) {
      changed = impl_->apply(s, sub, trial ? Event::trial_end : Event::end_reached,
                             trial ? "trial ended" : "cancelled subscription ended", "scheduler",
                             [](UserSubscription& a) { a.next_renewal_date.reset(); });
    });
    if (changed) ++(trial ? report.trials_ended : report.ended);
  }

  for (const auto& sub : d.repository.due_renewals(now)) {
    auto plans = impl_->plans(sub.tenant_id);
    const SubscriptionType* t = plans->type(sub.type_id);
    if (!t || !sub.next_renewal_date) continue;
    const std::string period = *sub.next_renewal_date;
    const Cycle cycle = parse_cycle(t->billing_cycle).value_or(Cycle{1, 'M'});
    const auto period_start = parse_time(period).value_or(impl_->now());
    auto renewed = [&](UserSubscription& a) {
      a.end_date = a.next_renewal_date = format_time(add_cycle(period_start, cycle));
      a.grace_until.reset();
      a.contingents = renew_contingents(t->contingents, sub.contingents, t->accumulate_contingent);
    };
    auto failed = [&](db::Session& s, const UserSubscription& current) {
      // A retry that fails again changes nothing: the grace clock keeps running.
      if (current.status.pending && current.grace_until) return false;
      return impl_->apply(s, current, Event::renewal_failed, "renewal failed", "scheduler", [&](UserSubscription& a) {
        a.grace_until = format_time(impl_->now() + std::chrono::hours(24 * plans->grace_days));
      });
    };
    const Money price = t->current_price();
    std::optional<payments::SavedMethod> method;
    if (sub.payment_method_id) method = d.payments.method_by_id(sub.tenant_id, *sub.payment_method_id);
    if (price.amount == 0 || sub.payment_option == std::optional<std::string>("auto") || !method) {
      bool changed = false;
      const bool free = price.amount == 0 || sub.payment_option == std::optional<std::string>("auto");
      d.repository.database().transaction([&](db::Session& s) {
        changed = free ? impl_->apply(s, sub, Event::renewal_charged, "renewed without charge", "scheduler", renewed)
                       : failed(s, sub);
      });
      if (changed) ++(free ? report.renewed : report.failed);
      continue;
    }
    payments::ChargeRequest req;
    req.tenant_id = sub.tenant_id;
    req.user_uuid = sub.user_uuid;
    req.purpose = kRenewalPurpose;
    req.reference = sub.id + "@" + period;
    req.provider = method->provider;
    req.instrument = method->token;
    req.saved = true;
    req.amount = price;
    bool counted_ok = false, counted_failed = false;
    auto charged = d.payments.charge(req, [&](db::Session& s, const Payment& p) {
      // Re-read in the transaction: only this period's renewal is applied,
      // whatever else changed meanwhile (metadata, a grace retry).
      auto current = d.repository.subscription(s, sub.tenant_id, sub.id);
      if (!current || current->next_renewal_date != std::optional<std::string>(period)) return;
      if (p.status == PayStatus::succeeded) {
        if (transition(current->status, Event::renewal_charged))
          counted_ok = impl_->apply(s, *current, Event::renewal_charged, "renewal charged", "scheduler", renewed);
        else
          core::log_json(spdlog::level::warn, "renewal charged but the subscription changed; refund due",
                         {{"subscription", current->id}, {"payment", p.id}});
      } else if (p.status != PayStatus::pending && transition(current->status, Event::renewal_failed)) {
        counted_failed = failed(s, *current);
      }
    });
    if (!charged) continue;  // another run or instance holds this period's charge
    if (counted_ok) ++report.renewed;
    if (counted_failed) ++report.failed;
  }
  if (report.renewed || report.failed || report.ended || report.settled || report.trials_ended)
    core::log_json(spdlog::level::info, "subscription scheduler",
                   {{"renewed", report.renewed}, {"failed", report.failed}, {"ended", report.ended},
                    {"settled", report.settled}, {"trialsEnded", report.trials_ended}});
  return report;
}

}  // namespace portal::subscriptions
