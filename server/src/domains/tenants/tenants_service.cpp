#include "domains/tenants/tenants_service.hpp"

#include <algorithm>
#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>

#include <stdexcept>
#include <unordered_map>

#include "core/text.hpp"
#include "core/url.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::tenants {

std::string normalize_host(std::string_view host) {
  if (!host.empty() && host.back() == '.') host.remove_suffix(1);
  return core::lower(host);
}

TenantRegistry::TenantRegistry(Loader load, std::string default_name, VersionsLoader versions)
    : load_(std::move(load)), versions_(std::move(versions)), default_name_(std::move(default_name)) {
  reload();
}

TenantRegistry::TenantRegistry(TenantsRepository& repository, std::string default_name)
    : TenantRegistry([&repository] { return repository.load_all(); }, std::move(default_name),
                     [&repository] { return repository.versions(); }) {}

std::vector<std::int64_t> TenantRegistry::refresh() {
  std::vector<TenantVersion> now;
  if (versions_) {
    now = versions_();
  } else {  // no cheap read: compare what a full load gives
    for (const Tenant& t : load_()) now.push_back({t.id, t.version});
  }
  std::vector<std::int64_t> moved;
  {
    auto snap = snapshot();
    std::unordered_map<std::int64_t, std::int64_t> held;
    for (const auto& t : snap->tenants) held.emplace(t->id, t->version);
    for (const auto& v : now) {
      auto it = held.find(v.tenant_id);
      if (it == held.end() || it->second != v.version) moved.push_back(v.tenant_id);
      if (it != held.end()) held.erase(it);
    }
    for (const auto& [id, version] : held) moved.push_back(id);  // removed
  }
  if (!moved.empty()) reload();
  return moved;
}

void TenantRegistry::reload() {
  auto loaded = load_();
  std::string portal_url;
  {
    std::lock_guard lock(mutex_);
    portal_url = public_url_;
  }
  // The default tenant's name, and which tenant the portal's public URL reaches (for each one's public origin).
  std::unordered_map<std::string, const Tenant*> host_of;
  for (const Tenant& t : loaded)
    for (const std::string& host : t.hosts) host_of.emplace(normalize_host(host), &t);
  const Tenant* fallback = nullptr;
  if (!default_name_.empty()) {
    for (const Tenant& t : loaded)
      if (t.name == default_name_) fallback = &t;
    if (!fallback) throw std::runtime_error("default tenant '" + default_name_ + "' does not exist");
  } else if (auto it = host_of.find("localhost"); it != host_of.end()) {
    fallback = it->second;
  } else if (!loaded.empty()) {
    fallback = &loaded.front();
  }
  const Tenant* reached = nullptr;
  if (!portal_url.empty()) {
    const auto it = host_of.find(normalize_host(origin_host(portal_url)));
    reached = it != host_of.end() ? it->second : fallback;
  }
  for (Tenant& t : loaded) t.public_origin = public_origin(t, portal_url, &t == reached);
  const std::string fallback_name = fallback ? fallback->name : std::string();

  auto next = std::make_shared<Snapshot>();
  for (Tenant& t : loaded) {
    auto tenant = std::make_shared<const Tenant>(std::move(t));
    next->tenants.push_back(tenant);
    next->by_name.emplace(tenant->name, tenant);
    for (const std::string& host : tenant->hosts) next->by_host.emplace(normalize_host(host), tenant);
  }
  if (auto it = next->by_name.find(fallback_name); it != next->by_name.end()) next->default_tenant = it->second;
  std::lock_guard lock(mutex_);
  snapshot_ = std::move(next);
}

void TenantRegistry::set_public_url(std::string url) {
  {
    std::lock_guard lock(mutex_);
    public_url_ = std::move(url);
  }
  reload();
}

std::shared_ptr<const TenantRegistry::Snapshot> TenantRegistry::snapshot() const {
  std::lock_guard lock(mutex_);
  return snapshot_;
}

std::shared_ptr<const Tenant> TenantRegistry::by_name(std::string_view name) const {
  auto snap = snapshot();
  auto it = snap->by_name.find(std::string(name));
  return it == snap->by_name.end() ? nullptr : it->second;
}

std::shared_ptr<const Tenant> TenantRegistry::by_host(std::string_view host) const {
  auto snap = snapshot();
  auto it = snap->by_host.find(normalize_host(host));
  return it == snap->by_host.end() ? nullptr : it->second;
}

std::shared_ptr<const Tenant> TenantRegistry::by_host_or_default(std::string_view host) const {
  auto tenant = by_host(host);
  return tenant ? tenant : default_tenant();
}

std::shared_ptr<const Tenant> TenantRegistry::default_tenant() const { return snapshot()->default_tenant; }

std::vector<std::shared_ptr<const Tenant>> TenantRegistry::all() const { return snapshot()->tenants; }

std::string origin_host(std::string_view origin) {
  const auto url = boost::urls::parse_absolute_uri(origin);
  return url ? std::string(url->host()) : std::string();
}

std::string public_origin(const Tenant& tenant, std::string_view portal_url, bool url_reaches_tenant) {
  auto trimmed = [](std::string o) {
    while (!o.empty() && o.back() == '/') o.pop_back();
    return o;
  };
  if (const auto* p = tenant.backend.if_contains("publicOrigin"); p && p->is_string() && !p->as_string().empty())
    return trimmed(std::string(p->as_string()));
  auto url = browser_origin(portal_url);
  if (!url) return {};
  if (url_reaches_tenant || tenant.hosts.empty()) return *url;
  // The same scheme and port, on the tenant's own host: its first host name (hosts are stored in name order), an
  // address literal (noor's 127.0.0.1) only when it has no name.
  const auto named = std::find_if(tenant.hosts.begin(), tenant.hosts.end(), [](const std::string& h) {
    return std::any_of(h.begin(), h.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }) &&
           h.front() != '[';
  });
  auto u = boost::urls::parse_absolute_uri(*url);
  if (!u) return {};
  boost::urls::url out(*u);
  out.set_host(normalize_host(named != tenant.hosts.end() ? *named : tenant.hosts.front()));
  return trimmed(std::string(out.buffer()));
}

std::string icon_url(const Tenant& tenant) {
  const auto* images = tenant.settings.if_contains("images");
  if (!images || !images->is_object()) return {};
  for (std::string_view key : {"icon", "logo"})
    if (const auto* url = images->as_object().if_contains(key); url && url->is_string() && !url->as_string().empty())
      return std::string(url->as_string());
  return {};
}

}  // namespace portal::tenants
