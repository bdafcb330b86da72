#include "domains/wallet/wallet_answers.hpp"

namespace portal::wallet {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::not_in_wallet: return {404, "NOT_IN_WALLET", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::wallet
