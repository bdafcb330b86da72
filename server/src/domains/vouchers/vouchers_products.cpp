// Voucher products read from catalog articles (docs/decisions.md "What a bought
// voucher is"): a voucher grants the subscription type its
// customProperties.subscriptionTypeIds names for the tenant; a voucher book
// one code per member voucher.
#include <algorithm>
#include <boost/json.hpp>  // the tenant's settings and features; the catalog's stored document (article_of), once

#include "domains/catalog/catalog_document.hpp"
#include "domains/tenants/tenant_currency.hpp"
#include "domains/vouchers/vouchers_service.hpp"

namespace portal::vouchers {
namespace json = boost::json;

namespace {

std::optional<std::int64_t> int_of(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (!v) return std::nullopt;
  if (v->is_int64()) return v->as_int64();
  if (v->is_uint64()) return static_cast<std::int64_t>(v->as_uint64());
  return std::nullopt;
}

// The first COVER artwork's url, else the first artwork's.
std::string image_of(const catalog::ArticleDocument& doc) {
  if (!doc.artworks) return {};
  for (const auto& a : *doc.artworks)
    if (a.artworkClass == "COVER") return a.url;
  return doc.artworks->empty() ? std::string() : doc.artworks->front().url;
}

}  // namespace

Article article_of(std::int64_t id, std::string content_type, const json::object& doc) {
  return {id, std::move(content_type), catalog::texts_of(doc.if_contains("title")),
          catalog::texts_of(doc.if_contains("description")), catalog::stored_document(doc)};
}

std::int64_t max_quantity(const tenants::Tenant& tenant) {
  const auto n = int_of(tenant.features, "maxQuantity");
  return n && *n >= 1 ? *n : 10;
}

std::string text_in(const Texts& texts, std::string_view lang) {
  for (std::string_view l : {lang, std::string_view("en")})
    for (const auto& [k, v] : texts)
      if (k == l) return v;
  return texts.empty() ? std::string() : texts.front().second;
}

std::string masked(std::string_view recipient) {
  if (recipient.rfind("sms:", 0) == 0) {
    std::string_view n = recipient.substr(4);
    if (n.size() <= 5) return std::string(n);
    return std::string(n.substr(0, 3)) + "***" + std::string(n.substr(n.size() - 2));
  }
  const auto at = recipient.find('@');
  if (at == std::string_view::npos || at == 0) return "***";
  return std::string(recipient.substr(0, 1)) + "***" + std::string(recipient.substr(at));
}

int periods_for(const Money& price, const subscriptions::SubscriptionType& plan) {
  const Money cost = plan.current_price();
  if (cost.amount <= 0 || cost.currency != price.currency || price.amount <= 0) return 1;
  return static_cast<int>(std::clamp<std::int64_t>(price.amount / cost.amount, 1, 10000));
}

std::optional<Product> product_of(const tenants::Tenant& tenant, const Article& article, const ArticleLookup& articles,
                                  const subscriptions::Plans& plans) {
  if (article.content_type != "voucher" && article.content_type != "voucherbook") return std::nullopt;
  const catalog::ArticleDocument& doc = article.document;
  Product p;
  p.id = article.id;
  p.content_type = article.content_type;
  p.title = article.title;
  p.description = article.description;
  p.image_url = image_of(doc);
  const std::string currency = tenants::currency_of(tenant);
  bool priced = false;
  if (doc.prices)
    for (const auto& price : *doc.prices)
      if (price.currency == currency && price.amount >= 0) {
        p.price = {price.amount, currency};
        priced = true;
        break;
      }
  if (!priced) return std::nullopt;
  static const catalog::ArticleCustomProperties none;
  const auto& custom = doc.customProperties ? *doc.customProperties : none;
  p.discount_percentage = static_cast<int>(std::clamp<std::int64_t>(custom.discountPercentage.value_or(0), 0, 99));
  if (auto n = custom.availableNo; n && *n >= 0) p.initial_available = *n;

  if (article.content_type == "voucher") {
    std::optional<std::int64_t> type;
    if (custom.subscriptionTypeIds)
      if (auto it = custom.subscriptionTypeIds->find(tenant.name); it != custom.subscriptionTypeIds->end()) type = it->second;
    if (!type || *type <= 0) return std::nullopt;
    const auto* plan = plans.type(*type);
    if (!plan) return std::nullopt;
    const int months = static_cast<int>(std::clamp<std::int64_t>(custom.validityMonths.value_or(12), 1, 120));
    p.grants.push_back({*type, months, periods_for(p.price, *plan)});
    p.original_amount = p.discount_percentage > 0
                            ? (p.price.amount * 100 + (100 - p.discount_percentage) - 1) / (100 - p.discount_percentage)
                            : p.price.amount;
    return p;
  }
  // A book: one code per member voucher; its saving is against buying them singly.
  if (!doc.memberIds || doc.memberIds->empty()) return std::nullopt;
  std::int64_t singly = 0;
  for (const auto member_id : *doc.memberIds) {
    auto member_article = articles(tenant.id, member_id);
    if (!member_article || member_article->content_type != "voucher") return std::nullopt;
    auto member = product_of(tenant, *member_article, articles, plans);
    if (!member) return std::nullopt;
    singly += member->price.amount;
    p.grants.insert(p.grants.end(), member->grants.begin(), member->grants.end());
  }
  p.original_amount = std::max(singly, p.price.amount);
  return p;
}

}  // namespace portal::vouchers
