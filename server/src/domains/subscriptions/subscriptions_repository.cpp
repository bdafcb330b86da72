#include "domains/subscriptions/subscriptions_repository.hpp"

#include <algorithm>
#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "core/ids.hpp"
#include "db/json_column.hpp"
#include "db/row_struct.hpp"
#include "domains/subscriptions/subscriptions_sql.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::subscriptions {
namespace json = boost::json;

BOOST_DESCRIBE_STRUCT(ExternalCode, (), (code, type_id, valid_until))

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

// Stored rows were validated when they were written (plans at import, see
// plans_document.hpp; contingents by the service): reading only decodes them,
// and a row that does not decode is a fault of the database.
std::vector<Contingent> decode_contingents(const json::value& v) {
  std::vector<Contingent> out;
  if (v.is_null()) return out;
  for (const auto& item : v.as_array()) {
    const auto& o = item.as_object();
    Contingent c;
    for (const auto& t : o.at("contentTypes").as_array()) c.content_types.emplace_back(t.as_string());
    c.amount = o.at("amount").to_number<std::int64_t>();
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Contingent> contingents_from(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  if (ec) throw db::Error("subscription contingents are not JSON");
  try {
    return decode_contingents(v);
  } catch (const std::exception&) {
    throw db::Error("subscription contingents are broken");
  }
}

std::optional<std::string> text_member(const json::object& o, std::string_view key) {
  auto* v = o.if_contains(key);
  if (!v || !v->is_string()) return std::nullopt;
  return std::string(v->as_string());
}

Money money_member(const json::object& o, std::string_view key) {
  const auto& m = o.at(key).as_object();
  return Money{m.at("amount").to_number<std::int64_t>(), std::string(m.at("currency").as_string())};
}

// A type from its stored definition (the plans file's object, validated by parse_plans).
SubscriptionType type_from_definition(const json::object& o) {
  SubscriptionType t;
  t.id = o.at("id").to_number<std::int64_t>();
  t.name = std::string(o.at("name").as_string());
  t.group_id = text_member(o, "groupId");
  t.billing_cycle = std::string(o.at("billingCycle").as_string());
  t.price = money_member(o, "price");
  if (auto* p = o.if_contains("promotionPrice"); p && !p->is_null()) t.promotion_price = money_member(o, "promotionPrice");
  if (auto* c = o.if_contains("contingents")) t.contingents = decode_contingents(*c);
  if (auto* a = o.if_contains("accumulateContingent"); a && a->is_bool()) t.accumulate_contingent = a->as_bool();
  t.max_trial_duration = text_member(o, "maxTrialDuration");
  t.cancel_url = text_member(o, "cancelUrl");
  if (auto* fields = o.if_contains("requiredIdentityFields"); fields && fields->is_array())
    for (const auto& f : fields->as_array()) t.required_identity_fields.emplace_back(f.as_string());
  for (const auto& code : o.at("paymentOptions").as_array()) t.payment_options.emplace_back(code.as_string());
  if (auto* attrs = o.if_contains("attributes"); attrs && attrs->is_object())
    for (const auto& [k, v] : attrs->as_object()) t.attributes.emplace_back(std::string(k), std::string(v.as_string()));
  if (auto* c = o.if_contains("priceChange"); c && c->is_object())
    t.price_change = PriceChange{money_member(c->as_object(), "previousPrice"),
                                 std::string(c->as_object().at("effectiveFrom").as_string())};
  if (auto* r = o.if_contains("retired"); r && r->is_object()) {
    Retirement ret{std::string(r->as_object().at("at").as_string()), std::nullopt};
    if (auto* s = r->as_object().if_contains("successorId"); s && s->is_int64()) ret.successor_id = s->as_int64();
    t.retired = ret;
  }
  if (auto* v = o.if_contains("version"); v && v->is_int64()) t.version = v->as_int64();
  t.definition = o;
  return t;
}

// The checkout's answer column: the offer as the subscribe call answered it.
json::object offer_json(const CheckoutOffer& offer) {
  json::array options;
  for (const auto& o : offer.options)
    options.push_back(json::object{{"uuid", o.uuid}, {"code", o.code}, {"name", o.name}, {"flow", o.flow},
                                   {"redirectionUrl", o.redirection_url ? json::value(*o.redirection_url) : json::value()}});
  return {{"type", offer.type},
          {"purchaseID", offer.purchase_id},
          {"url", offer.url ? json::value(*offer.url) : json::value()},
          {"options", std::move(options)}};
}

CheckoutOffer offer_from(const json::object& o) {
  CheckoutOffer offer;
  offer.type = std::string(o.at("type").as_string());
  offer.purchase_id = std::string(o.at("purchaseID").as_string());
  offer.url = text_member(o, "url");
  for (const auto& item : o.at("options").as_array()) {
    const auto& x = item.as_object();
    offer.options.push_back({std::string(x.at("uuid").as_string()), std::string(x.at("code").as_string()),
                             std::string(x.at("name").as_string()), std::string(x.at("flow").as_string()),
                             text_member(x, "redirectionUrl")});
  }
  return offer;
}

// The marketing campaign column: NULL is none; otherwise the JSON the portal wrote.
json::value campaign_from(const std::optional<std::string>& text, std::string_view what) {
  if (!text || text->empty()) return nullptr;
  boost::system::error_code ec;
  json::value v = json::parse(*text, ec);
  if (ec) throw db::Error(std::string(what) + ": marketing_campaign is not JSON");
  return v;
}
db::Value campaign_value(const json::value& v) { return v.is_null() ? db::Value(nullptr) : db::Value(json::serialize(v)); }

json::array consents_from(const std::string& text, std::string_view what) {
  if (text.empty()) return {};
  boost::system::error_code ec;
  json::value v = json::parse(text, ec);
  if (ec || !v.is_array()) throw db::Error(std::string(what) + ": consents is not a JSON array");
  return std::move(v.as_array());
}

// The columns of PORTAL_SUB_COLUMNS.
struct SubRow {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::int64_t type_id = 0;
  std::string state;
  std::string sub_state;
  bool trial = false;
  bool cancel_requested = false;
  std::string start_date;
  std::optional<std::string> end_date;
  std::optional<std::string> next_renewal_date;
  std::optional<std::string> grace_until;
  std::string contingents;
  std::optional<std::string> payment_option;
  std::optional<std::string> payment_method_id;
  std::optional<std::string> checkout_id;
  std::optional<std::string> migrate_from;
  std::optional<std::string> external_code;
  std::string partner_metadata;
  std::int64_t version = 0;
  std::string created_at;
  std::string updated_at;
  std::optional<std::string> marketing_campaign;
  std::string consents;
};
BOOST_DESCRIBE_STRUCT(SubRow, (), (id, tenant_id, user_uuid, type_id, state, sub_state, trial, cancel_requested,
                                   start_date, end_date, next_renewal_date, grace_until, contingents, payment_option,
                                   payment_method_id, checkout_id, migrate_from, external_code, partner_metadata,
                                   version, created_at, updated_at, marketing_campaign, consents))
static_assert(db::columns_match<SubRow>(PORTAL_SUB_COLUMNS));

// The columns of PORTAL_CHECKOUT_COLUMNS.
struct CheckoutRow {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::int64_t type_id = 0;
  std::string status;
  std::string redirect;
  std::string lang;
  std::int64_t amount = 0;
  std::string currency;
  std::optional<std::string> migrate_from;
  std::optional<std::string> external_code;
  std::string answer;
  std::optional<std::string> subscription_id;
  std::optional<std::string> marketing_campaign;
  std::string consents;
};
BOOST_DESCRIBE_STRUCT(CheckoutRow, (), (id, tenant_id, user_uuid, type_id, status, redirect, lang, amount, currency,
                                        migrate_from, external_code, answer, subscription_id, marketing_campaign,
                                        consents))
static_assert(db::columns_match<CheckoutRow>(PORTAL_CHECKOUT_COLUMNS));

// The columns of PORTAL_CHECKOUT_OPTION_COLUMNS.
struct OptionRow {
  std::string uuid;
  std::int64_t tenant_id = 0;
  std::string checkout_id;
  std::string code;
  std::string provider;
  std::string flow;
};
BOOST_DESCRIBE_STRUCT(OptionRow, (), (uuid, tenant_id, checkout_id, code, provider, flow))
static_assert(db::columns_match<OptionRow>(PORTAL_CHECKOUT_OPTION_COLUMNS));

struct GroupRow {
  std::string id;
  std::string name;
  std::string levels;
};
BOOST_DESCRIBE_STRUCT(GroupRow, (), (id, name, levels))

struct OptionTextsRow {
  std::string code;
  std::string provider;
  std::string flow;
  std::string name;
};
BOOST_DESCRIBE_STRUCT(OptionTextsRow, (), (code, provider, flow, name))

struct EventRow {
  std::optional<std::string> from_state;
  std::optional<std::string> from_sub_state;
  std::string to_state;
  std::optional<std::string> to_sub_state;
  std::string reason;
  std::string actor;
  std::string at;
};
BOOST_DESCRIBE_STRUCT(EventRow, (), (from_state, from_sub_state, to_state, to_sub_state, reason, actor, at))

struct SubscriberRow {
  std::string subscription_id;
  std::string email;
  std::optional<std::string> lang;
};
BOOST_DESCRIBE_STRUCT(SubscriberRow, (), (subscription_id, email, lang))

struct TypeCountRow {
  std::int64_t type_id = 0;
  std::int64_t count = 0;
};
BOOST_DESCRIBE_STRUCT(TypeCountRow, (), (type_id, count))

UserSubscription sub_from(const db::Row& row) {
  auto r = db::read_row<SubRow>(row);
  UserSubscription s;
  s.id = std::move(r.id);
  s.tenant_id = r.tenant_id;
  s.user_uuid = std::move(r.user_uuid);
  s.type_id = r.type_id;
  s.status.state = state_from(r.state).value_or(State::inactive);
  s.status.pending = r.sub_state == "PENDING";
  s.status.trial = r.trial;
  s.status.cancel_requested = r.cancel_requested;
  s.start_date = std::move(r.start_date);
  s.end_date = std::move(r.end_date);
  s.next_renewal_date = std::move(r.next_renewal_date);
  s.grace_until = std::move(r.grace_until);
  s.contingents = contingents_from(r.contingents);
  s.payment_option = std::move(r.payment_option);
  s.payment_method_id = std::move(r.payment_method_id);
  s.checkout_id = std::move(r.checkout_id);
  s.migrate_from = std::move(r.migrate_from);
  s.external_code = std::move(r.external_code);
  s.partner_metadata = db::json_object_text(r.partner_metadata, "subscription " + s.id + ": partner_metadata");
  s.version = r.version;
  s.created_at = std::move(r.created_at);
  s.updated_at = std::move(r.updated_at);
  s.marketing_campaign = campaign_from(r.marketing_campaign, "subscription " + s.id);
  s.consents = consents_from(r.consents, "subscription " + s.id);
  return s;
}

Checkout checkout_from(const db::Row& row) {
  auto r = db::read_row<CheckoutRow>(row);
  Checkout c;
  c.id = std::move(r.id);
  c.tenant_id = r.tenant_id;
  c.user_uuid = std::move(r.user_uuid);
  c.type_id = r.type_id;
  c.status = std::move(r.status);
  c.redirect = std::move(r.redirect);
  c.lang = std::move(r.lang);
  c.amount = {r.amount, std::move(r.currency)};
  c.migrate_from = std::move(r.migrate_from);
  c.external_code = std::move(r.external_code);
  try {
    c.offer = offer_from(db::json_object_text(r.answer, "checkout " + c.id + ": answer"));
  } catch (const std::exception&) {
    throw db::Error("checkout " + c.id + ": answer is broken");
  }
  c.subscription_id = std::move(r.subscription_id);
  c.marketing_campaign = campaign_from(r.marketing_campaign, "checkout " + c.id);
  c.consents = consents_from(r.consents, "checkout " + c.id);
  return c;
}

CheckoutOption option_from(const OptionRow& r) { return {r.uuid, r.checkout_id, r.code, r.provider, r.flow}; }

}  // namespace

void SubscriptionsRepository::replace_plans(std::int64_t tenant_id, const Plans& plans, const std::string& now) {
  db_.transaction([&](db::Session& s) { replace_plans(s, tenant_id, plans, now); });
}

void SubscriptionsRepository::replace_plans(db::Session& s, std::int64_t tenant_id, const Plans& plans,
                                            const std::string& now) {
  tenants::raise_config_version(s, tenant_id);  // every instance's plans cache follows
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
  for (const auto& definition : db::read_values<std::string>(query(sql::kTypes, {tenant_id}))) {
    try {
      plans.types.push_back(type_from_definition(db::json_object_text(definition, "subscription type definition")));
    } catch (const db::Error&) {
      throw;
    } catch (const std::exception& e) {
      throw db::Error(std::string("stored subscription type is broken: ") + e.what());
    }
  }
  for (const auto& r : db::read_rows<GroupRow>(query(sql::kGroups, {tenant_id}))) {
    Group g;
    g.id = r.id;
    g.name = db::json_object_text(r.name, "subscription group name");
    boost::system::error_code ec;
    auto levels = json::parse(r.levels, ec);
    if (ec || !levels.is_array()) throw db::Error("subscription group levels are broken");
    for (const auto& level : levels.as_array()) {
      std::vector<std::int64_t> ids;
      for (const auto& id : level.as_array()) ids.push_back(id.as_int64());
      g.levels.push_back(std::move(ids));
    }
    plans.groups.push_back(std::move(g));
  }
  for (const auto& r : db::read_rows<OptionTextsRow>(query(sql::kOptions, {tenant_id})))
    plans.options.push_back({r.code, r.provider, r.flow, db::json_object_text(r.name, "payment option name")});
  plans.external_codes = db::read_rows<ExternalCode>(query(sql::kCodes, {tenant_id}));
  if (auto days = db::read_value<int>(query(sql::kSettings, {tenant_id}))) plans.grace_days = *days;
  sort_types(plans.types);
  return plans;
}

bool SubscriptionsRepository::has_plans(std::int64_t tenant_id) {
  return db::read_value<std::int64_t>(db_.query(sql::kCountTypes, {tenant_id})).value_or(0) > 0;
}

std::optional<std::string> SubscriptionsRepository::type_definition(db::Session& s, std::int64_t tenant_id,
                                                                   std::int64_t type_id) {
  return db::read_value<std::string>(s.query(sql::kTypeDefinition, {tenant_id, type_id}));
}

bool SubscriptionsRepository::update_type(db::Session& s, std::int64_t tenant_id, const SubscriptionType& after,
                                          const std::string& before_text, const std::string& now) {
  tenants::raise_config_version(s, tenant_id);  // every instance's plans cache follows
  return s.execute(sql::kUpdateType, {tenant_id, after.id, json::serialize(after.definition), opt(after.group_id), now,
                                      before_text}) == 1;
}

void SubscriptionsRepository::insert_type(db::Session& s, std::int64_t tenant_id, const SubscriptionType& type,
                                          const std::string& now) {
  tenants::raise_config_version(s, tenant_id);
  s.execute(sql::kInsertType, {tenant_id, type.id, opt(type.group_id), json::serialize(type.definition), now});
}

void SubscriptionsRepository::set_group_levels(db::Session& s, std::int64_t tenant_id, const Group& group) {
  json::array levels;
  for (const auto& level : group.levels) {
    json::array ids;
    for (auto id : level) ids.emplace_back(id);
    levels.emplace_back(std::move(ids));
  }
  s.execute(sql::kUpdateGroupLevels, {tenant_id, group.id, json::serialize(levels)});
}

std::vector<SubscriptionsRepository::Subscriber> SubscriptionsRepository::subscribers(db::Session& s,
                                                                                      std::int64_t tenant_id,
                                                                                      std::int64_t type_id) {
  std::vector<Subscriber> out;
  for (auto& r : db::read_rows<SubscriberRow>(s.query(sql::kTypeSubscribers, {tenant_id, type_id})))
    out.push_back({std::move(r.subscription_id), std::move(r.email), r.lang.value_or("")});
  return out;
}

std::vector<std::pair<std::int64_t, std::int64_t>> SubscriptionsRepository::subscriber_counts(std::int64_t tenant_id) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  for (const auto& r : db::read_rows<TypeCountRow>(db_.query(sql::kCountTypeSubscribers, {tenant_id})))
    out.emplace_back(r.type_id, r.count);
  return out;
}

bool SubscriptionsRepository::move_type(const UserSubscription& sub, std::int64_t to_type, std::string_view reason,
                                        std::string_view actor, const std::string& now) {
  bool moved = false;
  try {
    db_.transaction([&](db::Session& s) {
      moved = s.execute(sql::kMoveType, {sub.tenant_id, sub.id, to_type, now, sub.version}) == 1;
      if (moved) insert_event(s, sub.tenant_id, sub.id, sub.status, sub.status, reason, actor, now, sub.version + 1);
    });
  } catch (const db::ConstraintError&) {
    return false;
  }
  return moved;
}

Outcome SubscriptionsRepository::write_plans(const std::function<void(db::Session&)>& work) {
  try {
    db_.transaction(work);
  } catch (const db::ConstraintError&) {
    return Outcome::already_exists;
  }
  return Outcome::created;
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
      outcome = Outcome::created;  // a retried transaction (db::TransientError) decides again
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
    changed = false;  // a retried transaction (db::TransientError) decides again
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
  const auto text_or_null = [](const std::optional<std::string>& v) { return v ? json::value(*v) : json::value(nullptr); };
  for (const auto& r : db::read_rows<EventRow>(db_.query(sql::kEvents, {tenant_id, subscription_id})))
    out.push_back({{"fromState", text_or_null(r.from_state)},
                   {"fromSubState", text_or_null(r.from_sub_state)},
                   {"toState", r.to_state},
                   {"toSubState", text_or_null(r.to_sub_state)},
                   {"reason", r.reason},
                   {"actor", r.actor},
                   {"at", r.at}});
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
std::vector<UserSubscription> SubscriptionsRepository::trials_ending(const std::string& from, const std::string& until) {
  std::vector<UserSubscription> out;
  for (const auto& r : db_.query(sql::kTrialsEnding, {from, until})) out.push_back(sub_from(r));
  return out;
}
std::vector<UserSubscription> SubscriptionsRepository::ended(const std::string& now) {
  std::vector<UserSubscription> out;
  for (const auto& r : db_.query(sql::kEnded, {now})) out.push_back(sub_from(r));
  return out;
}


std::vector<std::string> SubscriptionsRepository::trial_groups(std::int64_t tenant_id, const std::string& user_uuid) {
  return db::read_values<std::string>(db_.query(sql::kTrialGroups, {tenant_id, user_uuid}));
}

Outcome SubscriptionsRepository::insert_checkout(const Checkout& c, const std::vector<CheckoutOption>& options,
                                                 const std::string& expires_at, const std::string& now) {
  try {
    db_.transaction([&](db::Session& s) {
      s.execute(sql::kInsertCheckout, {c.tenant_id, c.id, c.user_uuid, c.type_id, c.redirect, c.lang, c.amount.amount,
                                       c.amount.currency, opt(c.migrate_from), opt(c.external_code),
                                       json::serialize(offer_json(c.offer)), expires_at, now, campaign_value(c.marketing_campaign),
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
  const auto option = db::read_row<OptionRow>(rows[0]);
  return std::pair{option.tenant_id, option_from(option)};
}

std::vector<CheckoutOption> SubscriptionsRepository::options(std::int64_t tenant_id, const std::string& checkout_id) {
  std::vector<CheckoutOption> out;
  for (const auto& r : db::read_rows<OptionRow>(db_.query(sql::kCheckoutOptions, {tenant_id, checkout_id})))
    out.push_back(option_from(r));
  return out;
}

}  // namespace portal::subscriptions
