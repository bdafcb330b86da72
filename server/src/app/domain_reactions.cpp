// The domains' reactions to each other's events, each named for what it does (app/domains.hpp).
#include <string>

#include "app/domains.hpp"

namespace portal::app {

namespace {

// A single purchase's receipt names its article, in the customer's language (issue 47 item 5).
void purchase_receipts_name_their_article(Domains& d) {
  d.billing_mail->name_items(std::string(purchases::kPaymentPurpose), [&d](const payments::Payment& p) -> billing_mail::NameIn {
    auto purchase = d.purchases->repository.purchase(p.reference);
    if (!purchase) return {};
    return [&d, tenant_id = purchase->tenant_id, article_id = purchase->article_id](const std::string& lang) {
      auto article = d.catalog->service.article_answer(tenant_id, article_id, lang);
      return article ? article->title : std::string();
    };
  });
}

// A succeeded refund sends its receipt (issue 34); what it does to what was bought, each selling domain's
// module registers (PaymentsService::on_refund_succeeded).
void refunds_send_receipts(Domains& d) {
  d.payments->service.set_on_refunded([&d](const payments::Refund& r) {
    if (auto p = d.payments->service.payment(r.payment_id))
      d.billing_mail->refund_receipt(r.tenant_id, p->user_uuid, *p, r.amount, r.reason == payments::kReturnedReason);
  });
}

// One currency per tenant (issue 45 item 15): a settings change of the currency names what is still priced in the old.
void a_currency_change_names_what_is_priced_in_the_old(Domains& d, tenants::Tenants& tenants) {
  tenants.settings.set_priced_in([&d](std::int64_t tenant_id, const std::string& currency) {
    tenants::SettingsService::Priced out;
    for (const auto& t : d.subscriptions->repository.load_plans(tenant_id).types)
      if (t.price.currency == currency || (t.promotion_price && t.promotion_price->currency == currency))
        out.plans.push_back(t.id);
    out.articles = d.catalog->repository.priced_in(tenant_id, currency);
    return out;
  });
}

// The header and footer the settings name are structures the tenant has (issue 72 item 6).
void chrome_settings_name_existing_structures(Domains& d, tenants::Tenants& tenants) {
  tenants.settings.set_structure_exists([&d](std::int64_t tenant_id, const std::string& name) {
    return d.structure->repository.get(tenant_id, name).has_value();
  });
}

}  // namespace

void connect_domains(Domains& d, tenants::Tenants& tenants) {
  purchase_receipts_name_their_article(d);
  refunds_send_receipts(d);
  a_currency_change_names_what_is_priced_in_the_old(d, tenants);
  chrome_settings_name_existing_structures(d, tenants);
}

}  // namespace portal::app
