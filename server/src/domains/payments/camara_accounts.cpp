#include "domains/payments/camara_accounts.hpp"

#include <boost/describe/class.hpp>
#include <boost/url/parse.hpp>

#include <algorithm>
#include <cctype>

#include "core/crypto.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/payments/camara_jwt.hpp"

namespace portal::payments {
namespace {

#define PORTAL_CAMARA_COLUMNS                                                                                  \
  "operator_name, api_root, issuer, client_id, client_secret_sealed, client_secret_hint, auth_method, "       \
  "merchant_identifier, currency, steps, number_verification, version, updated_at"

struct CamaraRow {
  std::string operator_name;
  std::string api_root;
  std::optional<std::string> issuer;
  std::string client_id;
  std::string client_secret_sealed;
  std::string client_secret_hint;
  std::string auth_method;
  std::string merchant_identifier;
  std::string currency;
  int steps = 2;
  bool number_verification = false;
  std::int64_t version = 0;
  std::string updated_at;
};
BOOST_DESCRIBE_STRUCT(CamaraRow, (), (operator_name, api_root, issuer, client_id, client_secret_sealed, client_secret_hint,
                                       auth_method, merchant_identifier, currency, steps, number_verification, version,
                                       updated_at))
static_assert(db::columns_match<CamaraRow>(PORTAL_CAMARA_COLUMNS));

constexpr std::string_view kCamaraSelect = "SELECT " PORTAL_CAMARA_COLUMNS " FROM camara_accounts WHERE tenant_id = $1";
constexpr std::string_view kCamaraInsert =
    "INSERT INTO camara_accounts (tenant_id, " PORTAL_CAMARA_COLUMNS ", updated_by) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13, $14)";
constexpr std::string_view kCamaraUpdate =
    "UPDATE camara_accounts SET operator_name = $2, api_root = $3, issuer = $4, client_id = $5, "
    "client_secret_sealed = $6, client_secret_hint = $7, auth_method = $8, merchant_identifier = $9, currency = $10, "
    "steps = $11, number_verification = $12, version = version + 1, updated_at = $13, updated_by = $14 "
    "WHERE tenant_id = $1 AND version = $15";
constexpr std::string_view kCamaraDelete = "DELETE FROM camara_accounts WHERE tenant_id = $1";

constexpr std::string_view kCamaraSealPurpose = "camara-account:";

CamaraAccountView camara_view_of(const CamaraRow& r) {
  return {r.operator_name, r.api_root,   r.issuer, r.client_id, r.client_secret_hint, r.auth_method, r.merchant_identifier,
          r.currency,      r.steps,      r.number_verification, r.version, r.updated_at};
}

std::string secret_hint(const std::string& secret) {
  std::string tail = secret;
  while (!tail.empty() && std::isspace(static_cast<unsigned char>(tail.back()))) tail.pop_back();
  if (tail.find("-----END") != std::string::npos) return "PEM";  // a key's last characters are its armour
  return "…" + tail.substr(tail.size() > 4 ? tail.size() - 4 : 0);
}

Error bad_field(std::string field, std::string message) {
  Error e = Error::of(ErrorCode::invalid_key, std::move(message));
  e.field = std::move(field);
  return e;
}

// An absolute http(s) URL with a host and no query, fragment or user info, without its trailing slashes.
std::optional<std::string> base_url(std::string text, bool allow_http) {
  while (!text.empty() && text.back() == '/') text.pop_back();
  if (text.empty() || text.size() > 500) return std::nullopt;
  auto u = boost::urls::parse_absolute_uri(text);
  if (!u || u->host().empty() || u->has_query() || u->has_fragment() || u->has_userinfo()) return std::nullopt;
  if (u->scheme() != "https" && !(allow_http && u->scheme() == "http")) return std::nullopt;
  return text;
}

bool printable(const std::string& s, std::size_t most) {
  return !s.empty() && s.size() <= most &&
         std::none_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
}

std::optional<Error> shape_error(CamaraSettings& s, bool allow_http) {
  if (!printable(s.operator_name, 80)) return bad_field("operatorName", "1 to 80 characters");
  auto root = base_url(s.api_root, allow_http);
  if (!root) return bad_field("apiRoot", allow_http ? "An http(s) URL with a host" : "An https URL with a host");
  s.api_root = *root;
  if (s.issuer && s.issuer->empty()) s.issuer.reset();
  if (s.issuer) {
    auto issuer = base_url(*s.issuer, allow_http);
    if (!issuer) return bad_field("issuer", allow_http ? "An http(s) URL with a host" : "An https URL with a host");
    s.issuer = *issuer;
  }
  if (!printable(s.client_id, 200) || s.client_id.find(' ') != std::string::npos)
    return bad_field("clientId", "1 to 200 characters without spaces");
  if (!printable(s.merchant_identifier, 100)) return bad_field("merchantIdentifier", "1 to 100 characters");
  if (s.currency.size() != 3 || !std::all_of(s.currency.begin(), s.currency.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
    return bad_field("currency", "An ISO 4217 code: three capital letters");
  if (s.steps != 1 && s.steps != 2) return bad_field("steps", "1 or 2");
  if (s.client_secret && (s.client_secret->size() > 8000 || !camara_secret_usable(*s.client_secret)))
    return bad_field("clientSecret", "A shared secret, or a PEM private key (RSA of 2048 bits at least, or EC P-256)");
  return std::nullopt;
}

}  // namespace

CamaraAccounts::CamaraAccounts(db::Database& db, const core::Clock& clock, std::string seal_key, bool allow_http)
    : db_(db), clock_(clock), seal_key_(seal_key.empty() ? "" : std::string(kCamaraSealPurpose) + seal_key), allow_http_(allow_http) {}

std::optional<CamaraAccount> CamaraAccounts::find(std::int64_t tenant_id) const {
  auto row = db::read_first<CamaraRow>(db_.query(kCamaraSelect, {tenant_id}));
  if (!row) return std::nullopt;
  auto secret = core::open_sealed(seal_key_, row->client_secret_sealed);
  if (!secret)
    throw std::runtime_error("the configuration's secret key does not open tenant " + std::to_string(tenant_id) +
                             "'s CAMARA client secret (was PORTAL_STAFF_SECRET_KEY changed?)");
  return CamaraAccount{tenant_id, row->operator_name, row->api_root, row->issuer.value_or(row->api_root), row->client_id,
                       *secret, row->merchant_identifier, row->currency, row->steps, row->number_verification, row->version};
}

std::optional<CamaraAccountView> CamaraAccounts::view(std::int64_t tenant_id) const {
  auto row = db::read_first<CamaraRow>(db_.query(kCamaraSelect, {tenant_id}));
  if (!row) return std::nullopt;
  return camara_view_of(*row);
}

std::optional<CamaraAccountView> CamaraAccounts::view(db::Session& s, std::int64_t tenant_id) const {
  auto row = db::read_first<CamaraRow>(s.query(kCamaraSelect, {tenant_id}));
  if (!row) return std::nullopt;
  return camara_view_of(*row);
}

Result<CamaraAccountView> CamaraAccounts::save(std::int64_t tenant_id, const CamaraSettings& in,
                                               const std::string& staff_id, const Audit& audit, const Check& check) {
  if (seal_key_.empty())
    return Error::of(ErrorCode::provider_unavailable, "No secret key is configured to seal provider keys (PORTAL_STAFF_SECRET_KEY)");
  CamaraSettings s = in;
  if (auto bad = shape_error(s, allow_http_)) return *bad;
  // The candidate as it will be used: a kept secret is the stored one.
  std::optional<std::string> secret = s.client_secret;
  if (!secret) {
    if (auto current = find(tenant_id)) secret = current->client_secret;
    else return bad_field("clientSecret", "The client secret is required");
  }
  if (check) {
    CamaraAccount candidate{tenant_id, s.operator_name, s.api_root, s.issuer.value_or(s.api_root), s.client_id, *secret,
                            s.merchant_identifier, s.currency, s.steps, s.number_verification, 0};
    if (auto refused = check(candidate)) return *refused;
  }
  const std::string at = db::utc_timestamp(clock_.now());
  const std::string sealed = core::seal_with(seal_key_, *secret);
  const std::string method = camara_auth_method(*secret);
  auto opt = [](const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); };
  std::optional<Error> refused;
  CamaraAccountView after;
  db_.transaction([&](db::Session& x) {
    refused.reset();
    auto row = db::read_first<CamaraRow>(x.query(kCamaraSelect, {tenant_id}));
    if (!row) {
      x.execute(kCamaraInsert, {tenant_id, s.operator_name, s.api_root, opt(s.issuer), s.client_id, sealed, secret_hint(*secret), method,
                          s.merchant_identifier, s.currency, std::int64_t{s.steps}, std::int64_t{s.number_verification ? 1 : 0},
                          at, staff_id});
      after = *view(x, tenant_id);
      if (audit) audit(x, std::nullopt, after);
      return;
    }
    if (!s.version || *s.version != row->version) {
      refused = Error::of(ErrorCode::account_version_conflict, "stale");
      return;
    }
    const CamaraAccountView before = camara_view_of(*row);
    const std::string kept_sealed = s.client_secret ? sealed : row->client_secret_sealed;
    const std::string kept_hint = s.client_secret ? secret_hint(*secret) : row->client_secret_hint;
    if (x.execute(kCamaraUpdate, {tenant_id, s.operator_name, s.api_root, opt(s.issuer), s.client_id, kept_sealed, kept_hint, method,
                            s.merchant_identifier, s.currency, std::int64_t{s.steps},
                            std::int64_t{s.number_verification ? 1 : 0}, at, staff_id, row->version}) != 1) {
      refused = Error::of(ErrorCode::account_version_conflict, "stale");
      return;
    }
    after = *view(x, tenant_id);
    if (audit) audit(x, before, after);
  });
  if (refused) return *refused;
  return after;
}

Result<bool> CamaraAccounts::remove(std::int64_t tenant_id, const std::function<bool(db::Session&)>& in_use,
                                    const std::function<void(db::Session&, const CamaraAccountView&)>& audit) {
  bool removed = false, used = false;
  db_.transaction([&](db::Session& s) {
    removed = used = false;
    auto before = view(s, tenant_id);
    if (!before) return;
    if (in_use && in_use(s)) {
      used = true;
      return;
    }
    removed = s.execute(kCamaraDelete, {tenant_id}) == 1;
    if (removed && audit) audit(s, *before);
  });
  if (used) return Error::of(ErrorCode::provider_in_use, "A payment option still bills through the operator; change it first");
  return removed;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(CamaraRow, kCamaraSelect);
}  // namespace portal::payments
