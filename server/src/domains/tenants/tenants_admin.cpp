#include "domains/tenants/tenants_admin.hpp"

#include <boost/json.hpp>  // free-form: a new tenant is a tenant file, read by tenant_from_json as the seed's are
#include <boost/throw_exception.hpp>
#include <algorithm>
#include <stdexcept>

#include "core/json_file.hpp"
#include "domains/tenants/tenant_languages.hpp"
#include "domains/tenants/tenants_app.hpp"
#include "domains/tenants/tenants_seed.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::tenants {
namespace json = boost::json;

void throw_exception_from_error(const AdminError& e, const boost::source_location& loc) {
  boost::throw_exception(std::runtime_error(e.message), loc);
}

namespace {

AdminError error(AdminErrorCode code, std::string message, std::string field = {}) {
  return {code, std::move(message), std::move(field)};
}

// The host of `candidate` claimed by another tenant than `name`, if any.
std::optional<std::pair<std::string, std::string>> taken_host(const std::vector<Tenant>& all, const std::string& name,
                                                              const std::vector<std::string>& hosts) {
  for (const auto& t : all) {
    if (t.name == name) continue;
    for (const auto& h : hosts)
      if (std::find(t.hosts.begin(), t.hosts.end(), h) != t.hosts.end()) return std::pair{h, t.name};
  }
  return std::nullopt;
}

// A palette close to the storefront's own defaults, readable in both themes.
json::object starter_colors() {
  return {{"light",
           {{"primary", "#2f5bd3"},
            {"primary-contrast", "#ffffff"},
            {"bg", "#f8fafc"},
            {"surface", "#ffffff"},
            {"text", "#111827"},
            {"muted", "#5b6472"},
            {"border", "#e2e8f0"},
            {"accent", "#0f9f8f"}}},
          {"dark",
           {{"primary", "#8fb0ff"},
            {"primary-contrast", "#0b1220"},
            {"bg", "#0f141c"},
            {"surface", "#18202b"},
            {"text", "#eef2f6"},
            {"muted", "#9aa6b5"},
            {"border", "#2a3544"},
            {"accent", "#3dd6c4"}}}};
}

AdminResult<void> check_hosts(const std::vector<std::string>& hosts) {
  if (hosts.empty()) return error(AdminErrorCode::invalid_field, "a tenant needs at least one --host", "host");
  for (const auto& h : hosts)
    if (!valid_host(h)) return error(AdminErrorCode::invalid_field, "'" + h + "' is not a host name", "host");
  return {};
}

// Where the tenant's mails link to: an origin when given; required when the portal has no public URL of its own.
AdminResult<void> check_public_origin(const std::string& origin, bool required) {
  if (origin.empty()) {
    if (!required) return {};
    return error(AdminErrorCode::invalid_field,
                 "the tenant needs its public origin (--public-origin https://play.example, or backend.publicOrigin in "
                 "its file): outside the dev stage without --public-url its mails would have no address to link to",
                 "publicOrigin");
  }
  if (!browser_origin(origin))
    return error(AdminErrorCode::invalid_field, "the public origin must be an origin such as https://play.example",
                 "publicOrigin");
  return {};
}

}  // namespace

bool valid_tenant_name(std::string_view name) {
  if (name.empty() || name.size() > 32 || !(name[0] >= 'a' && name[0] <= 'z')) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

bool valid_host(std::string_view host) {
  if (host.empty() || host.size() > 253 || host.front() == '.' || host.front() == '-') return false;
  if (host.find("..") != std::string_view::npos) return false;
  return std::all_of(host.begin(), host.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
  });
}

Tenant starter_tenant(const NewTenant& input) {
  json::array hosts;
  for (const auto& h : input.hosts) hosts.emplace_back(normalize_host(h));
  const std::string display = input.display_name.empty() ? input.name : input.display_name;
  json::object doc{{"name", input.name},
                   {"displayName", display},
                   {"hosts", std::move(hosts)},
                   {"defaultLocale", input.language},
                   {"defaultTheme", "light"},
                   {"colors", starter_colors()},
                   {"features", json::object{}},
                   {"settings",
                    {{"currency", "EUR"},
                     {"priceFormat", {{"decimals", 2}}},
                     {"header", {{"structure", "header"}}},
                     {"footer", {{"structure", "footer"}}},
                     {"metaData", {{"siteName", display}}},
                     {"loginOptions", {{"email", true}, {"operator", false}}}}}};
  if (!input.languages.empty()) doc["languages"] = json::array(input.languages.begin(), input.languages.end());
  if (!input.public_origin.empty()) doc["backend"] = json::object{{"publicOrigin", input.public_origin}};
  return tenant_from_json(doc);
}

AdminResult<Tenant> create_tenant(TenantsRepository& repository, const NewTenant& input, bool needs_public_origin) {
  if (!valid_tenant_name(input.name))
    return error(AdminErrorCode::invalid_field,
                 "the name must start with a letter and hold at most 32 lower-case letters, digits and '-'", "name");
  if (std::find(std::begin(kLanguages), std::end(kLanguages), input.language) == std::end(kLanguages))
    return error(AdminErrorCode::invalid_field, "the language must be one of en, ar, de, fr, es, ro", "language");
  if (!input.languages.empty())
    if (auto problem = languages_problem(input.languages, input.language))
      return error(AdminErrorCode::invalid_field, "languages " + *problem, "languages");
  std::vector<std::string> hosts;
  for (const auto& h : input.hosts) hosts.push_back(normalize_host(h));
  if (auto ok = check_hosts(hosts); !ok) return ok.error();
  if (auto ok = check_public_origin(input.public_origin, needs_public_origin); !ok) return ok.error();
  const auto all = repository.load_all();
  if (std::any_of(all.begin(), all.end(), [&](const Tenant& t) { return t.name == input.name; }))
    return error(AdminErrorCode::name_taken, "a tenant named '" + input.name + "' exists", "name");
  if (auto taken = taken_host(all, input.name, hosts))
    return error(AdminErrorCode::host_taken, "the host " + taken->first + " belongs to " + taken->second, "host");
  Tenant t = starter_tenant(input);
  t.id = repository.upsert(t);
  return t;
}

AdminResult<Tenant> import_tenant(TenantsRepository& repository, const std::string& file, bool needs_public_origin) {
  Tenant t;
  try {
    t = read_tenant_file(file);
  } catch (const std::runtime_error& e) {
    return error(AdminErrorCode::invalid_file, e.what());
  }
  if (!valid_tenant_name(t.name))
    return error(AdminErrorCode::invalid_field,
                 "name must start with a letter and hold at most 32 lower-case letters, digits and '-'", "name");
  if (std::find(std::begin(kLanguages), std::end(kLanguages), t.default_locale) == std::end(kLanguages))
    return error(AdminErrorCode::invalid_field, "defaultLocale must be one of en, ar, de, fr, es, ro", "defaultLocale");
  if (auto ok = check_hosts(t.hosts); !ok) return ok.error();
  const auto* configured = t.backend.if_contains("publicOrigin");
  if (configured && !configured->is_string())
    return error(AdminErrorCode::invalid_field, "backend.publicOrigin must be an origin such as https://play.example",
                 "backend.publicOrigin");
  if (auto ok = check_public_origin(configured ? std::string(configured->as_string()) : "", needs_public_origin); !ok)
    return ok.error();
  if (auto taken = taken_host(repository.load_all(), t.name, t.hosts))
    return error(AdminErrorCode::host_taken, "the host " + taken->first + " belongs to " + taken->second, "host");
  t.id = repository.upsert(t);
  return t;
}

}  // namespace portal::tenants
