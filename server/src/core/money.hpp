#pragma once
// Money amounts the console accepts, and sums of them that cannot overflow (issue 45 item 5;
// docs/decisions.md "Money amounts are bounded"). Every validator of an amount an operator types
// (a plan's price and promotion price, a catalog article's prices, so a voucher product's, a refund)
// refuses more than kMaxMoneyAmount with VALIDATION_ERROR naming the field; the reports add with
// the saturating helpers, so data written before the bound cannot wrap a total.
#include <cstdint>
#include <limits>

namespace portal::core {

// 1,000,000.00 in major units of a two-digit currency (EUR, SAR): 100,000,000 minor units.
inline constexpr std::int64_t kMaxMoneyAmount = 100'000'000;
// The reason a validator gives (the field is its own).
inline constexpr const char* kMaxMoneyText = "must be at most 100000000 minor units (1,000,000.00)";

// a + b, clamped to the int64 range instead of wrapping.
constexpr std::int64_t add_saturating(std::int64_t a, std::int64_t b) {
  std::int64_t out = 0;
  if (!__builtin_add_overflow(a, b, &out)) return out;
  return b > 0 ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::min();
}

// a × b, clamped to the int64 range instead of wrapping.
constexpr std::int64_t mul_saturating(std::int64_t a, std::int64_t b) {
  std::int64_t out = 0;
  if (!__builtin_mul_overflow(a, b, &out)) return out;
  return (a < 0) != (b < 0) ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int64_t>::max();
}

}  // namespace portal::core
