#pragma once
// The tenants a request can belong to. Requests resolve their tenant by the
// X-Tenant-ID name (backend face) or by the Host header (portal face) against
// an immutable snapshot; reload() swaps in a new snapshot atomically, so a
// request keeps the Tenant it started with.
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/tenant_origins.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::tenants {

class TenantsRepository;

class TenantRegistry {
 public:
  using Loader = std::function<std::vector<Tenant>()>;
  // Every tenant's (id, configuration version): what refresh() compares.
  using VersionsLoader = std::function<std::vector<TenantVersion>()>;

  // default_name: the tenant for hosts that match none; empty picks the
  // tenant owning "localhost", else the first one. Calls reload().
  explicit TenantRegistry(Loader load, std::string default_name = {}, VersionsLoader versions = {});
  // Blocking (reads the database): construct on the database pool or at start-up.
  explicit TenantRegistry(TenantsRepository& repository, std::string default_name = {});

  // Re-reads all tenants. On failure the old snapshot stays and the
  // exception propagates; std::runtime_error when default_name is unknown.
  void reload();

  // The portal's public URL (Config::public_url, or the dev stage's own listener once it is bound): each
  // tenant's public_origin is computed with it (tenants::public_origin). Reloads the tenants (blocking).
  void set_public_url(std::string url);

  // Live configuration: reads the versions (one cheap query) and reloads when a
  // tenant was added, removed or changed through any instance since the snapshot
  // was made. Returns the ids of the tenants whose version moved (empty: nothing
  // changed). Blocking; a failure leaves the snapshot as it was and propagates.
  std::vector<std::int64_t> refresh();

  std::shared_ptr<const Tenant> by_name(std::string_view name) const;
  // host without port; compared case-insensitively, a trailing dot ignored.
  std::shared_ptr<const Tenant> by_host(std::string_view host) const;
  // by_host, falling back to the default tenant (never null while tenants exist).
  std::shared_ptr<const Tenant> by_host_or_default(std::string_view host) const;
  std::shared_ptr<const Tenant> default_tenant() const;
  std::vector<std::shared_ptr<const Tenant>> all() const;

 private:
  struct Snapshot {
    std::vector<std::shared_ptr<const Tenant>> tenants;
    std::unordered_map<std::string, std::shared_ptr<const Tenant>> by_name;
    std::unordered_map<std::string, std::shared_ptr<const Tenant>> by_host;
    std::shared_ptr<const Tenant> default_tenant;
  };
  std::shared_ptr<const Snapshot> snapshot() const;

  Loader load_;
  VersionsLoader versions_;
  std::string default_name_;
  std::string public_url_;  // guarded by mutex_
  mutable std::mutex mutex_;  // guards the pointer swap only
  std::shared_ptr<const Snapshot> snapshot_;
};

// Lower-cased host without a trailing dot, the form hosts are stored in.
std::string normalize_host(std::string_view host);

// browser_origin, tenant_origins, origin_belongs_to, allowed_origins: core/tenant_origins.hpp (http/ asks them too).
using core::allowed_origins;
using core::browser_origin;
using core::origin_belongs_to;
using core::tenant_origins;

// Where a tenant's mails link to (issue 72 item 3; Tenant::public_origin, which the registry fills): its
// backend.publicOrigin; else the portal's public URL `portal_url` — as it is when that address reaches this tenant
// (`url_reaches_tenant`: its host is one of the tenant's, or no tenant's and the tenant is the default one), else
// on the tenant's first host name with the URL's scheme and port, so a link of noor's never opens aurora's storefront.
// "" when neither is configured: the tenant's mails have no address to link to (a configuration error,
// refused where a tenant is made). Never an allowed origin picked at random, never a request's Host.
std::string public_origin(const Tenant& tenant, std::string_view portal_url, bool url_reaches_tenant);
// The host of an origin ("http://noor.localhost:8080" -> "noor.localhost"), "" when it has none.
std::string origin_host(std::string_view origin);

// The tenant's icon: settings.images.icon, else its logo (images.logo); "" when neither.
std::string icon_url(const Tenant& tenant);

}  // namespace portal::tenants
