#pragma once
// The language of an API answer, negotiated in one place, among the languages the tenant
// offers (Tenant::languages; all six when the request has no tenant):
//   1. the caller's explicit choice (a body field, else the `lang` query), when offered;
//   2. the best offered language of Accept-Language (exact tag, then base: "de-CH" -> "de");
//   3. the tenant's default language.
// Pages the portal renders add the language cookie first (i18n::choose_language).
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/languages.hpp"
#include "http/context.hpp"

namespace portal::http {

// The six languages and the Accept-Language choice among them (core/languages.hpp).
using core::accept_language_choice;
using core::is_language;
using core::kLanguages;

// The negotiation above for a backend call; needs the tenant (ctx.require_tenant()).
std::string api_language(const RequestContext& ctx, const std::optional<std::string>& explicit_choice = std::nullopt);

}  // namespace portal::http
