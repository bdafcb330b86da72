#include "domains/vouchers/vouchers_module.hpp"

#include "db/secrets.hpp"

namespace portal::vouchers {

std::optional<std::string> recipient_of(const identity::User* user) {
  if (!user) return std::nullopt;
  if (!user->email.empty()) return user->email;
  if (!user->msisdn.empty()) return "sms:+" + user->msisdn;
  return std::nullopt;
}

std::vector<std::string> missing_fields(const identity::User* user, const std::vector<std::string>& required) {
  std::vector<std::string> missing;
  for (const auto& f : required) {
    const std::string value = !user ? "" : f == "name" ? user->name : f == "lastName" ? user->last_name : user->email;
    if (value.empty()) missing.push_back(f);
  }
  return missing;
}

namespace {

VouchersService::Deps service_deps(Vouchers::Deps& d, VouchersRepository& repository) {
  VouchersService::Deps deps{
      repository,
      d.subscriptions,
      d.payments,
      d.mailer,
      d.clock,
      db::shared_secret(d.database, "vouchers"),
      [&catalog = d.catalog](std::int64_t tenant_id, std::int64_t id) -> std::optional<Article> {
        auto a = catalog.find(tenant_id, id);
        if (!a) return std::nullopt;
        return Article{a->id, a->content_type, a->doc};
      },
      std::move(d.tenant_by_id),
      [&users = d.users](std::int64_t tenant_id, const std::string& uuid) {
        const auto u = users.by_uuid(tenant_id, uuid);
        return recipient_of(u ? &*u : nullptr);
      },
      [&users = d.users](std::int64_t tenant_id, const std::string& uuid, const std::vector<std::string>& required) {
        const auto u = users.by_uuid(tenant_id, uuid);
        return missing_fields(u ? &*u : nullptr, required);
      }};
  deps.notifier = d.notifier;
  deps.voucher_products = [&catalog = d.catalog](std::int64_t tenant_id) {
    std::vector<std::int64_t> ids;  // the console's product picker: the tenant's voucher articles
    catalog::ListQuery q;
    q.content_type = "voucher";
    q.limit = catalog::kMaxLimit;
    for (q.offset = 0; q.offset < 1000; q.offset += q.limit) {
      const auto page = catalog.list(tenant_id, q);
      for (const auto& a : page.entries) ids.push_back(a.id);
      if (static_cast<std::int64_t>(page.entries.size()) < q.limit) break;
    }
    return ids;
  };
  return deps;
}

}  // namespace

Vouchers::Vouchers(Deps deps) : repository(deps.database), service(service_deps(deps, repository)) {
  deps.payments.on_settled(std::string(kPaymentPurpose),
                           [this](db::Session& s, const payments::Payment& p) { service.on_payment_settled(s, p); });
}

std::unique_ptr<Vouchers> make_vouchers(Vouchers::Deps deps) { return std::make_unique<Vouchers>(std::move(deps)); }

}  // namespace portal::vouchers
