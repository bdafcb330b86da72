#pragma once
// The customer's mails from the templates in server/mail (embedded at build time): a kind's HTML and
// plain text inside the shared layouts, with the words of locales/<lng>.json. Pure string work.
//
// Placeholders: {{name}} a value (HTML-escaped in the HTML part), {{t.key.path}} a text of the
// language's words, itself filled with the values, {{{content}}} the kind's body inside the layout.
// A placeholder without a value, an unknown kind or a missing word throws std::runtime_error: every
// kind renders in every language in the tests, so a gap shows there, never in a customer's mail.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace portal::billing_mail {

inline const std::vector<std::string> kKinds{"receipt", "refund", "price_notice", "trial_notice", "dunning",
                                             "webhook_disabled"};

using Values = std::map<std::string, std::string, std::less<>>;

struct Rendered {
  std::string subject;
  std::string text;  // plain text
  std::string html;
};

// kind: one of kKinds; lang: one of the six (another falls back to en). Values need not hold
// lang, dir, align or subject: the renderer sets them.
Rendered render(std::string_view kind, std::string_view lang, const Values& values);

// One word of a language ("purposes.checkout"), {{…}} filled from values (unescaped); throws when missing.
std::string word(std::string_view lang, std::string_view key, const Values& values = {});

// Amounts in minor units as the storefront writes them (core::format_money, issue 72 item 10): "€12.99" (en),
// "12,99 €" (fr, de, es), "12,99 EUR" (ro), "‏١٢٫٩٩ €" (ar: Arabic-Indic digits, the currency's Arabic symbol).
std::string format_amount(std::string_view lang, std::int64_t minor, std::string_view currency, int decimals = 2);
// The day of an ISO time ("2026-11-25T…") by the language's date format: "25 November 2026",
// "25. November 2026", "٢٥ نوفمبر ٢٠٢٦"; the text itself when it is no ISO time.
std::string format_date(std::string_view lang, std::string_view iso);
// ASCII digits as Arabic-Indic ones for ar; unchanged otherwise.
std::string localized_digits(std::string_view lang, std::string text);
// A card number or MSISDN with every digit but the last four hidden: "•••• 4242".
std::string masked(std::string_view instrument);

}  // namespace portal::billing_mail
