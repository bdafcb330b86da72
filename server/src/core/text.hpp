#pragma once
// Text helpers every layer uses: filling a translated text's {{placeholders}}, escaping text for HTML (pages the
// server renders, mail bodies, SVG attributes), ASCII lower and upper case, case-blind equality and trimming. One copy of each.
#include <string>
#include <string_view>

namespace portal::core {

// Every `key` in `text` replaced by `value` (left to right; a value containing the key is not replaced again).
std::string replace_all(std::string text, std::string_view key, std::string_view value);

// `text` safe inside HTML elements and quoted attributes: & < > " ' as entities.
std::string escape_html(std::string_view text);

// `text` with A-Z as a-z (ASCII only: codes, e-mail addresses, header names, tags; other bytes stay).
std::string lower(std::string_view text);

// `text` with a-z as A-Z (ASCII only, as `lower`).
std::string upper(std::string_view text);

// Whether `a` and `b` are equal with A-Z and a-z taken as the same letter (ASCII only, as `lower`).
bool iequals(std::string_view a, std::string_view b);

// `text` without the ASCII white space (space, tab, CR, LF, FF, VT) at either end.
std::string_view trim(std::string_view text);

}  // namespace portal::core
