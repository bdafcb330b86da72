#include "domains/vouchers/vouchers_answers.hpp"

#include <boost/json.hpp>
#include <stdexcept>

#include "domains/payments/payments_answers.hpp"
#include "domains/subscriptions/subscriptions_answers.hpp"

namespace portal::vouchers {
namespace json = boost::json;

namespace {

struct Shape {
  int status;
  const char* code;
  std::optional<Feedback> feedback;  // said as data.voucherStatus
};

Shape shape_of(ErrorCode code) {
  switch (code) {
    case ErrorCode::too_many_attempts: return {429, "TOO_MANY_ATTEMPTS", Feedback::other};
    case ErrorCode::too_many_resends: return {429, "TOO_MANY_REQUESTS", Feedback::other};
    case ErrorCode::voucher_not_found: return {404, "VOUCHER_NOT_FOUND", Feedback::not_found};
    case ErrorCode::already_redeemed: return {409, "VOUCHER_ALREADY_REDEEMED", Feedback::duplicate};
    case ErrorCode::already_voided: return {409, "VOUCHER_ALREADY_VOIDED", std::nullopt};
    case ErrorCode::expired: return {410, "VOUCHER_EXPIRED", Feedback::other};
    case ErrorCode::not_yet_valid: return {409, "VOUCHER_NOT_YET_VALID", Feedback::other};
    case ErrorCode::batch_not_found: return {404, "VOUCHER_BATCH_NOT_FOUND", std::nullopt};
    case ErrorCode::identity_fields_missing: return {404, "REQUIRED_IDENTITY_FIELD_NOT_FOUND", Feedback::other};
    case ErrorCode::type_not_found: return {404, "SUBSCRIPTION_TYPE_NOT_FOUND", std::nullopt};
    case ErrorCode::tenant_not_found: return {404, "TENANT_NOT_FOUND", std::nullopt};
    case ErrorCode::product_not_found: return {404, "VOUCHER_PRODUCT_NOT_FOUND", Feedback::not_found};
    case ErrorCode::not_enough_available: return {409, "NOT_ENOUGH_AVAILABLE", Feedback::other};
    case ErrorCode::order_closed: return {410, "ORDER_CLOSED", Feedback::other};
    case ErrorCode::order_not_found: return {404, "ORDER_NOT_FOUND", std::nullopt};
    case ErrorCode::no_saved_payment_method: return {400, "NO_SAVED_PAYMENT_METHOD", Feedback::other};
    case ErrorCode::purchase_pending: return {202, "VOUCHER_PURCHASE_PENDING", Feedback::pending};
    case ErrorCode::insufficient_funds: return {402, "INSUFFICIENT_FUNDS", Feedback::insufficient};
    case ErrorCode::payment_declined: return {490, "PAYMENT_DECLINED", Feedback::other};
    case ErrorCode::invalid_field:
    case ErrorCode::grant_refused:
    case ErrorCode::payment: break;
  }
  return {500, "INTERNAL_ERROR", std::nullopt};
}

// Another domain's error with the voucher status put last in its data.
http::Error with_status(http::Error e, std::optional<Feedback> f) {
  if (!f) return e;
  if (!e.data.is_object()) e.data = json::object{};
  e.data.as_object()["voucherStatus"] = static_cast<int>(*f);
  return e;
}

}  // namespace

void throw_exception_from_error(const Error& e, const boost::source_location&) {
  // value() on an error: a caller that did not look at the result (a bug).
  throw std::logic_error("vouchers: value() of an error result: " + e.message);
}

http::Error http_error(const Error& e) {
  if (e.code == ErrorCode::invalid_field) return http::Error::invalid_field(e.field.value_or("body"), e.reason.value_or(""));
  if (e.code == ErrorCode::grant_refused) return with_status(subscriptions::http_error(e.grant), e.feedback);
  if (e.code == ErrorCode::payment) return with_status(payments::http_error(e.payment), e.feedback);
  const Shape shape = shape_of(e.code);
  json::object data;
  if (e.retry_after) data["retryAfter"] = *e.retry_after;
  if (e.valid_until) data["validUntil"] = *e.valid_until;
  if (e.valid_from) data["validFrom"] = *e.valid_from;
  if (!e.fields.empty()) data["fields"] = json::value_from(e.fields);
  if (e.product_id) data["productId"] = *e.product_id;
  if (e.available) data["availableNo"] = *e.available;
  if (e.order_status) data["orderStatus"] = *e.order_status;
  if (e.order_id) data["orderId"] = *e.order_id;
  if (e.payment_id) data["paymentId"] = *e.payment_id;
  if (e.field) data["field"] = *e.field;
  if (shape.feedback) data["voucherStatus"] = static_cast<int>(*shape.feedback);
  return {shape.status, shape.code, e.message, data.empty() ? json::value(nullptr) : json::value(std::move(data))};
}

}  // namespace portal::vouchers
