#pragma once
// The expected failures of vouchers, as values: a code of the domain, the
// details a client needs (how long to wait, what is left, which order and
// payment) and the voucher feedback status (commerce §4) where the contract
// gives one. vouchers_answers.hpp maps them to the one error shape and
// decides the HTTP status; nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domains/payments/payments_errors.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"
#include "domains/vouchers/vouchers_types.hpp"

namespace portal::vouchers {

enum class ErrorCode {
  invalid_field,            // a value of the input breaks a rule: field and reason
  too_many_attempts,        // too many wrong codes: retry_after
  too_many_resends,         // retry_after
  voucher_not_found,
  already_redeemed,
  already_voided,           // a bulk void's row (the single void answers a repeat with the code)
  expired,                  // valid_until
  not_yet_valid,            // valid_from: the code's window has not begun
  batch_not_found,
  identity_fields_missing,  // fields
  grant_refused,            // the subscriptions domain refused the grant: its error, passed on, with the feedback
  type_not_found,           // issue: the tenant sells no such subscription type
  tenant_not_found,
  product_not_found,
  not_enough_available,     // product_id, available
  order_closed,             // order_status
  order_not_found,
  no_saved_payment_method,  // field
  purchase_pending,         // order_id, payment_id: the codes follow by mail
  insufficient_funds,       // order_id, payment_id
  payment_declined,         // order_id, payment_id
  payment,                  // the payments domain refused: its own error, passed on (with the feedback when set)
};

struct Error {
  ErrorCode code = ErrorCode::payment;
  std::string message;  // English, for developers
  std::optional<std::string> field;
  std::optional<std::string> reason;  // invalid_field
  std::optional<std::int64_t> retry_after;
  std::optional<std::string> valid_until;
  std::optional<std::string> valid_from;
  std::vector<std::string> fields;  // identity_fields_missing
  std::optional<std::int64_t> product_id;
  std::optional<std::int64_t> available;
  std::optional<std::string> order_status;
  std::optional<std::string> order_id;
  std::optional<std::string> payment_id;
  // grant_refused and payment: the voucher status said with the passed-on error (none: said as it is).
  std::optional<Feedback> feedback;
  subscriptions::Error grant;  // code == grant_refused
  payments::Error payment;  // code == payment

  static Error of(ErrorCode code, std::string message) {
    Error e;
    e.code = code;
    e.message = std::move(message);
    return e;
  }
  static Error invalid(std::string field, std::string reason) {
    Error e = of(ErrorCode::invalid_field, field + ": " + reason);
    e.field = std::move(field);
    e.reason = std::move(reason);
    return e;
  }
  static Error from_payment(payments::Error e, std::optional<Feedback> feedback = std::nullopt) {
    Error out = of(ErrorCode::payment, e.message);
    out.payment = std::move(e);
    out.feedback = feedback;
    return out;
  }
};

// boost::system::result<T>::value() on an error throws through this.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::vouchers
