#include "tools/activity_generator.hpp"

#include <algorithm>
#include <array>
#include <boost/json.hpp>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <string_view>
#include <thread>
#include <vector>

#include "core/utc_time.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/events/events_repository.hpp"
#include "domains/games/games_repository.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/devices_repository.hpp"
#include "domains/identity/user_agent.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/payments/payments_repository.hpp"
#include "domains/purchases/purchases_repository.hpp"
#include "domains/reports/reports_repository.hpp"
#include "domains/streaming/streaming_repository.hpp"
#include "domains/streaming/streaming_rules.hpp"
#include "domains/subscriptions/subscription_rules.hpp"
#include "domains/subscriptions/subscriptions_credits.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/vouchers/vouchers_repository.hpp"
#include "domains/wallet/wallet_repository.hpp"

// Every row goes through its domain's repository: the flow's own method where one writes the row as
// it is at the end (wallet add, voucher codes, redemption, stock, events, game sessions, checkout options,
// subscription events), else the repository's insert_past, which writes the row as the flow's
// statements leave it, at past times. Which flow each row mirrors (docs/operations.md "Synthetic activity"):
//   users, devices          identity: registration (with the language the user then saved) and the
//                           device upsert of a sign-in (the agent read by parse_user_agent)
//   subscription_checkouts, subscription_checkout_options, payments ('checkout'), payment_methods,
//   user_subscriptions, subscription_events
//                           subscriptions/checkout_flow.cpp (subscribe, then the card or operator
//                           payment: the checkout PAID, the method saved, the subscription created
//                           with its event "checkout paid")
//   subscription_trials     subscriptions/trials.cpp ("free trial"), ended by renewals.cpp ("trial ended")
//   payments ('renewal')    subscriptions/renewals.cpp ("renewal charged", "renewal failed", a retry
//                           that succeeds, "grace period over")
//   cancellations           subscriptions/cancellation.cpp ("cancelled by user"), then renewals.cpp
//                           ("cancelled subscription ended")
//   article_purchases, payments ('article'), wallet_items
//                           purchases/purchases_service.cpp (charge: the purchase PAID, the wallet items added)
//   stream_tickets, stream_reports, play_history, events ('trackListened')
//                           streaming/streaming_service.cpp (play: a ticket, the oldest beyond three
//                           closed; report: one 'listened' report; the history's PLAY)
//   events ('pageView')     the client's page views (web/src/features/analytics), only with analytics consent
//   payment_refunds, payments.refunded
//                           payments_service.cpp refund (card payments only: a card refund succeeds at once) and
//                           the refund policy (each selling domain's on_refund_succeeded): a refunded period ends its plan now
//                           ("payment refunded", INACTIVE), a refunded purchase is CANCELLED and leaves the
//                           wallet, unless keep_plan (a goodwill refund); a voucher order keeps its codes
//   voucher_orders, payments ('vouchers'), voucher_codes, voucher_stock
//                           vouchers/voucher_orders.cpp buy (saved card: the order PAID, fulfilled, its codes)
//   voucher_codes redeemed, user_subscriptions, subscription_events ("voucher redeemed")
//                           vouchers_service.cpp redeem and subscriptions_grant.cpp (a gift that ends
//                           after its periods: "cancelled subscription ended"); a code is redeemed by a later customer
//   game_sessions, events ('instantPlay')
//                           games/games_service.cpp open (/game/play)
// A subscription row is written once in its final state, with the version its last event has
// (the flows write version 0 and update it once per event: the same rows in the end).
namespace portal::app {
namespace {

namespace json = boost::json;
namespace subs = subscriptions;
using Time = std::chrono::system_clock::time_point;
using std::chrono::days;
using std::chrono::hours;
using std::chrono::milliseconds;
using std::chrono::minutes;
using std::chrono::seconds;

// ---- deterministic randomness

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint64_t fnv(std::string_view s) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

// Distributions of our own: std::uniform_int_distribution differs between standard libraries.
struct Rng {
  std::mt19937_64 g;
  explicit Rng(std::uint64_t seed) : g(seed) {}
  std::uint64_t next() { return g(); }
  std::int64_t below(std::int64_t n) { return n <= 1 ? 0 : static_cast<std::int64_t>(g() % static_cast<std::uint64_t>(n)); }
  std::int64_t between(std::int64_t lo, std::int64_t hi) { return lo + below(hi - lo + 1); }
  double unit() { return static_cast<double>(g() >> 11) * 0x1.0p-53; }
  bool chance(double p) { return unit() < p; }
  std::string uuid() {
    const std::uint64_t a = g(), b = g();
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-%04x-%012llx", static_cast<unsigned>(a >> 32),
                  static_cast<unsigned>((a >> 16) & 0xffff), static_cast<unsigned>(a & 0xfff),
                  static_cast<unsigned>(0x8000 | ((b >> 48) & 0x3fff)),
                  static_cast<unsigned long long>(b & 0xffffffffffffULL));
    return buf;
  }
  std::string hex(int bytes) {
    std::string out;
    static constexpr char kDigits[] = "0123456789abcdef";
    for (int i = 0; i < bytes; ++i) {
      const auto v = g() & 0xff;
      out += kDigits[v >> 4];
      out += kDigits[v & 15];
    }
    return out;
  }
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[static_cast<std::size_t>(below(static_cast<std::int64_t>(v.size())))]; }
};

std::string at(Time t) { return core::utc_text(std::chrono::time_point_cast<seconds>(t)); }
std::string at_ms(Time t) { return streaming::utc_millis(t); }

// ---- batched writes through the domains' repositories

// The repositories the rows go through, on one database.
struct Stores {
  explicit Stores(db::Database& d)
      : users(d), devices(d), payments(d), subscriptions(d), credits(d), wallet(d), purchases(d, wallet, credits),
        streaming(d), events(d), vouchers(d), games(d) {}
  identity::UsersRepository users;
  identity::DevicesRepository devices;
  payments::PaymentsRepository payments;
  subs::SubscriptionsRepository subscriptions;
  subs::CreditsRepository credits;
  wallet::WalletRepository wallet;
  purchases::PurchasesRepository purchases;
  streaming::StreamingRepository streaming;
  events::EventsRepository events;
  vouchers::VouchersRepository vouchers;
  games::GamesRepository games;
};

class Writer {
 public:
  // One row's write, run in the batch's transaction.
  using Write = std::function<void(db::Session&, Stores&)>;

  Writer(db::Database& database, std::size_t batch)
      : db_(database), stores_(database), batch_(std::max<std::size_t>(batch, 1)) {}
  void add(const char* table, Write write) {
    pending_.push_back(std::move(write));
    ++counted_[table];
  }
  // Between customers: a transaction of about batch_ rows (a customer's rows are never split).
  void maybe_flush() {
    if (pending_.size() >= batch_) flush();
  }
  void flush() {
    if (pending_.empty()) return;
    db_.transaction([&](db::Session& s) {
      for (const auto& write : pending_) write(s, stores_);
    });
    pending_.clear();
    for (auto& [table, n] : counted_) written_[table] += n;
    counted_.clear();
  }
  const std::map<std::string, std::int64_t>& written() const { return written_; }

 private:
  db::Database& db_;
  Stores stores_;
  std::size_t batch_;
  std::vector<Write> pending_;
  std::map<std::string, std::int64_t> counted_, written_;
};

// ---- what the tenant offers

struct Article {
  std::int64_t id = 0;
  std::string content_type;
  std::int64_t media_ms = streaming::kUnknownLengthMs;
  std::int64_t price = 0;  // PAY_PER_DOWNLOAD in the tenant's currency; 0: not sold alone
};

struct Offer {
  const subs::SubscriptionType* type = nullptr;
  std::string trial_group;
  bool card = false, operator_bill = false;
};

// A voucher the tenant sells (vouchers_products.cpp product_of, single vouchers only): one code per unit.
struct VoucherProduct {
  std::int64_t id = 0;
  std::int64_t price = 0;
  const subs::SubscriptionType* type = nullptr;
  int months = 12;   // the code's validity
  int periods = 1;   // billing cycles the code grants
  std::optional<std::int64_t> initial;  // customProperties.availableNo: the stock's first value
};

struct Game {
  std::int64_t id = 0;
  std::string content_type;
};

struct Tenant {
  std::string name;
  std::int64_t id = 0;
  std::vector<std::string> languages;
  subs::Plans plans;
  std::vector<Offer> offers;
  std::string currency;
  const subs::PaymentOption* card = nullptr;
  const subs::PaymentOption* operator_bill = nullptr;
  std::vector<Article> playable;
  std::vector<std::size_t> for_sale;  // indexes into playable
  std::vector<VoucherProduct> vouchers;
  std::vector<Game> games;            // online and cloud games (/game/play)
};

// What customers share, in customer order (deterministic): the vouchers' stock and the codes bought
// and not yet redeemed (a later customer redeems the oldest).
struct Code {
  std::string hash;
  const VoucherProduct* product = nullptr;
  Time created, valid_until;
};
struct Shared {
  std::map<std::int64_t, std::int64_t> stock;  // product -> units left (products with a stock only)
  std::map<std::int64_t, std::int64_t> sold;   // product -> units sold by this run
  std::vector<Code> codes;                     // unredeemed, oldest first
  std::size_t next_code = 0;                   // codes before it are redeemed or given up
};

// A voucher article as vouchers_products.cpp reads it: priced in the tenant's currency, a plan of the tenant.
void load_voucher(Tenant& t, std::int64_t id, const catalog::ArticleDocument& doc) {
  VoucherProduct v;
  v.id = id;
  if (doc.prices)
    for (const auto& p : *doc.prices)
      if (p.currency == t.currency) {
        v.price = p.amount;
        break;
      }
  if (v.price <= 0 || !doc.customProperties || !doc.customProperties->subscriptionTypeIds) return;
  const auto& custom = *doc.customProperties;
  const auto type_id = custom.subscriptionTypeIds->find(t.name);
  if (type_id == custom.subscriptionTypeIds->end()) return;
  v.type = t.plans.type(type_id->second);
  if (!v.type || !subs::parse_cycle(v.type->billing_cycle)) return;
  v.months = static_cast<int>(std::clamp<std::int64_t>(custom.validityMonths.value_or(12), 1, 120));
  const auto cost = v.type->current_price();
  v.periods = cost.amount <= 0 || cost.currency != t.currency
                  ? 1
                  : static_cast<int>(std::clamp<std::int64_t>(v.price / cost.amount, 1, 10000));
  if (auto n = custom.availableNo; n && *n >= 0) v.initial = *n;
  t.vouchers.push_back(v);
}

Tenant load_tenant(db::Database& database, const std::string& name) {
  Tenant t;
  tenants::TenantsRepository tenants_repository(database);
  bool found = false;
  for (const auto& x : tenants_repository.load_all())
    if (x.name == name) {
      t.id = x.id;
      t.languages = x.languages;
      t.name = x.name;
      found = true;
    }
  if (!found) throw ActivityRefused("no tenant named '" + name + "'");
  if (t.languages.empty()) t.languages = {"en"};
  subs::SubscriptionsRepository subscriptions(database);
  t.plans = subscriptions.load_plans(t.id);
  t.card = t.plans.option("card");
  t.operator_bill = t.plans.option("operator");
  for (const auto& type : t.plans.types) {
    if (type.retired || type.cancel_at() || !type.required_identity_fields.empty() || type.price.amount <= 0) continue;
    if (!subs::parse_cycle(type.billing_cycle)) continue;
    auto offers = [&](std::string_view code) {
      return type.payment_options.empty() ||
             std::find(type.payment_options.begin(), type.payment_options.end(), code) != type.payment_options.end();
    };
    Offer o;
    o.type = &type;
    o.trial_group = type.group_id.value_or("type:" + std::to_string(type.id));
    o.card = t.card && offers("card");
    o.operator_bill = t.operator_bill && offers("operator");
    if (!o.card && !o.operator_bill) continue;
    if (t.currency.empty()) t.currency = type.price.currency;
    t.offers.push_back(o);
  }
  if (t.offers.empty()) throw ActivityRefused("tenant '" + name + "' sells no plan a customer could buy with a card");
  for (const auto& record : catalog::CatalogRepository(database).all_articles(t.id)) {
    const std::string& type = record.content_type;
    const catalog::ArticleDocument doc = catalog::stored_document(record.doc);
    if (type == "online_game" || type == "cloud_game") t.games.push_back({record.id, type});
    if (type == "voucher") load_voucher(t, record.id, doc);
    if (!streaming::is_playable_type(type)) continue;
    Article a;
    a.id = record.id;
    a.content_type = type;
    a.media_ms = streaming::media_length_ms(doc.durationSeconds).value_or(streaming::kUnknownLengthMs);
    if (doc.prices)
      for (const auto& p : *doc.prices)
        if (p.businessModel == "PAY_PER_DOWNLOAD" && p.currency == t.currency && p.amount > 0) a.price = p.amount;
    if (a.price > 0) t.for_sale.push_back(t.playable.size());
    t.playable.push_back(std::move(a));
  }
  if (t.playable.empty()) throw ActivityRefused("tenant '" + name + "' has no playable article in its catalog");
  return t;
}

std::optional<Time> parse_day(const std::string& text) {
  if (auto day = core::parse_day(text)) return Time{*day};
  return std::nullopt;
}

// ---- one customer

constexpr std::array kFirstNames = {"Amira", "Jonas", "Lea",   "Omar",  "Sofia", "Mihai", "Claire", "Yusuf",
                                    "Elena", "Noah",  "Layla", "Paul",  "Ines",  "Karim", "Ana",    "Lukas"};
constexpr std::array kLastNames = {"Haddad", "Schmidt", "Dubois", "Garcia", "Popescu", "Rahman", "Weber", "Martin",
                                   "Lopez",  "Ionescu", "Nasser", "Moreau", "Fischer", "Santos", "Kamal", "Marin"};
// The devices' user agents (identity::parse_user_agent reads each as a sign-in does).
constexpr std::array kAgents = {"Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0",
                                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Safari/604.1",
                                "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120.0 Mobile",
                                "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) Safari/605.1.15",
                                "Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) Safari/604.1"};
constexpr std::array kPages = {"/", "/music", "/video", "/games", "/audiobooks", "/profile", "/profile/manage",
                               "/subscriptions", "/wallet", "/search"};

constexpr std::array kRefundReasons = {"Customer asked within the withdrawal period", "Charged twice",
                                       "Could not play the content", "Goodwill"};

struct Refund {
  std::int64_t amount = 0;
  Time when;
  bool keep_plan = false;
  std::string reason;
};

// The window in which the customer may play everything a plan includes.
struct Access {
  Time from, to;
};

class Customer {
 public:
  Customer(const Tenant& t, Shared& shared, const ActivityOptions& o, Writer& w, const std::string& password_hash,
           std::int64_t n, Time from, Time until)
      : t_(t), shared_(shared), w_(w), n_(n), from_(from), until_(until),
        rng_(splitmix(splitmix(o.seed ^ fnv(o.tenant)) + static_cast<std::uint64_t>(n))) {
    uuid_ = rng_.uuid();
    user_id_ = rng_.hex(8);
    email_ = generated_email(o.seed, n);
    lang_ = rng_.pick(t.languages);
    if (rng_.chance(0.3)) msisdn_ = "990" + std::to_string(o.seed) + pad(n, 7) + "2";  // never a sandbox failure suffix
    // 70% registered before the window, the others during it.
    created_ = rng_.chance(0.7) || n == 1 ? from_ - days(rng_.between(1, 730)) - seconds(rng_.below(86400))
                                          : from_ + days(rng_.below(span_days())) + seconds(rng_.below(86400));
    active_from_ = std::max(created_, from_);
    analytics_ = rng_.chance(0.5);
    static constexpr std::array kPlaysPerMonth = {0.0, 1.0, 3.0, 8.0};
    plays_per_month_ = kPlaysPerMonth[static_cast<std::size_t>(rng_.below(4))];
    if (n == 1) plays_per_month_ = 3.0;
    identity::User user;
    user.uuid = uuid_;
    user.tenant_id = t.id;
    user.user_id = user_id_;
    user.email = email_;
    user.msisdn = msisdn_.value_or("");
    user.name = kFirstNames[static_cast<std::size_t>(rng_.below(kFirstNames.size()))];
    user.last_name = kLastNames[static_cast<std::size_t>(rng_.below(kLastNames.size()))];
    user.password_hash = password_hash;
    user.selected_lang = lang_;
    user.created_at = user.updated_at = at(created_);
    w_.add("users", [user = std::move(user)](db::Session& s, Stores& r) { r.users.insert_past(s, user); });
  }

  void run() {
    devices();
    subscriptions();
    purchases();
    vouchers();
    plays();
    games();
    page_views();
  }

 private:
  static std::string pad(std::int64_t n, int width) {
    std::string s = std::to_string(n);
    return s.size() >= static_cast<std::size_t>(width) ? s : std::string(width - s.size(), '0') + s;
  }
  std::int64_t span_days() const { return std::max<std::int64_t>(1, (until_ - from_) / days(1)); }
  Time random_between(Time a, Time b) {
    if (b <= a) return a;
    return a + seconds(rng_.below(std::chrono::duration_cast<seconds>(b - a).count()));
  }

  void devices() {
    const int count = 1 + static_cast<int>(rng_.below(2));
    for (int i = 0; i < count; ++i) {
      const std::string agent = kAgents[static_cast<std::size_t>(rng_.below(kAgents.size()))];
      const Time first = random_between(active_from_, active_from_ + days(30));
      const Time last = random_between(first, until_);
      w_.add("devices", [tenant = t_.id, id = rng_.uuid(), agent, first_seen = at(std::min(first, until_ - seconds(1))),
                         last_seen = at(std::min(last, until_ - seconds(1)))](db::Session& s, Stores& r) {
        r.devices.insert_past(s, tenant, id, agent, identity::parse_user_agent(agent), first_seen, last_seen);
      });
    }
  }

  // The saved method of a provider (one per user and provider, as kSaveMethod keeps it).
  const payments::SavedMethod& method(bool operator_bill, Time when) {
    auto& slot = operator_bill ? operator_method_ : card_method_;
    if (!slot) {
      payments::SavedMethod m;
      m.id = rng_.uuid();
      m.provider = operator_bill ? t_.operator_bill->provider : t_.card->provider;
      m.token = operator_bill ? *msisdn_ : "4242424242424242";
      m.label = operator_bill ? "+" + *msisdn_ : "Visa •••• 4242";
      w_.add("payment_methods", [tenant = t_.id, user = uuid_, m, stamp = at(when)](db::Session& s, Stores& r) {
        r.payments.insert_past_method(s, tenant, user, m, stamp);
      });
      slot = m;
    }
    return *slot;
  }

  // A payment, and its refund when one is given (written after it: the refund names it).
  std::string payment(std::string_view purpose, const std::string& reference, const payments::SavedMethod& m,
                      std::int64_t amount, payments::Status status, Time when,
                      std::optional<std::string> exclusive_key = std::nullopt,
                      const std::optional<Refund>& refund = std::nullopt) {
    payments::Payment p;
    p.id = rng_.uuid();
    p.tenant_id = t_.id;
    p.user_uuid = uuid_;
    p.purpose = purpose;
    p.reference = reference;
    p.provider = m.provider;
    p.instrument = m.label;
    p.amount = {amount, t_.currency};
    p.status = status;
    p.created_at = at(when);
    p.refunded = refund ? refund->amount : 0;
    w_.add("payments", [p, exclusive_key = std::move(exclusive_key), updated = at(when + seconds(1))](
                           db::Session& s, Stores& r) { r.payments.insert_past(s, p, exclusive_key, updated); });
    if (refund) {
      payments::Refund f;
      f.id = rng_.uuid();
      f.tenant_id = t_.id;
      f.payment_id = p.id;
      f.amount = {refund->amount, t_.currency};
      f.status = payments::RefundStatus::succeeded;
      f.reason = refund->reason;
      f.keep_plan = refund->keep_plan;
      f.created_at = at(refund->when);
      f.settled_at = f.created_at;  // a card refund is answered at once
      w_.add("payment_refunds", [f = std::move(f)](db::Session& s, Stores& r) { r.payments.insert_past_refund(s, f); });
    }
    return p.id;
  }

  // Refunds (payments_service.cpp refund, asked by support): a few per cent of the card payments, in full
  // (the policy then takes back what was bought) or in part (mostly a goodwill refund that keeps it),
  // between an hour and a week after the charge and before `before` (the period's end) and the window's end.
  std::optional<Refund> maybe_refund(const payments::SavedMethod& m, std::int64_t amount, Time charged, Time before) {
    if (!t_.card || m.provider != t_.card->provider || amount <= 0 || !rng_.chance(0.03)) return std::nullopt;
    const Time latest = std::min({before, until_, charged + days(7)}) - minutes(1);
    if (latest <= charged + hours(1)) return std::nullopt;
    Refund r;
    r.when = random_between(charged + hours(1), latest);
    const bool full = amount < 2 || rng_.chance(0.6);
    r.amount = full ? amount : std::max<std::int64_t>(1, amount * rng_.between(10, 90) / 100);
    r.keep_plan = !full && rng_.chance(0.7);
    r.reason = kRefundReasons[static_cast<std::size_t>(rng_.below(kRefundReasons.size()))];
    return r;
  }

  // One subscription's life: its row, then its events in order.
  struct SubEvent {
    std::string id;
    subs::Status from, to;
    std::string reason, actor, at;
    std::int64_t version = 0;
  };
  struct Sub {
    std::string id;
    const subs::SubscriptionType* type = nullptr;
    subs::Status status;
    std::string start_date;
    std::optional<std::string> end_date, next_renewal_date, grace_until, payment_option, payment_method_id, checkout_id;
    std::vector<subs::Contingent> contingents;
    std::string created_at, updated_at;
    std::vector<SubEvent> events;
    Time last{};  // the time of the last event
  };

  void event(Sub& s, subs::Event e, std::string_view reason, std::string_view actor, Time when) {
    auto next = subs::transition(s.status, e);
    if (!next) throw std::logic_error("generate-activity: " + next.error().message);  // a bug of the generator
    s.events.push_back({rng_.uuid(), s.status, *next, std::string(reason), std::string(actor), at(when),
                        static_cast<std::int64_t>(s.events.size())});
    s.status = *next;
    s.updated_at = at(when);
    s.last = when;
  }

  void write(const Sub& s) {
    subs::UserSubscription row;
    row.id = s.id;
    row.tenant_id = t_.id;
    row.user_uuid = uuid_;
    row.type_id = s.type->id;
    row.status = s.status;
    row.start_date = s.start_date;
    row.end_date = s.end_date;
    row.next_renewal_date = s.next_renewal_date;
    row.grace_until = s.grace_until;
    row.contingents = s.contingents;
    row.payment_option = s.payment_option;
    row.payment_method_id = s.payment_method_id;
    row.checkout_id = s.checkout_id;
    row.version = static_cast<std::int64_t>(s.events.size()) - 1;
    row.created_at = s.created_at;
    row.updated_at = s.updated_at;
    w_.add("user_subscriptions",
           [row = std::move(row)](db::Session& x, Stores& r) { r.subscriptions.insert_past(x, row); });
    for (const auto& e : s.events)
      w_.add("subscription_events", [tenant = t_.id, subscription = s.id, e](db::Session& x, Stores& r) {
        r.subscriptions.insert_past_event(x, tenant, e.id, subscription, e.from, e.to, e.reason, e.actor, e.at,
                                          e.version);
      });
  }

  // A free trial (trials.cpp), ended by the scheduler when it is over. Returns its end (or until_).
  Time trial(const Offer& offer, Time start) {
    Sub s;
    s.id = rng_.uuid();
    s.type = offer.type;
    s.start_date = at(start);
    const Time end = subs::add_cycle(start, *subs::parse_trial_duration(*offer.type->max_trial_duration));
    s.end_date = at(end);
    s.contingents = offer.type->contingents;
    s.created_at = at(start);
    event(s, subs::Event::trial_started, "free trial", "user", start);
    w_.add("subscription_trials", [tenant = t_.id, user = uuid_, group = offer.trial_group, id = s.id,
                                   stamp = at(start)](db::Session& x, Stores& r) {
      r.subscriptions.record_trial(x, tenant, user, group, id, stamp);
    });
    trialled_.push_back(offer.trial_group);
    access_.push_back({start, std::min(end, until_)});
    if (end < until_) event(s, subs::Event::trial_end, "trial ended", "scheduler", end + seconds(rng_.between(5, 600)));
    write(s);
    return end;
  }

  // A checkout paid by card or on the mobile bill (checkout_flow.cpp), renewed each cycle
  // (renewals.cpp) until cancelled, ended by a failed renewal or the window's end. Returns when it ended.
  Time paid(const Offer& offer, Time start, bool faithful) {
    const auto& type = *offer.type;
    const bool by_bill = offer.operator_bill && msisdn_ && (!offer.card || rng_.chance(0.5));
    const auto& option = by_bill ? *t_.operator_bill : *t_.card;
    const auto& m = method(by_bill, start);
    const std::int64_t amount = type.current_price().amount;
    const std::string checkout = rng_.uuid(), option_uuid = rng_.uuid();
    Sub s;
    s.id = rng_.uuid();
    s.type = offer.type;
    subs::Checkout c;
    c.id = checkout;
    c.tenant_id = t_.id;
    c.user_uuid = uuid_;
    c.type_id = type.id;
    c.status = "PAID";
    c.redirect = "/profile/manage";
    c.lang = lang_;
    c.amount = {amount, t_.currency};
    c.offer = {"redirect", checkout, std::nullopt,
               {{option_uuid, option.code, option.name.contains(lang_) ? *option.name.find(lang_) : std::string(),
                 option.flow, std::nullopt}}};
    c.subscription_id = s.id;
    const Time opened = start - seconds(rng_.between(20, 300));
    w_.add("subscription_checkouts", [c = std::move(c), expires = at(opened + minutes(30)), created = at(opened),
                                      updated = at(start)](db::Session& x, Stores& r) {
      r.subscriptions.insert_past_checkout(x, c, expires, created, updated);
    });
    w_.add("subscription_checkout_options",
           [tenant = t_.id, o = subs::CheckoutOption{option_uuid, checkout, option.code, option.provider, option.flow}](
               db::Session& x, Stores& r) { r.subscriptions.insert_checkout_option(x, tenant, o); });
    const auto cycle = *subs::parse_cycle(type.billing_cycle);
    Time period = start, end = subs::add_cycle(start, cycle);
    std::optional<Refund> refund = faithful ? std::nullopt : maybe_refund(m, amount, start, end);
    payment("checkout", checkout, m, amount, payments::Status::succeeded, start,
            type.group_id ? std::optional<std::string>("plan-group:" + *type.group_id) : std::nullopt, refund);
    s.checkout_id = checkout;
    s.payment_option = option.code;
    s.payment_method_id = m.id;
    s.created_at = at(start);
    s.start_date = at(start);
    s.end_date = s.next_renewal_date = at(end);
    s.contingents = type.contingents;
    event(s, subs::Event::paid_now, "checkout paid", "user", start);
    if (refund && !refund->keep_plan) return refunded(s, *refund, start);
    Time ended = until_;
    for (;;) {
      // Cancelled by the user in this period (cancellation.cpp), ended by the scheduler at its end.
      if (!faithful && rng_.chance(0.07) && std::max(period, s.last) + hours(1) < end) {
        const Time when = random_between(std::max(period, s.last) + hours(1), end);
        if (when >= until_) break;
        s.next_renewal_date.reset();
        event(s, subs::Event::cancel, "cancelled by user", "user", when);
        if (end < until_) {
          event(s, subs::Event::end_reached, "cancelled subscription ended", "scheduler", end + seconds(rng_.between(5, 600)));
          ended = end;
        }
        break;
      }
      if (end >= until_) break;
      // The renewal of the period starting at `end`.
      const std::string reference = s.id + "@" + at(end);
      const std::int64_t price = type.renewal_price(at(end)).amount;
      const Time charged = end + seconds(rng_.between(5, 600));
      auto renewed = [&](Time when) {
        refund = faithful ? std::nullopt : maybe_refund(m, price, when, subs::add_cycle(end, cycle));
        payment("renewal", reference, m, price, payments::Status::succeeded, when, std::nullopt, refund);
        period = end;
        end = subs::add_cycle(period, cycle);
        s.end_date = s.next_renewal_date = at(end);
        s.grace_until.reset();
        s.contingents = subs::renew_contingents(type.contingents, s.contingents, type.accumulate_contingent);
        event(s, subs::Event::renewal_charged, "renewal charged", "scheduler", when);
      };
      if (faithful || !rng_.chance(0.04)) {
        renewed(charged);
        if (refund && !refund->keep_plan) return refunded(s, *refund, start);
        continue;
      }
      payment("renewal", reference, m, price,
              rng_.chance(0.5) ? payments::Status::declined : payments::Status::insufficient_funds, charged);
      const Time grace_until = charged + days(t_.plans.grace_days);
      s.grace_until = at(grace_until);
      event(s, subs::Event::renewal_failed, "renewal failed", "scheduler", charged);
      access_.push_back({start, charged});
      if (rng_.chance(0.6)) {  // a later run of the scheduler charges it
        const Time retry = charged + days(rng_.between(1, std::max(1, t_.plans.grace_days))) - minutes(rng_.between(1, 60));
        if (retry >= until_) {
          write(s);
          return until_;
        }
        start = retry;
        renewed(retry);
        if (refund && !refund->keep_plan) return refunded(s, *refund, start);
        continue;
      }
      if (grace_until >= until_) {
        write(s);
        return until_;
      }
      s.next_renewal_date.reset();
      event(s, subs::Event::grace_over, "grace period over", "scheduler", grace_until + seconds(rng_.between(5, 600)));
      write(s);
      return grace_until;
    }
    access_.push_back({start, std::min(ended, until_)});
    write(s);
    return ended;
  }

  // The refund policy on a refunded period (subscriptions_service.cpp on_payment_refunded): the plan ends
  // now, INACTIVE, by the system (no staff member asked). Returns when it ended.
  Time refunded(Sub& s, const Refund& r, Time access_from) {
    s.next_renewal_date.reset();
    s.end_date = at(r.when);
    s.grace_until.reset();
    event(s, subs::Event::refunded, "payment refunded", "system", r.when);
    access_.push_back({access_from, r.when});
    write(s);
    return r.when;
  }

  // Plans charged daily or weekly are chosen less often (each renews 365 or 52 times a year).
  const Offer& pick_offer() {
    double total = 0;
    for (const auto& o : t_.offers) total += weight(o);
    double x = rng_.unit() * total;
    for (const auto& o : t_.offers)
      if ((x -= weight(o)) < 0) return o;
    return t_.offers.back();
  }
  static double weight(const Offer& o) {
    const char unit = subs::parse_cycle(o.type->billing_cycle)->unit;
    return unit == 'D' ? 0.1 : unit == 'W' ? 0.4 : 1.0;
  }
  const Offer& monthly() const {
    for (const auto& o : t_.offers)
      if (const auto c = subs::parse_cycle(o.type->billing_cycle); c->count == 1 && c->unit == 'M') return o;
    return t_.offers.front();
  }

  void subscriptions() {
    const bool first = n_ == 1;  // gen-<seed>-1 holds a paid plan at the window's end (the API test signs in as it)
    Time t = first ? from_ + hours(1) : random_between(active_from_, std::min(until_, active_from_ + days(90)));
    if (!first && shared_.next_code < shared_.codes.size() && rng_.chance(0.3)) {
      const auto gift_ended = redeem();
      if (gift_ended) {
        if (*gift_ended >= until_ || !rng_.chance(0.4)) return;  // kept after the gift, or not
        t = *gift_ended + days(rng_.between(1, 30));
      }
    }
    if (!first && !rng_.chance(0.6)) return;
    while (t < until_) {
      const Offer& offer = first ? monthly() : pick_offer();
      const bool may_trial = offer.type->max_trial_duration &&
                             std::find(trialled_.begin(), trialled_.end(), offer.trial_group) == trialled_.end();
      Time ended = until_;
      if (!first && may_trial && rng_.chance(0.25)) {
        ended = trial(offer, t);
        if (ended >= until_) break;
        if (rng_.chance(0.5)) {  // converted: bought the plan after the trial
          const Time bought = ended + hours(rng_.between(1, 72));
          if (bought >= until_) break;
          ended = paid(offer, bought, false);
        }
      } else {
        ended = paid(offer, t, first);
      }
      if (first || ended >= until_ || !rng_.chance(0.35)) break;
      t = ended + days(rng_.between(20, 200));
    }
  }

  // Single purchases (purchases_service.cpp charge): paid by card, the article in the wallet.
  void purchases() {
    if (t_.for_sale.empty() || !t_.card || !rng_.chance(0.2)) return;
    const int count = 1 + static_cast<int>(rng_.below(3));
    for (int i = 0; i < count; ++i) {
      const Article& a = t_.playable[t_.for_sale[static_cast<std::size_t>(rng_.below(t_.for_sale.size()))]];
      if (std::find(owned_.begin(), owned_.end(), a.id) != owned_.end()) continue;
      const Time when = random_between(active_from_, until_);
      const std::string id = rng_.uuid();
      const Time opened = when - seconds(rng_.between(10, 120));
      payments::SavedMethod card{"", t_.card->provider, "4242424242424242", "Visa •••• 4242"};
      const auto refund = maybe_refund(card, a.price, when, until_);
      // The policy on a refunded purchase (purchases_service.cpp on_payment_refunded): CANCELLED, out of the wallet.
      const bool cancelled = refund && !refund->keep_plan;
      purchases::Purchase purchase;
      purchase.id = id;
      purchase.tenant_id = t_.id;
      purchase.user_uuid = uuid_;
      purchase.article_id = a.id;
      purchase.content_type = a.content_type;
      purchase.amount = {a.price, t_.currency};
      purchase.status = cancelled ? "CANCELLED" : "PAID";
      purchase.redirect = "/";
      purchase.lang = lang_;
      purchase.created_at = at(opened);
      w_.add("article_purchases", [purchase = std::move(purchase), updated = at(cancelled ? refund->when : when)](
                                      db::Session& x, Stores& r) { r.purchases.insert_past(x, purchase, updated); });
      payment("article", id, card, a.price, payments::Status::succeeded, when, std::nullopt, refund);
      if (!cancelled)
        w_.add("wallet_items", [tenant = t_.id, user = uuid_, item = wallet::NewItem{a.id, a.content_type, std::nullopt},
                                id, stamp = at(when)](db::Session& x, Stores& r) {
          r.wallet.add(x, tenant, user, {item}, wallet::Source::purchase, id, stamp);
        });
      owned_.push_back(a.id);
      owned_at_.push_back({when, cancelled ? refund->when : until_, &a});
    }
  }

  struct Play {
    Time when;
    const Article* article;
  };

  void plays() {
    std::vector<Play> list;
    auto spread = [&](Time a, Time b, double per_month, const Article* only) {
      if (b <= a || per_month <= 0) return;
      const double expected = per_month * std::chrono::duration<double>(b - a).count() / (30.0 * 86400);
      std::int64_t count = static_cast<std::int64_t>(expected);
      if (rng_.chance(expected - static_cast<double>(count))) ++count;
      for (std::int64_t i = 0; i < count; ++i)
        list.push_back({random_between(a, b), only ? only : &rng_.pick(t_.playable)});
    };
    for (const auto& a : access_) spread(a.from, a.to, plays_per_month_, nullptr);
    for (const auto& o : owned_at_) spread(o.from, o.to, plays_per_month_ / 3, o.article);
    std::sort(list.begin(), list.end(), [](const Play& a, const Play& b) {
      return a.when != b.when ? a.when < b.when : a.article->id < b.article->id;
    });
    std::map<std::int64_t, std::pair<Time, const Article*>> last;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const auto& p = list[i];
      const Article& a = *p.article;
      const std::string ticket = rng_.uuid();
      // Listened for a share of the length (an hour at most of a length the catalog does not know).
      const std::int64_t cap = a.media_ms == streaming::kUnknownLengthMs ? 3'600'000 : a.media_ms;
      const std::int64_t listened = std::max<std::int64_t>(1000, static_cast<std::int64_t>(static_cast<double>(cap) * (0.1 + 0.9 * rng_.unit())));
      // The fourth newer ticket of the user closes it (max_open 3).
      const std::int64_t counted = std::min(listened, a.media_ms);
      streaming::Ticket t;
      t.id = ticket;
      t.tenant_id = t_.id;
      t.user_uuid = uuid_;
      t.article_id = a.id;
      t.content_type = a.content_type;
      t.media_ms = a.media_ms;
      t.counted_ms = t.claimed_ms = counted;
      t.created_at = at_ms(p.when);
      t.expires_at = at(streaming::ticket_expiry(p.when, a.media_ms));
      if (i + 3 < list.size()) t.closed_at = at_ms(list[i + 3].when);
      std::string ticket_at = t.created_at;
      w_.add("stream_tickets", [t = std::move(t)](db::Session& x, Stores& r) { r.streaming.insert_past(x, t); });
      const Time reported = p.when + milliseconds(listened) + seconds(rng_.between(1, 5));
      streaming::Report report;
      report.ticket_id = ticket;
      report.reported_at = at_ms(reported);
      report.usage_ms = counted;
      report.max_usage_ms = a.media_ms;
      w_.add("stream_reports", [tenant = t_.id, id = rng_.uuid(), report = std::move(report), counted,
                                created = at(reported), ticket_at = std::move(ticket_at)](db::Session& x, Stores& r) {
        r.streaming.insert_past_report(x, tenant, id, report, counted, created, ticket_at);
      });
      if (a.content_type == "full_track_music" && counted * 2 >= a.media_ms)
        record(server_event("trackListened",
                            json::value_from(streaming::TrackListenedEvent{a.id, a.content_type, ticket,
                                                                           static_cast<double>(counted) / 1000,
                                                                           static_cast<double>(a.media_ms) / 1000})
                                .as_object(),
                            reported));
      last[a.id] = {p.when, &a};
    }
    for (const auto& [id, entry] : last)
      w_.add("play_history", [tenant = t_.id, user = uuid_,
                              e = streaming::HistoryEntry{id, "PLAY", entry.second->content_type, 0, at(entry.first)}](
                                 db::Session& x, Stores& r) { r.streaming.insert_past_entry(x, tenant, user, e); });
    plays_ = static_cast<std::int64_t>(list.size());
  }

  // Page views of customers who gave analytics consent (the portal's own events outbox), in visits: one to
  // five pages a minute or two apart, sharing the visit id the client keeps (features/analytics/visit.ts).
  void page_views() {
    if (!analytics_) return;
    const std::int64_t count = plays_ / 6 + rng_.below(4);
    std::vector<Time> starts;
    for (std::int64_t i = 0; i < count; ++i) starts.push_back(random_between(active_from_, until_));
    std::sort(starts.begin(), starts.end());
    for (const Time start : starts) {
      const std::string visit = rng_.uuid();
      Time when = start;
      for (std::int64_t page = 1 + rng_.below(5); page > 0 && when < until_; --page) {
        const std::string path = kPages[static_cast<std::size_t>(rng_.below(kPages.size()))];
        events::Event e;
        e.id = rng_.uuid();
        e.name = "pageView";
        e.payload = {{"path", path}, {"title", path == "/" ? "Home" : path.substr(1)}, {"language", lang_},
                     {"platform", "web"}, {"visit", visit}};
        e.user_id = user_id_;
        e.created_at = at(when);
        e.origin = events::Origin::client;
        e.client = "user:" + user_id_;  // the client key the events call gives a signed-in user
        record(std::move(e));
        when += std::chrono::seconds(20 + rng_.below(120));
      }
    }
  }

  // Voucher codes bought with the saved card (voucher_orders.cpp buy): the order PAID and fulfilled at once,
  // its units taken from the product's stock, one code per unit (the plain code is mailed and never stored:
  // the generator stores a random hash, so no generated code can be typed in).
  void vouchers() {
    if (t_.vouchers.empty() || !t_.card || n_ == 1 || !rng_.chance(0.04)) return;
    const VoucherProduct& v = rng_.pick(t_.vouchers);
    const std::int64_t quantity = rng_.chance(0.8) ? 1 : 2;
    if (v.initial) {
      auto& left = shared_.stock[v.id];
      if (left < quantity) return;  // sold out: the flow refuses the order (nothing written)
      left -= quantity;
      shared_.sold[v.id] += quantity;
    }
    const Time when = random_between(active_from_, until_ - hours(1));
    const Time opened = when - seconds(rng_.between(2, 20));
    const std::string order = rng_.uuid();
    const std::int64_t amount = v.price * quantity;
    const auto& m = method(false, opened);
    const auto refund = maybe_refund(m, amount, when, until_);  // the codes stay (vouchers_module.cpp)
    json::array items{json::object{{"productId", v.id}, {"quantity", quantity}, {"unitAmount", v.price}}};
    // The payment (with its refund), the order naming it, its codes.
    const std::string paid =
        payment("vouchers", order, m, amount, payments::Status::succeeded, when, std::nullopt, refund);
    vouchers::Order o;
    o.id = order;
    o.tenant_id = t_.id;
    o.user_uuid = uuid_;
    o.source = "voucher";
    o.status = "PAID";
    o.items = {{v.id, quantity, v.price}};
    o.amount = {amount, t_.currency};
    o.lang = lang_;
    o.reserved = v.initial.has_value();
    o.payment_id = paid;
    o.fulfilled_at = at(when);
    o.expires_at = at(opened + minutes(30));
    o.created_at = at(opened);
    w_.add("voucher_orders",
           [o = std::move(o)](db::Session& x, Stores& r) { r.vouchers.insert_past_order(x, o, *o.fulfilled_at); });
    for (std::int64_t k = 0; k < quantity; ++k) {
      Code c;
      c.hash = rng_.hex(32);
      c.product = &v;
      c.created = when;
      c.valid_until = subs::add_cycle(when, {v.months, 'M'});
      static constexpr char kLetters[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
      std::string hint;
      for (int i = 0; i < 4; ++i) hint += kLetters[rng_.below(32)];
      vouchers::NewCode code;
      code.id = rng_.uuid();
      code.code_hash = c.hash;
      code.subscription_type_id = v.type->id;
      code.product_id = v.id;
      code.order_id = order;
      code.owner_uuid = uuid_;
      code.hint = hint;
      code.valid_until = at(c.valid_until);
      code.periods = v.periods;
      w_.add("voucher_codes", [tenant = t_.id, code = std::move(code), created = at(when)](db::Session& x, Stores& r) {
        r.vouchers.insert_code(x, tenant, code, created);
      });
      shared_.codes.push_back(std::move(c));
    }
  }

  // A code bought by an earlier customer, redeemed (vouchers_service.cpp redeem, subscriptions_grant.cpp):
  // a gift of the code's periods that ends after them. Returns when it ended, or nullopt (no code).
  std::optional<Time> redeem() {
    auto& pool = shared_.codes;
    while (shared_.next_code < pool.size()) {
      const Code c = pool[shared_.next_code++];
      const Time from = std::max(c.created + hours(1), active_from_);
      const Time to = std::min(c.valid_until, until_);
      if (to <= from + hours(1)) continue;  // expired unredeemed, or this customer came too late for it
      if (rng_.chance(0.2)) continue;        // a code its recipient never redeems
      const Time when = random_between(from, std::min(to, from + days(60)));
      const auto& type = *c.product->type;
      const auto cycle = *subs::parse_cycle(type.billing_cycle);
      const Time end = subs::add_cycle(when, {cycle.count * std::max(1, c.product->periods), cycle.unit});
      Sub s;
      s.id = rng_.uuid();
      s.type = &type;
      s.payment_option = "voucher";
      s.start_date = s.created_at = at(when);
      s.end_date = at(end);
      s.contingents = type.contingents;
      for (auto& k : s.contingents)
        if (k.amount > 0) k.amount *= std::max(1, c.product->periods);
      event(s, subs::Event::paid_now, "voucher redeemed", "user", when);
      s.status.cancel_requested = true;  // nothing to renew with
      w_.add("voucher_codes redeemed",
             [tenant = t_.id, hash = c.hash, stamp = at(when), user = uuid_, id = s.id](db::Session& x, Stores& r) {
               r.vouchers.redeem(x, tenant, hash, stamp, user, id);
             });
      Time ended = until_;
      if (end < until_) {
        event(s, subs::Event::end_reached, "cancelled subscription ended", "scheduler", end + seconds(rng_.between(5, 600)));
        ended = end;
      }
      access_.push_back({when, std::min(end, until_)});
      write(s);
      return ended;
    }
    return std::nullopt;
  }

  // Games started (games_service.cpp open, /game/play): the session and the server's 'instantPlay' event,
  // while a plan is held.
  void games() {
    if (t_.games.empty() || plays_per_month_ <= 0 || !rng_.chance(0.3)) return;
    const double per_month = 1.0 + static_cast<double>(rng_.below(4));
    std::vector<std::pair<Time, const Game*>> list;
    for (const auto& a : access_) {
      const double expected = per_month * std::chrono::duration<double>(a.to - a.from).count() / (30.0 * 86400);
      auto count = static_cast<std::int64_t>(expected);
      if (rng_.chance(expected - static_cast<double>(count))) ++count;
      for (std::int64_t i = 0; i < count; ++i) {
        const Time when = random_between(a.from, a.to);  // one draw after the other (argument order is unspecified)
        list.emplace_back(when, &rng_.pick(t_.games));
      }
    }
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second->id < b.second->id;
    });
    for (const auto& [when, game] : list) {
      games::GameSession session;
      session.id = rng_.hex(16);
      session.tenant_id = t_.id;
      session.article_id = game->id;
      session.user_uuid = uuid_;
      session.kind = games::SessionKind::play;
      session.created_at = at(when);
      session.expires_at = at(when + hours(3));
      w_.add("game_sessions",
             [session = std::move(session)](db::Session& x, Stores& r) { r.games.insert_session(x, session); });
      record(server_event(
          "instantPlay",
          json::value_from(games::InstantPlayEvent{game->id, game->content_type, "WEB", false}).as_object(),
          when));
    }
  }

  // An event the server records for the customer (no client key).
  events::Event server_event(std::string name, json::object payload, Time when) {
    events::Event e;
    e.id = rng_.uuid();
    e.name = std::move(name);
    e.payload = std::move(payload);
    e.user_id = user_id_;
    e.created_at = at(when);
    e.origin = events::Origin::server;
    return e;
  }
  void record(events::Event e) {
    w_.add("events", [tenant = t_.id, e = std::move(e)](db::Session& x, Stores& r) { r.events.insert(x, tenant, e); });
  }

  const Tenant& t_;
  Shared& shared_;
  Writer& w_;
  std::int64_t n_;
  Time from_, until_;
  Rng rng_;
  std::string uuid_, user_id_, email_, lang_;
  std::optional<std::string> msisdn_;
  Time created_, active_from_;
  bool analytics_ = false;
  double plays_per_month_ = 0;
  std::int64_t plays_ = 0;
  std::optional<payments::SavedMethod> card_method_, operator_method_;
  std::vector<std::string> trialled_;
  std::vector<Access> access_;
  std::vector<std::int64_t> owned_;
  struct Owned {
    Time from, to;
    const Article* article;
  };
  std::vector<Owned> owned_at_;
};

}  // namespace

std::string generated_email(std::uint64_t seed, std::int64_t n) {
  return "gen-" + std::to_string(seed) + "-" + std::to_string(n) + "@example.test";
}

ActivityReport generate_activity(db::Database& database, const ActivityOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  if (options.customers < 1 || options.customers > 10'000'000)
    throw ActivityRefused("--customers must be 1 to 10000000");
  if (options.days < 1 || options.days > 3660) throw ActivityRefused("--days must be 1 to 3660");
  Time until;
  if (options.until) {
    auto day = parse_day(*options.until);
    if (!day) throw ActivityRefused("--until must be a date YYYY-MM-DD");
    until = *day;
  } else {
    until = std::chrono::floor<days>(std::chrono::system_clock::now());
  }
  const Time from = until - days(options.days);
  const Tenant tenant = load_tenant(database, options.tenant);
  // Once per seed: a second run would only meet the unique e-mails half-way.
  const auto existing = identity::UsersRepository(database).count_by_email(
      tenant.id, "gen-" + std::to_string(options.seed) + "-%@example.test");
  if (existing > 0)
    throw ActivityRefused("tenant '" + options.tenant + "' holds " + std::to_string(existing) +
                          " customers of seed " + std::to_string(options.seed) +
                          " already (gen-" + std::to_string(options.seed) + "-N@example.test): use another --seed");
  const std::string password_hash = identity::hash_password(options.password);  // once: hashing is slow on purpose
  const int jobs = std::max(1, options.jobs);
  std::vector<Shared> shards(static_cast<std::size_t>(jobs));
  vouchers::VouchersRepository vouchers_repository(database);
  for (const auto& v : tenant.vouchers)
    if (v.initial) {
      const std::int64_t left = vouchers_repository.stock(tenant.id, v.id).value_or(*v.initial);
      for (int k = 0; k < jobs; ++k) shards[static_cast<std::size_t>(k)].stock[v.id] = left / jobs + (k == 0 ? left % jobs : 0);
    }
  std::vector<std::unique_ptr<Writer>> writers;
  for (int k = 0; k < jobs; ++k) writers.push_back(std::make_unique<Writer>(database, options.batch_rows));
  // Each job its customers, its own writer (transactions) and its shard of what customers share.
  auto run = [&](int k) {
    auto& writer = *writers[static_cast<std::size_t>(k)];
    for (std::int64_t n = 1 + k; n <= options.customers; n += jobs) {
      Customer(tenant, shards[static_cast<std::size_t>(k)], options, writer, password_hash, n, from, until).run();
      writer.maybe_flush();
    }
    writer.flush();
  };
  if (jobs == 1) {
    run(0);
  } else {
    std::vector<std::exception_ptr> failed(static_cast<std::size_t>(jobs));
    std::vector<std::thread> threads;
    for (int k = 0; k < jobs; ++k)
      threads.emplace_back([&, k] {
        try {
          run(k);
        } catch (...) {
          failed[static_cast<std::size_t>(k)] = std::current_exception();
        }
      });
    for (auto& t : threads) t.join();
    for (auto& e : failed)
      if (e) std::rethrow_exception(e);
  }
  // The units sold leave the stock as each order's reservation takes them (kEnsureStock, kTakeStock), summed.
  Writer& writer = *writers.front();
  for (const auto& v : tenant.vouchers) {
    std::int64_t sold = 0;
    for (const auto& shard : shards)
      if (auto it = shard.sold.find(v.id); it != shard.sold.end()) sold += it->second;
    if (!v.initial || sold == 0) continue;
    writer.add("voucher_stock", [tenant = tenant.id, product = v.id, initial = *v.initial, quantity = sold,
                                 stamp = at(until)](db::Session& x, Stores& r) {
      r.vouchers.take_stock(x, tenant, product, initial, quantity, stamp);
    });
  }
  writer.flush();
  // The rows above carry past times: the reports' next refresh recomputes every day of the tenant (issue 35).
  reports::ReportsRepository(database).forget_refreshes(tenant.id);
  ActivityReport report;
  for (const auto& w : writers)
    for (const auto& [table, n] : w->written()) report.rows[table] += n;
  report.from = at(from);
  report.until = at(until);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

}  // namespace portal::app
