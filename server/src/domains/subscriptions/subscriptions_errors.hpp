#pragma once
// The expected failures of subscriptions, as values: a code of the domain and
// the details a client needs (which subscription, which types, where to
// return). The routes map them to the one error shape and decide the HTTP
// status (subscriptions_answers.hpp); nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domains/payments/payments_errors.hpp"
#include "domains/payments/payments_types.hpp"

namespace portal::subscriptions {

enum class ErrorCode {
  sign_in_required,
  invalid_field,               // a value of the input breaks a rule: field and reason
  invalid_redirect,            // the address to return to is not the tenant's: field
  type_not_found,              // no such plan (or geo-blocked): type_id when asked for one
  plan_retired,                // the plan is sold no more: type_id, to_type_id (its successor) when named
  identity_fields_missing,     // the profile lacks what the plan requires: fields
  already_subscribed,          // the user holds this type: type_id, subscription_id when known
  payment_pending,             // a grant: the user's subscription of that type awaits a payment: subscription_id, type_id
  upgrade_blocked,             // another, lower level of the plan group is active
  downgrade_blocked,           // another, higher level of the plan group is active
  price_changed,               // the client showed another price: price
  payment_option_not_found,    // field
  checkout_not_found,
  checkout_closed,             // expired or cancelled: subscribe again
  checkout_completed,          // another request completed it meanwhile
  payment_option_unavailable,
  invalid_msisdn,              // field
  no_saved_card,
  insufficient_funds,          // url, subscription_id when a renewal failed
  payment_declined,            // url
  subscription_not_found,
  subscription_not_active,
  nothing_due,                 // pay again: the subscription is not held for a failed renewal
  not_eligible,                // no free trial: field when a type was named
  trial_used,
  concurrent_update,
  comp_limit,                  // support's free days for the subscription in the window are used up: field, days_left
  payment,                     // the payments domain refused (PIN, card, busy): its own error, passed on
};

struct Error {
  ErrorCode code = ErrorCode::payment;
  std::string message;  // English, for developers; payment_declined's is in the caller's language
  std::optional<std::string> field;
  std::optional<std::string> reason;  // invalid_field
  std::optional<std::int64_t> type_id;
  // Said when set; the inner nullopt says "some subscription, id unknown" (null).
  std::optional<std::optional<std::string>> subscription_id;
  std::optional<std::int64_t> from_type_id;
  std::optional<std::int64_t> to_type_id;
  std::optional<std::string> url;
  std::vector<std::string> fields;       // identity_fields_missing
  std::optional<payments::Money> price;  // price_changed: the price now
  std::optional<std::int64_t> days_left;  // comp_limit: what support may still give in the window
  payments::Error payment;               // code == payment

  static Error of(ErrorCode code, std::string message) {
    Error e;
    e.code = code;
    e.message = std::move(message);
    return e;
  }
  static Error sign_in() { return of(ErrorCode::sign_in_required, "Sign in first"); }
  static Error invalid(std::string field, std::string reason) {
    Error e = of(ErrorCode::invalid_field, field + ": " + reason);
    e.field = std::move(field);
    e.reason = std::move(reason);
    return e;
  }
  static Error from_payment(payments::Error e) {
    Error out = of(ErrorCode::payment, e.message);
    out.payment = std::move(e);
    return out;
  }
};

// boost::system::result<T>::value() on an error throws through this.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::subscriptions
