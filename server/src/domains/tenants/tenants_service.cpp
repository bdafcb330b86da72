#include "domains/tenants/tenants_service.hpp"

#include <algorithm>
#include <boost/algorithm/string/case_conv.hpp>
#include <boost/url/parse.hpp>

#include <stdexcept>
#include <unordered_map>

#include "core/url.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::tenants {

std::string normalize_host(std::string_view host) {
  if (!host.empty() && host.back() == '.') host.remove_suffix(1);
  std::string out(host);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
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
  auto next = std::make_shared<Snapshot>();
  for (Tenant& t : load_()) {
    auto tenant = std::make_shared<const Tenant>(std::move(t));
    next->tenants.push_back(tenant);
    next->by_name.emplace(tenant->name, tenant);
    for (const std::string& host : tenant->hosts) next->by_host.emplace(normalize_host(host), tenant);
  }
  if (!default_name_.empty()) {
    auto it = next->by_name.find(default_name_);
    if (it == next->by_name.end()) throw std::runtime_error("default tenant '" + default_name_ + "' does not exist");
    next->default_tenant = it->second;
  } else if (auto it = next->by_host.find("localhost"); it != next->by_host.end()) {
    next->default_tenant = it->second;
  } else if (!next->tenants.empty()) {
    next->default_tenant = next->tenants.front();
  }
  std::lock_guard lock(mutex_);
  snapshot_ = std::move(next);
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

std::optional<std::string> browser_origin(std::string_view text) {
  auto origin = core::strict_origin(text);
  if (!origin) return std::nullopt;
  auto url = boost::urls::parse_absolute_uri(text);
  if (!url || (!url->encoded_path().empty() && url->encoded_path() != "/")) return std::nullopt;
  if (url->has_query() || url->has_fragment()) return std::nullopt;
  const bool https = origin->starts_with("https://");
  if (const std::string_view default_port = https ? ":443" : ":80"; origin->ends_with(default_port))
    origin->resize(origin->size() - default_port.size());
  return origin;
}

std::vector<std::string> tenant_origins(const Tenant& tenant, const Reached& reached) {
  std::vector<std::string> out;
  const auto add = [&out](std::string_view text) {
    if (auto origin = browser_origin(text); origin && std::find(out.begin(), out.end(), *origin) == out.end())
      out.push_back(std::move(*origin));
  };
  if (const auto* configured = tenant.backend.if_contains("publicOrigin"); configured && configured->is_string())
    add(configured->as_string());
  for (const auto& allowed : allowed_origins(tenant)) add(allowed);
  const std::string scheme = reached.https ? "https://" : "http://";
  for (const auto& host : tenant.hosts) {
    if (reached.port != 0) add(scheme + host + ":" + std::to_string(reached.port));
    if (reached.proxied) add(scheme + host);
  }
  return out;
}

bool origin_belongs_to(const Tenant& tenant, std::string_view origin, const Reached& reached) {
  const auto exact = browser_origin(origin);
  if (!exact) return false;
  const auto own = tenant_origins(tenant, reached);
  return std::find(own.begin(), own.end(), *exact) != own.end();
}

std::vector<std::string> allowed_origins(const Tenant& tenant) {
  std::vector<std::string> out;
  if (const auto* list = tenant.backend.if_contains("allowedOrigins"); list && list->is_array())
    for (const auto& o : list->as_array()) {
      if (!o.is_string()) continue;
      std::string allowed(o.as_string());
      boost::algorithm::to_lower(allowed);
      while (!allowed.empty() && allowed.back() == '/') allowed.pop_back();
      out.push_back(std::move(allowed));
    }
  return out;
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
