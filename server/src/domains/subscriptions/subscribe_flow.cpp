// Subscribe (the ordered statuses of the contract), the checkout it opens,
// the API flow (operator PIN, saved card), and the hosted checkout's form.
#include "domains/subscriptions/subscriptions_service_impl.hpp"

namespace portal::subscriptions {

json::object SubscriptionsService::Impl::reanswer(const Caller& c, const Checkout& open) const {
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

core::Result<Answer> SubscriptionsService::Impl::charge_and_answer(const Caller& c, const Checkout& checkout, const CheckoutOption& option,
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
  // One active level per plan group: charges of one group are made one at a
  // time, and each is vetted after its claim, before the provider is asked.
  const SubscriptionType* type = plans_now->type(checkout.type_id);
  if (type && type->group_id) req.exclusive_key = "plan-group:" + *type->group_id;
  auto vet = [&](db::Session& s) { return level_taken(s, *plans_now, checkout); };
  auto then = [&](db::Session& s, const Payment& p) { finish_checkout(s, checkout, option, p); };
  auto charge = [&]() -> core::Result<Payment> {
    try {
      return d.payments.charge(req, then, vet);
    } catch (const AlreadyHeld&) {
      // Another level became ACTIVE between the claim and the record (a trial,
      // a free plan): the index refused it and the charge was abandoned.
      if (auto taken = level_taken(*plans_now, checkout)) return *taken;
      throw;
    }
  };
  const auto paid = charge();
  const std::string sub_type = std::to_string(checkout.type_id);
  if (!paid) {
    const core::Error failed = paid.error();  // a copy: error() answers by value
    if (failed.code == "PAYMENT_EXISTS") return already_done(c, checkout);
    if (failed.code == "PAYMENT_BUSY") {  // another level of the group is being charged or settled
      const auto* holder = failed.data.is_object() ? failed.data.as_object().if_contains("reference") : nullptr;
      if (holder && holder->is_string())
        if (auto other = d.repository.checkout(checkout.tenant_id, std::string(holder->as_string())))
          return level_refused(*plans_now, checkout, other->type_id, std::nullopt);
      if (auto taken = level_taken(*plans_now, checkout)) return *taken;  // the holder finished meanwhile
    }
    return failed;
  }
  switch (paid->status) {
    case PayStatus::succeeded: {
      auto subs = d.repository.for_user(c.tenant->id, c.user_uuid);
      auto* sub = find_live(subs, checkout.type_id);
      const std::string url = return_url(checkout.redirect, {{"status", "200"}, {"subTypeId", sub_type},
                                                             {"purchaseID", checkout.id}, {"type", "subscription"}});
      json::object data{{"status", 302}, {"url", url}, {"nextApiFlowStep", nullptr}};
      if (sub) data["subscription"] = sub_json(*plans_now, *sub, c.lang, false, active_type_ids(subs));
      return Answer{Answer::created, std::move(data)};
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

core::Result<Answer> SubscriptionsService::Impl::already_done(const Caller& c, const Checkout& checkout) {
  auto plans_now = plans(c.tenant->id);
  auto subs = d.repository.for_user(c.tenant->id, c.user_uuid);
  auto* sub = find_live(subs, checkout.type_id);
  if (sub && sub->status.state == State::requested)
    return error(202, "SUBSCRIPTION_PENDING", "The payment is pending",
                 json::object{{"subscription", sub_json(*plans_now, *sub, c.lang, false, active_type_ids(subs))}});
  return error(409, "USER_ALREADY_SUBSCRIBED", "The user already holds this subscription",
               json::object{{"subscriptionTypeId", checkout.type_id}});
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
        if (dir == Direction::none) continue;  // another group
        const bool allowed_move = (in.migrate_sub_id && *in.migrate_sub_id == s.id) || (in.upgrade_to && *in.upgrade_to == t->id);
        if (!allowed_move)
          return error(409, level_code(dir), "Another level of this group is active",
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
    pseudo.marketing_campaign = in.marketing_campaign;
    pseudo.consents = in.consents;
    pseudo.redirect = *redirect;
    UserSubscription sub = new_sub(pseudo, price.amount == 0 ? std::optional<std::string>("free") : std::optional<std::string>("auto"));
    sub.checkout_id.reset();
    start_period(sub, *t, now());
    begin(sub, Event::paid_now);
    std::optional<core::Error> refused;
    const Outcome created = d.repository.create(
        sub, price.amount == 0 ? "free plan" : "operator auto-subscription", "user", std::nullopt, [&](db::Session& s) {
          if ((refused = level_taken(s, *plans_now, pseudo))) return false;
          migrate_old(s, c.tenant->id, migrate_from, c.user_uuid);
          return true;
        });
    if (created == Outcome::refused) return *refused;
    if (created == Outcome::already_exists)
      return error(409, "USER_ALREADY_SUBSCRIBED", "The user already holds this subscription", json::object{{"subscriptionTypeId", t->id}});
    auto fresh = d.repository.subscription(c.tenant->id, sub.id);
    return Answer{Answer::created, json::object{{"subscription", sub_json(*plans_now, fresh.value_or(sub), c.lang, false, active)}}};
  }

  // One open checkout per user and type (a partial unique index): a second
  // request, simultaneous or later, answers the open one.
  d.repository.expire_open(c.tenant->id, c.user_uuid, at());
  if (auto open = d.repository.open_checkout(c.tenant->id, c.user_uuid, t->id)) return Answer{Answer::ok, reanswer(c, *open)};

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
  checkout.marketing_campaign = in.marketing_campaign;
  checkout.consents = in.consents;
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
  if (d.repository.insert_checkout(checkout, options, format_time(now() + kCheckoutLifetime), at()) ==
      Outcome::already_exists) {  // a simultaneous request opened one: answer it
    if (auto open = d.repository.open_checkout(c.tenant->id, c.user_uuid, t->id)) return Answer{Answer::ok, reanswer(c, *open)};
    throw std::runtime_error("checkout refused as a duplicate, but no open checkout is found");
  }
  return Answer{Answer::ok, checkout.answer};
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
    // No PIN for a payment the plan group would refuse (the charge is vetted again).
    if (auto taken = level_taken(*plans(c.tenant->id), *checkout)) return *taken;
    auto msisdn = provider->normalize(*raw);
    if (!msisdn) return msisdn.error();
    const std::string pin = d.payments.issue_pin(c.tenant->id, c.user_uuid, option.uuid, *msisdn);
    const std::string sms = replace_all(text(c.lang, "smsPin", c.tenant.get()), "{{pin}}", pin);
    d.sms.send(c.tenant->id, identity::Mail{"sms:+" + *msisdn, text(c.lang, "smsSubject", c.tenant.get()), sms});
    json::object data{{"nextApiFlowStep", "PIN"}, {"message", text(c.lang, "pinSent")}};
    if (d.dev_stage) data["sandboxPin"] = pin;
    return Answer{Answer::ok, std::move(data)};
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
  if (!started || started->kind != Answer::ok) return started;
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
  v.type_name = t ? type_name(*t, checkout->lang) : std::to_string(checkout->type_id);
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
    d.repository.set_checkout_status(checkout.tenant_id, checkout.id, "OPEN", "CANCELLED", std::nullopt, impl_->at());
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

}  // namespace portal::subscriptions
