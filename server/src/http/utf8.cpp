#include "http/utf8.hpp"

#include <boost/json.hpp>

namespace portal::http {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// The length of the well-formed sequence at text[i] (Unicode Table 3-7), or
// 0 with `bad` set to the length of its maximal subpart (at least 1).
std::size_t sequence_at(std::string_view text, std::size_t i, std::size_t& bad) {
  const auto byte = [&](std::size_t at) { return static_cast<unsigned char>(text[at]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  std::size_t need = 0;
  unsigned char low = 0x80, high = 0xBF;  // bounds of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    need = 1;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    need = 2;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    need = 3;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
  } else {
    bad = 1;
    return 0;
  }
  std::size_t at = i + 1;
  for (std::size_t k = 0; k < need; ++k, ++at) {
    const unsigned char lo = k == 0 ? low : 0x80, hi = k == 0 ? high : 0xBF;
    if (at >= text.size() || byte(at) < lo || byte(at) > hi) {
      bad = at - i;
      return 0;
    }
  }
  return need + 1;
}

bool fix(boost::json::string& s) {
  if (is_valid_utf8(s)) return false;
  s = valid_utf8(s);
  return true;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  std::size_t i = 0, bad = 0;
  while (i < text.size()) {
    // Runs of ASCII, the common case, a byte at a time without the table.
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = sequence_at(text, i, bad);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string valid_utf8(std::string_view text) {
  if (is_valid_utf8(text)) return std::string(text);  // the common case: one quick pass, one copy
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t bad = 0;
    const std::size_t n = sequence_at(text, i, bad);
    if (n > 0) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out.append(kReplacement);
      i += bad;
    }
  }
  return out;
}

std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // inside a character
  return text.substr(0, end);
}

void make_valid_utf8(boost::json::value& v) {
  if (auto* s = v.if_string()) {
    fix(*s);
  } else if (auto* a = v.if_array()) {
    for (auto& item : *a) make_valid_utf8(item);
  } else if (auto* o = v.if_object()) {
    bool keys_valid = true;
    for (auto& member : *o) {
      make_valid_utf8(member.value());
      if (!is_valid_utf8(member.key())) keys_valid = false;
    }
    if (!keys_valid) {
      boost::json::object fixed;
      for (auto& member : *o) fixed[valid_utf8(member.key())] = std::move(member.value());
      *o = std::move(fixed);
    }
  }
}

}  // namespace portal::http
