#include "domains/vouchers/vouchers_module.hpp"

#include <algorithm>

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
        return article_of(a->id, std::move(a->content_type), a->doc);
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

// A refunded order's unredeemed codes stop working and an order not fulfilled yet gets none, from the moment
// the refund is reserved (a pending refund holds them; a failed one gives them back); a redeemed code cannot
// be taken back, so a refund of an order with redeemed codes is refused, and nothing reserved, unless the
// agent confirms it, having seen them in the refund dialog's preview (docs/decisions.md "Refunds").
void refunds_of_orders(VouchersService& vouchers, payments::PaymentsService& payments) {
  const auto holder = [](const payments::Refund& r) { return "refund:" + r.id; };
  payments.on_refund_reserved(std::string(kPaymentPurpose), [&vouchers, holder](db::Session& s, const payments::Payment& p,
                                                                                const payments::Refund& r) {
    if (!r.keep_plan) vouchers.on_refund_reserved(s, p, holder(r));
  });
  payments.on_refund_failed(std::string(kPaymentPurpose),
                            [&vouchers, holder](db::Session& s, const payments::Payment& p, const payments::Refund& r,
                                                const std::optional<payments::Refund>& standing) {
                              if (r.keep_plan) return;
                              vouchers.on_refund_failed(s, p, holder(r),
                                                        standing ? std::optional(holder(*standing)) : std::nullopt);
                            });
  payments.on_refund_succeeded(std::string(kPaymentPurpose), [&vouchers, holder](db::Session& s, const payments::Payment& p,
                                                                                 const payments::Refund& r) {
    if (!r.keep_plan) vouchers.on_payment_refunded(s, p, holder(r));
  });
  payments.set_refund_vet([&vouchers](db::Session& s, const payments::Payment& p,
                                      const payments::RefundRequest& r) -> std::optional<payments::Error> {
    if (r.keep_plan || r.confirm_redeemed || p.purpose != kPaymentPurpose) return std::nullopt;
    const auto redeemed = vouchers.redeemed_codes(s, p.tenant_id, p.reference);
    if (redeemed.empty()) return std::nullopt;
    auto e = payments::Error::of(payments::ErrorCode::codes_redeemed,
                                 std::to_string(redeemed.size()) +
                                     " code(s) of this voucher order are redeemed and cannot be taken back; "
                                     "confirm the refund (confirmRedeemed) or keep the order (keepPlan)");
    e.payment_id = p.id;
    for (const auto& c : redeemed) e.redeemed.push_back(c.hint);
    return e;
  });
  payments.set_refund_preview([&vouchers](const payments::Payment& p) -> std::optional<payments::RefundPreview> {
    if (p.purpose != kPaymentPurpose) return std::nullopt;
    const auto view = vouchers.refund_view(p.tenant_id, p.reference);
    if (!view) return std::nullopt;
    payments::RefundPreview out;
    out.codes = view->codes;
    out.unredeemed_amount = std::min(view->unredeemed_amount, p.amount.amount - p.refunded);
    for (const auto& c : view->redeemed) out.redeemed.push_back({c.hint, c.redeemed_at.value_or("")});
    return out;
  });
}

}  // namespace

Vouchers::Vouchers(Deps deps) : repository(deps.database), service(service_deps(deps, repository)) {
  deps.payments.on_settled(std::string(kPaymentPurpose),
                           [this](db::Session& s, const payments::Payment& p) { service.on_payment_settled(s, p); });
  deps.payments.on_released(std::string(kPaymentPurpose),
                            [this](db::Session& s, const payments::Payment& p) { service.on_charge_released(s, p); });
  refunds_of_orders(service, deps.payments);
}

std::unique_ptr<Vouchers> make_vouchers(Vouchers::Deps deps) { return std::make_unique<Vouchers>(std::move(deps)); }

}  // namespace portal::vouchers
