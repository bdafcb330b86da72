// Voucher products read from catalog articles (docs/decisions.md "What a bought
// voucher is"): a voucher grants the subscription type its
// customProperties.subscriptionTypeIds names for the tenant; a voucher book
// one code per member voucher.
#include <algorithm>
#include <boost/json.hpp>  // reads the catalog article (Article::doc), free-form

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

std::string image_of(const json::object& doc) {
  const auto* artworks = doc.if_contains("artworks");
  if (!artworks || !artworks->is_array()) return {};
  std::string first;
  for (const auto& a : artworks->as_array()) {
    const auto* o = a.if_object();
    const auto* url = o ? o->if_contains("url") : nullptr;
    if (!url || !url->is_string()) continue;
    const auto* cls = o->if_contains("artworkClass");
    if (cls && cls->is_string() && cls->as_string() == "COVER") return std::string(url->as_string());
    if (first.empty()) first = url->as_string();
  }
  return first;
}

const json::object& object_at(const json::object& doc, std::string_view key) {
  static const json::object empty;
  const auto* v = doc.if_contains(key);
  return v && v->is_object() ? v->as_object() : empty;
}

// The string members of a text object, in its order.
Texts texts_at(const json::object& doc, std::string_view key) {
  Texts out;
  for (const auto& [lang, text] : object_at(doc, key))
    if (text.is_string()) out.emplace_back(std::string(lang), std::string(text.as_string()));
  return out;
}

}  // namespace

std::string currency_of(const tenants::Tenant& tenant) {
  const auto* c = tenant.settings.if_contains("currency");
  return c && c->is_string() && !c->as_string().empty() ? std::string(c->as_string()) : std::string("EUR");
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
  const auto& doc = article.doc;
  Product p;
  p.id = article.id;
  p.content_type = article.content_type;
  p.title = texts_at(doc, "title");
  p.description = texts_at(doc, "description");
  p.image_url = image_of(doc);
  const std::string currency = currency_of(tenant);
  bool priced = false;
  if (const auto* prices = doc.if_contains("prices"); prices && prices->is_array())
    for (const auto& v : prices->as_array()) {
      const auto* o = v.if_object();
      if (!o) continue;
      const auto* c = o->if_contains("currency");
      const auto amount = int_of(*o, "amount");
      if (c && c->is_string() && c->as_string() == currency && amount && *amount >= 0) {
        p.price = {*amount, currency};
        priced = true;
        break;
      }
    }
  if (!priced) return std::nullopt;
  const auto& custom = object_at(doc, "customProperties");
  p.discount_percentage = static_cast<int>(std::clamp<std::int64_t>(int_of(custom, "discountPercentage").value_or(0), 0, 99));
  if (auto n = int_of(custom, "availableNo"); n && *n >= 0) p.initial_available = *n;

  if (article.content_type == "voucher") {
    const auto type = int_of(object_at(custom, "subscriptionTypeIds"), tenant.name);
    if (!type || *type <= 0) return std::nullopt;
    const auto* plan = plans.type(*type);
    if (!plan) return std::nullopt;
    const int months = static_cast<int>(std::clamp<std::int64_t>(int_of(custom, "validityMonths").value_or(12), 1, 120));
    p.grants.push_back({*type, months, periods_for(p.price, *plan)});
    p.original_amount = p.discount_percentage > 0
                            ? (p.price.amount * 100 + (100 - p.discount_percentage) - 1) / (100 - p.discount_percentage)
                            : p.price.amount;
    return p;
  }
  // A book: one code per member voucher; its saving is against buying them singly.
  const auto* members = doc.if_contains("memberIds");
  if (!members || !members->is_array() || members->as_array().empty()) return std::nullopt;
  std::int64_t singly = 0;
  for (const auto& m : members->as_array()) {
    if (!m.is_int64()) return std::nullopt;
    auto member_article = articles(tenant.id, m.as_int64());
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
