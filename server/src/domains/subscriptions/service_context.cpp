#include "domains/subscriptions/service_context.hpp"

#include "core/text.hpp"

namespace portal::subscriptions {

namespace {
constexpr auto kPlansTtl = std::chrono::seconds(60);
}

std::shared_ptr<const Plans> PlansCache::get(std::int64_t tenant_id, db::Session* session) {
  const auto steady = std::chrono::steady_clock::now();
  // Read before the plans: a change landing meanwhile leaves this entry under the older version.
  const std::int64_t version = version_of_(tenant_id);
  {
    std::lock_guard lock(mutex_);
    auto it = cache_.find(tenant_id);
    if (it != cache_.end() && it->second.version == version && steady - it->second.read_at < kPlansTtl)
      return it->second.plans;
  }
  auto loaded = std::make_shared<const Plans>(session ? repository_.load_plans(*session, tenant_id)
                                                      : repository_.load_plans(tenant_id));
  std::lock_guard lock(mutex_);
  cache_[tenant_id] = {steady, version, loaded};
  return loaded;
}

void PlansCache::forget(std::int64_t tenant_id) {
  std::lock_guard lock(mutex_);
  cache_.erase(tenant_id);
}

std::string Context::text(std::string_view lang, std::string_view key, const tenants::Tenant* t) const {
  const std::string full = "hosted.checkout." + std::string(key);
  std::string s = d.i18n.text(lang, full).value_or(full);
  if (t) s = core::replace_all(s, "{{site}}", t->site_name());
  return s;
}

}  // namespace portal::subscriptions
