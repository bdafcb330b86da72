#include "core/languages.hpp"

#include "core/text.hpp"

#include <algorithm>
#include <cstdlib>

namespace portal::core {

bool is_language(std::string_view lang) {
  return std::find(kLanguages.begin(), kLanguages.end(), lang) != kLanguages.end();
}

std::optional<std::string> accept_language_choice(std::string_view accept_language) {
  return accept_language_choice(accept_language, {});
}

namespace {

struct Wanted {
  std::string tag;  // lower case, "de-ch"
  double q = 1;
};

// The weight of one ";q=0.8" parameter list: 1 when absent; -1 when malformed (the range is dropped).
double weight(std::string_view params) {
  double q = 1;
  while (!params.empty()) {
    const auto semi = params.find(';');
    std::string p(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view{} : params.substr(semi + 1);
    p.erase(std::remove(p.begin(), p.end(), ' '), p.end());
    if (p.size() < 2 || (p[0] != 'q' && p[0] != 'Q') || p[1] != '=') continue;
    const std::string value = p.substr(2);
    char* end = nullptr;
    q = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || q < 0 || q > 1) return -1;
  }
  return q;
}

}  // namespace

// RFC 9110 12.5.4: each range with its weight (q=0: not acceptable), the heaviest first and, between equals, in the
// order given; an offered tag among them first, else an offered base language ("de-CH" -> "de").
std::optional<std::string> accept_language_choice(std::string_view accept_language,
                                                  const std::vector<std::string>& offered) {
  auto usable = [&](std::string_view lang) {
    return is_language(lang) && (offered.empty() || std::find(offered.begin(), offered.end(), lang) != offered.end());
  };
  std::vector<Wanted> wanted;
  std::size_t pos = 0;
  while (pos < accept_language.size() && wanted.size() < 32) {
    std::size_t end = accept_language.find(',', pos);
    if (end == std::string_view::npos) end = accept_language.size();
    const std::string_view item = accept_language.substr(pos, end - pos);
    pos = end + 1;
    const auto semi = item.find(';');
    std::string tag(item.substr(0, semi));
    tag.erase(std::remove(tag.begin(), tag.end(), ' '), tag.end());
    tag = core::lower(tag);
    const double q = semi == std::string_view::npos ? 1 : weight(item.substr(semi + 1));
    if (!tag.empty() && q > 0) wanted.push_back({std::move(tag), q});
  }
  std::stable_sort(wanted.begin(), wanted.end(), [](const Wanted& a, const Wanted& b) { return a.q > b.q; });
  for (const auto& w : wanted)
    if (usable(w.tag)) return w.tag;
  for (const auto& w : wanted)
    if (auto base = w.tag.substr(0, w.tag.find('-')); usable(base)) return base;
  return std::nullopt;
}

}  // namespace portal::core
