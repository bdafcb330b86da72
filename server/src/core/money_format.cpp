#include "core/money_format.hpp"

#include <unicode/currunit.h>
#include <unicode/numberformatter.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

namespace portal::core {
namespace {

namespace number = icu::number;

// "1234.56" for 123456 minor units with 2 decimals: exact, whatever the amount (no binary fraction on the way).
std::string decimal_text(std::int64_t minor, int decimals) {
  const bool negative = minor < 0;
  std::uint64_t v = negative ? 0 - static_cast<std::uint64_t>(minor) : static_cast<std::uint64_t>(minor);
  std::string digits = std::to_string(v);
  if (decimals > 0) {
    if (digits.size() <= static_cast<std::size_t>(decimals))
      digits.insert(0, static_cast<std::size_t>(decimals) + 1 - digits.size(), '0');
    digits.insert(digits.size() - static_cast<std::size_t>(decimals), 1, '.');
  }
  return negative ? "-" + digits : digits;
}

// One formatter per locale, currency and decimals, made on first use (a LocalizedNumberFormatter is immutable and
// formats from any thread); nullptr when ICU does not read the code as a currency. Bounded by the codes tenants use.
std::shared_ptr<const number::LocalizedNumberFormatter> formatter(std::string_view locale, std::string_view currency,
                                                                  int decimals) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const number::LocalizedNumberFormatter>, std::less<>> made;
  std::string key = std::string(locale) + '|' + std::string(currency) + '|' + std::to_string(decimals);
  std::lock_guard lock(mutex);
  if (auto it = made.find(key); it != made.end()) return it->second;
  std::shared_ptr<const number::LocalizedNumberFormatter> f;
  UErrorCode status = U_ZERO_ERROR;
  const bool letters = currency.size() == 3 && std::all_of(currency.begin(), currency.end(), [](char c) {
                         return c >= 'A' && c <= 'Z';
                       });
  if (letters) {
    icu::CurrencyUnit unit(icu::StringPiece(currency.data(), 3), status);
    const icu::Locale loc = icu::Locale::forLanguageTag(icu::StringPiece(locale.data(), locale.size()), status);
    if (U_SUCCESS(status))
      f = std::make_shared<const number::LocalizedNumberFormatter>(
          number::NumberFormatter::withLocale(loc).unit(unit).precision(number::Precision::fixedFraction(decimals)));
  }
  if (made.size() < 256) made.emplace(std::move(key), f);
  return f;
}

}  // namespace

std::string_view number_locale(std::string_view lang) {
  if (lang == "ar") return "ar-EG-u-nu-arab";
  if (lang == "de") return "de-DE";
  if (lang == "fr") return "fr-FR";
  if (lang == "es") return "es-ES";
  if (lang == "ro") return "ro-RO";
  return "en-US";
}

std::string format_money(std::string_view lang, std::int64_t minor, std::string_view currency, int decimals) {
  decimals = std::clamp(decimals, 0, 6);
  const std::string amount = decimal_text(minor, decimals);
  if (const auto f = formatter(number_locale(lang), currency, decimals)) {
    UErrorCode status = U_ZERO_ERROR;
    const auto formatted = f->formatDecimal(icu::StringPiece(amount), status);
    const icu::UnicodeString text = formatted.toString(status);
    std::string out;
    if (U_SUCCESS(status)) return text.toUTF8String(out);
  }
  // Not a currency ICU knows: the number in the reader's format, then the code.
  UErrorCode status = U_ZERO_ERROR;
  const std::string_view locale = number_locale(lang);
  const auto plain = number::NumberFormatter::withLocale(
                         icu::Locale::forLanguageTag(icu::StringPiece(locale.data(), locale.size()), status))
                         .precision(number::Precision::fixedFraction(decimals));
  const icu::UnicodeString text = plain.formatDecimal(icu::StringPiece(amount), status).toString(status);
  std::string out;
  if (U_FAILURE(status)) out = amount;
  else text.toUTF8String(out);
  return currency.empty() ? out : out + " " + std::string(currency);
}

}  // namespace portal::core
