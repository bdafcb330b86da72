#include "domains/purchases/purchases_module.hpp"


#include "domains/catalog/catalog_rules.hpp"
#include "domains/subscriptions/subscription_rules.hpp"

namespace portal::purchases {

std::vector<OfferedPlan> offered_plans(subscriptions::SubscriptionsService& subscriptions, std::int64_t tenant_id,
                                       const std::string& lang) {
  std::vector<OfferedPlan> out;
  const auto plans = subscriptions.plans(tenant_id);
  for (const auto& t : plans->types) {
    OfferedPlan p;
    p.type_id = t.id;
    p.name = t.attribute("DISPLAY_SERVICE_NAME_TEXT_" + lang, t.name);
    p.billing_cycle = t.billing_cycle;
    p.price = t.current_price();
    p.contingents = t.contingents;
    p.group_id = t.group_id;
    if (t.group_id)
      if (const auto* g = plans->group(*t.group_id))
        p.level = subscriptions::level_of(g->levels, t.id).value_or(-1);
    try {
      p.sort = std::stoi(t.attribute("ment_sort", "0"));
    } catch (const std::exception&) {
      p.sort = 0;
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<PayOption> pay_options(subscriptions::SubscriptionsService& subscriptions, std::int64_t tenant_id,
                                   const std::string& lang) {
  std::vector<PayOption> out;
  for (const auto& o : subscriptions.plans(tenant_id)->options) {
    out.push_back({o.code, o.provider, o.flow, catalog::localized(o.name.entries, lang)});  // catalog's rules
  }
  return out;
}

Purchases::Purchases(Deps deps)
    : repository(deps.database, deps.wallet, deps.credits),
      service({repository, deps.credits, deps.payments, deps.sms, deps.i18n, deps.clock,
               [&catalog = deps.catalog](std::int64_t tenant_id, std::int64_t id, catalog::RatingRange rating) {
                 return catalog.article_record(tenant_id, id, rating);
               },
               [&subscriptions = deps.subscriptions](std::int64_t tenant_id, const std::string& lang) {
                 return offered_plans(subscriptions, tenant_id, lang);
               },
               [&subscriptions = deps.subscriptions](std::int64_t tenant_id, const std::string& lang) {
                 return pay_options(subscriptions, tenant_id, lang);
               },
               [&devices = deps.devices](std::int64_t tenant_id, const std::string& device_id) {
                 return devices.operating_system(tenant_id, device_id);
               },
               deps.tenant_by_id, deps.dev_stage, deps.notifier}) {
  deps.payments.on_settled(std::string(kPaymentPurpose),
                           [this](db::Session& s, const payments::Payment& p) { service.on_payment_settled(s, p); });
  deps.payments.on_released(std::string(kPaymentPurpose),
                            [this](db::Session& s, const payments::Payment& p) { service.on_charge_released(s, p); });
  // A refunded purchase is CANCELLED and the article (with a collection's members) leaves the wallet.
  deps.payments.on_refund_succeeded(std::string(kPaymentPurpose),
                                    [this](db::Session& s, const payments::Payment& p, const payments::Refund& r) {
                                      if (!r.keep_plan) service.on_payment_refunded(s, p);
                                    });
}

std::unique_ptr<Purchases> make_purchases(Purchases::Deps deps) { return std::make_unique<Purchases>(std::move(deps)); }

}  // namespace portal::purchases
