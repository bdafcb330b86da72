#include "domains/subscriptions/api_flow.hpp"

#include "core/text.hpp"
#include "domains/subscriptions/purchase_rules.hpp"

namespace portal::subscriptions {

Result<Purchase> ApiFlow::step(const Caller& c, const std::string& option_uuid, const ApiStep& in) {
  if (c.guest()) return Error::sign_in();
  auto& d = ctx_.d;
  auto found = d.repository.option(option_uuid);
  std::optional<Checkout> checkout;
  if (found && found->first == c.tenant->id) checkout = d.repository.checkout(c.tenant->id, found->second.checkout_id);
  if (!checkout || checkout->user_uuid != c.user_uuid) {
    Error e = Error::of(ErrorCode::payment_option_not_found, "No such payment option");
    e.field = "paymentOptionUUID";
    return e;
  }
  const CheckoutOption& option = found->second;
  if (checkout->status == "PAID" || checkout->status == "PENDING") return checkout_.already_done(c, *checkout);
  if (checkout->status != "OPEN") return Error::of(ErrorCode::checkout_closed, "This checkout is closed; subscribe again");
  payments::PaymentProvider* provider = d.payments.provider(option.provider);
  if (!provider) return Error::of(ErrorCode::payment_option_unavailable, "The payment option is not available");

  if (provider->needs_pin()) {
    if (in.pin) {
      // The portal's own PIN, or the operator's code (CAMARA), checked by whoever made it.
      auto verified = d.payments.verify_code(c.tenant->id, c.user_uuid, option.uuid, option.provider, *in.pin);
      if (!verified) return Error::from_payment(verified.error());
      return checkout_.charge(c, *checkout, option, verified->msisdn, false, verified->payment_id);
    }
    if (!in.msisdn) {
      Error e = Error::of(ErrorCode::invalid_msisdn, "msisdn: 8 to 15 digits");
      e.field = "msisdn";
      return e;
    }
    // No PIN for a payment the plan group would refuse (the charge is vetted again). A pay-again checkout pays the
    // held plan's own period: its level is the held one.
    if (!checkout->pays_period)
      if (auto taken = level_taken(ctx_, nullptr, *ctx_.plans.get(c.tenant->id), *checkout)) return *taken;
    payments::PaymentsService::PinRequest ask;
    ask.tenant_id = c.tenant->id;
    ask.user_uuid = c.user_uuid;
    ask.reference = option.uuid;
    ask.provider = option.provider;
    ask.msisdn = *in.msisdn;
    ask.amount = checkout->amount;
    if (const auto* type = ctx_.plans.get(c.tenant->id)->type(checkout->type_id)) ask.description = type_name(*type, c.lang);
    ask.message = ctx_.text(c.lang, "smsPin", c.tenant.get());
    auto started = d.payments.start_pin(ask);
    if (!started) return Error::from_payment(started.error());
    // The operator refused the payment when asked for its code: the charge records that and answers it.
    if (started->refused) return checkout_.charge(c, *checkout, option, started->msisdn, false, started->payment_id);
    if (!started->pin) return PinSent{ctx_.text(c.lang, "pinSent"), std::nullopt};  // the operator sent its code
    const std::string sms = core::replace_all(ask.message, "{{pin}}", *started->pin);
    d.sms.send(c.tenant->id, identity::Mail{"sms:+" + started->msisdn, ctx_.text(c.lang, "smsSubject", c.tenant.get()), sms});
    return PinSent{ctx_.text(c.lang, "pinSent"), d.dev_stage ? started->pin : std::nullopt};
  }
  // A card through the API flow: the card saved at an earlier checkout.
  auto method = d.payments.saved_method(c.tenant->id, c.user_uuid, option.provider);
  if (!method) return Error::of(ErrorCode::no_saved_card, "No saved card: pay once on the checkout page");
  return checkout_.charge(c, *checkout, option, method->token, true);
}

Result<Purchase> ApiFlow::for_type(const Caller& c, std::int64_t type_id, const std::string& redirect, const ApiStep& in,
                                   bool upgrade) {
  SubscribeInput sub;
  sub.type_id = type_id;
  sub.redirect = redirect;
  if (upgrade) sub.upgrade_to = type_id;
  auto started = checkout_.subscribe(c, sub);
  const auto* opened = started ? std::get_if<CheckoutOpened>(&*started) : nullptr;
  if (!opened) return started;  // subscribed already, pending, or refused
  const auto& options = opened->offer.options;
  const bool operator_step = in.msisdn || in.pin;
  std::string uuid;
  for (const auto& o : options)
    if ((o.flow == "API") == operator_step) {
      uuid = o.uuid;
      break;
    }
  if (uuid.empty() && !options.empty()) uuid = options[0].uuid;
  if (uuid.empty()) return Error::of(ErrorCode::payment_option_unavailable, "The plan has no payment option");
  return step(c, uuid, in);
}

}  // namespace portal::subscriptions
