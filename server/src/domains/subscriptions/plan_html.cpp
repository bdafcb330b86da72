// A small allow-list sanitiser (see the header): a single pass, no DOM.
#include "domains/subscriptions/plan_html.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "core/text.hpp"

namespace portal::subscriptions {

namespace {

constexpr std::array<std::string_view, 12> kAllowed{"b",    "strong", "i",   "em",  "u",    "s",
                                                    "small", "mark",  "sup", "sub", "span", "br"};
// Elements whose contents are not text for a reader: dropped with what they hold.
constexpr std::array<std::string_view, 9> kDropped{"script", "style", "iframe", "object", "embed",
                                                   "template", "noscript", "textarea", "title"};

bool in(auto const& list, std::string_view name) { return std::find(list.begin(), list.end(), name) != list.end(); }

// A character reference that stays as written: &name; or &#digits; or &#xhex;.
std::size_t entity_length(std::string_view s) {
  if (s.size() < 3 || s[0] != '&') return 0;
  std::size_t i = 1;
  if (s[i] == '#') {
    ++i;
    const bool hex = i < s.size() && (s[i] == 'x' || s[i] == 'X');
    if (hex) ++i;
    const auto start = i;
    while (i < s.size() && i - start < 8 && (hex ? std::isxdigit(static_cast<unsigned char>(s[i])) : std::isdigit(static_cast<unsigned char>(s[i])))) ++i;
    if (i == start) return 0;
  } else {
    const auto start = i;
    while (i < s.size() && i - start < 32 && std::isalnum(static_cast<unsigned char>(s[i]))) ++i;
    if (i == start) return 0;
  }
  return i < s.size() && s[i] == ';' ? i + 1 : 0;
}

}  // namespace

std::string sanitize_plan_html(std::string_view html) {
  std::string out;
  out.reserve(html.size());
  std::size_t i = 0;
  while (i < html.size()) {
    const char c = html[i];
    if (c == '<') {
      const auto close = html.find('>', i + 1);
      if (close == std::string_view::npos) {  // a lone '<': text
        out += "&lt;";
        ++i;
        continue;
      }
      std::string_view tag = html.substr(i + 1, close - i - 1);
      const bool end = !tag.empty() && tag[0] == '/';
      if (end) tag.remove_prefix(1);
      std::size_t n = 0;
      while (n < tag.size() && std::isalnum(static_cast<unsigned char>(tag[n]))) ++n;
      const std::string name = core::lower(tag.substr(0, n));
      if (name.empty()) {  // "<!-- ... -->", "< 3", "<?...>": not a tag we keep
        if (tag.substr(0, 3) == "!--") {
          const auto comment_end = html.find("-->", i + 4);
          i = comment_end == std::string_view::npos ? html.size() : comment_end + 3;
        } else if (!tag.empty() && (tag[0] == '!' || tag[0] == '?')) {
          i = close + 1;
        } else {
          out += "&lt;";
          ++i;
        }
        continue;
      }
      i = close + 1;
      if (!end && in(kDropped, name)) {  // skip to its end tag (or the end of the text)
        const std::string closing = "</" + name;
        const std::string rest = core::lower(html.substr(i));
        const auto at = rest.find(closing);
        if (at == std::string::npos) {
          i = html.size();
        } else {
          const auto gt = html.find('>', i + at);
          i = gt == std::string_view::npos ? html.size() : gt + 1;
        }
        continue;
      }
      if (!in(kAllowed, name)) continue;  // dropped, its text kept
      if (name == "br") {
        if (!end) out += "<br>";
        continue;
      }
      out += end ? "</" : "<";
      out += name;
      out += '>';
      continue;
    }
    if (c == '&') {
      const auto n = entity_length(html.substr(i));
      if (n) {
        out.append(html.substr(i, n));
        i += n;
      } else {
        out += "&amp;";
        ++i;
      }
      continue;
    }
    if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else if (c == '\'') out += "&#39;";
    else out += c;
    ++i;
  }
  return out;
}

}  // namespace portal::subscriptions
