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

using core::kLanguages;  // the six languages the portal speaks

bool is_language(std::string_view lang);

// The first supported language of an Accept-Language value ("de-CH,de;q=0.9,en;q=0.8";
// entries are taken in the order sent: browsers already send them by falling q):
// an exact tag first, then a base language; nullopt when none is supported.
std::optional<std::string> accept_language_choice(std::string_view accept_language);
// The same among `offered` only (a tenant's languages); empty `offered` = all six.
std::optional<std::string> accept_language_choice(std::string_view accept_language,
                                                  const std::vector<std::string>& offered);

// The negotiation above for a backend call; needs the tenant (ctx.require_tenant()).
std::string api_language(const RequestContext& ctx, const std::optional<std::string>& explicit_choice = std::nullopt);

}  // namespace portal::http
