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

std::vector<GroupDto> SubscriptionsService::Impl::group_list(const Plans& plans, const SubscriptionType& t, std::string_view lang,
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

std::vector<ContingentDto> SubscriptionsService::Impl::contingent_dtos(const std::vector<Contingent>& list) {
  std::vector<ContingentDto> out;
  for (const auto& c : list) out.push_back({c.content_types, c.amount});
  return out;
}

SubscriptionTypeDto SubscriptionsService::Impl::type_dto(const Plans& plans, const SubscriptionType& t, std::string_view lang,
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

json::value SubscriptionsService::Impl::sub_json(const Plans& plans, const UserSubscription& s, std::string_view lang, bool include_type,
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
  dto.marketingCampaign = s.marketing_campaign;
  dto.consents = s.consents;
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

void SubscriptionsService::Impl::create(db::Session& s, UserSubscription& sub, Event e, std::string_view reason, std::string_view actor) {
  auto next = transition(Status{}, e);
  if (!next) throw core::ErrorException(next.error());
  const Status from = sub.status = Status{};
  sub.status = *next;
  sub.created_at = sub.updated_at = at();
  d.repository.insert(s, sub);
  d.repository.insert_event(s, sub.tenant_id, sub.id, from, sub.status, reason, actor, sub.created_at, 0);
}

bool SubscriptionsService::Impl::apply(db::Session& s, const UserSubscription& sub, Event e, std::string_view reason, std::string_view actor,
                                       const std::function<void(UserSubscription&)>& change) {
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

}  // namespace portal::subscriptions
