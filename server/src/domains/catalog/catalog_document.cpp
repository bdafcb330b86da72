#include "domains/catalog/catalog_document.hpp"

#include <boost/json.hpp>  // free-form: the article and challenge documents, edited and imported whole

#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog {
namespace json = boost::json;

Texts texts_of(const json::value* texts) {
  Texts out;
  if (!texts) return out;
  if (texts->is_string()) {
    out.push_back({"en", std::string(texts->as_string())});
    return out;
  }
  if (const auto* o = texts->if_object())
    for (const auto& kv : *o)
      if (kv.value().is_string()) out.push_back({std::string(kv.key()), std::string(kv.value().as_string())});
  return out;
}

json::object texts_json(const Texts& texts) {
  json::object out;
  for (const auto& [lang, text] : texts) out[lang] = text;
  return out;
}

std::string localized(const json::value* texts, std::string_view lang) {
  return localized(texts_of(texts), lang);
}

bool has_freemium_price(const json::object& doc) {
  const auto* prices = doc.if_contains("prices");
  if (!prices || !prices->is_array()) return false;
  for (const auto& p : prices->as_array()) {
    const auto* o = p.if_object();
    const auto* model = o ? o->if_contains("businessModel") : nullptr;
    if (model && model->is_string() && model->as_string() == "DOWNLOAD_TO_OWN_FREEMIUM") return true;
  }
  return false;
}

std::optional<std::int64_t> sale_price_of(const json::object& doc) {
  std::optional<std::int64_t> least;
  const auto* prices = doc.if_contains("prices");
  if (!prices || !prices->is_array()) return least;
  for (const auto& p : prices->as_array()) {
    const auto* o = p.if_object();
    const auto* model = o ? o->if_contains("businessModel") : nullptr;
    const auto* amount = o ? o->if_contains("amount") : nullptr;
    if (!model || !model->is_string() || model->as_string() != "PAY_PER_DOWNLOAD" || !amount) continue;
    std::int64_t value = 0;
    if (amount->is_int64()) value = amount->as_int64();
    else if (amount->is_uint64()) value = static_cast<std::int64_t>(amount->as_uint64());
    else if (amount->is_double()) value = static_cast<std::int64_t>(amount->as_double() + 0.5);
    if (value > 0 && (!least || value < *least)) least = value;
  }
  return least;
}

bool is_free_online_game(std::string_view content_type, const json::object& doc) {
  return is_free_online_game(content_type, has_freemium_price(doc));
}

bool article_published(const json::object& doc) {
  const auto* v = doc.if_contains("published");
  return !v || !v->is_bool() || v->as_bool();
}

Availability availability_of(const json::object& doc) {
  Availability w;
  for (auto [key, into] : {std::pair<std::string_view, std::string*>{"availableFrom", &w.from}, {"availableUntil", &w.until}})
    if (const auto* v = doc.if_contains(key); v && v->is_string()) *into = std::string(v->as_string());
  return w;
}

}  // namespace portal::catalog
