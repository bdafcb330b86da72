#include "domains/purchases/purchases_service.hpp"

#include <algorithm>

#include "core/ids.hpp"
#include "core/text.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/hosted/return_page.hpp"
#include "domains/hosted/return_state.hpp"
#include "domains/identity/redirects.hpp"
#include "domains/tenants/tenant_currency.hpp"

namespace portal::purchases {
namespace json = boost::json;

namespace {

// The content type of a collection's members.
std::string member_type(std::string_view collection) {
  if (collection == "album" || collection == "playlist") return "full_track_music";
  if (collection == "audiobook") return "audio_book_chapter";
  if (collection == "podcastcollection") return "podcast";
  if (collection == "videocollection") return "full_length_video";
  return std::string(collection);
}


Error not_entitled(std::int64_t id) {
  return Error::about(ErrorCode::not_entitled, "Article " + std::to_string(id) + " needs a purchase or a subscription", id);
}

Error device_not_supported(std::int64_t id) {
  return Error::of(ErrorCode::device_not_supported, "Article " + std::to_string(id) + " does not run on this device");
}

Error confirmation_required(std::int64_t id, const ConsumeWay& way) {
  Error e = Error::about(ErrorCode::confirmation_required,
                         "Article " + std::to_string(id) + " spends one credit: ask the user, then call again with consume: true",
                         id);
  e.way = way;
  return e;
}

Error closed() { return Error::of(ErrorCode::purchase_closed, "This purchase is paid, pending or cancelled"); }

Error purchase_not_found() { return Error::of(ErrorCode::purchase_not_found, "No such purchase"); }

Error already_owned(std::int64_t id) {
  return Error::about(ErrorCode::already_owned, "The article is in your purchases already", id);
}

Error option_not_found(std::string message = "No such payment option") {
  return Error::of(ErrorCode::payment_option_not_found, std::move(message));
}

}  // namespace

ArticleFacts facts_of(const catalog::ArticleRecord& a, const std::string& lang) {
  using catalog::ArticleDocument;
  ArticleFacts f;
  f.id = a.id;
  f.content_type = a.content_type;
  // The title in the file's order of languages (its fallback is the first), as the catalog answers it.
  f.title = catalog::localized(a.doc.if_contains("title"), lang);
  // The members a decision reads, each typed by the article's document, the rest left unread (a play decides here).
  if (const auto ci = catalog::stored_member<&ArticleDocument::collectionInfo>(a.doc)) f.collection_id = ci->articleId;
  if (!f.collection_id && a.parent_id) f.collection_id = a.parent_id;
  if (const auto props = catalog::stored_member<&ArticleDocument::customProperties>(a.doc)) {
    for (const auto* ids : {&props->trackIds, &props->chapterIds, &props->episodeIds})
      if (*ids) f.members.insert(f.members.end(), (*ids)->begin(), (*ids)->end());
    if (props->platforms) f.platforms = *props->platforms;
  }
  if (auto prices = catalog::stored_member<&ArticleDocument::prices>(a.doc))
    for (auto& p : *prices) f.prices.push_back({p.amount, std::move(p.currency), std::move(p.businessModel)});
  return f;
}

std::vector<wallet::NewItem> wallet_items_of(const ArticleFacts& a) {
  std::vector<wallet::NewItem> items{{a.id, a.content_type, std::nullopt}};
  const auto type = member_type(a.content_type);
  for (auto id : a.members) items.push_back({id, type, a.id});
  return items;
}

PurchasesService::PurchasesService(Deps deps) : d_(std::move(deps)) {}

// What a purchase bought, whatever the rating window (it was bought inside one).
ArticleFacts PurchasesService::facts_for(const Purchase& p) {
  if (auto record = d_.article(p.tenant_id, p.article_id, catalog::RatingRange{0, 1000})) return facts_of(*record, p.lang);
  ArticleFacts gone;
  gone.id = p.article_id;
  gone.content_type = p.content_type;
  return gone;
}


std::string PurchasesService::text(std::string_view lang, std::string_view key, const tenants::Tenant* t) const {
  const std::string full = "hosted.checkout." + std::string(key);
  std::string s = d_.i18n.text(lang, full).value_or(full);
  if (t) s = core::replace_all(s, "{{site}}", t->site_name());
  return s;
}

EntitlementInput PurchasesService::gather(const Caller& c, const catalog::ArticleRecord& record,
                                          const ArticleFacts& facts, const std::optional<std::string>& device_id) {
  EntitlementInput in;
  in.article = facts;
  in.guest = c.guest();
  in.currency = tenants::currency_of(*c.tenant);
  in.plans = d_.plans(c.tenant->id, c.lang);
  if (!c.guest()) {
    in.owned = d_.repository.wallet().owns(c.tenant->id, c.user_uuid, record.id, facts.collection_id.value_or(0));
    in.holdings = d_.credits.holdings(c.tenant->id, c.user_uuid);
  }
  if (device_id && !device_id->empty() && d_.device_os) in.device_os = d_.device_os(c.tenant->id, *device_id);
  return in;
}

Result<Decided> PurchasesService::decide(const Caller& c, std::int64_t article_id,
                                               const std::optional<std::string>& device_id,
                                               catalog::RatingRange rating) {
  auto record = d_.article(c.tenant->id, article_id, rating);
  if (!record) return Error::from_catalog(record.error());
  auto facts = facts_of(*record, c.lang);
  auto entitlement = purchases::decide(gather(c, *record, facts, device_id));
  return Decided{std::move(*record), std::move(facts), std::move(entitlement)};
}

Result<Grant> PurchasesService::consume(const Caller& c, std::int64_t article_id,
                                              const std::optional<std::string>& device_id,
                                              catalog::RatingRange rating, bool credit_confirmed) {
  auto decided = decide(c, article_id, device_id, rating);
  if (!decided) return decided.error();
  return consume(c, *decided, device_id, rating, credit_confirmed);
}

Result<Grant> PurchasesService::consume(const Caller& c, Decided& decided, const std::optional<std::string>& device_id,
                                        catalog::RatingRange rating, bool credit_confirmed) {
  const std::int64_t article_id = decided.record.id;
  // Twice at most: a credit that a concurrent request took last may leave
  // another way (a second plan's credit), which the fresh decision finds.
  for (int round = 0;; ++round) {
    const auto& e = decided.entitlement;
    if (!e.device_supported) return device_not_supported(article_id);
    if (e.login_required) return Error::of(ErrorCode::sign_in_required, "Sign in to play the full item");
    if (e.consume.empty()) return not_entitled(article_id);
    const ConsumeWay way = e.consume.front();
    if (way.kind != ConsumeWay::Kind::credit) return Grant{decided.record, way};
    // A credit is spent only on the user's word, never by a call that did not ask them.
    if (!credit_confirmed) return confirmation_required(article_id, way);
    switch (d_.repository.consume_credit(c.tenant->id, c.user_uuid, *way.subscription_id, decided.article,
                                         wallet_items_of(decided.article), d_.clock.now_text())) {
      case PurchasesRepository::Consumed::consumed:
      case PurchasesRepository::Consumed::already_owned:
        return Grant{decided.record, way};
      case PurchasesRepository::Consumed::none_left:
        break;
    }
    if (round == 1) return not_entitled(article_id);
    auto again = decide(c, article_id, device_id, rating);
    if (!again) return again.error();
    decided = std::move(*again);
  }
}

Result<Started> PurchasesService::start(const Caller& c, std::int64_t article_id, catalog::RatingRange rating) {
  auto record = d_.article(c.tenant->id, article_id, rating);
  if (!record) return Error::from_catalog(record.error());
  auto facts = facts_of(*record, c.lang);
  const std::string currency = tenants::currency_of(*c.tenant);
  std::optional<Money> price;
  for (const auto& p : facts.prices)
    if (p.business_model == "PAY_PER_DOWNLOAD" && p.currency == currency && p.amount > 0) price = Money{p.amount, p.currency};
  if (!price || is_free(facts))
    return Error::of(ErrorCode::not_for_sale, "Article " + std::to_string(article_id) + " is not sold on its own");
  if (d_.repository.wallet().owns(c.tenant->id, c.user_uuid, article_id, facts.collection_id.value_or(0)))
    return already_owned(article_id);
  if (auto open = d_.repository.open_for(c.tenant->id, c.user_uuid, article_id, *price))
    return Started{std::move(*open), facts.title};
  Purchase p;
  p.id = core::new_uuid();
  p.tenant_id = c.tenant->id;
  p.user_uuid = c.user_uuid;
  p.article_id = article_id;
  p.content_type = record->content_type;
  p.amount = *price;
  p.status = "OPEN";
  p.lang = c.lang;
  p.created_at = d_.clock.now_text();
  d_.repository.create(p);
  return Started{std::move(p), facts.title};
}

Result<Purchase> PurchasesService::open_purchase(const Caller& c, const std::string& purchase_id) {
  auto p = d_.repository.purchase(purchase_id);
  if (!p || p->tenant_id != c.tenant->id || p->user_uuid != c.user_uuid) return purchase_not_found();
  if (p->status != "OPEN") return closed();
  return std::move(*p);
}

Result<PaymentChoice> PurchasesService::payment_options(const Caller& c, const std::string& purchase_id,
                                                              const std::string& redirect) {
  auto p = open_purchase(c, purchase_id);
  if (!p) return p.error();
  auto ok = identity::allowed_redirect(redirect, c.return_origins);
  if (!ok)
    return Error::of(ErrorCode::invalid_redirect, "redirectionUrl: not an address of this tenant");
  d_.repository.set_return(c.tenant->id, p->id, *ok, c.lang, d_.clock.now_text());
  p->redirect = *ok;
  p->lang = c.lang;

  const auto offered = d_.pay_options(c.tenant->id, c.lang);
  std::vector<PurchaseOption> fresh;
  for (const auto& o : offered)
    fresh.push_back({core::new_uuid(), p->id, c.tenant->id, o.code, o.provider, o.flow});
  d_.repository.add_options(fresh);  // kept when they exist: one option per code and purchase
  PaymentChoice choice{std::move(*p), {}};
  for (auto& stored : d_.repository.options_of(purchase_id)) {
    std::string name = stored.code;
    for (const auto& o : offered)
      if (o.code == stored.code) name = o.name;
    std::optional<std::string> url;
    if (stored.flow == "WEB") url = c.backend_base + "/checkout/purchase/" + stored.uuid + "?lang=" + c.lang;
    choice.options.push_back({std::move(stored), std::move(name), std::move(url)});
  }
  return choice;
}

Result<PurchaseStep> PurchasesService::pay(const Caller& c, const std::string& option_uuid,
                                                 const std::optional<std::string>& msisdn) {
  auto option = d_.repository.option(option_uuid);
  if (!option || option->tenant_id != c.tenant->id)
    return option_not_found();
  auto p = d_.repository.purchase(option->purchase_id);
  if (!p || p->user_uuid != c.user_uuid) return option_not_found();
  if (p->status != "OPEN") return closed();
  if (option->flow == "WEB") {
    PurchaseStep step;
    step.redirect_url = c.backend_base + "/checkout/purchase/" + option->uuid + "?lang=" + c.lang;
    step.purchase_id = p->id;
    return step;
  }
  auto* provider = d_.payments.provider(option->provider);
  if (!provider) return option_not_found();
  payments::PaymentsService::PinRequest ask;
  ask.tenant_id = c.tenant->id;
  ask.user_uuid = c.user_uuid;
  ask.reference = p->id;
  ask.provider = option->provider;
  ask.msisdn = msisdn.value_or("");
  ask.amount = p->amount;
  ask.description = facts_for(*p).title;
  ask.message = text(c.lang, "smsPin", c.tenant.get());
  // The portal's own PIN (sent here), or the operator's code (CAMARA: it sends it).
  auto started = d_.payments.start_pin(ask);
  if (!started) return Error::from_payment(started.error());
  PurchaseStep step;
  step.purchase_id = p->id;
  if (started->refused) {  // the operator refused the payment when asked for its code: recorded, and answered
    auto charged = charge(*p, *option, started->msisdn, c.backend_base, started->payment_id);
    if (!charged) return charged.error();
    step.redirect_url = charged->url;
    return step;
  }
  const std::string token = core::random_hex(16);
  d_.repository.set_pin_token(c.tenant->id, p->id, token, d_.clock.now_text());
  if (started->pin) {
    const std::string sms = core::replace_all(ask.message, "{{pin}}", *started->pin);
    d_.sms.send(c.tenant->id, identity::Mail{"sms:+" + started->msisdn, text(c.lang, "smsSubject", c.tenant.get()), sms});
  }
  step.purchase_token = token;
  step.message = text(c.lang, "pinSent", c.tenant.get());
  if (d_.dev_stage) step.sandbox_pin = started->pin;
  return step;
}

Result<Charged> PurchasesService::verify_pin(const Caller& c, const std::string& purchase_id,
                                                   std::int64_t article_id, const std::string& pin,
                                                   const std::string& token) {
  auto p = d_.repository.purchase(purchase_id);
  if (!p || p->tenant_id != c.tenant->id || p->user_uuid != c.user_uuid || p->article_id != article_id)
    return purchase_not_found();
  if (p->status != "OPEN") return closed();
  if (!p->pin_token || *p->pin_token != token)
    return Error::of(ErrorCode::invalid_purchase_token, "purchaseToken: not the token of this purchase's PIN");
  std::optional<PurchaseOption> operator_option;
  for (auto& o : d_.repository.options_of(p->id))
    if (o.flow == "API") operator_option = std::move(o);
  if (!operator_option) return option_not_found("No operator payment option");
  auto verified = d_.payments.verify_code(c.tenant->id, c.user_uuid, p->id, operator_option->provider, pin);
  if (!verified) return Error::from_payment(verified.error());
  return charge(*p, *operator_option, verified->msisdn, "", verified->payment_id);
}

// Where the purchase returns: its redirect with how it ended, the article, and when paid or pending the purchase.
std::string PurchasesService::returned_to(const Purchase& p, hosted::Ending ending) const {
  hosted::ReturnParams params{{"articleId", std::to_string(p.article_id)}};
  if (ending == hosted::Ending::paid) params.emplace_back("purchaseType", purchase_type(p.content_type));
  if (ending == hosted::Ending::paid || ending == hosted::Ending::pending) params.emplace_back("purchaseID", p.id);
  return hosted::return_url(p.redirect.value_or(""), ending, params);
}

std::string PurchasesService::returned_to(const Purchase& p, Charged::Outcome outcome) const {
  switch (outcome) {
    case Charged::Outcome::paid: return returned_to(p, hosted::Ending::paid);
    case Charged::Outcome::pending: return returned_to(p, hosted::Ending::pending);
    case Charged::Outcome::insufficient: return returned_to(p, hosted::Ending::insufficient_funds);
    case Charged::Outcome::declined: return returned_to(p, hosted::Ending::declined);
  }
  return returned_to(p, hosted::Ending::declined);
}

Result<Charged> PurchasesService::charge(const Purchase& purchase, const PurchaseOption& option,
                                               const std::string& instrument, const std::string& backend_base,
                                               std::optional<std::string> payment_id) {
  payments::ChargeRequest req;
  req.tenant_id = purchase.tenant_id;
  req.user_uuid = purchase.user_uuid;
  req.purpose = std::string(kPaymentPurpose);
  req.reference = purchase.id;
  req.provider = option.provider;
  req.instrument = instrument;
  req.amount = purchase.amount;
  req.payment_id = std::move(payment_id);
  const auto facts = facts_for(purchase);
  if (const auto* provider = d_.payments.provider(option.provider); provider && provider->collects_card()) {
    // The provider's page takes the card and sends the payer back here, to what its webhook settled.
    const std::string back = backend_base + "/checkout/purchase/return/" + option.uuid + "?lang=" + purchase.lang +
                             "&state=" + hosted::return_state(hosted::kPurchaseReturn, option.uuid);
    payments::HostedPayment hosted;
    hosted.description = facts.title;
    hosted.success_url = back;
    hosted.cancel_url = back + "&cancelled=1";
    hosted.lang = purchase.lang;
    req.hosted = std::move(hosted);
  }
  const std::string at = d_.clock.now_text();
  // Vetted in the claim's transaction: nothing is charged for what is owned.
  auto vet = [&](db::Session& s) {
    return d_.repository.wallet().owns(s, purchase.tenant_id, purchase.user_uuid, purchase.article_id,
                                       facts.collection_id.value_or(0));
  };
  auto then = [&](db::Session& s, const payments::Payment& paid) {
    if (paid.status == payments::Status::succeeded) {
      d_.repository.move(s, purchase.tenant_id, purchase.id, "OPEN", "PAID", at);
      d_.repository.wallet().add(s, purchase.tenant_id, purchase.user_uuid, wallet_items_of(facts),
                                 wallet::Source::purchase, purchase.id, at);
      tell_paid(s, purchase, facts);
    } else if (paid.status == payments::Status::pending) {
      d_.repository.move(s, purchase.tenant_id, purchase.id, "OPEN", "PENDING", at);
    }
  };
  auto payment = d_.payments.charge(req, then, vet);
  if (!payment) {
    // Paid or pending already (a twin): answer what it became.
    if (payment.error().code == payments::ErrorCode::refused) return already_owned(purchase.article_id);  // the vet
    if (payment.error().code == payments::ErrorCode::payment_exists) {
      auto now_p = d_.repository.purchase(purchase.id);
      if (now_p && now_p->status == "PAID") return Charged{Charged::Outcome::paid, *now_p, returned_to(*now_p, Charged::Outcome::paid)};
      if (now_p && now_p->status == "PENDING")
        return Charged{Charged::Outcome::pending, *now_p, returned_to(*now_p, Charged::Outcome::pending)};
    }
    return Error::from_payment(payment.error());
  }
  Charged out;
  out.purchase = purchase;
  switch (payment->status) {
    case payments::Status::succeeded: out.outcome = Charged::Outcome::paid; out.purchase.status = "PAID"; break;
    case payments::Status::pending: out.outcome = Charged::Outcome::pending; out.purchase.status = "PENDING"; break;
    case payments::Status::insufficient_funds: out.outcome = Charged::Outcome::insufficient; break;
    default: out.outcome = Charged::Outcome::declined; break;
  }
  out.url = returned_to(purchase, out.outcome);
  if (payment->status == payments::Status::pending && payment->provider_url) out.url = *payment->provider_url;
  return out;
}

std::optional<payments::Payment> PurchasesService::pending_payment(const Purchase& p) {
  for (auto& pay : d_.payments.for_reference(p.tenant_id, kPaymentPurpose, p.id))
    if (pay.status == payments::Status::pending) return pay;
  return std::nullopt;
}

Result<std::string> PurchasesService::checkout_returned(const std::string& option_uuid, bool cancelled) {
  auto option = d_.repository.option(option_uuid);
  if (!option) return purchase_not_found();
  auto p = d_.repository.purchase(option->purchase_id);
  if (!p) return purchase_not_found();
  if (p->status == "PENDING" && cancelled) {
    if (auto pay = pending_payment(*p))
      (void)d_.payments.settle(pay->id, payments::Status::declined, {});  // purchases settle their own (on_settled)
    p = d_.repository.purchase(option->purchase_id);
    if (!p) return purchase_not_found();
  }
  if (p->status == "PAID") return returned_to(*p, Charged::Outcome::paid);
  if (p->status == "PENDING") return returned_to(*p, Charged::Outcome::pending);
  if (p->status == "FAILED" && !cancelled) return returned_to(*p, Charged::Outcome::declined);
  return returned_to(*p, hosted::Ending::cancelled);
}

std::optional<hosted::CheckoutPageView> PurchasesService::checkout_view(const std::string& option_uuid) {
  auto option = d_.repository.option(option_uuid);
  if (!option || option->flow != "WEB") return std::nullopt;
  auto p = d_.repository.purchase(option->purchase_id);
  if (!p) return std::nullopt;
  auto tenant = d_.tenant_by_id(p->tenant_id);
  if (!tenant) return std::nullopt;
  hosted::CheckoutPageView v;
  v.tenant = tenant;
  v.lang = p->lang;
  v.open = p->status == "OPEN";
  auto record = d_.article(p->tenant_id, p->article_id, catalog::RatingRange{0, 1000});
  v.item = record ? facts_of(*record, p->lang).title : std::to_string(p->article_id);
  v.amount = p->amount;
  if (auto* provider = d_.payments.provider(option->provider)) {
    v.test_cards = provider->test_instruments();
    v.provider_page = provider->collects_card();
    v.test_mode = provider->test_mode(p->tenant_id);
    v.provider_origin = provider->page_origin();
  }
  return v;
}

Result<std::string> PurchasesService::checkout_submit(const std::string& option_uuid,
                                                            const hosted::CheckoutSubmit& submit) {
  auto option = d_.repository.option(option_uuid);
  if (!option || option->flow != "WEB") return purchase_not_found();
  auto p = d_.repository.purchase(option->purchase_id);
  if (!p) return purchase_not_found();
  if (p->status == "PENDING")  // back on this page while the provider's page is open: that page again
    if (auto pay = pending_payment(*p); pay && pay->provider_url) return *pay->provider_url;
  if (p->status != "OPEN") return closed();
  if (submit.cancel) {
    d_.repository.move(p->tenant_id, p->id, "OPEN", "CANCELLED", d_.clock.now_text());
    return returned_to(*p, hosted::Ending::cancelled);
  }
  auto* provider = d_.payments.provider(option->provider);
  if (!provider) return purchase_not_found();
  auto card = provider->normalize(submit.card);
  if (!card) return Error::from_payment(card.error());
  auto charged = charge(*p, *option, *card, submit.backend_base);
  if (!charged) {
    if (charged.error().code == ErrorCode::already_owned)
      return returned_to(*p, hosted::Ending::already_owned);
    return charged.error();
  }
  return charged->url;
}

void PurchasesService::on_payment_settled(db::Session& s, const payments::Payment& p) {
  auto purchase = d_.repository.purchase(p.reference);
  if (!purchase || purchase->status != "PENDING") return;
  const std::string at = d_.clock.now_text();
  if (p.status != payments::Status::succeeded) {
    d_.repository.move(s, purchase->tenant_id, purchase->id, "PENDING", "FAILED", at);
    return;
  }
  const auto facts = facts_for(*purchase);
  d_.repository.move(s, purchase->tenant_id, purchase->id, "PENDING", "PAID", at);
  d_.repository.wallet().add(s, purchase->tenant_id, purchase->user_uuid, wallet_items_of(facts),
                             wallet::Source::purchase, purchase->id, at);
  tell_paid(s, *purchase, facts);
}

void PurchasesService::on_charge_released(db::Session& s, const payments::Payment& p) {
  if (p.status != payments::Status::succeeded) return;
  d_.repository.move(s, p.tenant_id, p.reference, "OPEN", "FAILED", d_.clock.now_text());
  // A charge taken and then given back (payments' return_taken): the customer is told here too, not only by mail.
  if (p.refunded <= 0 || !d_.notifier) return;
  const auto purchase = d_.repository.purchase(p.reference);
  if (!purchase || purchase->tenant_id != p.tenant_id) return;
  d_.notifier->notify(s, p.tenant_id,
                      {purchase->user_uuid, std::string(notifications::kPaymentReturned), {}, "/myPurchases",
                       "returned:" + p.id});
}

void PurchasesService::on_payment_refunded(db::Session& s, const payments::Payment& p) {
  auto purchase = d_.repository.purchase(p.reference);
  if (!purchase || purchase->tenant_id != p.tenant_id || purchase->status != "PAID") return;
  d_.repository.move(s, purchase->tenant_id, purchase->id, "PAID", "CANCELLED", d_.clock.now_text());
  d_.repository.wallet().remove(s, purchase->tenant_id, purchase->user_uuid, wallet::Source::purchase, purchase->id);
}

void PurchasesService::tell_paid(db::Session& s, const Purchase& p, const ArticleFacts& facts) {
  if (!d_.notifier) return;
  d_.notifier->notify(s, p.tenant_id,
                      {p.user_uuid,
                       std::string(notifications::kPurchasePaid),
                       {{"title", facts.title}, {"articleId", std::to_string(p.article_id)}},
                       "/myPurchases",
                       "purchase:" + p.id});
}

// ---- support

Result<Purchase> PurchasesService::grant(std::int64_t tenant_id, const std::string& user_uuid,
                                         std::int64_t article_id, const std::string& currency, const Record& record) {
  auto found = d_.article(tenant_id, article_id, catalog::RatingRange{0, 1000});
  if (!found) return Error::from_catalog(found.error());
  const ArticleFacts facts = facts_of(*found, "en");
  Purchase p;
  p.id = core::new_uuid();
  p.tenant_id = tenant_id;
  p.user_uuid = user_uuid;
  p.article_id = facts.id;
  p.content_type = facts.content_type;
  p.amount = Money{0, currency};
  p.status = "PAID";
  p.created_at = d_.clock.now_text();
  const auto granted = d_.repository.grant_paid(p, facts.collection_id.value_or(0), wallet_items_of(facts),
                                                [&](db::Session& s) {
                                                  if (record) record(s, p);
                                                });
  if (granted == PurchasesRepository::Granted::already_owned)
    return Error::about(ErrorCode::already_owned, "The user owns this article already", article_id);
  return p;
}

Result<Purchase> PurchasesService::revoke(std::int64_t tenant_id, const std::string& user_uuid,
                                          const std::string& purchase_id, const Record& record) {
  std::optional<Error> refused;
  Purchase out;
  d_.repository.database().transaction([&](db::Session& s) {
    refused.reset();
    auto p = d_.repository.purchase(s, purchase_id);
    if (!p || p->tenant_id != tenant_id || p->user_uuid != user_uuid) {
      refused = Error::of(ErrorCode::purchase_not_found, "No such purchase");
      return;
    }
    const std::string at = d_.clock.now_text();
    if (p->status != "PAID" || !d_.repository.move(s, tenant_id, p->id, "PAID", "CANCELLED", at)) {
      refused = Error::of(ErrorCode::purchase_closed, "Only a paid purchase can be revoked");
      return;
    }
    d_.repository.wallet().remove(s, tenant_id, user_uuid, wallet::Source::purchase, p->id);
    out = *p;
    out.status = "CANCELLED";
    if (record) record(s, out);
  });
  if (refused) return *refused;
  return out;
}

}  // namespace portal::purchases
