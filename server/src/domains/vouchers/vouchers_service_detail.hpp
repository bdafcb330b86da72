#pragma once
// What the voucher service's sources share (a private header of one class):
// the commonest error, and small text helpers.
#include <chrono>
#include <ctime>
#include <string>

#include "core/utc_time.hpp"
#include "domains/vouchers/vouchers_errors.hpp"
#include "domains/vouchers/vouchers_types.hpp"

namespace portal::vouchers::detail {

inline Error not_found() { return Error::of(ErrorCode::voucher_not_found, "No such voucher code"); }

inline Error already_redeemed() { return Error::of(ErrorCode::already_redeemed, "This voucher code has been redeemed"); }

inline Error not_enough(std::int64_t product_id, std::int64_t left, std::string message) {
  Error e = Error::of(ErrorCode::not_enough_available, std::move(message));
  e.product_id = product_id;
  e.available = left;
  return e;
}

// A charge that did not pay now (pending, insufficient, declined): the order and its payment.
inline Error charge_error(ErrorCode code, std::string message, std::string order_id, std::string payment_id) {
  Error e = Error::of(code, std::move(message));
  e.order_id = std::move(order_id);
  e.payment_id = std::move(payment_id);
  return e;
}

inline Error order_closed(std::string status) {
  Error e = Error::of(ErrorCode::order_closed, "This order is no longer open");
  e.order_status = std::move(status);
  return e;
}

inline std::string plain(const std::string& grouped) {
  std::string out;
  for (char c : grouped)
    if (c != '-') out += c;
  return out;
}

}  // namespace portal::vouchers::detail
