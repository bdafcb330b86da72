// Plans documents to typed Plans, with every rule of the format checked once.
#include "domains/subscriptions/plans_document.hpp"

// free-form: the plans document is the operator's JSON file (or the console's object); this is its edge, where
// it is validated into the typed Plans.
#include <boost/json.hpp>

#include "core/links.hpp"
#include "core/money.hpp"
#include "core/utc_time.hpp"
#include "domains/subscriptions/texts_json.hpp"

namespace portal::subscriptions {
namespace json = boost::json;

namespace {

Error bad(std::string where, std::string what) { return Error::invalid(std::move(where), std::move(what)); }

Result<std::vector<Contingent>> parse_contingents(const json::value* v, const std::string& where) {
  std::vector<Contingent> out;
  if (!v || v->is_null()) return out;
  if (!v->is_array()) return bad(where, "must be a list");
  for (const auto& item : v->as_array()) {
    if (!item.is_object()) return bad(where, "entries must be objects");
    const auto& o = item.as_object();
    Contingent c;
    auto* types = o.if_contains("contentTypes");
    if (!types || !types->is_array()) return bad(where + ".contentTypes", "must be a list of strings");
    for (const auto& t : types->as_array()) {
      if (!t.is_string()) return bad(where + ".contentTypes", "must be a list of strings");
      c.content_types.emplace_back(t.as_string());
    }
    auto* amount = o.if_contains("amount");
    if (!amount || !amount->is_int64() || amount->as_int64() < -1) return bad(where + ".amount", "must be -1 or more");
    c.amount = amount->as_int64();
    out.push_back(std::move(c));
  }
  return out;
}

// A price an operator sets is at most core::kMaxMoneyAmount; `bounded` false for the previous price a
// price change records (the server writes it from what was stored).
Result<Money> parse_money(const json::value* v, const std::string& where, bool bounded = true) {
  if (!v || !v->is_object()) return bad(where, "must be {amount, currency}");
  const auto& o = v->as_object();
  auto* amount = o.if_contains("amount");
  auto* currency = o.if_contains("currency");
  if (!amount || !amount->is_int64() || amount->as_int64() < 0) return bad(where + ".amount", "must be a whole number >= 0");
  if (bounded && amount->as_int64() > core::kMaxMoneyAmount) return bad(where + ".amount", core::kMaxMoneyText);
  if (!currency || !currency->is_string() || currency->as_string().size() != 3)
    return bad(where + ".currency", "must be an ISO currency code");
  return Money{amount->as_int64(), std::string(currency->as_string())};
}

std::optional<std::string> opt_string(const json::object& o, std::string_view key) {
  auto* v = o.if_contains(key);
  if (!v || !v->is_string()) return std::nullopt;
  return std::string(v->as_string());
}

bool json_string_list(std::string_view text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  if (ec || !v.is_array()) return false;
  for (const auto& item : v.as_array())
    if (!item.is_string()) return false;
  return true;
}

bool number(std::string_view text) {
  if (text.empty()) return false;
  std::size_t i = text[0] == '-' ? 1 : 0;
  bool digits = false, dot = false;
  for (; i < text.size(); ++i) {
    if (text[i] == '.' && !dot) dot = true;
    else if (text[i] >= '0' && text[i] <= '9') digits = true;
    else return false;
  }
  return digits;
}


}  // namespace

std::optional<std::string> attribute_problem(std::string_view key, std::string_view value) {
  if (key == "ment_category" || key.rfind("DISPLAY_SERVICE_BULLETS_TEXT_", 0) == 0)
    return value.empty() || json_string_list(value) ? std::nullopt : std::optional<std::string>("must be a JSON list of strings");
  if (key == "ment_best_value" || key == "ment_default")
    return value.empty() || value == "0" || value == "1" ? std::nullopt : std::optional<std::string>("must be 0 or 1");
  if (key == "ment_sort" || key == "ment_sort_category")
    return value.empty() || number(value) ? std::nullopt : std::optional<std::string>("must be a number");
  if (key == "ment_redirect" || key == "ment_url" || key == "ment_icon" || key == "ment_icon_alernativeTheme" ||
      key == "ment_background_image" || key == "cancelUrl")
    return value.empty() || core::safe_link(value) ? std::nullopt
                                           : std::optional<std::string>("must be an http(s) address or a path starting with /");
  if (value.size() > 4000) return "is too long (4000 characters at most)";
  return std::nullopt;
}

Result<SubscriptionType> parse_type(const json::object& o) {
  SubscriptionType t;
  auto* id = o.if_contains("id");
  if (!id || !id->is_int64() || id->as_int64() <= 0) return bad("types[].id", "must be a positive whole number");
  t.id = id->as_int64();
  const std::string where = "type " + std::to_string(t.id);
  auto name = opt_string(o, "name");
  if (!name || name->empty()) return bad(where + ".name", "is required");
  t.name = *name;
  t.group_id = opt_string(o, "groupId");
  auto cycle = opt_string(o, "billingCycle");
  if (!cycle || !parse_cycle(*cycle)) return bad(where + ".billingCycle", "must be an ISO duration such as P1M");
  t.billing_cycle = *cycle;
  auto price = parse_money(o.if_contains("price"), where + ".price");
  if (!price) return price.error();
  t.price = *price;
  if (auto* promo = o.if_contains("promotionPrice"); promo && !promo->is_null()) {
    auto p = parse_money(promo, where + ".promotionPrice");
    if (!p) return p.error();
    if (p->currency != t.price.currency) return bad(where + ".promotionPrice.currency", "must equal the price's");
    t.promotion_price = *p;
  }
  auto contingents = parse_contingents(o.if_contains("contingents"), where + ".contingents");
  if (!contingents) return contingents.error();
  t.contingents = *contingents;
  if (auto* acc = o.if_contains("accumulateContingent"); acc && !acc->is_null()) {
    if (!acc->is_bool()) return bad(where + ".accumulateContingent", "must be true or false");
    t.accumulate_contingent = acc->as_bool();
  }
  t.max_trial_duration = opt_string(o, "maxTrialDuration");
  if (t.max_trial_duration && !parse_trial_duration(*t.max_trial_duration))
    return bad(where + ".maxTrialDuration", "must be P<digit><D|M|Y>");
  t.cancel_url = opt_string(o, "cancelUrl");
  if (t.cancel_url && !t.cancel_url->empty() && !core::safe_link(*t.cancel_url))
    return bad(where + ".cancelUrl", "must be an http(s) address or a path starting with /");
  if (auto* fields = o.if_contains("requiredIdentityFields"); fields && !fields->is_null()) {
    if (!fields->is_array()) return bad(where + ".requiredIdentityFields", "must be a list of name, lastName or email");
    for (const auto& f : fields->as_array()) {
      if (!f.is_string() || (f.as_string() != "name" && f.as_string() != "lastName" && f.as_string() != "email"))
        return bad(where + ".requiredIdentityFields", "entries are name, lastName or email");
      t.required_identity_fields.emplace_back(f.as_string());
    }
  }
  auto* options = o.if_contains("paymentOptions");
  if (!options || !options->is_array()) return bad(where + ".paymentOptions", "must be a list of option codes");
  for (const auto& code : options->as_array()) {
    if (!code.is_string()) return bad(where + ".paymentOptions", "must be a list of option codes");
    t.payment_options.emplace_back(code.as_string());
  }
  if (auto* attrs = o.if_contains("attributes"); attrs && !attrs->is_null()) {
    if (!attrs->is_object()) return bad(where + ".attributes", "must be an object of strings");
    for (const auto& [k, v] : attrs->as_object()) {
      if (!v.is_string()) return bad(where + ".attributes." + std::string(k), "must be a string");
      if (auto problem = attribute_problem(k, v.as_string())) return bad(where + ".attributes." + std::string(k), *problem);
      t.attributes.emplace_back(std::string(k), std::string(v.as_string()));
    }
  }
  if (auto* change = o.if_contains("priceChange"); change && !change->is_null()) {
    if (!change->is_object()) return bad(where + ".priceChange", "must be {previousPrice, effectiveFrom}");
    auto previous =
        parse_money(change->as_object().if_contains("previousPrice"), where + ".priceChange.previousPrice", false);
    if (!previous) return previous.error();
    auto from = opt_string(change->as_object(), "effectiveFrom");
    if (!from || !core::parse_utc(*from)) return bad(where + ".priceChange.effectiveFrom", "must be an ISO time");
    t.price_change = PriceChange{*previous, *from};
  }
  if (auto* retired = o.if_contains("retired"); retired && !retired->is_null()) {
    if (!retired->is_object()) return bad(where + ".retired", "must be {at, successorId}");
    const auto& r = retired->as_object();
    auto at = opt_string(r, "at");
    if (!at || !core::parse_utc(*at)) return bad(where + ".retired.at", "must be an ISO time");
    Retirement ret{*at, std::nullopt};
    if (auto* s = r.if_contains("successorId"); s && !s->is_null()) {
      if (!s->is_int64() || s->as_int64() == t.id) return bad(where + ".retired.successorId", "must name another type");
      ret.successor_id = s->as_int64();
    }
    t.retired = ret;
  }
  t.definition = o;
  return t;
}

Result<PlanDocument> plan_document(const json::object& definition) {
  try {
    return core::from_json<PlanDocument>(definition);
  } catch (const core::JsonFieldError& e) {
    return bad(e.field, e.reason);
  }
}

json::object plan_definition(const PlanDocument& document) { return core::described_object_without_nulls(document); }

Result<Plans> parse_plans(const json::value& doc) {
  if (!doc.is_object()) return bad("plans", "must be an object");
  const auto& o = doc.as_object();
  Plans plans;
  if (auto* g = o.if_contains("graceDays"); g && g->is_int64()) plans.grace_days = static_cast<int>(g->as_int64());
  if (auto* opts = o.if_contains("paymentOptions"); opts && opts->is_array())
    for (const auto& item : opts->as_array()) {
      if (!item.is_object()) return bad("paymentOptions", "entries must be objects");
      const auto& x = item.as_object();
      PaymentOption p;
      p.code = opt_string(x, "code").value_or("");
      p.provider = opt_string(x, "provider").value_or("");
      p.flow = opt_string(x, "flow").value_or("");
      if (p.code.empty() || p.provider.empty()) return bad("paymentOptions", "code and provider are required");
      if (p.flow != "WEB" && p.flow != "API") return bad("paymentOptions." + p.code + ".flow", "must be WEB or API");
      if (auto* n = x.if_contains("name"); n && n->is_object()) p.name = texts_from(n->as_object());
      plans.options.push_back(std::move(p));
    }
  if (auto* types = o.if_contains("types"); types && types->is_array())
    for (const auto& item : types->as_array()) {
      if (!item.is_object()) return bad("types", "entries must be objects");
      auto t = parse_type(item.as_object());
      if (!t) return t.error();
      if (plans.type(t->id)) return bad("type " + std::to_string(t->id), "appears twice");
      for (const auto& code : t->payment_options)
        if (!plans.option(code)) return bad("type " + std::to_string(t->id) + ".paymentOptions", "unknown option " + code);
      plans.types.push_back(std::move(*t));
    }
  if (auto* groups = o.if_contains("groups"); groups && groups->is_array())
    for (const auto& item : groups->as_array()) {
      if (!item.is_object()) return bad("groups", "entries must be objects");
      const auto& x = item.as_object();
      Group g;
      g.id = opt_string(x, "id").value_or("");
      if (g.id.empty()) return bad("groups[].id", "is required");
      if (auto* n = x.if_contains("name"); n && n->is_object()) g.name = texts_from(n->as_object());
      auto* levels = x.if_contains("levels");
      if (!levels || !levels->is_array()) return bad("group " + g.id + ".levels", "must be a list of lists of type ids");
      for (const auto& level : levels->as_array()) {
        if (!level.is_array()) return bad("group " + g.id + ".levels", "must be a list of lists of type ids");
        std::vector<std::int64_t> ids;
        for (const auto& id : level.as_array()) {
          if (!id.is_int64() || !plans.type(id.as_int64()))
            return bad("group " + g.id + ".levels", "names an unknown type");
          ids.push_back(id.as_int64());
        }
        g.levels.push_back(std::move(ids));
      }
      plans.groups.push_back(std::move(g));
    }
  for (const auto& t : plans.types) {
    if (t.group_id && !plans.group(*t.group_id))
      return bad("type " + std::to_string(t.id) + ".groupId", "unknown group " + *t.group_id);
    if (t.retired && t.retired->successor_id) {
      const SubscriptionType* successor = plans.type(*t.retired->successor_id);
      if (!successor || successor->retired)
        return bad("type " + std::to_string(t.id) + ".retired.successorId", "must name a type still sold");
    }
  }
  if (auto* codes = o.if_contains("externalCodes"); codes && codes->is_array())
    for (const auto& item : codes->as_array()) {
      if (!item.is_object()) return bad("externalCodes", "entries must be objects");
      const auto& x = item.as_object();
      ExternalCode c;
      c.code = opt_string(x, "code").value_or("");
      auto* type = x.if_contains("subscriptionTypeId");
      if (c.code.empty() || !type || !type->is_int64() || !plans.type(type->as_int64()))
        return bad("externalCodes", "code and a known subscriptionTypeId are required");
      c.type_id = type->as_int64();
      c.valid_until = opt_string(x, "validUntil");
      if (c.valid_until && !core::parse_utc(*c.valid_until))
        return bad("externalCodes." + c.code + ".validUntil", "must be an ISO time");
      plans.external_codes.push_back(std::move(c));
    }
  sort_types(plans.types);
  return plans;
}

}  // namespace portal::subscriptions
