#include "domains/cart/cart_answers.hpp"

#include <boost/json.hpp>

#include "domains/vouchers/vouchers_answers.hpp"

namespace portal::cart {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::invalid_redirect:
      return {400, "INVALID_REDIRECT", e.message, boost::json::object{{"field", e.field}}};
    case ErrorCode::tenant_not_found: return {404, "TENANT_NOT_FOUND", e.message, nullptr};
    case ErrorCode::cart_empty: return {409, "CART_EMPTY", e.message, nullptr};
    case ErrorCode::order_not_found: return {404, "ORDER_NOT_FOUND", e.message, nullptr};
    case ErrorCode::voucher: return vouchers::http_error(e.voucher);
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::cart
