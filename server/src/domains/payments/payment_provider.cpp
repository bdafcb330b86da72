#include "domains/payments/payment_provider.hpp"

#include "domains/payments/sandbox_ledger.hpp"

#include <algorithm>
#include <cctype>

namespace portal::payments {
namespace {

std::string digits_only(std::string_view raw) {
  std::string out;
  for (char c : raw) {
    if (std::isdigit(static_cast<unsigned char>(c))) out += c;
    else if (c != ' ' && c != '-' && c != '+') return {};
  }
  return out;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

constexpr std::string_view kSuccess = "4242424242424242";
constexpr std::string_view kInsufficient = "4000000000009995";
constexpr std::string_view kPending = "4000000000000077";
constexpr std::string_view kDeclined = "4000000000000002";
constexpr std::string_view kRenewalFails = "4000000000000341";
constexpr std::string_view kRefundFails = "4000000000000119";

ProviderCharge outcome(Status status, std::string label) {
  ProviderCharge c;
  c.status = status;
  c.label = std::move(label);
  if (status == Status::pending) c.settle_after = kSandboxSettleAfter;
  return c;
}

}  // namespace

std::string_view to_string(Status s) {
  switch (s) {
    case Status::processing: return "PROCESSING";
    case Status::pending: return "PENDING";
    case Status::succeeded: return "SUCCEEDED";
    case Status::insufficient_funds: return "INSUFFICIENT_FUNDS";
    case Status::declined: return "DECLINED";
  }
  return "DECLINED";
}

std::string_view to_string(RefundStatus s) {
  switch (s) {
    case RefundStatus::pending: return "PENDING";
    case RefundStatus::succeeded: return "SUCCEEDED";
    case RefundStatus::failed: return "FAILED";
  }
  return "FAILED";
}

std::optional<Status> status_from(std::string_view t) {
  for (Status s : {Status::processing, Status::pending, Status::succeeded, Status::insufficient_funds, Status::declined})
    if (to_string(s) == t) return s;
  return std::nullopt;
}

Result<std::string> SandboxCardProvider::normalize(std::string_view raw) const {
  const std::string card = digits_only(raw);
  for (auto known : {kSuccess, kInsufficient, kPending, kDeclined, kRenewalFails, kRefundFails})
    if (card == known) return card;
  return Error::of(ErrorCode::invalid_card, "card: not a sandbox test card");
}

namespace {

// What the card sandbox does with a first call.
ProviderCharge card_outcome(const std::string& card) {
  const std::string label = "Visa •••• " + card.substr(card.size() - 4);
  if (card == kInsufficient) return outcome(Status::insufficient_funds, label);
  if (card == kDeclined) return outcome(Status::declined, label);
  if (card == kPending) {
    auto c = outcome(Status::pending, label);
    c.save_token = card;
    return c;
  }
  auto c = outcome(Status::succeeded, label);
  c.save_token = card;
  return c;
}

ProviderCharge saved_card_outcome(const std::string& token) {
  if (token == kRenewalFails) return outcome(Status::insufficient_funds, "Visa •••• 0341");
  if (token == kPending) return outcome(Status::succeeded, "Visa •••• 0077");  // settled once, good since
  return card_outcome(token);
}

ProviderCharge operator_outcome(const std::string& msisdn) {
  const std::string label = "+" + msisdn;
  if (ends_with(msisdn, "0000")) return outcome(Status::insufficient_funds, label);
  if (ends_with(msisdn, "9999")) return outcome(Status::declined, label);
  auto c = outcome(ends_with(msisdn, "1111") ? Status::pending : Status::succeeded, label);
  c.save_token = msisdn;
  return c;
}

ProviderCharge saved_operator_outcome(const std::string& token) {
  if (ends_with(token, "1111")) return outcome(Status::succeeded, "+" + token);  // the bill settled once
  return operator_outcome(token);
}

// The call booked under its key (the first call's outcome for a repeated key), or decided anew without a ledger.
ProviderCharge booked(SandboxLedger* ledger, std::string_view provider, std::string_view key, const Money& amount,
                      const ProviderCharge& decided) {
  return ledger ? ledger->charge_once(provider, key, amount, decided) : decided;
}

ProviderRefund booked(SandboxLedger* ledger, std::string_view provider, std::string_view key, const Money& amount,
                      const ProviderRefund& decided) {
  return ledger ? ledger->refund_once(provider, key, amount, decided) : decided;
}

}  // namespace

ProviderCharge SandboxCardProvider::charge(const std::string& card, const Money& amount, std::string_view key) {
  return booked(ledger_, name(), key, amount, card_outcome(card));
}

ProviderCharge SandboxCardProvider::charge_saved(const std::string& token, const Money& amount, std::string_view key) {
  return booked(ledger_, name(), key, amount, saved_card_outcome(token));
}

std::optional<ProviderCharge> SandboxCardProvider::find_charge(std::string_view key) {
  return ledger_ ? ledger_->charge(name(), key) : std::nullopt;
}

std::optional<std::string> SandboxCardProvider::hosted_checkout_url(std::string_view backend_base,
                                                                     std::string_view option_uuid,
                                                                     std::string_view lang) const {
  return std::string(backend_base) + "/checkout/" + std::string(option_uuid) + "?lang=" + std::string(lang);
}

ProviderRefund SandboxCardProvider::refund(const Payment& payment, const Money& amount, std::string_view key) {
  ProviderRefund r;
  r.status = ends_with(payment.instrument, kRefundFails.substr(kRefundFails.size() - 4)) ? RefundStatus::failed
                                                                                       : RefundStatus::succeeded;
  return booked(ledger_, name(), key, amount, r);
}

std::vector<TestInstrument> SandboxCardProvider::test_instruments() const {
  return {{"4242 4242 4242 4242", "success"},
          {"4000 0000 0000 9995", "insufficient"},
          {"4000 0000 0000 0077", "pending"},
          {"4000 0000 0000 0002", "declined"},
          {"4000 0000 0000 0341", "renewalFails"},
          {"4000 0000 0000 0119", "refundFails"}};
}

Result<std::string> SandboxOperatorProvider::normalize(std::string_view raw) const {
  const std::string msisdn = digits_only(raw);
  if (msisdn.size() < 8 || msisdn.size() > 15) return Error::of(ErrorCode::invalid_msisdn, "msisdn: 8 to 15 digits");
  return msisdn;
}

ProviderCharge SandboxOperatorProvider::charge(const std::string& msisdn, const Money& amount, std::string_view key) {
  return booked(ledger_, name(), key, amount, operator_outcome(msisdn));
}

ProviderCharge SandboxOperatorProvider::charge_saved(const std::string& token, const Money& amount,
                                                     std::string_view key) {
  return booked(ledger_, name(), key, amount, saved_operator_outcome(token));
}

std::optional<ProviderCharge> SandboxOperatorProvider::find_charge(std::string_view key) {
  return ledger_ ? ledger_->charge(name(), key) : std::nullopt;
}

ProviderRefund SandboxOperatorProvider::refund(const Payment& payment, const Money& amount, std::string_view key) {
  ProviderRefund r;
  r.status = RefundStatus::pending;  // the operator credits the bill later
  r.settle_after = kSandboxSettleAfter;
  // A number ending in 0119 (as the card 4000 0000 0000 0119): the operator refuses the credit when it settles.
  r.settle_outcome = ends_with(payment.instrument, "0119") ? RefundStatus::failed : RefundStatus::succeeded;
  return booked(ledger_, name(), key, amount, r);
}

}  // namespace portal::payments
