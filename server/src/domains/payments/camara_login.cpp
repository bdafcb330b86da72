#include "domains/payments/camara_login.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <boost/url.hpp>
#include <sodium.h>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "core/text.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/payments/camara_jwt.hpp"

namespace portal::payments {
namespace json = boost::json;

namespace {

#define PORTAL_CAMARA_LOGIN_COLUMNS "state, nonce, verifier, return_to, lang, msisdn, authentication_id, tries_left"

struct LoginRow {
  std::string state;
  std::string nonce;
  std::string verifier;
  std::string return_to;
  std::string lang;
  std::optional<std::string> msisdn;
  std::optional<std::string> authentication_id;
  std::int64_t tries_left = 0;
};
BOOST_DESCRIBE_STRUCT(LoginRow, (), (state, nonce, verifier, return_to, lang, msisdn, authentication_id, tries_left))
static_assert(db::columns_match<LoginRow>(PORTAL_CAMARA_LOGIN_COLUMNS));

constexpr std::string_view kInsertLogin =
    "INSERT INTO camara_logins (state, tenant_id, nonce, verifier, return_to, lang, tries_left, created_at, expires_at) "
    "VALUES ($2, $1, $3, $4, $5, $6, $7, $8, $9)";
constexpr std::string_view kLiveLogin =
    "SELECT " PORTAL_CAMARA_LOGIN_COLUMNS " FROM camara_logins WHERE tenant_id = $1 AND state = $2 AND used_at IS NULL "
    "AND expires_at > $3";
// Whoever sets used_at ends the attempt: a code or callback replayed finds nothing.
constexpr std::string_view kUseLogin =
    "UPDATE camara_logins SET used_at = $3 WHERE tenant_id = $1 AND state = $2 AND used_at IS NULL";
constexpr std::string_view kLoginCodeSent =
    "UPDATE camara_logins SET msisdn = $3, authentication_id = $4, tries_left = $5 WHERE tenant_id = $1 AND state = $2 "
    "AND used_at IS NULL";
constexpr std::string_view kLoginWrongCode =
    "UPDATE camara_logins SET tries_left = tries_left - 1 WHERE tenant_id = $1 AND state = $2 AND tries_left > 0 "
    "AND used_at IS NULL";
constexpr std::string_view kLoginNoTries = "UPDATE camara_logins SET tries_left = 0 WHERE tenant_id = $1 AND state = $2";
constexpr std::string_view kDropStaleLogins = "DELETE FROM camara_logins WHERE tenant_id = $1 AND expires_at < $2";

std::string random_text(std::size_t bytes) {
  std::string raw(bytes, '\0');
  randombytes_buf(raw.data(), raw.size());
  return base64url(raw);
}

std::string s256(const std::string& verifier) {
  unsigned char hash[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(hash, reinterpret_cast<const unsigned char*>(verifier.data()), verifier.size());
  return base64url(std::string_view(reinterpret_cast<const char*>(hash), sizeof hash));
}

std::string login_text(const json::value& v, std::string_view member) {
  if (!v.is_object()) return "";
  const auto* m = v.as_object().if_contains(member);
  return m && m->is_string() ? std::string(m->as_string()) : "";
}

std::int64_t login_number(const json::value& v, std::string_view member) {
  if (!v.is_object()) return 0;
  const auto* m = v.as_object().if_contains(member);
  return m && m->is_int64() ? m->as_int64() : m && m->is_uint64() ? static_cast<std::int64_t>(m->as_uint64()) : 0;
}

// The ID token's claims as the operator's token endpoint gave it (over TLS: OpenID Connect Core 3.1.3.7).
bool id_token_fits(const std::string& token, const CamaraAccount& a, const std::string& nonce, std::int64_t now) {
  const auto first = token.find('.');
  const auto second = first == std::string::npos ? std::string::npos : token.find('.', first + 1);
  if (second == std::string::npos) return false;
  auto payload = base64url_decode(std::string_view(token).substr(first + 1, second - first - 1));
  if (!payload) return false;
  boost::system::error_code ec;
  const json::value claims = json::parse(*payload, ec);
  if (ec || !claims.is_object()) return false;
  bool audience = login_text(claims, "aud") == a.client_id;
  if (const auto* aud = claims.as_object().if_contains("aud"); aud && aud->is_array())
    for (const auto& x : aud->as_array()) audience = audience || (x.is_string() && x.as_string() == a.client_id);
  return login_text(claims, "iss") == a.issuer && audience && login_text(claims, "nonce") == nonce &&
         login_number(claims, "exp") > now;
}

CamaraLogin::Attempt attempt_of(const LoginRow& r) { return {r.state, r.return_to, r.lang, r.msisdn, r.tries_left}; }

}  // namespace

bool CamaraLogin::offered(std::int64_t tenant_id) const {
  auto v = accounts_.view(tenant_id);
  return v && v->number_verification;
}

std::optional<std::string> CamaraLogin::start(std::int64_t tenant_id, const std::string& callback,
                                              const std::string& return_to, const std::string& lang) {
  auto account = accounts_.find(tenant_id);
  if (!account || !account->number_verification) return std::nullopt;
  const CamaraEndpoints endpoints = client_.endpoints(*account);
  if (endpoints.authorization.empty()) throw std::runtime_error("the operator's discovery document names no authorization endpoint");
  const auto now = clock_.now();
  const std::string state = random_text(24), nonce = random_text(24), verifier = random_text(48);
  db_.execute(kDropStaleLogins, {tenant_id, db::utc_timestamp(now)});
  db_.execute(kInsertLogin, {tenant_id, state, nonce, verifier, return_to, lang, std::int64_t{kCamaraLoginCodeTries},
                             db::utc_timestamp(now), db::utc_timestamp(now + kCamaraLoginLifetime)});
  boost::urls::url u(endpoints.authorization);
  auto params = u.params();
  params.set("response_type", "code");
  params.set("client_id", account->client_id);
  params.set("redirect_uri", callback);
  params.set("scope", "openid " + std::string(kCamaraShareScope));
  params.set("state", state);
  params.set("nonce", nonce);
  params.set("prompt", "none");  // the operator answers from the network, never with a page
  params.set("code_challenge", s256(verifier));
  params.set("code_challenge_method", "S256");
  params.set("ui_locales", lang);
  return std::string(u.buffer());
}

std::optional<CamaraLogin::Attempt> CamaraLogin::attempt(std::int64_t tenant_id, const std::string& state) const {
  auto row = db::read_first<LoginRow>(db_.query(kLiveLogin, {tenant_id, state, db::utc_timestamp(clock_.now())}));
  if (!row) return std::nullopt;
  return attempt_of(*row);
}

std::optional<CamaraLogin::Finished> CamaraLogin::finish(std::int64_t tenant_id, const std::string& state,
                                                         const std::string& code, const std::string& error,
                                                         const std::string& callback) {
  const auto now = clock_.now();
  auto row = db::read_first<LoginRow>(db_.query(kLiveLogin, {tenant_id, state, db::utc_timestamp(now)}));
  if (!row) return std::nullopt;
  Finished out;
  out.attempt = attempt_of(*row);
  if (code.empty()) {
    // login_required (not on the mobile network), interaction_required, consent_required, access_denied: the
    // network could not vouch silently; the number is proven by the operator's code instead.
    core::log_json(spdlog::level::info, "network sign-in: the operator did not recognise the device",
                   {{"tenant", tenant_id}, {"error", error}});
    out.outcome = Outcome::off_network;
    return out;
  }
  if (db_.execute(kUseLogin, {tenant_id, state, db::utc_timestamp(now)}) != 1) return std::nullopt;  // a callback replayed
  auto account = accounts_.find(tenant_id);
  if (!account) return out;
  const CamaraAnswer token = client_.exchange_code(*account, code, callback, row->verifier);
  const std::string access = token.text("access_token");
  const auto unix_now = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
  if (token.status != 200 || access.empty() || !id_token_fits(token.text("id_token"), *account, row->nonce, unix_now)) {
    core::log_json(spdlog::level::warn, "network sign-in: the operator's token answer was refused",
                   {{"tenant", tenant_id}, {"status", token.status}, {"error", token.text("error")}});
    return out;
  }
  const CamaraAnswer number =
      client_.call_as(*account, access, "GET", std::string(kCamaraNumberVerification) + "/device-phone-number", nullptr, state);
  const std::string phone = number.text("devicePhoneNumber");
  if (number.status != 200 || phone.size() < 2 || phone[0] != '+') {
    core::log_json(spdlog::level::warn, "network sign-in: no device phone number", {{"tenant", tenant_id}, {"status", number.status}});
    return out;
  }
  out.outcome = Outcome::signed_in;
  out.msisdn = phone.substr(1);
  return out;
}

CamaraLogin::Sent CamaraLogin::send_code(std::int64_t tenant_id, const std::string& state, const std::string& msisdn,
                                         const std::string& message_in) {
  if (!attempt(tenant_id, state)) return Sent::unavailable;
  auto account = accounts_.find(tenant_id);
  if (!account) return Sent::unavailable;
  std::string message = core::replace_all(message_in, "{{pin}}", "{{code}}");
  std::size_t characters = 0;  // CAMARA's maxLength 160 counts characters
  for (unsigned char c : message) characters += (c & 0xC0) != 0x80;
  if (message.find("{{code}}") == std::string::npos || characters > 160) message = "{{code}}";
  const CamaraAnswer a = client_.call(*account, "POST", std::string(kCamaraOtp) + "/send-code",
                                      json::object{{"phoneNumber", "+" + msisdn}, {"message", message}}, state);
  if (a.ok() && !a.text("authenticationId").empty()) {
    db_.execute(kLoginCodeSent, {tenant_id, state, msisdn, a.text("authenticationId"), std::int64_t{kCamaraLoginCodeTries}});
    return Sent::sent;
  }
  if (a.text("code") == "ONE_TIME_PASSWORD_SMS.MAX_OTP_CODES_EXCEEDED") return Sent::too_many;
  if (a.status == 403 || a.status == 404 || a.status == 400) return Sent::invalid_number;
  core::log_json(spdlog::level::warn, "network sign-in: the operator sent no code", {{"tenant", tenant_id}, {"status", a.status}});
  return Sent::unavailable;
}

std::optional<CamaraLogin::Checked> CamaraLogin::check_code(std::int64_t tenant_id, const std::string& state,
                                                            const std::string& code) {
  const auto now = clock_.now();
  auto row = db::read_first<LoginRow>(db_.query(kLiveLogin, {tenant_id, state, db::utc_timestamp(now)}));
  if (!row || !row->msisdn || !row->authentication_id) return std::nullopt;
  Checked out;
  out.msisdn = *row->msisdn;
  if (row->tries_left <= 0) return out;
  auto wrong = [&]() {
    out.tries_left = db_.execute(kLoginWrongCode, {tenant_id, state}) == 1 ? row->tries_left - 1 : 0;
    return out;
  };
  if (code.empty() || code.size() > 10) return wrong();
  auto account = accounts_.find(tenant_id);
  if (!account) return std::nullopt;
  const CamaraAnswer a = client_.call(*account, "POST", std::string(kCamaraOtp) + "/validate-code",
                                      json::object{{"authenticationId", *row->authentication_id}, {"code", code}}, state);
  const std::string err = a.text("code");
  if (err == "ONE_TIME_PASSWORD_SMS.INVALID_OTP") return wrong();
  if (a.status != 204) {  // the operator's limit reached, its code expired: a new code is needed
    db_.execute(kLoginNoTries, {tenant_id, state});
    return out;
  }
  if (db_.execute(kUseLogin, {tenant_id, state, db::utc_timestamp(now)}) != 1) return std::nullopt;
  out.signed_in = true;
  return out;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(LoginRow, kLiveLogin);
}  // namespace portal::payments
