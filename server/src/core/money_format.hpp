#pragma once
// Money as the storefront writes it (issue 72 item 10). The client formats every price with Intl.NumberFormat in
// currency style for the reader's locale (web/src/lib/formatters.ts formatPrice: en-US, de-DE, fr-FR, es-ES, ro-RO, and
// ar-EG with Arabic-Indic digits); the server writes the same with ICU's number formatter, which reads the same CLDR
// data: the hosted checkout pages, receipts and every mail with an amount. One table of cases holds both to it
// (web/src/lib/__tests__/money-format-cases.json: money_format_test.cpp here, money-format.test.ts in the client).
#include <cstdint>
#include <string>
#include <string_view>

namespace portal::core {

// The ICU locale a language's numbers are written in, as the client's numberLocale ("ar" -> "ar-EG-u-nu-arab");
// a language outside the six reads as English.
std::string_view number_locale(std::string_view lang);

// `minor` units of `currency` (ISO 4217) with `decimals` fraction digits (0 to 6), in `lang`: "€0.99",
// "0,99 €", "‏٠٫٩٩ ر.س.‏". A code ICU cannot read as a currency is written after the number ("12.00 TICKETS").
std::string format_money(std::string_view lang, std::int64_t minor, std::string_view currency, int decimals = 2);

}  // namespace portal::core
