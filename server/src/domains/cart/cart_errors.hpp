#pragma once
// The expected failures of the cart, as values; cart_answers.hpp maps them to
// the one error shape and decides the HTTP status. Nothing here knows HTTP. An
// error of the vouchers domain (the order behind the checkout) is passed on as
// its own value.
#include <boost/system/result.hpp>
#include <string>

#include "domains/vouchers/vouchers_errors.hpp"

namespace portal::cart {

enum class ErrorCode {
  invalid_field,     // productId, quantity, items, items[i].quantity: field and reason
  tenant_not_found,  // the tenant is gone (its settings give maxQuantity)
  cart_empty,        // a checkout of an empty cart
  order_not_found,   // the hosted checkout names no cart order
  voucher,           // the vouchers domain refused (open or pay the order): its own error, passed on
};

struct Error {
  ErrorCode code = ErrorCode::invalid_field;
  std::string message;  // English, for developers
  std::string field;    // invalid_field: which input
  std::string reason;   // invalid_field: what is wrong with it
  vouchers::Error voucher;  // code == voucher

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
  static Error from_voucher(vouchers::Error e) {
    Error out = of(ErrorCode::voucher, e.message);
    out.voucher = std::move(e);
    return out;
  }
};

// boost::system::result<T>::value() on an error throws through this.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::cart
