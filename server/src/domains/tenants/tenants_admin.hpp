#pragma once
// Tenants made by an operator (`portal tenant create|import|list`, docs/tenants.md):
// a new tenant from a name, its hosts and a language, or a whole tenant file
// (the data/tenants format). Expected refusals are values of this header's
// error enum; nothing here knows HTTP or the command line. Blocking (SQL).
#include <boost/system/result.hpp>
#include <string>
#include <vector>

#include "domains/tenants/tenants_repository.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::tenants {

enum class AdminErrorCode {
  invalid_field,  // field and reason: a name, host or language the rules refuse
  name_taken,     // create: a tenant of that name exists (import replaces it instead)
  host_taken,     // a host already maps to another tenant: field "host"
  invalid_file,   // import: the file does not read or breaks the format
};

struct AdminError {
  AdminErrorCode code = AdminErrorCode::invalid_field;
  std::string message;  // English, for the operator
  std::string field;    // the offending field, when one
};

[[noreturn]] void throw_exception_from_error(const AdminError& e, const boost::source_location& loc);

template <class T>
using AdminResult = boost::system::result<T, AdminError>;

// The languages a tenant may speak (the client's six bundles).
inline constexpr std::string_view kLanguages[] = {"en", "ar", "de", "fr", "es", "ro"};

struct NewTenant {
  std::string name;                // [a-z][a-z0-9-]{0,31}: the X-Tenant-ID value
  std::vector<std::string> hosts;  // at least one host name
  std::string language = "en";     // default language
  std::vector<std::string> languages;  // the languages offered; empty = all six
  std::string display_name;        // "" = the name
  std::string public_origin;       // backend.publicOrigin: where its mails link to ("" = the portal's public URL)
};

// A name the X-Tenant-ID header and file names can carry.
bool valid_tenant_name(std::string_view name);
// A host name: letters, digits, '-' and '.', 1 to 253 characters, no port.
bool valid_host(std::string_view host);

// The tenant `create` would store: neutral colours, no custom stylesheet, no
// feature flags, the settings a storefront needs to start (currency EUR).
Tenant starter_tenant(const NewTenant& input);

// Stores a new tenant; refuses a taken name or host. Returns it with its id.
// `needs_public_origin`: the portal has no public URL of its own (outside the dev stage without --public-url), so
// a tenant without backend.publicOrigin would have no address for its mails' links: refused (issue 72 item 3).
AdminResult<Tenant> create_tenant(TenantsRepository& repository, const NewTenant& input, bool needs_public_origin = false);

// Reads a tenant file and inserts it, or replaces the tenant of that name;
// refuses a host that maps to another tenant (it would move silently), and
// without backend.publicOrigin when `needs_public_origin` (as create_tenant).
AdminResult<Tenant> import_tenant(TenantsRepository& repository, const std::string& file, bool needs_public_origin = false);

}  // namespace portal::tenants
