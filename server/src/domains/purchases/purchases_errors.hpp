#pragma once
// The expected failures of purchases, as values: a code of the domain and the
// details a client needs (which article, which credit a consume would spend).
// purchases_answers.hpp maps them to the one error shape and decides the HTTP
// status; nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "domains/catalog/catalog_errors.hpp"
#include "domains/payments/payments_errors.hpp"
#include "domains/purchases/purchases_types.hpp"

namespace portal::purchases {

enum class ErrorCode {
  article,                   // the catalog refused the article (not found in the rating window): passed on
  sign_in_required,          // a guest, and the article is not free to play
  device_not_supported,      // article_id
  not_entitled,              // article_id
  confirmation_required,     // a credit would be spent: article_id, way
  not_for_sale,              // the article has no price of its own
  already_owned,             // article_id
  purchase_not_found,
  purchase_closed,           // paid, pending or cancelled
  invalid_redirect,          // redirectionUrl is not an address of the tenant
  payment_option_not_found,
  invalid_purchase_token,    // not the token of this purchase's PIN
  payment,                   // the payments domain refused (card, MSISDN, PIN, busy): its own error, passed on
};

struct Error {
  ErrorCode code = ErrorCode::payment;
  std::string message;  // English, for developers
  std::optional<std::int64_t> article_id;
  std::optional<ConsumeWay> way;  // confirmation_required: the credit it would spend
  payments::Error payment;        // code == payment
  catalog::Error article;         // code == article: the catalog's error, answered as the catalog does

  static Error of(ErrorCode code, std::string message) {
    Error e;
    e.code = code;
    e.message = std::move(message);
    return e;
  }
  static Error about(ErrorCode code, std::string message, std::int64_t article_id) {
    Error e = of(code, std::move(message));
    e.article_id = article_id;
    return e;
  }
  static Error from_payment(payments::Error e) {
    Error out = of(ErrorCode::payment, e.message);
    out.payment = std::move(e);
    return out;
  }
  static Error from_catalog(catalog::Error e) {
    Error out = of(ErrorCode::article, e.message);
    out.article = std::move(e);
    return out;
  }
};

// boost::system::result<T>::value() on an error throws through this.
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::purchases
