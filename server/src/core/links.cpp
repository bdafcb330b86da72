#include "core/links.hpp"

#include <algorithm>
#include <array>

#include "core/url.hpp"

namespace portal::core {

namespace {

bool lower_alpha(char c) { return c >= 'a' && c <= 'z'; }
bool digit(char c) { return c >= '0' && c <= '9'; }
bool hex(char c) { return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Bytes no link may hold anywhere: controls and spaces (stripped or split by a browser), "\" (read as "/"), and
// what would end or break out of an attribute or a CSS url().
bool forbidden_in_link(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u <= 0x20 || u == 0x7f || c == '\\' || c == '"' || c == '\'' || c == '<' || c == '>' || c == '`';
}

constexpr std::array<std::string_view, 10> kColourFunctions{"rgb", "rgba", "hsl", "hsla", "hwb",
                                                            "lab", "lch", "oklab", "oklch", "color"};

}  // namespace

bool safe_link(std::string_view text) {
  if (text.empty() || text.size() > kMaxLinkLength) return false;
  if (std::any_of(text.begin(), text.end(), forbidden_in_link)) return false;
  if (text.front() == '/') return text.size() == 1 || text[1] != '/';
  return strict_origin(text).has_value();
}

bool safe_colour(std::string_view text) {
  if (text.empty() || text.size() > 64) return false;
  if (text.front() == '#') {
    const auto digits = text.substr(1);
    const auto n = digits.size();
    return (n == 3 || n == 4 || n == 6 || n == 8) && std::all_of(digits.begin(), digits.end(), hex);
  }
  const auto open = text.find('(');
  if (open == std::string_view::npos)  // a keyword: red, transparent, currentcolor, rebeccapurple
    return std::all_of(text.begin(), text.end(), [](char c) { return lower_alpha(c) || (c >= 'A' && c <= 'Z'); });
  if (text.back() != ')') return false;
  const auto name = text.substr(0, open);
  if (std::find(kColourFunctions.begin(), kColourFunctions.end(), name) == kColourFunctions.end()) return false;
  const auto args = text.substr(open + 1, text.size() - open - 2);
  // Numbers with their units ("deg", "turn", "%"), "none", separators: no nested function, no quote, no ";".
  return !args.empty() && std::all_of(args.begin(), args.end(), [](char c) {
    return digit(c) || lower_alpha(c) || c == '.' || c == '%' || c == ',' || c == ' ' || c == '/' || c == '+' ||
           c == '-';
  });
}

}  // namespace portal::core
