// Subscribe, the checkout it opens, its charge, and the hosted checkout.
#include "domains/subscriptions/checkout_flow.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/ids.hpp"
#include "core/utc_time.hpp"
#include "domains/hosted/return_state.hpp"
#include "domains/payments/settlement_refused.hpp"
#include "domains/subscriptions/purchase_rules.hpp"
#include "domains/subscriptions/subscription_changes.hpp"

namespace portal::subscriptions {
using payments::Payment;
using PayStatus = payments::Status;
using hosted::Ending;

namespace {

constexpr auto kCheckoutLifetime = std::chrono::minutes(30);

// Unwinds a payment's transaction whose effect the rules refuse; the charge answers the error.
struct Refusal : std::runtime_error {
  explicit Refusal(Error e) : std::runtime_error(e.message), error(std::move(e)) {}
  Error error;
};

std::string checkout_page_url(const Caller& c, const std::string& option_uuid, std::string_view lang) {
  return c.backend_base + "/checkout/" + option_uuid + "?lang=" + std::string(lang);
}

Error already_subscribed(std::int64_t type_id) {
  Error e = Error::of(ErrorCode::already_subscribed, "The user already holds this subscription");
  e.type_id = type_id;
  return e;
}

}  // namespace

// An open checkout answered again: its page URLs on the host this caller reached.
CheckoutOffer CheckoutFlow::reoffer(const Caller& c, const Checkout& open) const {
  CheckoutOffer offer = open.offer;
  std::optional<std::string> single;
  for (auto& o : offer.options) {
    if (o.flow != "WEB") continue;
    single = checkout_page_url(c, o.uuid, open.lang);
    o.redirection_url = single;
  }
  if (offer.type == "redirect") offer.url = single;
  return offer;
}

std::optional<SubscriptionView> CheckoutFlow::live_view(const Caller& c, std::int64_t type_id) {
  auto subs = ctx_.d.repository.for_user(c.tenant->id, c.user_uuid);
  auto* sub = find_live(subs, type_id);
  if (!sub) return std::nullopt;
  return SubscriptionView{ctx_.plans.get(c.tenant->id), active_type_ids(subs), *sub};
}

Result<Purchase> CheckoutFlow::charge(const Caller& c, const Checkout& checkout, const CheckoutOption& option,
                                      const std::string& instrument, bool saved, std::optional<std::string> payment_id) {
  if (checkout.pays_period)  // a held plan's period
    return pay_again_.charge(c, checkout, option, instrument, saved, std::move(payment_id));
  auto plans_now = ctx_.plans.get(c.tenant->id);
  {  // subscribed meanwhile (a trial, another flow): never charge for a second live one
    auto subs = ctx_.d.repository.for_user(checkout.tenant_id, checkout.user_uuid);
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
  req.present = saved;  // a saved card of the API flow: the subscriber is there
  req.amount = checkout.amount;
  req.payment_id = std::move(payment_id);
  // One active level per plan group: charges of one group are made one at a
  // time, and each is vetted after its claim, before the provider is asked.
  const SubscriptionType* type = plans_now->type(checkout.type_id);
  if (type && type->group_id) req.exclusive_key = "plan-group:" + *type->group_id;
  if (const auto* provider = ctx_.d.payments.provider(option.provider); provider && provider->collects_card()) {
    // The provider's page takes the card and sends the payer back to the portal, which reads what its webhook
    // settled; the card is kept for the renewals.
    const std::string back = c.backend_base + "/checkout/return/" + option.uuid + "?lang=" + c.lang +
                             "&state=" + hosted::return_state(hosted::kSubscriptionReturn, option.uuid);
    payments::HostedPayment hosted;
    hosted.description = type ? type_name(*type, c.lang) : "Subscription";
    hosted.success_url = back;
    hosted.cancel_url = back + "&cancelled=1";
    hosted.lang = c.lang;
    if (auto user = ctx_.d.users.by_uuid(checkout.tenant_id, checkout.user_uuid)) hosted.email = user->email;
    hosted.save_for_later = true;
    req.hosted = std::move(hosted);
  }
  std::optional<Error> vetoed;
  auto vet = [&](db::Session& s) {
    vetoed = level_taken(ctx_, &s, *plans_now, checkout);
    return vetoed.has_value();  // refuses the claim; we answer `vetoed`
  };
  auto then = [&](db::Session& s, const Payment& p) { finish(s, checkout, option, p); };
  payments::Result<Payment> paid = payments::Error{};
  try {
    paid = ctx_.d.payments.charge(req, then, vet);
  } catch (const AlreadyHeld&) {
    // Another level became ACTIVE between the claim and the record (a trial,
    // a free plan): the index refused it and the charge was abandoned.
    if (auto taken = level_taken(ctx_, nullptr, *plans_now, checkout)) return *taken;
    throw;
  } catch (const Refusal& refused) {
    return refused.error;
  }
  const std::string sub_type = std::to_string(checkout.type_id);
  if (!paid) {
    if (vetoed) return *vetoed;
    const payments::Error failed = paid.error();  // a copy: error() answers by value
    if (failed.code == payments::ErrorCode::payment_exists) return already_done(c, checkout);
    if (failed.code == payments::ErrorCode::payment_busy) {  // another level of the group is being charged or settled
      if (failed.reference)
        if (auto other = ctx_.d.repository.checkout(checkout.tenant_id, *failed.reference))
          return level_refused(*plans_now, checkout, other->type_id, std::nullopt);
      if (auto taken = level_taken(ctx_, nullptr, *plans_now, checkout)) return *taken;  // the holder finished meanwhile
    }
    return Error::from_payment(failed);
  }
  switch (paid->status) {
    case PayStatus::succeeded:
      return Paid{hosted::return_url(checkout.redirect, Ending::paid, {{"subTypeId", sub_type},
                                                 {"purchaseID", checkout.id}, {"type", "subscription"}}),
                  live_view(c, checkout.type_id)};
    case PayStatus::pending:  // on the provider's page (Stripe Checkout): the payer goes there
      return Pending{"The payment is pending",
                     paid->provider_url ? *paid->provider_url
                                        : hosted::return_url(checkout.redirect, Ending::pending, {{"subTypeId", sub_type},
                                                                         {"purchaseID", checkout.id}}),
                     paid->id, live_view(c, checkout.type_id)};
    case PayStatus::insufficient_funds: {
      Error e = Error::of(ErrorCode::insufficient_funds, "Insufficient funds");
      e.url = hosted::return_url(checkout.redirect, Ending::insufficient_funds, {{"subTypeId", sub_type}});
      return e;
    }
    default: {
      const std::string declined = ctx_.text(c.lang, "declined");
      Error e = Error::of(ErrorCode::payment_declined, declined);
      e.url = hosted::return_url(checkout.redirect, Ending::declined, {{"msg", declined},
                                             {"subTypeId", sub_type}});
      return e;
    }
  }
}

Result<Purchase> CheckoutFlow::already_done(const Caller& c, const Checkout& checkout) {
  if (checkout.pays_period) return pay_again_.done(c, checkout);
  auto view = live_view(c, checkout.type_id);
  if (view && view->subscription.status.state == State::requested)
    return Pending{"The payment is pending", std::nullopt, std::nullopt, std::move(view)};
  return already_subscribed(checkout.type_id);
}

void CheckoutFlow::finish(db::Session& s, const Checkout& c, const CheckoutOption& o, const Payment& p) {
  if (p.status != PayStatus::succeeded && p.status != PayStatus::pending) return;  // checkout stays open
  auto plans_now = ctx_.plans.get(c.tenant_id, &s);
  const SubscriptionType* t = plans_now->type(c.type_id);
  if (!t) throw Refusal(Error::of(ErrorCode::type_not_found, "The plan no longer exists"));
  UserSubscription sub = new_subscription(ctx_, c, o.code);
  sub.payment_method_id = p.saved_method_id;
  const bool paid = p.status == PayStatus::succeeded;
  if (paid) start_period(sub, *t, ctx_.now());
  else sub.contingents = {};
  if (!ctx_.d.repository.set_checkout_status(s, c.tenant_id, c.id, "OPEN", paid ? "PAID" : "PENDING", sub.id,
                                             ctx_.d.clock.now_text()))
    throw Refusal(Error::of(ErrorCode::checkout_completed, "The checkout was completed by another request"));
  // The old level ends before the new one is ACTIVE: one active level per group at every commit.
  if (paid) migrate_old(ctx_, s, c.tenant_id, c.migrate_from, c.user_uuid);
  create(ctx_, s, sub, paid ? Event::paid_now : Event::payment_pending, paid ? "checkout paid" : "payment pending", "user");
}

Result<Purchase> CheckoutFlow::subscribe(const Caller& c, const SubscribeInput& in) {
  if (c.guest()) return Error::sign_in();
  auto redirect = allowed_return(c, in.redirect);
  if (!redirect) return redirect.error();
  auto plans_now = ctx_.plans.get(c.tenant->id);
  const SubscriptionType* t = plans_now->type(in.type_id);
  if (!t || geo_blocked(*c.tenant, in.type_id)) {
    Error e = Error::of(ErrorCode::type_not_found, "No such subscription type");
    e.type_id = in.type_id;
    return e;
  }
  if (t->retired) {
    Error e = Error::of(ErrorCode::plan_retired, "This plan is no longer sold");
    e.type_id = in.type_id;
    if (t->retired->successor_id) e.to_type_id = t->retired->successor_id;
    return e;
  }

  if (!t->required_identity_fields.empty()) {
    auto user = ctx_.d.users.by_uuid(c.tenant->id, c.user_uuid);
    if (!user) return Error::sign_in();
    Error e = Error::of(ErrorCode::identity_fields_missing, "The profile lacks fields this plan requires");
    for (const auto& f : t->required_identity_fields) {
      const std::string& v = f == "name" ? user->name : f == "lastName" ? user->last_name : user->email;
      if (v.empty()) e.fields.push_back(f);
    }
    if (!e.fields.empty()) return e;
  }

  auto subs = ctx_.d.repository.for_user(c.tenant->id, c.user_uuid);
  const auto active = active_type_ids(subs);
  if (UserSubscription* live = find_live(subs, t->id)) {
    if (live->status.state == State::requested)
      return Pending{"A subscription of this type awaits payment", std::nullopt, std::nullopt,
                     SubscriptionView{plans_now, active, *live}};
    Error e = already_subscribed(t->id);
    e.subscription_id = live->id;
    return e;
  }

  std::optional<std::string> migrate_from;
  if (t->group_id)
    if (const Group* g = plans_now->group(*t->group_id))
      for (const auto& s : subs) {
        if (s.status.state != State::active) continue;  // held (grace) and cancelling ones count too
        const Direction dir = level_direction(g->levels, s.type_id, t->id);
        if (dir == Direction::none) continue;  // another group
        const bool allowed_move = (in.migrate_sub_id && *in.migrate_sub_id == s.id) || (in.upgrade_to && *in.upgrade_to == t->id);
        if (!allowed_move) {
          Error e = Error::of(dir == Direction::downgrade ? ErrorCode::downgrade_blocked : ErrorCode::upgrade_blocked,
                              "Another level of this group is active");
          e.subscription_id = s.id;
          e.from_type_id = s.type_id;
          e.to_type_id = t->id;
          return e;
        }
        migrate_from = s.id;
      }

  // Payment options chosen ahead (the double opt-in names the operator's): the plan's own, or the call is refused.
  for (const auto& code : in.selected_options)
    if (std::find(t->payment_options.begin(), t->payment_options.end(), code) == t->payment_options.end())
      return Error::invalid("selectedOptions", "\"" + code + "\" is not a payment option of this plan");

  const Money price = t->current_price();
  if (in.price && !(*in.price == price)) {
    Error e = Error::of(ErrorCode::price_changed, "The price has changed");
    e.price = price;
    return e;
  }

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
    UserSubscription sub = new_subscription(ctx_, pseudo, price.amount == 0 ? "free" : "auto");
    sub.checkout_id.reset();
    start_period(sub, *t, ctx_.now());
    begin(ctx_, sub, Event::paid_now);
    std::optional<Error> refused;
    const Outcome created = ctx_.d.repository.create(
        sub, price.amount == 0 ? "free plan" : "operator auto-subscription", "user", std::nullopt, [&](db::Session& s) {
          if ((refused = level_taken(ctx_, &s, *plans_now, pseudo))) return false;
          migrate_old(ctx_, s, c.tenant->id, migrate_from, c.user_uuid);
          return true;
        });
    if (created == Outcome::refused) return *refused;
    if (created == Outcome::already_exists) return already_subscribed(t->id);
    auto fresh = ctx_.d.repository.subscription(c.tenant->id, sub.id);
    return Subscribed{{plans_now, active, fresh.value_or(sub)}};
  }

  // One open checkout per user and type (a partial unique index): a second
  // request, simultaneous or later, answers the open one.
  ctx_.d.repository.expire_open(c.tenant->id, c.user_uuid, ctx_.d.clock.now_text());
  if (auto open = ctx_.d.repository.open_checkout(c.tenant->id, c.user_uuid, t->id)) {
    // Consents given since it opened (the double opt-in comes once an operator's option is chosen): kept on the
    // checkout beside the earlier ones, so the subscription paid through it records what the user ticked.
    if (!in.consents.empty()) {
      boost::json::array kept = open->consents;
      // Never more than one call may send: calls made again cannot grow the record without end.
      for (const auto& given : in.consents)
        if (kept.size() < kMaxConsents && std::find(kept.begin(), kept.end(), given) == kept.end()) kept.push_back(given);
      ctx_.d.repository.set_checkout_consents(c.tenant->id, open->id, kept, ctx_.d.clock.now_text());
    }
    return CheckoutOpened{reoffer(c, *open)};
  }

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
  CheckoutOffer& offer = checkout.offer;
  offer.purchase_id = checkout.id;
  int web = 0;
  std::string web_url;
  for (const auto& code : t->payment_options) {
    const bool chosen = in.selected_options.empty() ||
                        std::find(in.selected_options.begin(), in.selected_options.end(), code) != in.selected_options.end();
    if (!chosen) continue;
    const PaymentOption* po = plans_now->option(code);
    if (!po) continue;
    CheckoutOption o{core::new_uuid(), checkout.id, po->code, po->provider, po->flow};
    std::optional<std::string> url;
    if (po->flow == "WEB") {
      ++web;
      web_url = checkout_page_url(c, o.uuid, c.lang);
      url = web_url;
    }
    offer.options.push_back({o.uuid, po->code, resolve(po->name, c.lang), po->flow, url});
    options.push_back(std::move(o));
  }
  const bool single_web = options.size() == 1 && web == 1;
  offer.type = single_web ? "redirect" : "onclick";
  if (single_web) offer.url = web_url;
  if (ctx_.d.repository.insert_checkout(checkout, options, core::utc_text(ctx_.now() + kCheckoutLifetime),
                                        ctx_.d.clock.now_text()) ==
      Outcome::already_exists) {  // a simultaneous request opened one: answer it
    if (auto open = ctx_.d.repository.open_checkout(c.tenant->id, c.user_uuid, t->id)) return CheckoutOpened{reoffer(c, *open)};
    throw std::runtime_error("checkout refused as a duplicate, but no open checkout is found");
  }
  return CheckoutOpened{offer};
}

Result<CheckoutOffer> CheckoutFlow::pay_again(const Caller& c, const std::string& subscription_id,
                                              const std::string& redirect) {
  if (c.guest()) return Error::sign_in();
  auto back = allowed_return(c, redirect);
  if (!back) return back.error();
  auto& repo = ctx_.d.repository;
  auto sub = repo.subscription(c.tenant->id, subscription_id);
  if (!sub || sub->user_uuid != c.user_uuid) return Error::of(ErrorCode::subscription_not_found, "No such subscription");
  if (!held_for_renewal(*sub)) return Error::of(ErrorCode::nothing_due, "The subscription is not held for a failed renewal");
  auto plans_now = ctx_.plans.get(c.tenant->id);
  const SubscriptionType* t = plans_now->type(sub->type_id);
  if (!t) return Error::of(ErrorCode::type_not_found, "The plan no longer exists");
  const std::string period = *sub->next_renewal_date;

  // Pressed again (a second tab, back from the card page): the open checkout of this period, on this caller's host.
  // Any other open checkout of the type (one of an earlier period, a subscribe the held plan made moot) closes.
  repo.expire_open(c.tenant->id, c.user_uuid, ctx_.d.clock.now_text());
  const auto same_period = [&](const Checkout& open) {
    return open.pays_period == std::optional<std::string>(period) && open.subscription_id == std::optional<std::string>(sub->id);
  };
  if (auto open = repo.open_checkout(c.tenant->id, c.user_uuid, t->id)) {
    if (same_period(*open)) return reoffer(c, *open);
    repo.set_checkout_status(c.tenant->id, open->id, "OPEN", "CANCELLED", std::nullopt, ctx_.d.clock.now_text());
  }

  Checkout checkout;
  checkout.id = core::new_uuid();
  checkout.tenant_id = c.tenant->id;
  checkout.user_uuid = c.user_uuid;
  checkout.type_id = t->id;
  checkout.redirect = *back;
  checkout.lang = c.lang;
  checkout.amount = t->renewal_price(period);  // the price the period was due at
  checkout.subscription_id = sub->id;
  checkout.pays_period = period;
  std::vector<CheckoutOption> options;
  CheckoutOffer& offer = checkout.offer;
  offer.purchase_id = checkout.id;
  int web = 0;
  std::string web_url;
  for (const auto& code : t->payment_options) {
    const PaymentOption* po = plans_now->option(code);
    if (!po) continue;
    // Only a way the tenant can take now (Stripe once its keys are saved); "auto" and free plans are never held.
    const auto* provider = ctx_.d.payments.provider(po->provider);
    if (!provider || !provider->available_to(c.tenant->id)) continue;
    CheckoutOption o{core::new_uuid(), checkout.id, po->code, po->provider, po->flow};
    std::optional<std::string> url;
    if (po->flow == "WEB") {
      ++web;
      web_url = checkout_page_url(c, o.uuid, c.lang);
      url = web_url;
    }
    offer.options.push_back({o.uuid, po->code, resolve(po->name, c.lang), po->flow, url});
    options.push_back(std::move(o));
  }
  if (options.empty()) return Error::of(ErrorCode::payment_option_unavailable, "The plan has no way to be paid again");
  const bool single_web = options.size() == 1 && web == 1;
  offer.type = single_web ? "redirect" : "onclick";
  if (single_web) offer.url = web_url;
  if (repo.insert_checkout(checkout, options, core::utc_text(ctx_.now() + kCheckoutLifetime),
                           ctx_.d.clock.now_text()) ==
      Outcome::already_exists) {  // pressed twice at once: the other press opened it
    if (auto open = repo.open_checkout(c.tenant->id, c.user_uuid, t->id); open && same_period(*open)) return reoffer(c, *open);
    return Error::of(ErrorCode::checkout_completed, "Another request opened a checkout meanwhile; try again");
  }
  return offer;
}

Result<CheckoutView> CheckoutFlow::view(const std::string& option_uuid) {
  auto& d = ctx_.d;
  auto found = d.repository.option(option_uuid);
  const Error none = Error::of(ErrorCode::checkout_not_found, "No such checkout");
  if (!found) return none;
  auto tenant = d.tenant_by_id(found->first);
  auto checkout = d.repository.checkout(found->first, found->second.checkout_id);
  if (!tenant || !checkout || found->second.flow != "WEB") return none;
  CheckoutView v;
  v.tenant = tenant;
  v.checkout = *checkout;
  v.option = found->second;
  auto plans = ctx_.plans.get(found->first);
  const SubscriptionType* t = plans->type(checkout->type_id);
  v.type_name = t ? type_name(*t, checkout->lang) : std::to_string(checkout->type_id);
  v.billing_cycle = t ? t->billing_cycle : "";
  if (auto* p = d.payments.provider(found->second.provider)) {
    v.test_cards = p->test_instruments();
    v.provider_page = p->collects_card();
    v.test_mode = p->test_mode(found->first);
    v.provider_origin = p->page_origin();
  }
  return v;
}

Result<std::string> CheckoutFlow::submit(const std::string& option_uuid, const std::string& card, bool cancel,
                                         const std::string& lang, const std::string& backend_base) {
  auto shown = view(option_uuid);
  if (!shown) return shown.error();
  const Checkout& checkout = shown->checkout;
  const std::string sub_type = std::to_string(checkout.type_id);
  Caller c;
  c.tenant = shown->tenant;
  c.user_uuid = checkout.user_uuid;
  c.lang = lang;
  c.backend_base = backend_base;
  const auto back = [&](Ending ending, const hosted::ReturnParams& params) {
    return hosted::return_url(checkout.redirect, ending, params);
  };
  const auto held = [&] { return back(Ending::already_subscribed, {{"subTypeId", sub_type}}); };
  const auto pending = [&] { return back(Ending::pending, {{"subTypeId", sub_type}, {"purchaseID", checkout.id}}); };
  // A pay-again checkout (issue 72 item 4): its plan is held, not subscribed meanwhile; PAID means this period paid.
  const bool pays = checkout.pays_period.has_value();
  if (checkout.status == "PAID")
    return pays ? back(Ending::paid, {{"subTypeId", sub_type}, {"purchaseID", checkout.id}, {"type", "subscription"}}) : held();
  if (checkout.status == "PENDING") {  // back on this page while the provider's page is open: that page again
    if (auto p = pending_payment(checkout); p && p->provider_url) return *p->provider_url;
    return pending();
  }
  if (checkout.status != "OPEN")
    return back(Ending::cancelled, {{"subTypeId", sub_type}});
  if (cancel) {
    ctx_.d.repository.set_checkout_status(checkout.tenant_id, checkout.id, "OPEN", "CANCELLED", std::nullopt,
                                          ctx_.d.clock.now_text());
    return back(Ending::cancelled, {{"subTypeId", sub_type}});
  }
  // The user may have subscribed meanwhile (another checkout, a trial).
  auto subs = ctx_.d.repository.for_user(checkout.tenant_id, checkout.user_uuid);
  if (auto* live = find_live(subs, checkout.type_id); !pays && live && live->status.state == State::active) return held();
  auto charged = charge(c, checkout, shown->option, card, false);
  if (charged) {
    if (auto* p = std::get_if<Paid>(&*charged)) return p->url;
    if (auto* p = std::get_if<Pending>(&*charged)) return p->url.value_or(pending());
    throw std::logic_error("a checkout charge came to neither paid nor pending");
  }
  const Error& e = charged.error();
  if (e.code == ErrorCode::payment && e.payment.code == payments::ErrorCode::invalid_card) return e;  // the page says so
  if (e.url) return *e.url;
  if (e.code == ErrorCode::already_subscribed) return held();
  if (pays && e.code == ErrorCode::nothing_due) return held();  // paid otherwise meanwhile, or the plan ended
  return e;
}

std::optional<Payment> CheckoutFlow::pending_payment(const Checkout& checkout) {
  // A pay-again checkout's payment is its period's renewal (pay_again.hpp).
  const bool pays = checkout.pays_period && checkout.subscription_id;
  const auto purpose = pays ? kRenewalPurpose : kCheckoutPurpose;
  const std::string reference = pays ? *checkout.subscription_id + "@" + *checkout.pays_period : checkout.id;
  for (auto& p : ctx_.d.payments.for_reference(checkout.tenant_id, purpose, reference))
    if (p.status == PayStatus::pending) return p;
  return std::nullopt;
}

Result<std::string> CheckoutFlow::returned(const std::string& option_uuid, bool cancelled) {
  auto found = ctx_.d.repository.option(option_uuid);
  if (!found) return Error::of(ErrorCode::checkout_not_found, "No such checkout");
  auto checkout = ctx_.d.repository.checkout(found->first, found->second.checkout_id);
  if (!checkout) return Error::of(ErrorCode::checkout_not_found, "No such checkout");
  const std::string sub_type = std::to_string(checkout->type_id);
  const auto back = [&](Ending ending, const hosted::ReturnParams& params) {
    return hosted::return_url(checkout->redirect, ending, params);
  };
  const auto given_up = [&] { return back(Ending::cancelled, {{"subTypeId", sub_type}}); };
  if (checkout->status == "PENDING" && cancelled) {
    if (auto p = pending_payment(*checkout))
      (void)ctx_.d.payments.settle(p->id, PayStatus::declined, [this](db::Session& s, const Payment& paid) {
        if (paid.purpose == kRenewalPurpose) pay_again_.settled(s, paid);
        else settled(s, paid);
      });
    checkout = ctx_.d.repository.checkout(found->first, found->second.checkout_id);  // paid meanwhile, or declined now
    if (!checkout) return Error::of(ErrorCode::checkout_not_found, "No such checkout");
  }
  if (checkout->status == "PAID")
    return back(Ending::paid, {{"subTypeId", sub_type}, {"purchaseID", checkout->id}, {"type", "subscription"}});
  if (checkout->status == "PENDING") return back(Ending::pending, {{"subTypeId", sub_type}, {"purchaseID", checkout->id}});
  if (checkout->status == "FAILED" && !cancelled) {
    const std::string declined = ctx_.text(checkout->lang, "declined");
    return back(Ending::declined, {{"msg", declined}, {"subTypeId", sub_type}});
  }
  return given_up();
}

void CheckoutFlow::settled(db::Session& s, const Payment& p) {
  const bool ok = p.status == PayStatus::succeeded;
  auto& repo = ctx_.d.repository;
  auto checkout = repo.checkout(s, p.tenant_id, p.reference);
  if (!checkout || !checkout->subscription_id) return;
  auto sub = repo.subscription(s, p.tenant_id, *checkout->subscription_id);
  if (!sub || sub->status.state != State::requested) return;
  auto plans = ctx_.plans.get(p.tenant_id, &s);
  const SubscriptionType* t = plans->type(sub->type_id);
  // Another level of the group became ACTIVE while this one was pending:
  // refusing the success makes the payment settle declined (never captured).
  if (ok)
    if (auto taken = level_taken(ctx_, &s, *plans, *checkout))
      throw payments::SettlementRefused("LEVEL_TAKEN", taken->message);
  repo.set_checkout_status(s, p.tenant_id, checkout->id, "PENDING", ok ? "PAID" : "FAILED", std::nullopt,
                           ctx_.d.clock.now_text());
  if (ok && t) {
    migrate_old(ctx_, s, p.tenant_id, checkout->migrate_from, checkout->user_uuid);  // before: one level at a time
    apply(ctx_, s, *sub, Event::settled_ok, "pending payment settled", "provider", [&](UserSubscription& a) {
      start_period(a, *t, ctx_.now());
      if (p.saved_method_id) a.payment_method_id = p.saved_method_id;  // the card kept for renewals (Stripe)
    });
  } else {
    apply(ctx_, s, *sub, Event::declined, "pending payment declined", "provider");
  }
}

}  // namespace portal::subscriptions
