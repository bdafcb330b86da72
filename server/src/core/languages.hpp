#pragma once
// The six languages the portal speaks (portal spec §3), in the spec's order: the one list every
// layer reads (http's answer language, the catalog's texts, structures, tenant settings).
#include <array>
#include <string_view>

namespace portal::core {

inline constexpr std::array<std::string_view, 6> kLanguages = {"en", "ar", "fr", "de", "es", "ro"};

}  // namespace portal::core
