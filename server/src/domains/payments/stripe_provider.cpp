#include "domains/payments/stripe_provider.hpp"

#include <boost/json.hpp>

#include <cctype>

#include "core/log.hpp"
#include "core/text.hpp"

namespace portal::payments {
namespace json = boost::json;

namespace {

std::string text_at(const json::value& v, std::string_view member) {
  if (!v.is_object()) return "";
  const auto* m = v.as_object().if_contains(member);
  return m && m->is_string() ? std::string(m->as_string()) : "";
}

// Checkout's own language for the portal's; Arabic (which Checkout does not offer) follows the browser.
std::string checkout_locale(const std::string& lang) {
  for (std::string_view offered : {"en", "de", "fr", "es", "it", "nl", "pt", "tr"})
    if (lang == offered) return lang;
  return "auto";
}

std::int64_t unix_seconds(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

ProviderCharge outcome(Status status, std::string label) {
  ProviderCharge c;
  c.status = status;
  c.label = std::move(label);
  return c;
}

// A call Stripe refused as malformed or unauthorised is the portal's fault or the tenant's keys: logged, and
// the charge declines (never a charge in doubt). Stripe out of reach throws: the charge's lease resumes it.
void log_refusal(std::string_view what, const StripeAnswer& a, std::int64_t tenant_id) {
  core::log_json(spdlog::level::err, "Stripe refused a call",
                 {{"call", std::string(what)}, {"status", a.status}, {"tenant", tenant_id},
                  {"code", a.error("code")}, {"message", a.error("message")}});
}

}  // namespace

std::string stripe_token(const std::string& customer, const std::string& payment_method) {
  return customer + " " + payment_method;
}

std::string StripeProvider::card_label(const json::value& holder) {
  const json::value* card = nullptr;
  if (holder.is_object()) {
    if (const auto* c = holder.as_object().if_contains("card")) card = c;
  }
  if (!card || !card->is_object()) return "Card";
  std::string brand = text_at(*card, "brand");
  const std::string last4 = text_at(*card, "last4");
  if (brand.empty()) brand = "card";
  brand[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(brand[0])));
  if (brand == "Amex") brand = "American Express";
  return last4.empty() ? brand : brand + " •••• " + last4;
}

ProviderCharge StripeProvider::charge(const ChargeCall& call) {
  auto account = accounts_.find(call.tenant_id);
  if (!account) {
    core::log_json(spdlog::level::err, "a Stripe charge of a tenant without a Stripe account", {{"tenant", call.tenant_id}});
    return outcome(Status::declined, "Stripe");
  }
  if (call.saved) return off_session(call, *account);
  if (call.hosted) return checkout_session(call, *account);
  return outcome(Status::declined, "Stripe");  // Stripe takes no card number through the portal
}

ProviderCharge StripeProvider::checkout_session(const ChargeCall& call, const StripeAccount& account) {
  const HostedPayment& h = *call.hosted;
  const std::string tenant = std::to_string(call.tenant_id);
  StripeForm form{
      {"mode", "payment"},
      {"line_items[0][price_data][currency]", core::lower(call.amount.currency)},
      {"line_items[0][price_data][unit_amount]", std::to_string(call.amount.amount)},
      {"line_items[0][price_data][product_data][name]", h.description.empty() ? "Purchase" : h.description},
      {"line_items[0][quantity]", "1"},
      {"success_url", h.success_url},
      {"cancel_url", h.cancel_url},
      {"client_reference_id", call.key},
      {"metadata[payment_id]", call.key},
      {"metadata[tenant_id]", tenant},
      {"payment_intent_data[metadata][payment_id]", call.key},
      {"payment_intent_data[metadata][tenant_id]", tenant},
      {"locale", checkout_locale(h.lang)},
      {"expires_at", std::to_string(unix_seconds(clock_.now() + kStripeSessionLifetime))},
  };
  if (h.save_for_later) {
    form.emplace_back("payment_intent_data[setup_future_usage]", "off_session");
    form.emplace_back("customer_creation", "always");
  }
  if (!h.email.empty()) form.emplace_back("customer_email", h.email);
  const StripeAnswer a = client_.post(account.secret_key, "/v1/checkout/sessions", form, "portal-charge-" + call.key);
  if (!a.ok() || text_at(a.body, "url").empty()) {
    log_refusal("create checkout session", a, call.tenant_id);
    return outcome(Status::declined, "Stripe Checkout");
  }
  ProviderCharge c = outcome(Status::pending, "Stripe Checkout");
  c.reference = text_at(a.body, "id");
  c.redirect_url = text_at(a.body, "url");
  c.settle_after = kStripeSessionSettleAfter;
  c.settle_outcome = Status::declined;  // not paid before the session expired: nothing was taken
  return c;
}

ProviderCharge StripeProvider::off_session(const ChargeCall& call, const StripeAccount& account) {
  const auto space = call.instrument.find(' ');
  if (space == std::string::npos) return outcome(Status::declined, "Card");
  const std::string tenant = std::to_string(call.tenant_id);
  StripeForm form{
      {"amount", std::to_string(call.amount.amount)},
      {"currency", core::lower(call.amount.currency)},
      {"customer", call.instrument.substr(0, space)},
      {"payment_method", call.instrument.substr(space + 1)},
      {"confirm", "true"},
      {"metadata[payment_id]", call.key},
      {"metadata[tenant_id]", tenant},
  };
  // The merchant's own charge (a renewal) is off session; with the customer there it is theirs.
  if (!call.present) form.emplace_back("off_session", "true");
  const StripeAnswer a = client_.post(account.secret_key, "/v1/payment_intents", form, "portal-charge-" + call.key);
  if (a.status == 402) {  // card_error: the bank refused, or wants its customer present (SCA)
    const std::string decline = a.error("decline_code");
    const std::string code = a.error("code");
    core::log_json(spdlog::level::info, "Stripe off-session charge refused", {{"code", code}, {"decline", decline}});
    return outcome(decline == "insufficient_funds" ? Status::insufficient_funds : Status::declined, "Card");
  }
  if (!a.ok()) {
    log_refusal("create payment intent", a, call.tenant_id);
    return outcome(Status::declined, "Card");
  }
  std::string label = "Card";
  if (const auto* charges = a.body.as_object().if_contains("charges"); charges && charges->is_object())
    if (const auto* data = charges->as_object().if_contains("data"); data && data->is_array() && !data->as_array().empty())
      if (const auto* details = data->as_array().back().as_object().if_contains("payment_method_details"))
        label = card_label(*details);
  const std::string status = text_at(a.body, "status");
  if (status == "requires_action")  // the bank wants its customer to authenticate, which only a page can do
    core::log_json(spdlog::level::info, "Stripe charge of a saved card needs authentication: declined",
                   {{"payment", call.key}});
  ProviderCharge c = outcome(status == "succeeded"    ? Status::succeeded
                             : status == "processing" ? Status::pending
                                                      : Status::declined,
                             label);
  c.reference = text_at(a.body, "id");
  if (c.status == Status::pending) {  // settled by payment_intent.succeeded / payment_failed
    c.settle_after = std::chrono::hours(72);
    c.settle_outcome = Status::declined;
  }
  return c;
}

std::optional<ProviderCharge> StripeProvider::find_charge(const ChargeCall& call) {
  if (!call.saved) return std::nullopt;
  return charge(call);
}

std::optional<std::string> StripeProvider::hosted_checkout_url(std::string_view backend_base, std::string_view option_uuid,
                                                               std::string_view lang) const {
  return std::string(backend_base) + "/checkout/" + std::string(option_uuid) + "?lang=" + std::string(lang);
}

ProviderRefund StripeProvider::refund(const Payment& payment, const Money& amount, std::string_view key) {
  ProviderRefund r;
  auto account = accounts_.find(payment.tenant_id);
  if (!account || !payment.provider_ref || !payment.provider_ref->starts_with("pi_")) {
    core::log_json(spdlog::level::err, "a Stripe refund without its account or payment intent", {{"payment", payment.id}});
    return r;  // failed
  }
  const StripeForm form{
      {"payment_intent", *payment.provider_ref},
      {"amount", std::to_string(amount.amount)},
      {"metadata[refund_id]", std::string(key)},
      {"metadata[payment_id]", payment.id},
  };
  const StripeAnswer a = client_.post(account->secret_key, "/v1/refunds", form, "portal-refund-" + std::string(key));
  if (!a.ok()) {
    log_refusal("create refund", a, payment.tenant_id);
    return r;
  }
  const std::string status = text_at(a.body, "status");
  if (status == "succeeded") r.status = RefundStatus::succeeded;
  else if (status == "pending") {
    r.status = RefundStatus::pending;  // settled by refund.updated / charge.refunded
    r.settle_after = std::chrono::days(3);  // then Stripe is asked (refund_status), daily while still pending
    r.settle_outcome = RefundStatus::succeeded;
  }
  return r;
}

std::optional<RefundStatus> StripeProvider::refund_status(const Payment& payment, const Refund& refund) {
  auto account = accounts_.find(payment.tenant_id);
  if (!account || !payment.provider_ref || !payment.provider_ref->starts_with("pi_") || !is_stripe_id(*payment.provider_ref))
    return std::nullopt;
  const StripeAnswer a = client_.get(account->secret_key,
                                     "/v1/refunds?" + form_encode({{"limit", "100"}, {"payment_intent", *payment.provider_ref}}));
  if (!a.ok()) throw std::runtime_error("Stripe answered " + std::to_string(a.status) + " for the refunds of a payment");
  if (const auto* data = a.body.as_object().if_contains("data"); data && data->is_array())
    for (const auto& r : data->as_array()) {
      const auto* metadata = r.is_object() ? r.as_object().if_contains("metadata") : nullptr;
      if (!metadata || text_at(*metadata, "refund_id") != refund.id) continue;
      const std::string status = text_at(r, "status");
      if (status == "succeeded") return RefundStatus::succeeded;
      if (status == "failed" || status == "canceled") return RefundStatus::failed;
      return RefundStatus::pending;
    }
  core::log_json(spdlog::level::err, "a pending refund Stripe does not list", {{"refund", refund.id}, {"payment", payment.id}});
  return RefundStatus::pending;  // asked again later; support sees it pending
}

}  // namespace portal::payments
