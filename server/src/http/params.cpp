#include "http/params.hpp"

#include <algorithm>
#include <charconv>
#include <string>

#include "http/error.hpp"

namespace portal::http {

std::optional<std::int64_t> parse_id(std::string_view text) {
  // from_chars alone would take "-5"; only digits are an id.
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  std::int64_t id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc{} || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

std::optional<std::int64_t> parse_canonical_id(std::string_view text) {
  if (text.size() > 1 && text.front() == '0') return std::nullopt;
  return parse_id(text);
}

std::int64_t id_or_404(std::string_view text, std::string_view code, std::string_view what) {
  if (auto id = parse_id(text)) return *id;
  throw http::ErrorException(http::Error::not_found(
      std::string(code), std::string(what) + " '" + std::string(text.substr(0, 64)) + "' not found"));
}

std::int64_t id_or_400(std::string_view text, std::string_view field) {
  if (auto id = parse_id(text)) return *id;
  throw http::ErrorException(http::Error::invalid_field(std::string(field), "must be a positive whole number"));
}

}  // namespace portal::http
