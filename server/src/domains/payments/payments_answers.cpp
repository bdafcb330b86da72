#include "domains/payments/payments_answers.hpp"

#include <boost/json.hpp>
#include <stdexcept>

#include "domains/payments/payments_dto.hpp"

namespace portal::payments {
namespace json = boost::json;

void throw_exception_from_error(const Error& e, const boost::source_location&) {
  // value() on an error: a caller that did not look at the result (a bug).
  throw std::logic_error("payments: value() of an error result: " + e.message);
}

http::Error http_error(const Error& e) {
  json::object data;
  switch (e.code) {
    case ErrorCode::unknown_provider: return {400, "BAD_REQUEST", e.message, nullptr};
    case ErrorCode::invalid_card: return {400, "INVALID_CARD", e.message, json::object{{"field", "card"}}};
    case ErrorCode::invalid_msisdn: return {400, "INVALID_MSISDN", e.message, json::object{{"field", "msisdn"}}};
    case ErrorCode::invalid_outcome: return {400, "BAD_REQUEST", e.message, json::object{{"field", "outcome"}}};
    case ErrorCode::invalid_pin:
      return {400, "INVALID_PIN", e.message, json::value_from(InvalidPinData{"pin", e.tries_left.value_or(0)})};
    case ErrorCode::payment_not_found: return {404, "PAYMENT_NOT_FOUND", e.message, nullptr};
    case ErrorCode::invalid_signature: return {401, "INVALID_SIGNATURE", e.message, nullptr};
    case ErrorCode::invalid_amount: return http::Error::invalid_field("amount", e.message);
    case ErrorCode::invalid_reason: return http::Error::invalid_field("reason", e.message);
    case ErrorCode::refund_exceeds_payment: {
      json::object d{{"field", "amount"}};
      if (e.payment_id) d["paymentId"] = *e.payment_id;
      d["refundable"] = e.refundable.value_or(0);
      return {409, "REFUND_EXCEEDS_PAYMENT", e.message, std::move(d)};
    }
    case ErrorCode::codes_redeemed: {
      json::object d{{"field", "confirmRedeemed"}};
      if (e.payment_id) d["paymentId"] = *e.payment_id;
      d["codes"] = json::value_from(e.redeemed);
      return {409, "VOUCHER_CODES_REDEEMED", e.message, std::move(d)};
    }
    case ErrorCode::refund_failed: {
      json::object d;
      if (e.payment_id) d["paymentId"] = *e.payment_id;
      return {502, "REFUND_FAILED", e.message, std::move(d)};
    }
    case ErrorCode::invalid_key: return http::Error::invalid_field(e.field.value_or("secretKey"), e.message);
    case ErrorCode::account_version_conflict:
      return http::Error::conflict("PAYMENT_ACCOUNT_VERSION_CONFLICT", "The provider account changed since it was read; load it again");
    case ErrorCode::provider_in_use: return http::Error::conflict("PAYMENT_PROVIDER_IN_USE", e.message);
    case ErrorCode::provider_unavailable: return {502, "PAYMENT_PROVIDER_UNAVAILABLE", e.message, nullptr};
    case ErrorCode::too_many_codes: return {429, "TOO_MANY_REQUESTS", e.message, json::object{{"field", "msisdn"}}};
    case ErrorCode::payment_not_refundable:
    case ErrorCode::payment_exists:
    case ErrorCode::payment_busy:
    case ErrorCode::payment_not_pending:
    case ErrorCode::refused: break;
  }
  // The conflicts: the data names the payment that holds the reference or the key ({} when none is known).
  if (e.payment_id) data["paymentId"] = *e.payment_id;
  if (e.status) data["status"] = *e.status;
  if (e.purpose) data["purpose"] = *e.purpose;
  if (e.reference) data["reference"] = *e.reference;
  switch (e.code) {
    case ErrorCode::payment_exists: return {409, "PAYMENT_EXISTS", e.message, std::move(data)};
    case ErrorCode::payment_busy: return {409, "PAYMENT_BUSY", e.message, std::move(data)};
    case ErrorCode::payment_not_pending: return {409, "PAYMENT_NOT_PENDING", e.message, std::move(data)};
    case ErrorCode::payment_not_refundable: return {409, "PAYMENT_NOT_REFUNDABLE", e.message, std::move(data)};
    default: return {409, "CHARGE_REFUSED", e.message, nullptr};  // callers answer their own reason
  }
}

}  // namespace portal::payments
