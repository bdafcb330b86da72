#pragma once
// The expected failures of the cart, as values; cart_answers.hpp maps them to
// the one error shape and decides the HTTP status. Nothing here knows HTTP. An
// error of the vouchers domain (the order behind the checkout) is passed on as
// its own value.
#include <boost/system/result.hpp>

#include "core/domain_error.hpp"
#include "domains/vouchers/vouchers_errors.hpp"

namespace portal::cart {

enum class ErrorCode {
  invalid_field,     // productId, quantity, items, items[i].quantity, lang: field and reason
  invalid_redirect,  // the checkout's redirectionUrl is not an address of the site: field
  tenant_not_found,  // the tenant is gone (its settings give maxQuantity)
  cart_empty,        // a checkout of an empty cart
  order_not_found,   // the hosted checkout names no cart order
  voucher,           // the vouchers domain refused (open or pay the order): its own error, passed on
};

// What a cart error carries beyond code, message, field and reason.
struct ErrorDetails {
  vouchers::Error voucher;  // code == voucher
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field, ErrorDetails>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::cart
