#include "domains/subscriptions/subscriptions_module.hpp"

#include "core/log.hpp"
#include "domains/subscriptions/subscriptions_seed.hpp"

namespace portal::subscriptions {

namespace {

// A plan's name in a language, for a mail (DISPLAY_SERVICE_NAME_TEXT_<lang>, else its name).
billing_mail::NameIn name_of(SubscriptionType plan) {
  return [plan = std::move(plan)](const std::string& lang) { return type_name(plan, lang); };
}

}  // namespace

Subscriptions::Subscriptions(Deps deps)
    : repository(deps.database),
      credits(deps.database),
      service({repository, deps.payments, deps.users, deps.sms, deps.i18n, deps.clock, deps.tenant_by_id,
               deps.dev_stage, deps.notifier, &deps.mails}),
      plans_admin({repository, service.plans_cache(), deps.clock,
                   [&mails = deps.mails](std::int64_t tenant_id, const std::string& email, const std::string& lang,
                                         const SubscriptionType& plan, const payments::Money& price,
                                         const std::string& effective_from) {
                     return mails.price_notice(tenant_id, email, lang, name_of(plan), price, effective_from);
                   },
                   std::move(deps.plans_changed),
                   // A provider with a hosted checkout page is paid on it (WEB); the others through the portal (API).
                   [&payments = deps.payments](std::int64_t tenant_id) {
                     std::vector<ProviderChoice> out;
                     for (const auto& name : payments.provider_names()) {
                       if (!payments.provider(name)->available_to(tenant_id)) continue;
                       const bool hosted = payments.provider(name)->hosted_checkout_url("", "", "en").has_value();
                       out.push_back({name, hosted ? "WEB" : "API"});
                     }
                     return out;
                   }}) {
  // A refunded period ends the plan now (INACTIVE, event "refunded").
  for (auto purpose : {kCheckoutPurpose, kRenewalPurpose})
    deps.payments.on_refund_succeeded(std::string(purpose), [this](db::Session& s, const payments::Payment& p,
                                                                   const payments::Refund& r) {
      if (!r.keep_plan) service.on_payment_refunded(s, p, r.staff_id ? "staff" : "system");
    });
  // A renewal's charge whose instance died between the claim and its record is taken over by another
  // instance (PaymentsService::resume_lapsed): the provider's answer is applied as a settlement would be.
  deps.payments.on_resumed(std::string(kRenewalPurpose),
                           [this](db::Session& s, const payments::Payment& p) { service.on_renewal_resumed(s, p); });
  // The receipt of a payment names what was bought: the plan of a checkout or a renewal ("<subscription>@<period>").
  deps.payments.on_paid([this, &mails = deps.mails](const payments::Payment& p) {
    std::optional<std::int64_t> type_id;
    if (p.purpose == kCheckoutPurpose) {
      if (auto c = repository.checkout(p.tenant_id, p.reference)) type_id = c->type_id;
    } else if (p.purpose == kRenewalPurpose) {
      if (auto sub = repository.subscription(p.tenant_id, p.reference.substr(0, p.reference.find('@'))))
        type_id = sub->type_id;
    }
    billing_mail::NameIn what;
    if (type_id)
      if (auto plans = service.plans(p.tenant_id))
        if (const auto* t = plans->type(*type_id)) what = name_of(*t);
    mails.receipt(p, what);
  });
}

void Subscriptions::seed_demo(db::Database& database, const std::filesystem::path& data_dir, const core::Clock& clock,
                              const std::vector<tenants::Tenant>& tenants, core::SeedGuard* guard) {
  if (int n = seed_plans(database, service, data_dir / "subscriptions", tenants, guard))
    core::log_json(spdlog::level::info, "demo plans loaded", {{"tenants", n}});
  if (int n = seed_demo_subscriptions(database, repository, data_dir / "users" / "demo.json", clock, tenants))
    core::log_json(spdlog::level::info, "demo subscriptions created", {{"subscriptions", n}});
}

std::unique_ptr<Subscriptions> make_subscriptions(Subscriptions::Deps deps) {
  return std::make_unique<Subscriptions>(std::move(deps));
}

}  // namespace portal::subscriptions
