#include "core/languages.hpp"

#include <algorithm>
#include <boost/algorithm/string/case_conv.hpp>

namespace portal::core {

bool is_language(std::string_view lang) {
  return std::find(kLanguages.begin(), kLanguages.end(), lang) != kLanguages.end();
}

std::optional<std::string> accept_language_choice(std::string_view accept_language) {
  return accept_language_choice(accept_language, {});
}

std::optional<std::string> accept_language_choice(std::string_view accept_language,
                                                  const std::vector<std::string>& offered) {
  auto usable = [&](std::string_view lang) {
    return is_language(lang) && (offered.empty() || std::find(offered.begin(), offered.end(), lang) != offered.end());
  };
  std::vector<std::string> wanted;
  std::size_t pos = 0;
  while (pos < accept_language.size()) {
    std::size_t end = accept_language.find(',', pos);
    if (end == std::string_view::npos) end = accept_language.size();
    std::string item(accept_language.substr(pos, end - pos));
    pos = end + 1;
    item = item.substr(0, item.find(';'));
    item.erase(std::remove(item.begin(), item.end(), ' '), item.end());
    boost::algorithm::to_lower(item);
    if (!item.empty()) wanted.push_back(std::move(item));
  }
  for (const auto& w : wanted)
    if (usable(w)) return w;
  for (const auto& w : wanted)
    if (auto base = w.substr(0, w.find('-')); usable(base)) return base;
  return std::nullopt;
}

}  // namespace portal::core
