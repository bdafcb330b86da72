#include "domains/wallet/wallet_answers.hpp"

#include <stdexcept>

namespace portal::wallet {

void throw_exception_from_error(const Error& e, const boost::source_location&) {
  // value() on an error: a caller that did not look at the result (a bug).
  throw std::logic_error("wallet: value() of an error result: " + e.message);
}

core::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return core::Error::invalid_field(e.field, e.reason);
    case ErrorCode::not_in_wallet: return {404, "NOT_IN_WALLET", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::wallet
