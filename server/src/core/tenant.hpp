#pragma once
// A tenant as the layers below the domains see it (issue 77 item 3: http/ includes no domain): one operator
// storefront with its own hosts, language, colours and feature flags, and how a browser reached this server.
// The tenants domain reads, writes and caches them (domains/tenants/, which names them tenants::Tenant);
// requests hold a shared_ptr<const Tenant> for their whole life.
#include <boost/json/object.hpp>  // free-form: features, settings and backend, areas the operator edits whole
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace portal::core {

struct Tenant {
  std::int64_t id = 0;
  std::string name;                 // the X-Tenant-ID value, e.g. "aurora"
  std::string display_name;
  std::vector<std::string> hosts;   // host names (no port) that map to this tenant
  std::string default_locale;       // en, ar, fr, de, es, ro
  // The languages the tenant offers, in its order: a subset of the six that holds
  // default_locale (validated where written: languages_problem in tenants_service.hpp).
  std::vector<std::string> languages{"en", "ar", "fr", "de", "es", "ro"};
  std::string default_theme;        // "light" or "dark"
  std::string colors;               // CSS text with the colour variables (light and dark)
  std::string custom_style;         // stylesheet URL, or empty
  boost::json::object features;     // feature flags (V2Modals, redirectToSubPage, autoLogin, ...)
  boost::json::object settings;     // global-settings areas: links, header, footer, priceFormat, ...
  boost::json::object backend;      // backend settings: allowedOrigins, backendUrl override, ...
  // The configuration's version (tenants.config_version), raised by every change of
  // the tenant's settings, hosts, plans, structures or catalog: per-tenant caches
  // key their entries by it, so a change retires every entry made before it.
  std::int64_t version = 0;
  // Where the tenant's mails link to, "scheme://host[:port]" (issue 72 item 3): set by the TenantRegistry from
  // backend.publicOrigin, else the portal's public URL (tenants::public_origin); "" when neither is configured.
  std::string public_origin;

  // The tenant's name as pages and mails show it: its display name, else its id name.
  const std::string& site_name() const { return display_name.empty() ? name : display_name; }
};

// Whether the tenant offers `lang` (one of its languages).
inline bool offers_language(const Tenant& tenant, std::string_view lang) {
  return std::find(tenant.languages.begin(), tenant.languages.end(), lang) != tenant.languages.end();
}

// How a browser reached this server with one request (http::reached fills it
// from the connection): the scheme it used, the port the connection came in
// on, and whether a configured reverse proxy forwarded it (then the browser
// used the proxy's public address: the scheme's default port).
struct Reached {
  bool https = false;
  unsigned short port = 0;  // the listening port the connection was accepted on; 0 when unknown
  bool proxied = false;
};

}  // namespace portal::core
