#include "domains/tenants/tenants_seed.hpp"

#include <boost/json.hpp>  // free-form: data/tenants/<name>.json, the operator's tenant file
#include <algorithm>
#include <map>
#include <stdexcept>

#include "core/json_file.hpp"
#include "core/links.hpp"
#include "core/log.hpp"
#include "domains/tenants/settings_entries.hpp"
#include "domains/tenants/tenant_languages.hpp"
#include "domains/tenants/tenant_settings.hpp"
#include "domains/tenants/tenants_app.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::tenants {

namespace json = boost::json;
namespace fs = std::filesystem;

namespace {

// Seed files are part of the build: a broken one stops the start-up.
json::value read_json(const fs::path& file) {
  auto value = core::read_json_file(file);
  if (!value) throw std::runtime_error(value.error().message);
  return std::move(*value);
}

std::string theme_block(const json::object& colors, std::string_view theme) {
  const auto* vars = colors.if_contains(theme);
  if (!vars || !vars->is_object()) throw std::runtime_error("colors." + std::string(theme) + " is missing");
  std::string css;
  for (std::string_view name : kColorNames) {
    const auto* v = vars->as_object().if_contains(name);
    if (!v || !v->is_string() || !core::safe_colour(v->as_string())) {
      throw std::runtime_error("colors." + std::string(theme) + "." + std::string(name) + " must be a colour");
    }
    css += "--color-" + std::string(name) + ":" + std::string(v->as_string()) + ";";
  }
  return css;
}

std::string required_string(const json::object& obj, std::string_view field) {
  const auto* v = obj.if_contains(field);
  if (!v || !v->is_string() || v->as_string().empty()) {
    throw std::runtime_error("field " + std::string(field) + " is required");
  }
  return std::string(v->as_string());
}

json::object optional_object(const json::object& obj, std::string_view field) {
  const auto* v = obj.if_contains(field);
  if (!v) return {};
  if (!v->is_object()) throw std::runtime_error("field " + std::string(field) + " must be an object");
  return v->as_object();
}

}  // namespace

std::string colors_css(const json::object& colors) {
  return ":root{" + theme_block(colors, "light") + "}:root[data-theme=dark]{" + theme_block(colors, "dark") + "}";
}

Tenant read_tenant_file(const fs::path& file) {
  try {
    return tenant_from_json(read_json(file));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(file.string() + ": " + e.what());
  }
}

Tenant tenant_from_json(const json::value& v) {
  {
    if (!v.is_object()) throw std::runtime_error("not a JSON object");
    const json::object& o = v.as_object();
    Tenant t;
    t.name = required_string(o, "name");
    t.display_name = required_string(o, "displayName");
    t.default_locale = required_string(o, "defaultLocale");
    t.default_theme = required_string(o, "defaultTheme");
    if (t.default_theme != "light" && t.default_theme != "dark") {
      throw std::runtime_error("defaultTheme must be light or dark");
    }
    // Optional: absent offers all six languages (docs/tenants.md "Languages").
    if (const auto* languages = o.if_contains("languages"); languages && !languages->is_null()) {
      if (!languages->is_array()) throw std::runtime_error("languages must be an array of language codes");
      t.languages.clear();
      for (const auto& l : languages->as_array()) {
        if (!l.is_string()) throw std::runtime_error("languages must be an array of language codes");
        t.languages.emplace_back(l.as_string());
      }
      if (auto problem = languages_problem(t.languages, t.default_locale))
        throw std::runtime_error("languages " + *problem);
    }
    if (const auto* hosts = o.if_contains("hosts"); hosts && hosts->is_array()) {
      for (const auto& h : hosts->as_array()) {
        if (!h.is_string() || h.as_string().empty()) throw std::runtime_error("hosts must be names");
        t.hosts.push_back(normalize_host(h.as_string()));
      }
    }
    const auto* colors = o.if_contains("colors");
    if (colors && colors->is_string()) {
      t.colors = std::string(colors->as_string());
    } else if (colors && colors->is_object()) {
      t.colors = colors_css(colors->as_object());
    } else {
      throw std::runtime_error("field colors is required");
    }
    if (const auto* style = o.if_contains("customStyle"); style && style->is_string()) {
      t.custom_style = std::string(style->as_string());
    }
    t.features = optional_object(o, "features");
    t.settings = optional_object(o, "settings");
    // The tag manager id and the app's manifest settings are checked here, so a
    // malformed one stops the import instead of reaching a visitor (issue 16).
    tag_manager_id(t.settings);
    complete_app_settings(t.settings, colors && colors->is_object() ? &colors->as_object() : nullptr, t.default_theme);
    check_operator_links(t.settings, "settings");
    check_operator_links(t.features, "features");
    if (auto problem = settings_entries_problem(t.settings)) throw std::runtime_error(problem->field + " " + problem->reason);
    t.backend = optional_object(o, "backend");
    if (const auto* partner = t.backend.if_contains("partner"); partner && partner->is_object())
      if (const auto* url = partner->as_object().if_contains("loginOptionsUrl");
          url && !url->is_null() && !(url->is_string() && (url->as_string().empty() || valid_partner_address(url->as_string()))))
        throw std::runtime_error("backend.partner.loginOptionsUrl must be an http(s) address without a fragment");
    return t;
  }
}

int seed_tenants(db::Database& db, const fs::path& data_dir, core::SeedGuard* guard) {
  std::vector<std::pair<Tenant, fs::path>> tenants;
  std::map<std::string, std::string> host_owner;
  for (const fs::path& file : core::json_files(data_dir / "tenants")) {  // sorted: deterministic ids
    Tenant t = read_tenant_file(file);
    // Two files claiming one host would make the seed flap between them.
    for (const std::string& host : t.hosts) {
      auto [it, fresh] = host_owner.emplace(host, t.name);
      if (!fresh) throw std::runtime_error("host " + host + " is claimed by " + it->second + " and " + t.name);
    }
    tenants.emplace_back(std::move(t), file);
  }
  TenantsRepository repository(db);
  std::map<std::string, std::int64_t> existing;
  for (const auto& t : repository.load_all()) existing.emplace(t.name, t.id);
  int written = 0;
  for (const auto& [t, file] : tenants) {
    const auto found = existing.find(t.name);
    if (guard && found != existing.end() && !guard->made_by_seed(found->second)) {
      core::log_json(spdlog::level::warn, "demo seed left alone a tenant it did not make", {{"tenant", t.name}});
      continue;
    }
    if (guard && !guard->may_write(found == existing.end() ? 0 : found->second, "settings", file)) continue;
    const std::int64_t id = repository.upsert(t);
    if (guard) guard->wrote(id, "settings", file);
    ++written;
  }
  return written;
}

}  // namespace portal::tenants
