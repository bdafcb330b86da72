// Cancel, free trials, voucherbook eligibility, partner metadata, external
// codes and the partner redirection.
#include "domains/subscriptions/subscriptions_service_impl.hpp"

namespace portal::subscriptions {

core::Result<Cancelled> SubscriptionsService::cancel(const Caller& c, const std::string& id,
                                                     const std::optional<std::string>& redirection) {
  if (c.guest()) return core::Error::unauthorized("Sign in first");
  auto& d = impl_->d;
  auto sub = d.repository.subscription(c.tenant->id, id);
  if (!sub || sub->user_uuid != c.user_uuid)
    return error(404, "NO_SUBSCRIPTION_FOUND", "No such subscription");
  auto plans = impl_->plans(c.tenant->id);
  const SubscriptionType* t = plans->type(sub->type_id);
  if (t && t->cancel_url) return Cancelled{{plans, impl_->active_of(c), *sub}, *t->cancel_url};
  if (!transition(sub->status, Event::cancel))
    return error(409, "SUBSCRIPTION_NOT_ACTIVE", "Only an active subscription can be cancelled");
  const bool changed = impl_->apply(*sub, Event::cancel, "cancelled by user", "user", [&](UserSubscription& after) {
    after.next_renewal_date.reset();
    if (!after.end_date) after.end_date = impl_->at();
  });
  if (!changed) return error(409, "SUBSCRIPTION_NOT_ACTIVE", "The subscription changed meanwhile; reload it");
  auto fresh = d.repository.subscription(c.tenant->id, id);
  std::optional<std::string> back;
  if (redirection && !redirection->empty()) back = identity::allowed_redirect(*c.tenant, *redirection, c.request_origin);
  return Cancelled{{plans, impl_->active_of(c), *fresh}, back};
}

std::vector<std::int64_t> SubscriptionsService::trial_eligibility(const Caller& c) {
  std::vector<std::int64_t> ids;
  if (c.guest()) return ids;
  auto plans = impl_->plans(c.tenant->id);
  const auto used = impl_->d.repository.trial_groups(c.tenant->id, c.user_uuid);
  for (const auto& t : plans->types) {
    if (!t.max_trial_duration || geo_blocked(*c.tenant, t.id)) continue;
    const std::string group = t.group_id.value_or("type:" + std::to_string(t.id));
    if (std::find(used.begin(), used.end(), group) == used.end()) ids.push_back(t.id);
  }
  return ids;
}

core::Result<TrialStarted> SubscriptionsService::subscribe_trial(const Caller& c, const std::string& redirect,
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
  pseudo.redirect = redirect;
  UserSubscription sub = impl_->new_sub(pseudo, std::nullopt);
  sub.checkout_id.reset();
  const auto start = impl_->now();
  sub.start_date = format_time(start);
  sub.end_date = format_time(add_cycle(start, *parse_trial_duration(*t->max_trial_duration)));
  sub.contingents = t->contingents;
  impl_->begin(sub, Event::trial_started);
  std::optional<core::Error> refused;
  // A trial is a level too: not beside another level of its group.
  const Outcome created = d.repository.create(sub, "free trial", "user", group, [&](db::Session& s) {
    return !(refused = impl_->level_taken(s, *plans, pseudo));
  });
  if (created == Outcome::refused) return *refused;
  if (created == Outcome::already_exists)
    return error(409, "TRIAL_ALREADY_USED", "The free trial of this group was used already");
  auto fresh = d.repository.subscription(c.tenant->id, sub.id);
  const std::string url = return_url(redirect, {{"status", "200"}, {"type", "trial"}, {"subTypeId", std::to_string(t->id)}});
  return TrialStarted{{plans, impl_->active_of(c), fresh.value_or(sub)}, url};
}

bool SubscriptionsService::voucherbook_eligible(const Caller& c, std::int64_t type_id) {
  if (c.guest()) return false;
  for (const auto& s : impl_->d.repository.for_user(c.tenant->id, c.user_uuid))
    if (s.type_id == type_id && s.active()) return true;
  return false;
}

core::Result<SubscriptionView> SubscriptionsService::merge_partner_metadata(const Caller& c, const std::string& id,
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
    if (!d.repository.save(after, sub->version, impl_->at())) continue;
    return SubscriptionView{impl_->plans(c.tenant->id), impl_->active_of(c), *d.repository.subscription(c.tenant->id, id)};
  }
  return error(409, "CONCURRENT_UPDATE", "The subscription changed meanwhile; try again");
}

ExternalCodeValidity SubscriptionsService::validate_external(const Caller& c, const std::string& code) {
  auto plans = impl_->plans(c.tenant->id);
  for (const auto& x : plans->external_codes) {
    if (x.code != code) continue;
    if (x.valid_until && *x.valid_until <= impl_->at()) return {3, x.type_id};
    if (!c.guest())
      for (const auto& s : impl_->d.repository.for_user(c.tenant->id, c.user_uuid))
        if (s.external_code == code && s.status.state == State::requested)
          return {4, x.type_id};
    return {1, x.type_id};
  }
  return {2, std::nullopt};
}

core::Result<std::string> SubscriptionsService::partner_redirection(const Caller& c, const std::vector<std::int64_t>& type_ids,
                                                                    const std::optional<std::string>& external_code,
                                                                    const std::optional<std::string>& redirection) {
  if (c.guest()) return core::Error::unauthorized("Sign in first");
  if (type_ids.empty()) return core::Error::invalid_field("subTypeIds", "must name at least one subscription type");
  const std::int64_t type_id = type_ids.front();
  // Back to the partner's page when it names one of the tenant's addresses, else the portal's plans page.
  std::string portal_page = c.request_origin + "/subscription";
  if (redirection) {
    auto ok = impl_->allowed(c, *redirection, "redirectionUrl");
    if (!ok) return ok.error();
    portal_page = *ok;
  }
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
  if (started->kind != Answer::ok) return return_url(portal_page, {{"status", "200"}, {"subTypeId", std::to_string(type_id)}});
  std::string url;
  for (const auto& o : started->data.as_object().at("options").as_array())
    if (o.as_object().at("flow").as_string() == "WEB") {
      url = std::string(o.as_object().at("redirectionUrl").as_string());
      break;
    }
  if (url.empty()) return error(400, "PAYMENT_OPTION_UNAVAILABLE", "The plan has no hosted checkout");
  return url;
}

}  // namespace portal::subscriptions
