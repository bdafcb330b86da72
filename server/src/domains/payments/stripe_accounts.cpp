#include "domains/payments/stripe_accounts.hpp"

#include <boost/describe/class.hpp>

#include "core/crypto.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"

namespace portal::payments {
namespace {

#define PORTAL_ACCOUNT_COLUMNS                                                                             \
  "mode, publishable_key, secret_key_sealed, secret_key_hint, webhook_secret_sealed, webhook_secret_hint, " \
  "previous_webhook_sealed, previous_until, version, updated_at"

struct AccountRow {
  std::string mode;
  std::string publishable_key;
  std::string secret_key_sealed;
  std::string secret_key_hint;
  std::string webhook_secret_sealed;
  std::string webhook_secret_hint;
  std::optional<std::string> previous_webhook_sealed;
  std::optional<std::string> previous_until;
  std::int64_t version = 0;
  std::string updated_at;
};
BOOST_DESCRIBE_STRUCT(AccountRow, (), (mode, publishable_key, secret_key_sealed, secret_key_hint, webhook_secret_sealed,
                                       webhook_secret_hint, previous_webhook_sealed, previous_until, version, updated_at))
static_assert(db::columns_match<AccountRow>(PORTAL_ACCOUNT_COLUMNS));

constexpr std::string_view kSelect =
    "SELECT " PORTAL_ACCOUNT_COLUMNS " FROM payment_accounts WHERE tenant_id = $1 AND provider = 'stripe'";
constexpr std::string_view kInsert =
    "INSERT INTO payment_accounts (tenant_id, provider, " PORTAL_ACCOUNT_COLUMNS ", updated_by) "
    "VALUES ($1, 'stripe', $2, $3, $4, $5, $6, $7, $8, $9, 1, $10, $11)";
constexpr std::string_view kUpdate =
    "UPDATE payment_accounts SET mode = $2, publishable_key = $3, secret_key_sealed = $4, secret_key_hint = $5, "
    "webhook_secret_sealed = $6, webhook_secret_hint = $7, previous_webhook_sealed = $8, previous_until = $9, "
    "version = version + 1, updated_at = $10, updated_by = $11 "
    "WHERE tenant_id = $1 AND provider = 'stripe' AND version = $12";
constexpr std::string_view kDelete = "DELETE FROM payment_accounts WHERE tenant_id = $1 AND provider = 'stripe'";

constexpr std::string_view kSealPurpose = "payment-account:";

StripeAccountView view_of(const AccountRow& r, const std::string& now) {
  StripeAccountView v{r.mode, r.publishable_key, r.secret_key_hint, r.webhook_secret_hint, std::nullopt, r.version,
                      r.updated_at};
  if (r.previous_webhook_sealed && r.previous_until && *r.previous_until > now) v.previous_until = r.previous_until;
  return v;
}

std::string hint(const std::string& secret) { return "…" + secret.substr(secret.size() - 4); }

Error invalid(std::string field, std::string message) {
  Error e = Error::of(ErrorCode::invalid_key, std::move(message));
  e.field = std::move(field);
  return e;
}

// The mode of a key by its prefix ("test", "live"), or "" when it has none of `kinds`' prefixes.
std::string mode_of(const std::string& key, std::initializer_list<std::string_view> kinds) {
  for (auto kind : kinds)
    for (std::string_view mode : {"test", "live"}) {
      const std::string prefix = std::string(kind) + "_" + std::string(mode) + "_";
      if (key.starts_with(prefix) && key.size() >= prefix.size() + 8 && key.size() <= 255 &&
          key.find_first_of(" \t\r\n") == std::string::npos)
        return std::string(mode);
    }
  return "";
}

bool webhook_secret_shaped(const std::string& s) {
  return s.starts_with("whsec_") && s.size() >= 6 + 16 && s.size() <= 255 && s.find_first_of(" \t\r\n") == std::string::npos;
}

}  // namespace

StripeAccounts::StripeAccounts(db::Database& db, const core::Clock& clock, std::string seal_key)
    : db_(db), clock_(clock), seal_key_(seal_key.empty() ? "" : std::string(kSealPurpose) + seal_key) {}

std::optional<StripeAccount> StripeAccounts::find(std::int64_t tenant_id) const {
  auto row = db::read_first<AccountRow>(db_.query(kSelect, {tenant_id}));
  if (!row) return std::nullopt;
  auto secret = core::open_sealed(seal_key_, row->secret_key_sealed);
  auto webhook = core::open_sealed(seal_key_, row->webhook_secret_sealed);
  if (!secret || !webhook)
    throw std::runtime_error("the configuration's secret key does not open tenant " + std::to_string(tenant_id) +
                             "'s Stripe keys (was PORTAL_STAFF_SECRET_KEY changed?)");
  StripeAccount a{tenant_id, row->mode, row->publishable_key, *secret, {*webhook}};
  if (row->previous_webhook_sealed && row->previous_until && *row->previous_until > db::utc_timestamp(clock_.now()))
    if (auto previous = core::open_sealed(seal_key_, *row->previous_webhook_sealed)) a.webhook_secrets.push_back(*previous);
  return a;
}

std::optional<StripeAccountView> StripeAccounts::view(std::int64_t tenant_id) const {
  auto row = db::read_first<AccountRow>(db_.query(kSelect, {tenant_id}));
  if (!row) return std::nullopt;
  return view_of(*row, db::utc_timestamp(clock_.now()));
}

std::optional<StripeAccountView> StripeAccounts::view(db::Session& s, std::int64_t tenant_id) const {
  auto row = db::read_first<AccountRow>(s.query(kSelect, {tenant_id}));
  if (!row) return std::nullopt;
  return view_of(*row, db::utc_timestamp(clock_.now()));
}

Result<StripeAccountView> StripeAccounts::save(std::int64_t tenant_id, const StripeKeys& keys,
                                               const std::string& staff_id, const Audit& audit,
                                               const KeyCheck& check) {
  if (seal_key_.empty())
    return Error::of(ErrorCode::provider_unavailable, "No secret key is configured to seal provider keys (PORTAL_STAFF_SECRET_KEY)");
  const std::string mode = mode_of(keys.publishable_key, {"pk"});
  if (mode.empty()) return invalid("publishableKey", "A publishable key starts with pk_test_ or pk_live_");
  if (keys.secret_key) {
    const std::string secret_mode = mode_of(*keys.secret_key, {"sk", "rk"});
    if (secret_mode.empty()) return invalid("secretKey", "A secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_");
    if (secret_mode != mode) return invalid("secretKey", "The secret key is a " + secret_mode + " key and the publishable key a " + mode + " key");
  }
  if (keys.webhook_secret && !webhook_secret_shaped(*keys.webhook_secret))
    return invalid("webhookSecret", "A webhook signing secret starts with whsec_");
  if (keys.secret_key && check)
    if (auto refused = check(*keys.secret_key)) return *refused;
  const auto now = clock_.now();
  const std::string at = db::utc_timestamp(now);
  std::optional<Error> refused;
  StripeAccountView after;
  db_.transaction([&](db::Session& s) {
    refused.reset();
    auto row = db::read_first<AccountRow>(s.query(kSelect, {tenant_id}));
    if (!row) {
      if (!keys.secret_key) { refused = invalid("secretKey", "The secret key is required"); return; }
      if (!keys.webhook_secret) { refused = invalid("webhookSecret", "The webhook signing secret is required"); return; }
      s.execute(kInsert, {tenant_id, mode, keys.publishable_key, core::seal_with(seal_key_, *keys.secret_key),
                          hint(*keys.secret_key), core::seal_with(seal_key_, *keys.webhook_secret),
                          hint(*keys.webhook_secret), nullptr, nullptr, at, staff_id});
      after = *view(s, tenant_id);
      if (audit) audit(s, std::nullopt, after);
      return;
    }
    if (!keys.version || *keys.version != row->version) { refused = Error::of(ErrorCode::account_version_conflict, "stale"); return; }
    if (!keys.secret_key) {  // a kept secret key must be of the publishable key's mode
      if (row->mode != mode) { refused = invalid("secretKey", "Switching between test and live mode needs the other mode's secret key"); return; }
    }
    const StripeAccountView before = view_of(*row, at);
    AccountRow next = *row;
    if (keys.secret_key) {
      next.secret_key_sealed = core::seal_with(seal_key_, *keys.secret_key);
      next.secret_key_hint = hint(*keys.secret_key);
    }
    if (keys.webhook_secret) {
      // The secret it replaces keeps verifying for a day: events signed before the rotation still arrive.
      next.previous_webhook_sealed = row->webhook_secret_sealed;
      next.previous_until = db::utc_timestamp(now + kWebhookSecretGrace);
      next.webhook_secret_sealed = core::seal_with(seal_key_, *keys.webhook_secret);
      next.webhook_secret_hint = hint(*keys.webhook_secret);
    }
    auto opt = [](const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); };
    if (s.execute(kUpdate, {tenant_id, mode, keys.publishable_key, next.secret_key_sealed, next.secret_key_hint,
                            next.webhook_secret_sealed, next.webhook_secret_hint, opt(next.previous_webhook_sealed),
                            opt(next.previous_until), at, staff_id, row->version}) != 1) {
      refused = Error::of(ErrorCode::account_version_conflict, "stale");
      return;
    }
    after = *view(s, tenant_id);
    if (audit) audit(s, before, after);
  });
  if (refused) return *refused;
  return after;
}

Result<bool> StripeAccounts::remove(std::int64_t tenant_id, const std::function<bool(db::Session&)>& in_use,
                                    const std::function<void(db::Session&, const StripeAccountView&)>& audit) {
  bool removed = false, used = false;
  db_.transaction([&](db::Session& s) {
    removed = used = false;
    auto before = view(s, tenant_id);
    if (!before) return;
    if (in_use && in_use(s)) { used = true; return; }
    removed = s.execute(kDelete, {tenant_id}) == 1;
    if (removed && audit) audit(s, *before);
  });
  if (used) return Error::of(ErrorCode::provider_in_use, "A payment option still takes cards through Stripe; change it first");
  return removed;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(AccountRow, kSelect);
}  // namespace portal::payments
