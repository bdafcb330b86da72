#include "domains/billing_mail/billing_mail.hpp"

#include <algorithm>

#include "core/log.hpp"
#include "domains/billing_mail/mail_templates.hpp"

namespace portal::billing_mail {
namespace {

constexpr std::string_view kClaimTrialNotice =
    "INSERT INTO trial_end_notices (tenant_id, subscription_id, trial_end, sent_at) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT (tenant_id, subscription_id, trial_end) DO NOTHING";

std::string name_or(const NameIn& name, const std::string& lang, std::string_view fallback) {
  std::string n = name ? name(lang) : std::string();
  return n.empty() ? std::string(fallback) : n;
}

}  // namespace

std::string language_for(const tenants::Tenant& t, const std::optional<std::string>& selected) {
  if (selected && !selected->empty() && tenants::offers_language(t, *selected)) return *selected;
  return t.default_locale.empty() ? "en" : t.default_locale;
}


int decimals_of(const tenants::Tenant& t) {
  if (const auto* pf = t.settings.if_contains("priceFormat"); pf && pf->is_object())
    if (const auto* d = pf->as_object().if_contains("decimals"); d && d->is_int64())
      return static_cast<int>(std::clamp<std::int64_t>(d->as_int64(), 0, 4));
  return 2;
}

std::optional<std::string> BillingMail::link(const tenants::Tenant& t, std::string_view lang, std::string_view path) {
  if (t.public_origin.empty()) {
    core::log_json(spdlog::level::err, "mail with a link not sent: the tenant has no public origin",
                   {{"tenant", t.name}, {"fix", "set the tenant's backend.publicOrigin or --public-url"}});
    return std::nullopt;
  }
  // The page in the mail's language: the client's routes are unprefixed for English, "/<lang>/…" for the others.
  return t.public_origin + (lang.empty() || lang == "en" ? std::string() : "/" + std::string(lang)) + std::string(path);
}

// How it was paid: a card as its masked number says ("Visa •••• 4242"); the operator's mobile bill says so, with the
// number as the operator's provider masked it ("+9665•••123"), else its last digits, and the operator when named.
std::string BillingMail::method_of(const std::string& lang, const payments::Payment& p) const {
  if (d_.bills_mobile && d_.bills_mobile(p.provider)) {
    std::string method = word(lang, "methods.mobileBill", {{"number", masked(p.instrument)}});
    const std::string name = d_.operator_name ? d_.operator_name(p.tenant_id, p.provider) : "";
    return name.empty() ? method : method + " · " + name;
  }
  // A real provider's payment names the provider and its own reference, which its statements and support use.
  if (p.provider == "stripe" && p.provider_ref) return masked(p.instrument) + " · Stripe " + *p.provider_ref;
  return masked(p.instrument);
}

std::optional<Recipient> BillingMail::recipient(const tenants::Tenant& t, const std::string& user_uuid) {
  auto user = d_.users.by_uuid(t.id, user_uuid);
  if (!user || user->email.empty()) return std::nullopt;
  return Recipient{user->email, language_for(t, user->selected_lang), user->name};
}

bool BillingMail::send(const tenants::Tenant& t, const std::string& email, const std::string& lang,
                       std::string_view kind, const Values& given, const std::string& name) {
  Values values = given;
  values["site"] = t.site_name();
  values["greeting"] = name.empty() ? word(lang, "common.greeting") : word(lang, "common.greetingName", {{"name", name}});
  const Rendered r = render(kind, lang, values);
  d_.mailer.send(t.id, identity::Mail{email, r.subject, r.text, r.html});
  return true;
}

bool BillingMail::receipt(const payments::Payment& p, const NameIn& what) {
  const auto t = d_.tenant_by_id ? d_.tenant_by_id(p.tenant_id) : nullptr;
  if (!t) return false;
  auto to = recipient(*t, p.user_uuid);
  if (!to) return false;
  const std::string& lang = to->lang;
  NameIn named = what;
  if (!named)
    if (auto it = namers_.find(p.purpose); it != namers_.end() && it->second) named = it->second(p);
  const std::string plan = name_or(named, lang, "");
  std::string purpose = p.purpose;
  if (purpose != "checkout" && purpose != "renewal" && purpose != "article" && purpose != "vouchers") purpose = "other";
  if (plan.empty() && (purpose == "checkout" || purpose == "renewal" || purpose == "article")) purpose = "other";
  const Values values{{"item", word(lang, "purposes." + purpose, {{"plan", plan}})},
                      {"amount", format_amount(lang, p.amount.amount, p.amount.currency, decimals_of(*t))},
                      {"method", method_of(lang, p)},
                      {"date", format_date(lang, p.created_at)},
                      {"paymentId", p.id}};
  return send(*t, to->email, lang, "receipt", values, to->name);
}

bool BillingMail::refund_receipt(std::int64_t tenant_id, const std::string& user_uuid, const payments::Payment& p,
                                 const payments::Money& refunded, bool returned) {
  const auto t = d_.tenant_by_id ? d_.tenant_by_id(tenant_id) : nullptr;
  if (!t) return false;
  auto to = recipient(*t, user_uuid);
  if (!to) return false;
  const std::string& lang = to->lang;
  const int decimals = decimals_of(*t);
  const std::string currency = refunded.currency.empty() ? p.amount.currency : refunded.currency;
  const Values values{{"amount", format_amount(lang, refunded.amount, currency, decimals)},
                      {"paid", format_amount(lang, p.amount.amount, p.amount.currency, decimals)},
                      {"method", method_of(lang, p)},
                      {"date", format_date(lang, p.created_at)},
                      {"paymentId", p.id},
                      {"intro", word(lang, returned ? "refund.introReturned" : "refund.intro")}};
  return send(*t, to->email, lang, "refund", values, to->name);
}

bool BillingMail::price_notice(std::int64_t tenant_id, const std::string& email, const std::string& lang_in,
                               const NameIn& plan, const payments::Money& price, const std::string& effective_from) {
  const auto t = d_.tenant_by_id ? d_.tenant_by_id(tenant_id) : nullptr;
  if (!t || email.empty()) return false;
  const std::string lang = language_for(*t, lang_in.empty() ? std::nullopt : std::optional<std::string>(lang_in));
  const Values values{{"plan", name_or(plan, lang, "")},
                      {"price", format_amount(lang, price.amount, price.currency, decimals_of(*t))},
                      {"date", format_date(lang, effective_from)}};
  return send(*t, email, lang, "price_notice", values);
}

bool BillingMail::trial_notice(std::int64_t tenant_id, const std::string& user_uuid, const NameIn& plan,
                               const std::string& trial_end) {
  const auto t = d_.tenant_by_id ? d_.tenant_by_id(tenant_id) : nullptr;
  if (!t) return false;
  auto to = recipient(*t, user_uuid);
  if (!to) return false;
  const auto link = BillingMail::link(*t, to->lang, kPlansPath);
  if (!link) return false;
  const Values values{{"plan", name_or(plan, to->lang, "")},
                      {"date", format_date(to->lang, trial_end)},
                      {"link", *link}};
  return send(*t, to->email, to->lang, "trial_notice", values, to->name);
}

bool BillingMail::dunning(std::int64_t tenant_id, const std::string& user_uuid, const NameIn& plan,
                          const payments::Money& amount, const std::string& grace_until) {
  const auto t = d_.tenant_by_id ? d_.tenant_by_id(tenant_id) : nullptr;
  if (!t) return false;
  auto to = recipient(*t, user_uuid);
  if (!to) return false;
  const auto link = BillingMail::link(*t, to->lang, kPlansPath);
  if (!link) return false;
  const Values values{{"plan", name_or(plan, to->lang, "")},
                      {"amount", format_amount(to->lang, amount.amount, amount.currency, decimals_of(*t))},
                      {"graceUntil", format_date(to->lang, grace_until)},
                      {"link", *link}};
  return send(*t, to->email, to->lang, "dunning", values, to->name);
}

bool BillingMail::claim_trial_notice(std::int64_t tenant_id, const std::string& subscription_id,
                                     const std::string& trial_end, const std::string& now) {
  return d_.database.execute(kClaimTrialNotice, {tenant_id, subscription_id, trial_end, now}) == 1;
}

}  // namespace portal::billing_mail
