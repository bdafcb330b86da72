// Plans look-ups and their order; names in a language.
#include "domains/subscriptions/subscriptions_types.hpp"

#include <algorithm>
#include <string>

#include "domains/subscriptions/subscription_rules.hpp"

namespace portal::subscriptions {

// Plans list their types by ment_sort (a number; missing or unreadable is 0), then id.
void sort_types(std::vector<SubscriptionType>& types) {
  auto sort_key = [](const SubscriptionType& t) {
    std::int64_t sort = 0;
    try {
      sort = std::stoll(t.attribute("ment_sort", "0"));
    } catch (...) {
    }
    return std::pair{sort, t.id};
  };
  std::stable_sort(types.begin(), types.end(), [&](const auto& a, const auto& b) { return sort_key(a) < sort_key(b); });
}

const std::string* Texts::find(std::string_view lang) const {
  for (const auto& [l, text] : entries)
    if (l == lang) return &text;
  return nullptr;
}

std::string resolve(const Texts& texts, std::string_view lang) {
  if (const auto* text = texts.find(lang)) return *text;
  if (const auto* text = texts.find("en")) return *text;
  return texts.entries.empty() ? std::string() : texts.entries.front().second;
}

std::string type_name(const SubscriptionType& t, std::string_view lang) {
  // As the storefront's plan card names it, so a receipt names the plan the customer chose (issue 73 item 3).
  return plan_title(t.attributes, t.name, lang);
}

std::vector<std::int64_t> active_type_ids(const std::vector<UserSubscription>& subs) {
  std::vector<std::int64_t> out;
  for (const auto& s : subs)
    if (s.active()) out.push_back(s.type_id);
  return out;
}

const SubscriptionType* Plans::type(std::int64_t id) const {
  for (const auto& t : types)
    if (t.id == id) return &t;
  return nullptr;
}
const Group* Plans::group(std::string_view id) const {
  for (const auto& g : groups)
    if (g.id == id) return &g;
  return nullptr;
}
const PaymentOption* Plans::option(std::string_view code) const {
  for (const auto& o : options)
    if (o.code == code) return &o;
  return nullptr;
}

}  // namespace portal::subscriptions
