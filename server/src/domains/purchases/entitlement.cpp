#include "domains/purchases/entitlement.hpp"

#include <algorithm>

#include "core/text.hpp"

namespace portal::purchases {

namespace {

bool runs_on(const ArticleFacts& a, const std::optional<std::string>& os) {
  if (a.content_type != "game" || a.platforms.empty() || !os || os->empty()) return true;
  return std::any_of(a.platforms.begin(), a.platforms.end(), [&](const std::string& p) { return core::iequals(p, *os); });
}

// A contingent amount that lets the holder consume: > 0 or −1 (commerce §5).
bool usable(std::int64_t amount) { return amount > 0 || amount == -1; }

const OfferedPlan* plan_of(const std::vector<OfferedPlan>& plans, std::int64_t type_id) {
  for (const auto& p : plans)
    if (p.type_id == type_id) return &p;
  return nullptr;
}

std::optional<Money> own_price(const ArticleFacts& a, const std::string& currency) {
  for (const auto& p : a.prices)
    if (p.business_model == "PAY_PER_DOWNLOAD" && p.currency == currency && p.amount > 0) return Money{p.amount, p.currency};
  return std::nullopt;
}

bool covers(const OfferedPlan& p, const std::string& content_type) {
  const auto* c = subscriptions::covering(p.contingents, content_type);
  return c && usable(c->amount);
}

}  // namespace

std::string_view to_string(ConsumeWay::Kind k) {
  switch (k) {
    case ConsumeWay::Kind::free: return "free";
    case ConsumeWay::Kind::wallet: return "wallet";
    case ConsumeWay::Kind::subscription: return "subscription";
    case ConsumeWay::Kind::credit: return "credit";
  }
  return "free";
}

bool is_free(const ArticleFacts& a) {
  if (a.prices.empty()) return false;
  bool all_zero = true;
  for (const auto& p : a.prices) {
    if (p.business_model == "DOWNLOAD_TO_OWN_FREEMIUM") return true;
    all_zero = all_zero && p.amount == 0;
  }
  return all_zero;
}

Entitlement decide(const EntitlementInput& in) {
  Entitlement e;
  const auto& a = in.article;
  if (!runs_on(a, in.device_os)) {
    e.device_supported = false;
    return e;
  }
  if (is_free(a)) {
    if (in.guest && a.content_type != "online_game") e.login_required = true;
    else e.consume.push_back({ConsumeWay::Kind::free, std::nullopt, std::nullopt, std::nullopt});
    return e;
  }

  if (!in.guest && in.owned) e.consume.push_back({ConsumeWay::Kind::wallet, std::nullopt, std::nullopt, std::nullopt});

  // What the caller's subscriptions give: unlimited first, then the credit
  // plan with the most left (spent first-come, but never the last of a
  // smaller one before a larger one's).
  std::vector<ConsumeWay> credits;
  std::vector<const Holding*> exhausted_active;  // active, in a group, cannot consume this
  if (!in.guest)
    for (const auto& h : in.holdings) {
      const auto* c = subscriptions::covering(h.contingents, a.content_type);
      if (h.active()) {
        if (c && c->amount == -1)
          e.consume.push_back({ConsumeWay::Kind::subscription, h.id, h.type_id, std::nullopt});
        else if (c && c->amount > 0)
          credits.push_back({ConsumeWay::Kind::credit, h.id, h.type_id, c->amount});
        else
          exhausted_active.push_back(&h);
      } else if (c || (plan_of(in.plans, h.type_id) && covers(*plan_of(in.plans, h.type_id), a.content_type))) {
        const auto* p = plan_of(in.plans, h.type_id);
        e.unavailable.push_back({h, p ? p->name : std::string()});
      }
    }
  std::stable_sort(credits.begin(), credits.end(), [](const ConsumeWay& x, const ConsumeWay& y) {
    return x.remaining.value_or(0) > y.remaining.value_or(0);
  });
  e.consume.insert(e.consume.end(), credits.begin(), credits.end());

  if (!e.consume.empty()) {
    e.unavailable.clear();  // it plays: nothing is missing
    return e;
  }
  if (in.guest) e.login_required = true;

  // Other levels of a group the caller holds an active level of.
  std::vector<std::string> held_groups;
  for (const auto* h : exhausted_active) {
    const auto* held = plan_of(in.plans, h->type_id);
    if (!held || !held->group_id) continue;
    held_groups.push_back(*held->group_id);
    for (const auto& p : in.plans) {
      if (p.type_id == held->type_id || p.group_id != held->group_id || !covers(p, a.content_type)) continue;
      (p.level < held->level ? e.downgrade_to : e.upgrade_to).push_back({h->id, p});
    }
  }
  for (const auto& h : in.holdings)
    if (h.active())
      if (const auto* held = plan_of(in.plans, h.type_id); held && held->group_id) held_groups.push_back(*held->group_id);

  if (auto price = own_price(a, in.currency))
    e.purchase.push_back({"dto-" + std::to_string(a.id), PurchaseOffer::Type::dto, a.title, *price, false, 0, std::nullopt});
  for (const auto& p : in.plans) {
    if (!covers(p, a.content_type)) continue;
    if (p.group_id && std::find(held_groups.begin(), held_groups.end(), *p.group_id) != held_groups.end()) continue;
    bool held = false;
    for (const auto& h : in.holdings) held = held || (h.type_id == p.type_id && h.state != "CANCELED");
    if (held) continue;  // pending or inactive: `unavailable` says so
    const auto* c = subscriptions::covering(p.contingents, a.content_type);
    e.purchase.push_back({"subscription-" + std::to_string(p.type_id), PurchaseOffer::Type::subscription, p.name,
                          p.price, c && c->amount > 0, p.sort, p});
  }
  std::stable_sort(e.purchase.begin(), e.purchase.end(),
                   [](const PurchaseOffer& x, const PurchaseOffer& y) { return x.sort < y.sort; });
  return e;
}

}  // namespace portal::purchases
