#pragma once
// The expected failures of payments, as values: a code of the domain and the
// details a caller needs (which payment holds the reference or the key, how
// many PIN tries are left). payments_answers.hpp maps them to the one error
// shape and decides the HTTP status; nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::payments {

enum class ErrorCode {
  unknown_provider,     // no provider of that name
  invalid_card,         // not a card the provider takes (field card)
  invalid_msisdn,       // not 8 to 15 digits (field msisdn)
  invalid_outcome,      // a settlement is a success or a decline (field outcome)
  payment_exists,       // the reference's own charge is in flight, pending or done: payment_id, status when known
  payment_busy,         // a charge holding the exclusive key is in flight: payment_id, purpose, reference when known
  refused,              // the caller's vet refused the charge; the caller knows why
  invalid_pin,          // wrong, expired, spent or none issued: tries_left
  payment_not_found,
  payment_not_pending,  // settled already: payment_id, status
  invalid_amount,       // a refund's amount is not a positive whole number of minor units (field amount)
  invalid_reason,       // a refund needs a reason, at most 500 characters (field reason)
  payment_not_refundable,  // not SUCCEEDED, or nothing left to refund: payment_id, status
  refund_exceeds_payment,  // more than what is left: payment_id, refundable (minor units)
  refund_failed,        // the provider refused the refund: payment_id (the reserved amount is given back)
  codes_redeemed,       // a refund of a voucher order with redeemed codes, not confirmed: payment_id, redeemed (hints)
  invalid_signature,    // a webhook's signature or timestamp refused (the message says which check failed)
  invalid_key,          // a provider key that is not one (field: publishableKey, secretKey, webhookSecret)
  account_version_conflict,  // the provider account changed since it was read
  provider_in_use,      // the provider account is removed while a payment option still uses it
  provider_unavailable, // the provider could not be reached or refused the call (the message says why)
  too_many_codes,       // the operator sends no more codes to this number for now (One Time Password SMS)
};

struct Error {
  ErrorCode code = ErrorCode::refused;
  std::string message;  // English, for developers
  std::optional<std::string> payment_id;
  std::optional<std::string> status;
  std::optional<std::string> purpose;
  std::optional<std::string> reference;
  std::optional<std::int64_t> tries_left;
  std::optional<std::int64_t> refundable;  // refund_exceeds_payment: what is left to refund
  std::vector<std::string> redeemed;       // codes_redeemed: the redeemed codes' hints
  std::optional<std::string> field;        // invalid_key: which key

  static Error of(ErrorCode code, std::string message) {
    Error e;
    e.code = code;
    e.message = std::move(message);
    return e;
  }
};

// boost::system::result<T>::value() on an error throws through this.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::payments
