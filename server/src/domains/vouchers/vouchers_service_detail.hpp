#pragma once
// What the voucher service's sources share (a private header of one class):
// errors carrying the voucher feedback status, and small text helpers.
#include <boost/json.hpp>
#include <chrono>
#include <ctime>
#include <string>

#include "core/error.hpp"
#include "domains/vouchers/vouchers_types.hpp"

namespace portal::vouchers::detail {
namespace json = boost::json;

inline core::Error with_status(core::Error e, Feedback f) {
  if (!e.data.is_object()) e.data = json::object{};
  e.data.as_object()["voucherStatus"] = static_cast<int>(f);
  return e;
}

inline core::Error error(int status, std::string code, std::string message, Feedback f, json::object data = {}) {
  data["voucherStatus"] = static_cast<int>(f);
  return {status, std::move(code), std::move(message), std::move(data)};
}

inline core::Error not_found() {
  return error(404, "VOUCHER_NOT_FOUND", "No such voucher code", Feedback::not_found);
}

inline std::chrono::system_clock::time_point parse_utc(const std::string& text) {
  std::tm tm{};
  if (text.size() < 19 || !strptime(text.c_str(), "%Y-%m-%dT%H:%M:%S", &tm)) return std::chrono::system_clock::now();
  return std::chrono::system_clock::from_time_t(timegm(&tm));
}

inline std::string plain(const std::string& grouped) {
  std::string out;
  for (char c : grouped)
    if (c != '-') out += c;
  return out;
}

}  // namespace portal::vouchers::detail
