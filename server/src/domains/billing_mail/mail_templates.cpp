#include "domains/billing_mail/mail_templates.hpp"

#include <algorithm>
#include <boost/json.hpp>  // free-form: the client's locale files (locales/<lang>.json), looked up by dotted key
#include <map>
#include <mutex>
#include <stdexcept>

#include "billing_mail/mail_files.hpp"
#include "core/money_format.hpp"
#include "core/text.hpp"

namespace portal::billing_mail {
namespace json = boost::json;
namespace {

const std::string kLanguages[] = {"en", "ar", "fr", "de", "es", "ro"};

std::string_view file(std::string_view name) {
  for (const auto& [n, text] : kMailFiles)
    if (n == name) return text;
  throw std::runtime_error("mail template missing: " + std::string(name));
}

// The words of each language, parsed once.
const json::object& words(std::string_view lang) {
  static const std::map<std::string, json::object, std::less<>> all = [] {
    std::map<std::string, json::object, std::less<>> out;
    for (const auto& l : kLanguages) {
      json::value v = json::parse(file("locales/" + l + ".json"));
      out.emplace(l, v.as_object());
    }
    return out;
  }();
  auto it = all.find(lang);
  return it == all.end() ? all.at("en") : it->second;
}

const json::value* find_dotted(const json::object& root, std::string_view key) {
  const json::object* o = &root;
  const json::value* v = nullptr;
  while (true) {
    const auto dot = key.find('.');
    v = o->if_contains(key.substr(0, dot));
    if (!v || dot == std::string_view::npos) return v;
    if (!v->is_object()) return nullptr;
    o = &v->as_object();
    key.remove_prefix(dot + 1);
  }
}

std::string raw_word(std::string_view lang, std::string_view key) {
  const json::value* v = find_dotted(words(lang), key);
  if (!v || !v->is_string()) throw std::runtime_error("mail word missing: " + std::string(lang) + " " + std::string(key));
  return std::string(v->as_string());
}

// Fills {{…}} in `text`: values escaped when html, words (t.…) filled then escaped, {{{…}}} as given.
std::string fill(std::string_view text, std::string_view lang, const Values& values, bool html, int depth = 0) {
  std::string out;
  out.reserve(text.size() + 256);
  std::size_t i = 0;
  while (i < text.size()) {
    const auto open = text.find("{{", i);
    if (open == std::string_view::npos) {
      out.append(text.substr(i));
      break;
    }
    out.append(text.substr(i, open - i));
    const bool raw = text.substr(open, 3) == "{{{";
    const std::string_view close_mark = raw ? "}}}" : "}}";
    const auto start = open + (raw ? 3 : 2);
    const auto close = text.find(close_mark, start);
    if (close == std::string_view::npos) throw std::runtime_error("mail template: unclosed placeholder");
    const std::string_view name = text.substr(start, close - start);
    if (name.starts_with("t.")) {
      if (depth > 0) throw std::runtime_error("mail word inside a word: " + std::string(name));
      out += fill(raw_word(lang, name.substr(2)), lang, values, html, depth + 1);
    } else {
      auto v = values.find(name);
      if (v == values.end()) throw std::runtime_error("mail value missing: " + std::string(name));
      out += raw || !html ? v->second : core::escape_html(v->second);
    }
    i = close + close_mark.size();
  }
  return out;
}

bool known(std::string_view kind) {
  for (const auto& k : kKinds)
    if (k == kind) return true;
  return false;
}

}  // namespace

std::string word(std::string_view lang, std::string_view key, const Values& values) {
  return fill(raw_word(lang, key), lang, values, false, 1);
}

Rendered render(std::string_view kind, std::string_view lang_in, const Values& given) {
  if (!known(kind)) throw std::runtime_error("unknown mail kind: " + std::string(kind));
  std::string lang(lang_in);
  if (std::find(std::begin(kLanguages), std::end(kLanguages), lang) == std::end(kLanguages)) lang = "en";
  Values values = given;
  values["lang"] = lang;
  values["dir"] = lang == "ar" ? "rtl" : "ltr";
  values["align"] = lang == "ar" ? "right" : "left";
  Rendered r;
  r.subject = word(lang, std::string(kind) + ".subject", values);
  values["subject"] = r.subject;
  Values html_values = values, text_values = values;
  html_values["content"] = fill(file(std::string(kind) + ".html"), lang, values, true);
  text_values["content"] = fill(file(std::string(kind) + ".txt"), lang, values, false);
  r.html = fill(file("layout.html"), lang, html_values, true);
  r.text = fill(file("layout.txt"), lang, text_values, false);
  return r;
}

std::string localized_digits(std::string_view lang, std::string text) {
  if (lang != "ar") return text;
  std::string out;
  out.reserve(text.size() * 2);
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      // U+0660..U+0669: D9 A0..A9 in UTF-8
      out += '\xD9';
      out += static_cast<char>(0xA0 + (c - '0'));
    } else {
      out += c;
    }
  }
  return out;
}

std::string format_amount(std::string_view lang, std::int64_t minor, std::string_view currency, int decimals) {
  return core::format_money(lang, minor, currency, decimals);  // as the storefront writes it (issue 72 item 10)
}

std::string format_date(std::string_view lang, std::string_view iso) {
  if (iso.size() < 10 || iso[4] != '-' || iso[7] != '-') return std::string(iso);
  int month = 0;
  try {
    month = std::stoi(std::string(iso.substr(5, 2)));
  } catch (...) {
    return std::string(iso);
  }
  const json::value* months = find_dotted(words(lang), "months");
  if (month < 1 || month > 12 || !months || !months->is_array() || months->as_array().size() != 12)
    return std::string(iso);
  std::string day(iso.substr(8, 2));
  if (day[0] == '0') day.erase(0, 1);
  const Values v{{"day", day},
                 {"month", std::string(months->as_array()[month - 1].as_string())},
                 {"year", std::string(iso.substr(0, 4))}};
  return localized_digits(lang, word(lang, "dateFormat", v));
}

std::string masked(std::string_view instrument) {
  // Masked by its provider already ("+9665•••123", "Visa •••• 4242"): as it is.
  if (instrument.find("\xE2\x80\xA2") != std::string_view::npos) return std::string(instrument);
  std::size_t digits = 0;
  for (char c : instrument)
    if (c >= '0' && c <= '9') ++digits;
  if (digits <= 4) return std::string(instrument);  // already masked ("•••• 4242") or short
  std::string last;
  for (auto it = instrument.rbegin(); it != instrument.rend() && last.size() < 4; ++it)
    if (*it >= '0' && *it <= '9') last.insert(last.begin(), *it);
  return "\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 " + last;
}

}  // namespace portal::billing_mail
