#pragma once
// The six languages the portal speaks (portal spec §3), in the spec's order: the one list every
// layer reads (http's answer language, the catalog's texts, structures, tenant settings).
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::core {

inline constexpr std::array<std::string_view, 6> kLanguages = {"en", "ar", "fr", "de", "es", "ro"};

bool is_language(std::string_view lang);

// The supported language an Accept-Language value prefers ("de-CH,de;q=0.9,en;q=0.8"): its ranges by weight
// (q=0 is "not this one"; equal weights in the order sent): an exact tag first, then a base language;
// nullopt when none is supported.
std::optional<std::string> accept_language_choice(std::string_view accept_language);
// The same among `offered` only (a tenant's languages); empty `offered` = all six.
std::optional<std::string> accept_language_choice(std::string_view accept_language,
                                                  const std::vector<std::string>& offered);

}  // namespace portal::core
