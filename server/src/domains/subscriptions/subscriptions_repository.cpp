#include "domains/subscriptions/subscriptions_repository.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "core/ids.hpp"
#include "db/json_column.hpp"
#include "domains/subscriptions/subscriptions_sql.hpp"

namespace portal::subscriptions {
namespace json = boost::json;

namespace {

struct Refused {};  // unwinds a transaction the service's decision refused

db::Value opt(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }
db::Value sub_state(const Status& s) { return s.pending ? db::Value(std::string("PENDING")) : db::Value(nullptr); }

json::array contingents_json(const std::vector<Contingent>& list) {
  json::array out;
  for (const auto& c : list) {
    json::array types;
    for (const auto& t : c.content_types) types.emplace_back(t);
    out.push_back(json::object{{"contentTypes", std::move(types)}, {"amount", c.amount}});
  }
  return out;
}

core::Error bad(std::string where, std::string what) {
  return core::Error::bad_request(where + ": " + what, json::object{{"field", where}});
}

core::Result<std::vector<Contingent>> parse_contingents(const json::value* v, const std::string& where) {
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

std::vector<Contingent> contingents_from(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  if (ec) throw db::Error("subscription contingents are not JSON");
  auto parsed = parse_contingents(&v, "contingents");
  if (!parsed) throw db::Error("subscription contingents are broken");
  return *parsed;
}

core::Result<Money> parse_money(const json::value* v, const std::string& where) {
  if (!v || !v->is_object()) return bad(where, "must be {amount, currency}");
  const auto& o = v->as_object();
  auto* amount = o.if_contains("amount");
  auto* currency = o.if_contains("currency");
  if (!amount || !amount->is_int64() || amount->as_int64() < 0) return bad(where + ".amount", "must be a whole number >= 0");
  if (!currency || !currency->is_string() || currency->as_string().size() != 3)
    return bad(where + ".currency", "must be an ISO currency code");
  return Money{amount->as_int64(), std::string(currency->as_string())};
}

std::optional<std::string> opt_string(const json::object& o, std::string_view key) {
  auto* v = o.if_contains(key);
  if (!v || !v->is_string()) return std::nullopt;
  return std::string(v->as_string());
}

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

// The marketing campaign column: NULL is none; otherwise the JSON the portal wrote.
json::value campaign_from(const db::Row& r, std::size_t i, std::string_view what) {
  const auto text = r.optional_text(i);
  if (!text || text->empty()) return nullptr;
  boost::system::error_code ec;
  json::value v = json::parse(*text, ec);
  if (ec) throw db::Error(std::string(what) + ": marketing_campaign is not JSON");
  return v;
}
db::Value campaign_value(const json::value& v) { return v.is_null() ? db::Value(nullptr) : db::Value(json::serialize(v)); }

json::array consents_from(const db::Row& r, std::size_t i, std::string_view what) {
  const std::string text = r.text(i);
  if (text.empty()) return {};
  boost::system::error_code ec;
  json::value v = json::parse(text, ec);
  if (ec || !v.is_array()) throw db::Error(std::string(what) + ": consents is not a JSON array");
  return std::move(v.as_array());
}

UserSubscription sub_from(const db::Row& r) {
  UserSubscription s;
  s.id = r.text(0);
  s.tenant_id = r.integer(1);
  s.user_uuid = r.text(2);
  s.type_id = r.integer(3);
  s.status.state = state_from(r.text(4)).value_or(State::inactive);
  s.status.pending = r.text(5) == "PENDING";
  s.status.trial = r.integer(6) != 0;
  s.status.cancel_requested = r.integer(7) != 0;
  s.start_date = r.text(8);
  s.end_date = r.optional_text(9);
  s.next_renewal_date = r.optional_text(10);
  s.grace_until = r.optional_text(11);
  s.contingents = contingents_from(r.text(12));
  s.payment_option = r.optional_text(13);
  s.payment_method_id = r.optional_text(14);
  s.checkout_id = r.optional_text(15);
  s.migrate_from = r.optional_text(16);
  s.external_code = r.optional_text(17);
  s.partner_metadata = db::json_object_column(r, 18, "subscription " + s.id + ": partner_metadata");
  s.version = r.integer(19);
  s.created_at = r.text(20);
  s.updated_at = r.text(21);
  s.marketing_campaign = campaign_from(r, 22, "subscription " + s.id);
  s.consents = consents_from(r, 23, "subscription " + s.id);
  return s;
}

Checkout checkout_from(const db::Row& r) {
  Checkout c;
  c.id = r.text(0);
  c.tenant_id = r.integer(1);
  c.user_uuid = r.text(2);
  c.type_id = r.integer(3);
  c.status = r.text(4);
  c.redirect = r.text(5);
  c.lang = r.text(6);
  c.amount = {r.integer(7), r.text(8)};
  c.migrate_from = r.optional_text(9);
  c.external_code = r.optional_text(10);
  c.answer = db::json_object_column(r, 11, "checkout " + c.id + ": answer");
  c.subscription_id = r.optional_text(12);
  c.marketing_campaign = campaign_from(r, 13, "checkout " + c.id);
  c.consents = consents_from(r, 14, "checkout " + c.id);
  return c;
}

CheckoutOption option_from(const db::Row& r) { return {r.text(0), r.text(2), r.text(3), r.text(4), r.text(5)}; }

json::object texts_from(const db::Row& r, std::size_t i, std::string_view what) { return db::json_object_column(r, i, what); }

}  // namespace

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

core::Result<SubscriptionType> parse_type(const json::object& o) {
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
  if (auto* fields = o.if_contains("requiredIdentityFields"); fields && fields->is_array())
    for (const auto& f : fields->as_array()) {
      if (!f.is_string() || (f.as_string() != "name" && f.as_string() != "lastName" && f.as_string() != "email"))
        return bad(where + ".requiredIdentityFields", "entries are name, lastName or email");
      t.required_identity_fields.emplace_back(f.as_string());
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
      t.attributes.emplace_back(std::string(k), std::string(v.as_string()));
    }
  }
  t.definition = o;
  return t;
}

core::Result<Plans> parse_plans(const json::value& doc) {
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
      if (auto* n = x.if_contains("name"); n && n->is_object()) p.name = n->as_object();
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
      if (auto* n = x.if_contains("name"); n && n->is_object()) g.name = n->as_object();
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
  for (const auto& t : plans.types)
    if (t.group_id && !plans.group(*t.group_id))
      return bad("type " + std::to_string(t.id) + ".groupId", "unknown group " + *t.group_id);
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
      if (c.valid_until && !parse_time(*c.valid_until)) return bad("externalCodes." + c.code + ".validUntil", "must be an ISO time");
      plans.external_codes.push_back(std::move(c));
    }
  sort_types(plans.types);
  return plans;
}

void SubscriptionsRepository::replace_plans(std::int64_t tenant_id, const Plans& plans, const std::string& now) {
  db_.transaction([&](db::Session& s) { replace_plans(s, tenant_id, plans, now); });
}

void SubscriptionsRepository::replace_plans(db::Session& s, std::int64_t tenant_id, const Plans& plans,
                                            const std::string& now) {
  for (auto q : {sql::kDeleteGroups, sql::kDeleteOptions, sql::kDeleteTypes, sql::kDeleteCodes}) s.execute(q, {tenant_id});
  for (const auto& g : plans.groups) {
    json::array levels;
    for (const auto& level : g.levels) {
      json::array ids;
      for (auto id : level) ids.emplace_back(id);
      levels.emplace_back(std::move(ids));
    }
    s.execute(sql::kInsertGroup, {tenant_id, g.id, json::serialize(g.name), json::serialize(levels)});
  }
  for (const auto& o : plans.options)
    s.execute(sql::kInsertOption, {tenant_id, o.code, o.provider, o.flow, json::serialize(o.name)});
  for (const auto& t : plans.types)
    s.execute(sql::kInsertType, {tenant_id, t.id, opt(t.group_id), json::serialize(t.definition), now});
  for (const auto& c : plans.external_codes)
    s.execute(sql::kInsertCode, {tenant_id, c.code, c.type_id, opt(c.valid_until)});
  s.execute(sql::kUpsertSettings, {tenant_id, std::int64_t{plans.grace_days}});
}

Plans SubscriptionsRepository::load_plans(std::int64_t tenant_id) {
  return load_plans_with([this](std::string_view q, const db::Params& p) { return db_.query(q, p); }, tenant_id);
}

Plans SubscriptionsRepository::load_plans(db::Session& s, std::int64_t tenant_id) {
  return load_plans_with([&s](std::string_view q, const db::Params& p) { return s.query(q, p); }, tenant_id);
}

Plans SubscriptionsRepository::load_plans_with(const Query& query, std::int64_t tenant_id) {
  Plans plans;
  for (const auto& r : query(sql::kTypes, {tenant_id})) {
    auto t = parse_type(db::json_object_column(r, 0, "subscription type definition"));
    if (!t) throw db::Error("stored subscription type is broken: " + t.error().message);
    plans.types.push_back(std::move(*t));
  }
  for (const auto& r : query(sql::kGroups, {tenant_id})) {
    Group g;
    g.id = r.text(0);
    g.name = texts_from(r, 1, "subscription group name");
    boost::system::error_code ec;
    auto levels = json::parse(r.text(2), ec);
    if (ec || !levels.is_array()) throw db::Error("subscription group levels are broken");
    for (const auto& level : levels.as_array()) {
      std::vector<std::int64_t> ids;
      for (const auto& id : level.as_array()) ids.push_back(id.as_int64());
      g.levels.push_back(std::move(ids));
    }
    plans.groups.push_back(std::move(g));
  }
  for (const auto& r : query(sql::kOptions, {tenant_id}))
    plans.options.push_back({r.text(0), r.text(1), r.text(2), texts_from(r, 3, "payment option name")});
  for (const auto& r : query(sql::kCodes, {tenant_id}))
    plans.external_codes.push_back({r.text(0), r.integer(1), r.optional_text(2)});
  if (auto rows = query(sql::kSettings, {tenant_id}); !rows.empty()) plans.grace_days = static_cast<int>(rows[0].integer(0));
  sort_types(plans.types);
  return plans;
}

bool SubscriptionsRepository::has_plans(std::int64_t tenant_id) {
  auto rows = db_.query(sql::kCountTypes, {tenant_id});
  return !rows.empty() && rows[0].integer(0) > 0;
}

Outcome SubscriptionsRepository::insert(db::Session& s, const UserSubscription& sub) {
  try {
    insert_row(s, sub);
  } catch (const db::ConstraintError&) {
    return Outcome::already_exists;
  }
  return Outcome::created;
}

Outcome SubscriptionsRepository::create(const UserSubscription& sub, std::string_view reason, std::string_view actor,
                                        const std::optional<std::string>& trial_group, const Decide& decide) {
  Outcome outcome = Outcome::created;
  try {
    db_.transaction([&](db::Session& s) {
      if (decide && !decide(s)) {
        outcome = Outcome::refused;
        throw Refused{};  // rolls back what the decision may have written
      }
      if (trial_group) s.execute(sql::kInsertTrial, {sub.tenant_id, sub.user_uuid, *trial_group, sub.id, sub.created_at});
      insert_row(s, sub);
      insert_event(s, sub.tenant_id, sub.id, Status{}, sub.status, reason, actor, sub.created_at, 0);
    });
  } catch (const Refused&) {
    return Outcome::refused;
  } catch (const db::ConstraintError&) {
    return Outcome::already_exists;
  }
  return outcome;
}

bool SubscriptionsRepository::record_change(const UserSubscription& before, const UserSubscription& after,
                                            std::string_view reason, std::string_view actor, const std::string& now) {
  bool changed = false;
  db_.transaction([&](db::Session& s) {
    if (!save(s, after, before.version, now)) return;
    insert_event(s, before.tenant_id, before.id, before.status, after.status, reason, actor, now, before.version + 1);
    changed = true;
  });
  return changed;
}

void SubscriptionsRepository::insert_row(db::Session& s, const UserSubscription& sub) {
  s.execute(sql::kInsertSubscription,
            {sub.tenant_id, sub.id, sub.user_uuid, sub.type_id, std::string(to_string(sub.status.state)),
             sub_state(sub.status), std::int64_t{sub.status.trial}, std::int64_t{sub.status.cancel_requested},
             sub.start_date, opt(sub.end_date), opt(sub.next_renewal_date), opt(sub.grace_until),
             json::serialize(contingents_json(sub.contingents)), opt(sub.payment_option), opt(sub.payment_method_id),
             opt(sub.checkout_id), opt(sub.migrate_from), opt(sub.external_code), json::serialize(sub.partner_metadata),
             sub.created_at, campaign_value(sub.marketing_campaign), json::serialize(sub.consents)});
}

std::optional<UserSubscription> SubscriptionsRepository::subscription(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kSubscription, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return sub_from(rows[0]);
}

std::optional<UserSubscription> SubscriptionsRepository::subscription(db::Session& s, std::int64_t tenant_id,
                                                                      const std::string& id) {
  auto rows = s.query(sql::kSubscription, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return sub_from(rows[0]);
}

std::vector<UserSubscription> SubscriptionsRepository::for_user(std::int64_t tenant_id, const std::string& user_uuid) {
  std::vector<UserSubscription> out;
  for (const auto& r : db_.query(sql::kUserSubscriptions, {tenant_id, user_uuid})) out.push_back(sub_from(r));
  return out;
}

std::vector<UserSubscription> SubscriptionsRepository::for_user(db::Session& s, std::int64_t tenant_id,
                                                                const std::string& user_uuid) {
  std::vector<UserSubscription> out;
  for (const auto& r : s.query(sql::kUserSubscriptions, {tenant_id, user_uuid})) out.push_back(sub_from(r));
  return out;
}

std::optional<UserSubscription> SubscriptionsRepository::active_in_group(std::int64_t tenant_id,
                                                                         const std::string& user_uuid,
                                                                         std::int64_t type_id,
                                                                         const std::optional<std::string>& except) {
  auto rows = db_.query(sql::kActiveInGroup, {tenant_id, user_uuid, type_id, except.value_or("")});
  if (rows.empty()) return std::nullopt;
  return sub_from(rows[0]);
}

std::optional<UserSubscription> SubscriptionsRepository::active_in_group(db::Session& s, std::int64_t tenant_id,
                                                                         const std::string& user_uuid,
                                                                         std::int64_t type_id,
                                                                         const std::optional<std::string>& except) {
  auto rows = s.query(sql::kActiveInGroup, {tenant_id, user_uuid, type_id, except.value_or("")});
  if (rows.empty()) return std::nullopt;
  return sub_from(rows[0]);
}

bool SubscriptionsRepository::save(db::Session& s, const UserSubscription& sub, std::int64_t version,
                                   const std::string& now) {
  return s.execute(sql::kSaveSubscription,
                   {sub.tenant_id, sub.id, std::string(to_string(sub.status.state)), sub_state(sub.status),
                    std::int64_t{sub.status.trial}, std::int64_t{sub.status.cancel_requested}, sub.start_date,
                    opt(sub.end_date), opt(sub.next_renewal_date), opt(sub.grace_until),
                    json::serialize(contingents_json(sub.contingents)), opt(sub.payment_option),
                    opt(sub.payment_method_id), json::serialize(sub.partner_metadata), now, version}) == 1;
}

bool SubscriptionsRepository::save(const UserSubscription& sub, std::int64_t version, const std::string& now) {
  bool saved = false;
  db_.transaction([&](db::Session& s) { saved = save(s, sub, version, now); });
  return saved;
}

void SubscriptionsRepository::insert_event(db::Session& s, std::int64_t tenant_id, const std::string& subscription_id,
                                           const Status& from, const Status& to, std::string_view reason,
                                           std::string_view actor, const std::string& at,
                                           std::int64_t version) {
  const db::Value from_state =
      from.state == State::none ? db::Value(nullptr) : db::Value(std::string(to_string(from.state)));
  s.execute(sql::kInsertEvent, {tenant_id, core::new_uuid(), subscription_id, from_state, sub_state(from),
                                std::string(to_string(to.state)), sub_state(to), std::string(reason),
                                std::string(actor), at, version});
}

std::vector<json::object> SubscriptionsRepository::events(std::int64_t tenant_id, const std::string& subscription_id) {
  std::vector<json::object> out;
  for (const auto& r : db_.query(sql::kEvents, {tenant_id, subscription_id}))
    out.push_back({{"fromState", r.is_null(0) ? json::value(nullptr) : json::value(r.text(0))},
                   {"fromSubState", r.is_null(1) ? json::value(nullptr) : json::value(r.text(1))},
                   {"toState", r.text(2)},
                   {"toSubState", r.is_null(3) ? json::value(nullptr) : json::value(r.text(3))},
                   {"reason", r.text(4)},
                   {"actor", r.text(5)},
                   {"at", r.text(6)}});
  return out;
}

std::vector<UserSubscription> SubscriptionsRepository::due_renewals(const std::string& now) {
  std::vector<UserSubscription> out;
  for (const auto& r : db_.query(sql::kDueRenewals, {now})) out.push_back(sub_from(r));
  return out;
}
std::vector<UserSubscription> SubscriptionsRepository::grace_over(const std::string& now) {
  std::vector<UserSubscription> out;
  for (const auto& r : db_.query(sql::kGraceOver, {now})) out.push_back(sub_from(r));
  return out;
}
std::vector<UserSubscription> SubscriptionsRepository::ended(const std::string& now) {
  std::vector<UserSubscription> out;
  for (const auto& r : db_.query(sql::kEnded, {now})) out.push_back(sub_from(r));
  return out;
}


std::vector<std::string> SubscriptionsRepository::trial_groups(std::int64_t tenant_id, const std::string& user_uuid) {
  std::vector<std::string> out;
  for (const auto& r : db_.query(sql::kTrialGroups, {tenant_id, user_uuid})) out.push_back(r.text(0));
  return out;
}

Outcome SubscriptionsRepository::insert_checkout(const Checkout& c, const std::vector<CheckoutOption>& options,
                                                 const std::string& expires_at, const std::string& now) {
  try {
    db_.transaction([&](db::Session& s) {
      s.execute(sql::kInsertCheckout, {c.tenant_id, c.id, c.user_uuid, c.type_id, c.redirect, c.lang, c.amount.amount,
                                       c.amount.currency, opt(c.migrate_from), opt(c.external_code),
                                       json::serialize(c.answer), expires_at, now, campaign_value(c.marketing_campaign),
                                       json::serialize(c.consents)});
      for (const auto& o : options)
        s.execute(sql::kInsertCheckoutOption, {c.tenant_id, o.uuid, c.id, o.code, o.provider, o.flow});
    });
  } catch (const db::ConstraintError&) {  // one open checkout per user and type (a partial unique index)
    return Outcome::already_exists;
  }
  return Outcome::created;
}

void SubscriptionsRepository::expire_open(std::int64_t tenant_id, const std::string& user_uuid, const std::string& now) {
  db_.execute(sql::kExpireOpen, {tenant_id, user_uuid, now, now});
}

std::optional<Checkout> SubscriptionsRepository::open_checkout(std::int64_t tenant_id, const std::string& user_uuid,
                                                               std::int64_t type_id) {
  auto rows = db_.query(sql::kOpenCheckout, {tenant_id, user_uuid, type_id});
  if (rows.empty()) return std::nullopt;
  return checkout_from(rows[0]);
}

std::optional<Checkout> SubscriptionsRepository::checkout(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kCheckout, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return checkout_from(rows[0]);
}

std::optional<Checkout> SubscriptionsRepository::checkout(db::Session& s, std::int64_t tenant_id, const std::string& id) {
  auto rows = s.query(sql::kCheckout, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return checkout_from(rows[0]);
}

bool SubscriptionsRepository::set_checkout_status(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                                  std::string_view from, std::string_view to,
                                                  const std::optional<std::string>& subscription_id,
                                                  const std::string& now) {
  return s.execute(sql::kSetCheckoutStatus, {tenant_id, id, std::string(from), std::string(to), opt(subscription_id),
                                             now}) == 1;
}

bool SubscriptionsRepository::set_checkout_status(std::int64_t tenant_id, const std::string& id, std::string_view from,
                                                  std::string_view to, const std::optional<std::string>& subscription_id,
                                                  const std::string& now) {
  return db_.execute(sql::kSetCheckoutStatus, {tenant_id, id, std::string(from), std::string(to), opt(subscription_id),
                                               now}) == 1;
}

std::optional<std::pair<std::int64_t, CheckoutOption>> SubscriptionsRepository::option(const std::string& uuid) {
  auto rows = db_.query(sql::kOptionByUuid, {uuid});
  if (rows.empty()) return std::nullopt;
  return std::pair{rows[0].integer(1), option_from(rows[0])};
}

std::vector<CheckoutOption> SubscriptionsRepository::options(std::int64_t tenant_id, const std::string& checkout_id) {
  std::vector<CheckoutOption> out;
  for (const auto& r : db_.query(sql::kCheckoutOptions, {tenant_id, checkout_id})) out.push_back(option_from(r));
  return out;
}

}  // namespace portal::subscriptions
