#pragma once
// How a settlement's `then` (PaymentsService::Then) refuses its success: the
// payment settles declined instead and is never captured.
#include <stdexcept>
#include <string>
#include <utility>

namespace portal::payments {

// `reason` is the purchase's code for the log (LEVEL_TAKEN).
struct SettlementRefused : std::runtime_error {
  SettlementRefused(std::string reason_code, const std::string& message)
      : std::runtime_error(message), reason(std::move(reason_code)) {}
  std::string reason;
};

}  // namespace portal::payments
