#include "http/language.hpp"

#include <algorithm>
#include <vector>

#include "core/tenant.hpp"

namespace portal::http {

std::string api_language(const RequestContext& ctx, const std::optional<std::string>& explicit_choice) {
  static const std::vector<std::string> all;
  const std::vector<std::string>& offered = ctx.tenant ? ctx.tenant->languages : all;
  auto usable = [&](std::string_view lang) {
    return is_language(lang) && (offered.empty() || std::find(offered.begin(), offered.end(), lang) != offered.end());
  };
  if (explicit_choice && usable(*explicit_choice)) return *explicit_choice;
  if (auto query = ctx.query("lang"); query && usable(*query)) return *query;
  if (auto accepted = accept_language_choice(ctx.req[bhttp::field::accept_language], offered)) return *accepted;
  return ctx.require_tenant().default_locale;
}

}  // namespace portal::http
