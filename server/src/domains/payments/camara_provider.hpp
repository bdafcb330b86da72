#pragma once
// A telecom operator through GSMA Open Gateway's CAMARA APIs as a tenant's mobile-bill provider (camara_accounts.hpp,
// docs/decisions.md "CAMARA carrier billing"; the published specifications are server/tests/contracts/camara):
//  - the PIN step is the operator's code. Two-step operators: preparePayment reserves the amount and sends its code
//    (validationInfo), validatePayment checks what the payer typed, and the charge is confirmPayment. A reservation
//    without a code (no validationInfo), and one-step operators, prove the number with One Time Password SMS
//    (send-code / validate-code, the operator's attempt limits) and charge with createPayment after it. The
//    payment's id is chosen when the code is asked for, so the operator's payment carries the portal's id as its
//    clientCorrelator and referenceCode from the first call;
//  - renewals and a saved number's purchases (vouchers) are one-step createPayment with the two-legged token and the
//    number saved by the first payment (CAMARA v0.5 has no recurring payments);
//  - an answer that leaves the payment processing is PENDING: the operator's notification to the tenant's sink
//    (camara_notify.hpp) or, when it is late, retrievePayment (charge_status) settles it;
//  - refunds go through the refund API, total or partial, after the operator's remaining amount is checked; a
//    processing refund settles by notification or retrieveRefunds (refund_status).
// After a crash, find_charge() asks the operator what the payment's id became (retrievePayment for a prepared one,
// retrievePayments by clientCorrelator for a one-step one); a confirm repeated after its answer was lost is 409
// PAYMENT_CONFIRMED, which reads the payment instead. Blocking: runs on the database pool.
#include <functional>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/payments/camara_accounts.hpp"
#include "domains/payments/camara_client.hpp"
#include "domains/payments/payment_provider.hpp"

namespace portal::payments {

inline constexpr std::chrono::minutes kCamaraCodeLifetime{10};
inline constexpr int kCamaraCodeTries = 3;
// A processing payment is asked about (retrievePayment) this long after, when no notification settled it.
inline constexpr std::chrono::minutes kCamaraPendingLook{2};

// Where the operator's notifications go (the tenant's public https origin), with the bearer token they carry.
struct CamaraSink {
  std::string url;
  std::string token;
  std::string expires_utc;  // RFC 3339
};
using CamaraSinkFor = std::function<std::optional<CamaraSink>(std::int64_t tenant_id)>;

// The operator's code of one bill payment as stored (migration 0061, camara_challenges).
struct CamaraChallenge {
  std::string id;  // the portal's payment id to be
  std::string user_uuid;
  std::string reference;
  std::string msisdn;
  std::string kind;  // validate, reserved, otp, denied
  std::optional<std::string> operator_payment_id;
  std::optional<std::string> authorization_id;
  std::optional<std::string> authentication_id;
  std::optional<std::string> denied_status;
  std::int64_t tries_left = 0;
  std::string expires_at;
  std::optional<std::string> verified_at;
  std::optional<std::string> retired_at;
  std::string created_at;
};

class CamaraProvider final : public PaymentProvider {
 public:
  CamaraProvider(db::Database& db, const CamaraAccounts& accounts, const CamaraClient& client, const core::Clock& clock,
                 CamaraSinkFor sink)
      : db_(db), accounts_(accounts), client_(client), clock_(clock), sink_(std::move(sink)) {}
  std::string_view name() const override { return "camara"; }
  bool needs_pin() const override { return true; }
  Result<std::string> normalize(std::string_view raw) const override;
  ProviderCharge charge(const ChargeCall& call) override;
  std::optional<ProviderCharge> find_charge(const ChargeCall& call) override;
  std::optional<std::string> hosted_checkout_url(std::string_view, std::string_view, std::string_view) const override {
    return std::nullopt;
  }
  ProviderRefund refund(const Payment& payment, const Money& amount, std::string_view key) override;
  std::optional<RefundStatus> refund_status(const Payment& payment, const Refund& refund) override;
  std::optional<Status> charge_status(const Payment& payment) override;
  bool available_to(std::int64_t tenant_id) const override { return accounts_.view(tenant_id).has_value(); }
  bool test_mode(std::int64_t) const override { return false; }

  bool sends_own_code() const override { return true; }
  Result<CodeSent> send_code(const CodeCall& call) override;
  Result<CodeChecked> check_code(std::int64_t tenant_id, const std::string& user_uuid, const std::string& reference,
                                 const std::string& code) override;
  void release_code(std::int64_t tenant_id, const std::string& payment_id) override;

  // "+9665•••123": the number as receipts and the console show it.
  static std::string masked(const std::string& msisdn);

 private:
  using Challenge = CamaraChallenge;
  std::optional<Challenge> challenge(std::int64_t tenant_id, const std::string& id) const;
  ProviderCharge one_step(const ChargeCall& call, const CamaraAccount& a, const std::string& msisdn);
  ProviderCharge confirm(const ChargeCall& call, const CamaraAccount& a, const Challenge& c);
  std::optional<ProviderCharge> by_correlator(const CamaraAccount& a, const std::string& key, const std::string& msisdn);
  void cancel(const CamaraAccount& a, const Challenge& c);
  boost::json::object with_sink(std::int64_t tenant_id, boost::json::object body) const;
  db::Database& db_;
  const CamaraAccounts& accounts_;
  const CamaraClient& client_;
  const core::Clock& clock_;
  CamaraSinkFor sink_;
};

}  // namespace portal::payments
