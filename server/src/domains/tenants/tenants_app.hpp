#pragma once
// A tenant's site as an installable app and its tracking (issue 16, portal §4,
// commerce §5): the web app manifest, and the tag manager a tenant may configure.
//
// Tenant file (data/tenants/<name>.json):
//   settings.tagManager.containerId  "GTM-" followed by upper-case letters and digits, or absent.
//                                    Anything else stops the import (read_tenant_file throws).
//   settings.app                     {shortName, themeColor, backgroundColor, icons:[{src,sizes,type,purpose}]};
//                                    every member optional: the colours default to the default
//                                    theme's primary and bg, the icons to the tenant icon/logo.
#include <boost/json/object.hpp>  // free-form: checks and reads areas of the tenant's settings document (app, tagManager, metaData)
#include <string>
#include <string_view>
#include <vector>

#include "domains/tenants/tenants_types.hpp"
#include "domains/tenants/tenants_dto.hpp"

namespace portal::tenants {

// commerce §5: GTM-[A-Z0-9]+.
bool valid_tag_manager_id(std::string_view id);

// The configured container id, "" when none. Throws std::runtime_error when
// settings.tagManager is present but malformed (the import's check).
std::string tag_manager_id(const boost::json::object& settings);
inline std::string tag_manager_id(const Tenant& tenant) { return tag_manager_id(tenant.settings); }

// The origins a consenting visitor's browser talks to once the tenant's tag
// manager runs (script, its beacons); empty for a tenant without one.
std::vector<std::string> tag_manager_origins(const Tenant& tenant);

// Checks settings.app and fills its colours from the file's palette when it
// names none ({"light":{...},"dark":{...}}, the default theme's). Throws
// std::runtime_error on a malformed member. Called by read_tenant_file.
void complete_app_settings(boost::json::object& settings, const boost::json::object* palette,
                           std::string_view default_theme);

// Every link an operator puts into the tenant's settings or features document (core::safe_link): the members
// of settings.images and settings.links (but an …Email, which is an address), and any member named like a link (…Url, …Route, …Href, …Link, logo,
// src, image) at any depth. `area` is "settings" or "features", the start of the field named on failure.
// Throws std::runtime_error("<area>.<path> must be …") on the first that is not a link (an empty one is unset).
void check_operator_links(const boost::json::object& document, std::string_view area);

// The web app manifest (application/manifest+json), sent with value_from. `origin` is the tenant's
// configured origin (http::tenant_origin): icons are absolute URLs on it;
// start_url, scope and id stay relative to the manifest (same origin as the page).
WebManifest web_manifest(const Tenant& tenant, std::string_view origin);

}  // namespace portal::tenants
