#include "domains/purchases/purchases_answers.hpp"

#include <boost/json.hpp>
#include <stdexcept>

#include "domains/catalog/catalog_answers.hpp"
#include "domains/payments/payments_answers.hpp"
#include "domains/purchases/purchases_dto.hpp"
#include "domains/purchases/purchases_service.hpp"

namespace portal::purchases {
namespace json = boost::json;

namespace {

json::value article_data(const Error& e) {
  return e.article_id ? json::value(json::object{{"articleId", *e.article_id}}) : json::value(nullptr);
}

}  // namespace

void throw_exception_from_error(const Error& e, const boost::source_location&) {
  // value() on an error: a caller that did not look at the result (a bug).
  throw std::logic_error("purchases: value() of an error result: " + e.message);
}

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::article: return catalog::http_error(e.article);
    case ErrorCode::payment: return payments::http_error(e.payment);
    case ErrorCode::sign_in_required: return {401, "UNAUTHORIZED", e.message, nullptr};
    case ErrorCode::device_not_supported: return {404, "DEVICE_NOT_SUPPORTED", e.message, nullptr};
    case ErrorCode::not_entitled: return {403, "NOT_ENTITLED", e.message, article_data(e)};
    case ErrorCode::confirmation_required: {
      const ConsumeWay way = e.way.value_or(ConsumeWay{});
      const ConsumeDto credit{"credit", way.subscription_id, way.type_id, way.remaining};
      return {409, "CONFIRMATION_REQUIRED", e.message,
              json::value_from(ConfirmationRequiredData{e.article_id.value_or(0), credit})};
    }
    case ErrorCode::not_for_sale: return {404, "ARTICLE_NOT_FOR_SALE", e.message, nullptr};
    case ErrorCode::already_owned: return {409, "ALREADY_OWNED", e.message, article_data(e)};
    case ErrorCode::purchase_not_found: return {404, "PURCHASE_NOT_FOUND", e.message, nullptr};
    case ErrorCode::purchase_closed: return {410, "PURCHASE_CLOSED", e.message, nullptr};
    case ErrorCode::invalid_redirect:
      return {400, "INVALID_REDIRECT", e.message,
              json::value_from(FieldReasonData{"redirectionUrl", "not an address of this tenant"})};
    case ErrorCode::payment_option_not_found: return {404, "PAYMENT_OPTION_NOT_FOUND", e.message, nullptr};
    case ErrorCode::invalid_purchase_token:
      return {400, "INVALID_PURCHASE_TOKEN", e.message,
              json::value_from(FieldReasonData{"purchaseToken", "not the token of this purchase's PIN"})};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

http::Error charge_error(const Charged& c) {
  const json::value data = json::value_from(ChargeData{c.url, c.purchase.article_id, c.purchase.id});
  switch (c.outcome) {
    case Charged::Outcome::pending: return {202, "PURCHASE_PENDING", "The payment is pending", data};
    case Charged::Outcome::insufficient: return {402, "INSUFFICIENT_FUNDS", "Insufficient funds", data};
    case Charged::Outcome::declined: return {490, "PAYMENT_DECLINED", "The payment was declined", data};
    case Charged::Outcome::paid: break;  // not an error: the route answers 201
  }
  return {500, "INTERNAL", "unknown outcome", nullptr};
}

}  // namespace portal::purchases
