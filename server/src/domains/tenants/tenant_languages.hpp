#pragma once
// The languages a tenant offers (docs/tenants.md "Languages"): an ordered subset of the six
// (core::kLanguages) that holds its default language. Pure functions, no I/O.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::tenants {

// Why a list of languages cannot be a tenant's (docs/tenants.md "Languages"), nullopt when it
// can: not empty, each one of the six (core::kLanguages), none twice, default_locale among them.
std::optional<std::string> languages_problem(const std::vector<std::string>& languages, std::string_view default_locale);
// The column form of a tenant's languages ("en,ar") and back. Reading keeps the known
// languages in their order and adds the default when missing; nothing known reads as all six.
std::string languages_text(const std::vector<std::string>& languages);
std::vector<std::string> languages_from_text(std::string_view text, std::string_view default_locale);

}  // namespace portal::tenants
