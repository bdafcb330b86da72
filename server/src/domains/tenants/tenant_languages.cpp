#include "domains/tenants/tenant_languages.hpp"

#include <algorithm>
#include <cstddef>

#include "core/languages.hpp"

namespace portal::tenants {

std::optional<std::string> languages_problem(const std::vector<std::string>& languages, std::string_view default_locale) {
  if (languages.empty()) return "must list at least one language";
  for (std::size_t i = 0; i < languages.size(); ++i) {
    if (std::find(core::kLanguages.begin(), core::kLanguages.end(), languages[i]) == core::kLanguages.end())
      return "'" + languages[i] + "' is not one of en, ar, fr, de, es, ro";
    if (std::find(languages.begin(), languages.begin() + static_cast<std::ptrdiff_t>(i), languages[i]) !=
        languages.begin() + static_cast<std::ptrdiff_t>(i))
      return "'" + languages[i] + "' is listed twice";
  }
  if (std::find(languages.begin(), languages.end(), default_locale) == languages.end())
    return "must contain the default language '" + std::string(default_locale) + "'";
  return std::nullopt;
}

std::string languages_text(const std::vector<std::string>& languages) {
  std::string out;
  for (const auto& lang : languages) out += (out.empty() ? "" : ",") + lang;
  return out;
}

std::vector<std::string> languages_from_text(std::string_view text, std::string_view default_locale) {
  std::vector<std::string> out;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string lang(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    if (std::find(core::kLanguages.begin(), core::kLanguages.end(), lang) != core::kLanguages.end() &&
        std::find(out.begin(), out.end(), lang) == out.end())
      out.push_back(lang);
  }
  if (out.empty()) return {core::kLanguages.begin(), core::kLanguages.end()};
  if (!default_locale.empty() && std::find(out.begin(), out.end(), default_locale) == out.end())
    out.insert(out.begin(), std::string(default_locale));
  return out;
}

}  // namespace portal::tenants
