#pragma once
// Answers about the caller's own data (purchases, wallet, plays, games):
// never stored by a shared cache, and varying with who asks.
#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "http/compression.hpp"
#include "http/json.hpp"
#include "http/params.hpp"

namespace portal::http {

inline Response private_answer(const RequestContext& ctx, const boost::json::value& data, Status status = Status::ok) {
  auto res = data_response(ctx, data, status);
  res.set(boost::beast::http::field::cache_control, "private, no-store");
  add_vary(res, "Authorization");
  return res;
}

// A paging query number (limit, offset): digits only, else 400 naming the
// field; absent or empty gives the fallback (the service checks ranges).
inline std::int64_t page_number(const RequestContext& ctx, std::string_view field, std::int64_t fallback) {
  auto text = ctx.query(field);
  if (!text || text->empty()) return fallback;
  if (*text == "0") return 0;
  return id_or_400(*text, field);
}

// commerce §7 x-result-count: "a-b/total", 1-based and inclusive; "0-0/total" for an empty page.
inline std::string result_count(std::int64_t offset, std::size_t count, std::int64_t total) {
  if (count == 0) return "0-0/" + std::to_string(total);
  return std::to_string(offset + 1) + "-" + std::to_string(offset + static_cast<std::int64_t>(count)) + "/" +
         std::to_string(total);
}

}  // namespace portal::http
