#include "core/file_names.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/text.hpp"

namespace portal::core {

namespace {

// The code point at text[at] and its length in bytes; length 0 for an ill-formed sequence (its first byte is
// skipped), never an overlong form, a surrogate or anything past U+10FFFF.
std::pair<char32_t, std::size_t> decode(std::string_view text, std::size_t at) {
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char c = b(0);
  if (c < 0x80) return {c, 1};
  std::size_t n = 0;
  char32_t cp = 0, least = 0;
  if ((c & 0xE0) == 0xC0) n = 2, cp = c & 0x1F, least = 0x80;
  else if ((c & 0xF0) == 0xE0) n = 3, cp = c & 0x0F, least = 0x800;
  else if ((c & 0xF8) == 0xF0) n = 4, cp = c & 0x07, least = 0x10000;
  else return {0, 0};
  if (at + n > text.size()) return {0, 0};
  for (std::size_t i = 1; i < n; ++i) {
    if ((b(i) & 0xC0) != 0x80) return {0, 0};
    cp = (cp << 6) | (b(i) & 0x3F);
  }
  if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {0, 0};
  return {cp, n};
}

// Characters a name never holds: controls, and the invisible ones that hide or reorder what follows.
bool unwanted(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069) || cp == 0x2028 || cp == 0x2029 || cp == 0xFEFF || cp == 0xFFFD;
}

bool ascii_alnum(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// CON, PRN, AUX, NUL, COM1–9, LPT1–9 as the part before the first dot, in any case.
bool windows_device(std::string_view stem) {
  stem = stem.substr(0, stem.find('.'));
  while (!stem.empty() && stem.back() == ' ') stem.remove_suffix(1);
  const std::string u = upper(stem);
  static constexpr std::array<std::string_view, 4> plain{"CON", "PRN", "AUX", "NUL"};
  for (auto d : plain)
    if (u == d) return true;
  return u.size() == 4 && (u.starts_with("COM") || u.starts_with("LPT")) && u[3] >= '1' && u[3] <= '9';
}

void trim(std::string& s) {
  std::size_t start = 0;
  while (start < s.size() && (s[start] == ' ' || s[start] == '.')) ++start;
  s.erase(0, start);
  while (!s.empty() && (s.back() == ' ' || s.back() == '.')) s.pop_back();
}

}  // namespace

std::string file_stem(std::string_view text, std::size_t max_bytes) {
  std::string out;
  const auto put = [&](std::string_view piece) {
    for (char c : piece) {
      if (c == ' ' && (out.empty() || out.back() == ' ')) continue;  // one space, none leading
      out += c;
    }
  };
  for (std::size_t at = 0; at < text.size();) {
    const auto [cp, n] = decode(text, at);
    if (n == 0) {
      ++at;
      continue;
    }
    const std::string_view bytes = text.substr(at, n);
    at += n;
    if (cp == '\t' || cp == '\n' || cp == '\r' || cp == 0xA0) put(" ");
    else if (unwanted(cp)) continue;
    else if (cp == '/' || cp == '\\' || cp == '|') put("-");
    else if (cp == ':') put(" - ");
    else if (cp == '"' || cp == '<' || cp == '>' || cp == '?' || cp == '*') continue;
    else put(bytes);
  }
  trim(out);
  if (out.size() > max_bytes) {
    std::size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // never inside a character
    out.resize(cut);
    trim(out);
  }
  if (!out.empty() && windows_device(out)) out.insert(0, "_");
  return out;
}

std::string file_extension(std::string_view path) {
  const auto slash = path.rfind('/');
  const auto name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const auto dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return {};
  const auto ext = name.substr(dot + 1);
  if (ext.empty() || ext.size() > 8) return {};
  if (!std::all_of(ext.begin(), ext.end(), ascii_alnum)) return {};
  return lower(ext);
}

std::string file_name(std::string_view stem, std::string_view ext, std::string_view fallback_stem) {
  std::string s = file_stem(stem);
  if (s.empty()) s = file_stem(fallback_stem);
  if (s.empty()) s = "download";
  const std::string e = file_extension(std::string("x.") + std::string(ext));
  return e.empty() ? s : s + "." + e;
}

std::string attachment_disposition(std::string_view name, std::string_view fallback) {
  // The ASCII name: printable ASCII kept but for the quoted-string's " and \ (and % and ;, which some clients
  // read as an encoding or a parameter's end), each run of anything else one "_".
  std::string ascii;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    const bool keep = u >= 0x20 && u < 0x7F && c != '"' && c != '\\' && c != '%' && c != ';';
    if (keep) ascii += c;
    else if (ascii.empty() || ascii.back() != '_') ascii += '_';
  }
  // Words of another script are one "_" too ("أفق النيون" is "_", not "_ _").
  for (auto at = ascii.find("_ _"); at != std::string::npos; at = ascii.find("_ _")) ascii.erase(at, 2);
  const auto dot = ascii.rfind('.');
  const std::string_view stem = std::string_view(ascii).substr(0, dot == std::string::npos ? ascii.size() : dot);
  bool named = false;
  for (char c : stem) named = named || ascii_alnum(c);
  if (!named) ascii = std::string(fallback);
  // RFC 8187: attr-char unreserved, everything else percent-encoded.
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string encoded;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    const bool attr = ascii_alnum(c) || c == '!' || c == '#' || c == '$' || c == '&' || c == '+' || c == '-' ||
                      c == '.' || c == '^' || c == '_' || c == '`' || c == '|' || c == '~';
    if (attr) {
      encoded += c;
    } else {
      encoded += '%';
      encoded += hex[u >> 4];
      encoded += hex[u & 0x0F];
    }
  }
  return "attachment; filename=\"" + ascii + "\"; filename*=UTF-8''" + encoded;
}

}  // namespace portal::core
