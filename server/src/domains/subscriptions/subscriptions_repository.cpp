#include "domains/subscriptions/subscriptions_repository.hpp"

#include <algorithm>
#include <boost/describe/class.hpp>
// free-form: the stored plan definitions (the operator's document), the checkout's kept answer
// and the client's values are JSON text columns; names and contingents go through their codecs.
#include <boost/json.hpp>

#include "core/ids.hpp"
#include "db/json_column.hpp"
#include "db/row_reads.hpp"
#include "domains/subscriptions/contingents_column.hpp"
#include "domains/subscriptions/subscriptions_sql.hpp"
#include "domains/webhooks/webhooks_outbox.hpp"
#include "domains/subscriptions/texts_json.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::subscriptions {
namespace json = boost::json;

BOOST_DESCRIBE_STRUCT(ExternalCode, (), (code, type_id, valid_until))
BOOST_DESCRIBE_STRUCT(SubscriptionEvent, (), (from_state, from_sub_state, to_state, to_sub_state, reason, actor, at))

// Rows of user_subscriptions and subscription_checkouts read straight into the domain types: the
// members in the order of PORTAL_SUB_COLUMNS / PORTAL_CHECKOUT_COLUMNS, JSON columns by the
// read_columns below. A subscription's status (four columns, last) reads after it (sub_from).
BOOST_DESCRIBE_STRUCT(UserSubscription, (),
                      (id, tenant_id, user_uuid, type_id, start_date, end_date, next_renewal_date, grace_until,
                       contingents, payment_option, payment_method_id, checkout_id, migrate_from, external_code,
                       partner_metadata, version, created_at, updated_at, marketing_campaign, consents, status))
constexpr std::array<std::string_view, 1> not_columns(const UserSubscription*) { return {"status"}; }
BOOST_DESCRIBE_STRUCT(Checkout, (), (id, tenant_id, user_uuid, type_id, status, redirect, lang, amount, migrate_from,
                                     external_code, offer, subscription_id, marketing_campaign, consents, pays_period))

namespace {
json::value campaign_from(const std::optional<std::string>& text, std::string_view what);
json::array consents_from(const std::string& text, std::string_view what);
CheckoutOffer offer_from(const json::object& o);
}  // namespace

void read_column(const db::Row& r, std::size_t i, std::vector<Contingent>& out, const UserSubscription*) {
  out = contingents_from_column(r.text(i));
}
void read_column(const db::Row& r, std::size_t i, json::object& out, const UserSubscription*) {
  out = db::json_object_text(r.text(i), "user_subscriptions: partner_metadata");
}
void read_column(const db::Row& r, std::size_t i, json::value& out, const UserSubscription*) {
  out = campaign_from(r.optional_text(i), "user_subscriptions");
}
void read_column(const db::Row& r, std::size_t i, json::array& out, const UserSubscription*) {
  out = consents_from(r.text(i), "user_subscriptions");
}
void read_column(const db::Row& r, std::size_t i, CheckoutOffer& out, const Checkout*) {
  try {
    out = offer_from(db::json_object_text(r.text(i), "subscription_checkouts: answer"));
  } catch (const std::exception&) {
    throw db::Error("subscription_checkouts: answer is broken");
  }
}
void read_column(const db::Row& r, std::size_t i, json::value& out, const Checkout*) {
  out = campaign_from(r.optional_text(i), "subscription_checkouts");
}
void read_column(const db::Row& r, std::size_t i, json::array& out, const Checkout*) {
  out = consents_from(r.text(i), "subscription_checkouts");
}
static_assert(db::columns_match<Checkout>(PORTAL_CHECKOUT_COLUMNS));

namespace {

struct Refused {};  // unwinds a transaction the service's decision refused

db::Value opt(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }
db::Value sub_state(const Status& s) { return s.pending ? db::Value(std::string("PENDING")) : db::Value(nullptr); }

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
  if (auto* c = o.if_contains("contingents")) t.contingents = contingents_from_json(*c);
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

// The status columns of PORTAL_SUB_COLUMNS, after UserSubscription's (sub_state is 'PENDING' or NULL).
struct StatusColumns {
  std::string state;
  std::optional<std::string> sub_state;
  bool trial = false;
  bool cancel_requested = false;
};
BOOST_DESCRIBE_STRUCT(StatusColumns, (), (state, sub_state, trial, cancel_requested))
static_assert(db::count_columns(PORTAL_SUB_COLUMNS) ==
              db::column_count<UserSubscription> + db::column_count<StatusColumns>);

UserSubscription sub_from(const db::Row& row) {
  auto s = db::read_row<UserSubscription>(row);
  const auto c = db::read_row<StatusColumns>(row, db::column_count<UserSubscription>);
  s.status = {state_from(c.state).value_or(State::inactive), c.sub_state == "PENDING", c.cancel_requested, c.trial};
  return s;
}

Checkout checkout_from(const db::Row& row) { return db::read_row<Checkout>(row); }

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
    s.execute(sql::kInsertGroup, {tenant_id, g.id, json::serialize(texts_json(g.name)), json::serialize(levels)});
  }
  for (const auto& o : plans.options)
    s.execute(sql::kInsertOption, {tenant_id, o.code, o.provider, o.flow, json::serialize(texts_json(o.name))});
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
    g.name = texts_from(db::json_object_text(r.name, "subscription group name"));
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
    plans.options.push_back({r.code, r.provider, r.flow, texts_from(db::json_object_text(r.name, "payment option name"))});
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

void SubscriptionsRepository::save_option(db::Session& s, std::int64_t tenant_id, const PaymentOption& o) {
  s.execute(sql::kUpsertOption, {tenant_id, o.code, o.provider, o.flow, json::serialize(texts_json(o.name))});
  tenants::raise_config_version(s, tenant_id);  // every instance's plans cache follows
}

bool SubscriptionsRepository::remove_option(db::Session& s, std::int64_t tenant_id, const std::string& code) {
  if (s.execute(sql::kDeleteOption, {tenant_id, code}) == 0) return false;
  tenants::raise_config_version(s, tenant_id);
  return true;
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
      if (trial_group) record_trial(s, sub.tenant_id, sub.user_uuid, *trial_group, sub.id, sub.created_at);
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

namespace {
// The parameters of kInsertSubscription ($1 to $22).
db::Params subscription_params(const UserSubscription& sub) {
  return {sub.tenant_id, sub.id, sub.user_uuid, sub.type_id, std::string(to_string(sub.status.state)),
          sub_state(sub.status), std::int64_t{sub.status.trial}, std::int64_t{sub.status.cancel_requested},
          sub.start_date, opt(sub.end_date), opt(sub.next_renewal_date), opt(sub.grace_until),
          contingents_column(sub.contingents), opt(sub.payment_option), opt(sub.payment_method_id),
          opt(sub.checkout_id), opt(sub.migrate_from), opt(sub.external_code), json::serialize(sub.partner_metadata),
          sub.created_at, campaign_value(sub.marketing_campaign), json::serialize(sub.consents)};
}
}  // namespace

void SubscriptionsRepository::insert_row(db::Session& s, const UserSubscription& sub) {
  s.execute(sql::kInsertSubscription, subscription_params(sub));
}

void SubscriptionsRepository::insert_past(db::Session& s, const UserSubscription& sub) {
  auto params = subscription_params(sub);
  params.push_back(sub.version);
  params.push_back(sub.updated_at);
  s.execute(sql::kInsertPastSubscription, params);
}

void SubscriptionsRepository::record_trial(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                           const std::string& group, const std::string& subscription_id,
                                           const std::string& at) {
  s.execute(sql::kInsertTrial, {tenant_id, user_uuid, group, subscription_id, at});
}

std::optional<UserSubscription> SubscriptionsRepository::subscription(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kSubscription, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return sub_from(rows[0]);
}

std::optional<std::int64_t> SubscriptionsRepository::tenant_of(const std::string& subscription_id) {
  return db::read_value<std::int64_t>(db_.query(sql::kSubscriptionTenant, {subscription_id}));
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
                    contingents_column(sub.contingents), opt(sub.payment_option),
                    opt(sub.payment_method_id), json::serialize(sub.partner_metadata), now, version}) == 1;
}

bool SubscriptionsRepository::save(const UserSubscription& sub, std::int64_t version, const std::string& now) {
  bool saved = false;
  db_.transaction([&](db::Session& s) { saved = save(s, sub, version, now); });
  return saved;
}

bool SubscriptionsRepository::record_comp(db::Session& s, std::int64_t tenant_id, const std::string& subscription_id,
                                          int days, const std::string& staff_id, bool capped, const std::string& at,
                                          const std::string& since, std::int64_t cap) {
  return s.execute(sql::kRecordComp, {tenant_id, subscription_id, std::int64_t{days}, staff_id,
                                      std::int64_t{capped ? 1 : 0}, at, since, cap}) == 1;
}

std::int64_t SubscriptionsRepository::comp_days_since(db::Session& s, std::int64_t tenant_id,
                                                      const std::string& subscription_id, const std::string& since) {
  const auto rows = s.query(sql::kCompDaysSince, {tenant_id, subscription_id, since});
  return rows.empty() ? 0 : rows[0].integer(0);
}

void SubscriptionsRepository::insert_event(db::Session& s, std::int64_t tenant_id, const std::string& subscription_id,
                                           const Status& from, const Status& to, std::string_view reason,
                                           std::string_view actor, const std::string& at,
                                           std::int64_t version) {
  insert_past_event(s, tenant_id, core::new_uuid(), subscription_id, from, to, reason, actor, at, version);
}

namespace {

// The webhook a transition announces (issue 78 item 1), if any: started, renewed, cancellation requested, held by a
// failed renewal, ended.
std::string_view webhook_of(const Status& from, const Status& to, std::string_view reason) {
  const bool was_active = from.state == State::active;
  if (to.state == State::active && !to.pending && (from.state == State::none || from.state == State::requested))
    return "subscription.created";
  if (to.state == State::active && from.state == State::none) return "subscription.created";  // a trial, a grant
  if ((to.state == State::inactive || to.state == State::canceled) && was_active) return "subscription.expired";
  if (was_active && to.state == State::active) {
    if (to.pending && !from.pending) return "subscription.held";
    if (reason == "renewal_charged") return "subscription.renewed";
    if (to.cancel_requested && !from.cancel_requested) return "subscription.cancelled";
  }
  return {};
}

}  // namespace

void SubscriptionsRepository::insert_past_event(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                                const std::string& subscription_id, const Status& from,
                                                const Status& to, std::string_view reason, std::string_view actor,
                                                const std::string& at, std::int64_t version) {
  const db::Value from_state =
      from.state == State::none ? db::Value(nullptr) : db::Value(std::string(to_string(from.state)));
  s.execute(sql::kInsertEvent, {tenant_id, id, subscription_id, from_state, sub_state(from),
                                std::string(to_string(to.state)), sub_state(to), std::string(reason),
                                std::string(actor), at, version});
  if (const auto type = webhook_of(from, to, reason); !type.empty())
    webhooks::record_event_with(s, tenant_id, type, [&] {
      webhooks::SubscriptionEventData d{subscription_id, "", "", std::string(to_string(to.state)), std::nullopt,
                                        to.cancel_requested, std::string(reason)};
      if (to.pending) d.subState = "PENDING";
      const auto rows = s.query(sql::kSubscriptionOwner, {tenant_id, subscription_id});
      if (!rows.empty()) {
        d.customerId = rows[0].text(0);
        d.typeId = rows[0].text(1);
      }
      return boost::json::value_from(d);
    });
}

std::vector<SubscriptionEvent> SubscriptionsRepository::events(std::int64_t tenant_id,
                                                               const std::string& subscription_id) {
  return db::read_rows<SubscriptionEvent>(db_.query(sql::kEvents, {tenant_id, subscription_id}));
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
                                       json::serialize(c.consents), opt(c.pays_period ? c.subscription_id : std::nullopt),
                                       opt(c.pays_period)});
      for (const auto& o : options) insert_checkout_option(s, c.tenant_id, {o.uuid, c.id, o.code, o.provider, o.flow});
    });
  } catch (const db::ConstraintError&) {  // one open checkout per user and type (a partial unique index)
    return Outcome::already_exists;
  }
  return Outcome::created;
}

void SubscriptionsRepository::insert_past_checkout(db::Session& s, const Checkout& c, const std::string& expires_at,
                                                   const std::string& created_at, const std::string& updated_at) {
  s.execute(sql::kInsertPastCheckout, {c.tenant_id, c.id, c.user_uuid, c.type_id, c.status, c.redirect, c.lang,
                                       c.amount.amount, c.amount.currency, opt(c.migrate_from), opt(c.external_code),
                                       json::serialize(offer_json(c.offer)), opt(c.subscription_id), expires_at,
                                       created_at, updated_at, campaign_value(c.marketing_campaign),
                                       json::serialize(c.consents)});
}

void SubscriptionsRepository::insert_checkout_option(db::Session& s, std::int64_t tenant_id, const CheckoutOption& o) {
  s.execute(sql::kInsertCheckoutOption, {tenant_id, o.uuid, o.checkout_id, o.code, o.provider, o.flow});
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

bool SubscriptionsRepository::set_checkout_consents(std::int64_t tenant_id, const std::string& id,
                                                    const json::array& consents, const std::string& now) {
  return db_.execute(sql::kSetCheckoutConsents, {tenant_id, id, json::serialize(consents), now}) == 1;
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

std::optional<Checkout> SubscriptionsRepository::pay_again_checkout(db::Session& s, std::int64_t tenant_id,
                                                                    const std::string& subscription_id,
                                                                    const std::string& period) {
  auto rows = s.query(sql::kPayAgainCheckout, {tenant_id, subscription_id, period});
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


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(GroupRow, sql::kGroups);
PORTAL_ROW_READS(OptionTextsRow, sql::kOptions);
PORTAL_ROW_READS(ExternalCode, sql::kCodes);
PORTAL_ROW_READS(SubscriberRow, sql::kTypeSubscribers);
PORTAL_ROW_READS(TypeCountRow, sql::kCountTypeSubscribers);
PORTAL_ROW_READS(SubscriptionEvent, sql::kEvents);
PORTAL_ROW_READS(OptionRow, sql::kCheckoutOptions);
PORTAL_ROW_READS(UserSubscription, sql::kSubscription);
PORTAL_ROW_READS(StatusColumns, sql::kSubscription);
PORTAL_ROW_READS(UserSubscription, sql::kUserSubscriptions);
PORTAL_ROW_READS(UserSubscription, sql::kActiveInGroup);
PORTAL_ROW_READS(Checkout, sql::kOpenCheckout);
PORTAL_ROW_READS(Checkout, sql::kCheckout);
PORTAL_ROW_READS(Checkout, sql::kPayAgainCheckout);
PORTAL_ROW_READS(OptionRow, sql::kOptionByUuid);
}  // namespace portal::subscriptions
