#include "domains/identity/identity_service.hpp"

#include <boost/json/serialize.hpp>  // userInformation: the client's own object, free-form
#include <ctime>
#include <stdexcept>

#include "core/crypto.hpp"
#include "core/ids.hpp"
#include "core/text.hpp"
#include "core/utc_time.hpp"
#include "db/database.hpp"
#include "db/timestamp.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/devices_repository.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/redirects.hpp"
#include "domains/identity/throttle_repository.hpp"
#include "domains/identity/operator_assertion.hpp"
#include "domains/identity/tokens_repository.hpp"
#include "domains/identity/user_agent.hpp"
#include "domains/identity/users_repository.hpp"

namespace portal::identity {
namespace {

using std::chrono::seconds;

std::int64_t epoch_ms(core::Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}


// The HTML alternative of a mail's text: its paragraphs (blank lines) and line
// breaks, with every occurrence of link as a link.
std::string mail_html(std::string_view text, std::string_view link, std::string_view lang) {
  std::string html = "<!DOCTYPE html><html lang=\"" + core::escape_html(lang) + "\" dir=\"" + (lang == "ar" ? "rtl" : "ltr") +
                     "\"><body><p>";
  const std::string anchor = "<a href=\"" + core::escape_html(link) + "\">" + core::escape_html(link) + "</a>";
  while (!text.empty()) {
    const auto at = link.empty() ? std::string_view::npos : text.find(link);
    const auto part = text.substr(0, at);
    std::string escaped = core::escape_html(part);
    for (std::size_t i = 0; (i = escaped.find('\n', i)) != std::string::npos;) {
      const bool paragraph = i + 1 < escaped.size() && escaped[i + 1] == '\n';
      escaped.replace(i, paragraph ? 2 : 1, paragraph ? "</p><p>" : "<br>");
      i += paragraph ? 7 : 4;
    }
    html += escaped;
    if (at == std::string_view::npos) break;
    html += anchor;
    text = text.substr(at + link.size());
  }
  return html + "</p></body></html>";
}

bool plain_text(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f; });
}

Result<std::string> checked_name(std::string_view field, std::string value, bool required) {
  value = std::string(core::trim(value));
  if (required && value.empty()) return Error::invalid(std::string(field), "is required");
  if (value.size() > kMaxNameLength)
    return Error::invalid(std::string(field), "must be at most " + std::to_string(kMaxNameLength) + " characters");
  if (!plain_text(value)) return Error::invalid(std::string(field), "must not contain control characters");
  return value;
}

Error invalid_credentials() {
  return Error::of(ErrorCode::invalid_credentials, "The e-mail address or the password is incorrect");
}
Error invalid_code(std::string message) { return Error::of(ErrorCode::invalid_code, std::move(message)); }
Error invalid_reset() {
  return Error::of(ErrorCode::reset_session_invalid, "This password-reset link is unknown, expired or already used");
}
Error email_used() {
  return Error::of(ErrorCode::email_already_used, "This e-mail address is already used by another account");
}
Error invalid_link() {
  return Error::of(ErrorCode::link_invalid, "This confirmation link is unknown, expired or already used");
}
Error current_password_wrong() {
  return Error::refused(ErrorCode::current_password_wrong, "The current password is not correct", "currentPassword",
                        "is not correct");
}

std::string replaced(std::string text, std::string_view key, std::string_view value) {
  for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
  return text;
}

bool hex_text(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool is_uuid(std::string_view s) {
  if (s.size() != 36) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? s[i] != '-' : !std::isxdigit(static_cast<unsigned char>(s[i]))) return false;
  }
  return true;
}

}  // namespace

std::string normalize_email(std::string_view email) {
  return core::lower(core::trim(email));
}

bool valid_email(std::string_view e) {
  if (e.empty() || e.size() > kMaxEmailLength) return false;
  const auto at = e.find('@');
  if (at == 0 || at == std::string_view::npos || e.find('@', at + 1) != std::string_view::npos) return false;
  const auto domain = e.substr(at + 1);
  const auto dot = domain.find('.');
  if (dot == 0 || dot == std::string_view::npos || domain.back() == '.') return false;
  return std::all_of(e.begin(), e.end(), [](char c) {
    return static_cast<unsigned char>(c) > 0x20 && c != 0x7f && c != '<' && c != '>' && c != ',' && c != ';';
  });
}

std::string normalize_msisdn(std::string_view msisdn) {
  std::string digits;
  for (std::size_t i = 0; i < msisdn.size(); ++i) {
    const char c = msisdn[i];
    if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
    else if (!(c == ' ' || c == '-' || (c == '+' && digits.empty()))) return {};
  }
  return digits.size() >= 6 && digits.size() <= 15 ? digits : std::string();
}

Result<ProfileInput> validate_profile(ProfileInput in) {
  auto name = checked_name("name", std::move(in.name), true);
  if (!name) return name.error();
  auto last_name = checked_name("lastName", std::move(in.last_name), false);
  if (!last_name) return last_name.error();
  in.name = std::move(*name);
  in.last_name = std::move(*last_name);
  in.email = normalize_email(in.email);
  if (in.email.empty()) return Error::invalid("email", "is required");
  if (!valid_email(in.email)) return Error::invalid("email", "must be an e-mail address");
  if (boost::json::serialize(in.user_information).size() > kMaxUserInformationBytes)
    return Error::invalid("userInformation",
                                      "must be at most " + std::to_string(kMaxUserInformationBytes) + " bytes");
  return in;
}

Result<void> validate_password(std::string_view password) {
  if (password.size() < kMinPasswordLength)
    return Error::invalid("password", "must be at least " + std::to_string(kMinPasswordLength) + " characters");
  if (password.size() > kMaxPasswordLength)
    return Error::invalid("password", "must be at most " + std::to_string(kMaxPasswordLength) + " characters");
  return {};
}

Error too_many_attempts(seconds retry_after) {
  const auto s = std::max<std::int64_t>(1, retry_after.count());
  Error e = Error::of(ErrorCode::too_many_attempts,
                      "Too many failed sign-in attempts; try again in " + std::to_string(s) + " seconds");
  e.retry_after = s;
  return e;
}

Error too_many_requests(seconds retry_after) {
  const auto s = std::max<std::int64_t>(1, retry_after.count());
  Error e =
      Error::of(ErrorCode::too_many_requests, "Too many requests; try again in " + std::to_string(s) + " seconds");
  e.retry_after = s;
  return e;
}

IdentityService::IdentityService(Repositories repositories, Mailer& mailer, const core::Clock& clock,
                                 Lifetimes lifetimes, ThrottleLimits limits)
    : repos_(repositories),
      mailer_(mailer),
      clock_(clock),
      lifetimes_(lifetimes),
      limits_(limits),
      guard_(repositories.throttle, clock, limits) {}

void IdentityService::mail(std::int64_t tenant_id, const std::string& to, const MailText& text,
                           const std::string& link, const std::string& email) {
  std::string body = replaced(text.body, "{{email}}", email);
  if (body.find("{{link}}") != std::string::npos) body = replaced(std::move(body), "{{link}}", link);
  else if (!link.empty()) body += "\n\n" + link;
  std::string html = mail_html(body, link, text.lang);
  mailer_.send(tenant_id, {to, replaced(text.subject, "{{email}}", email), std::move(body), std::move(html)});
}

std::string IdentityService::later_text(seconds d) const { return db::utc_timestamp(clock_.now() + d); }

// ---- sign-in and throttling

namespace {
std::string pair_subject(const std::string& account, const std::string& address) { return account + "|" + address; }
}  // namespace

// The throttle is SignInGuard's (sign_in_guard.hpp), shared with the staff's sign-in.
Result<void> IdentityService::check_sign_in(std::int64_t tenant_id, const std::string& account,
                                            const std::string& address) {
  return guard_.check(tenant_id, account, address);
}

void IdentityService::record_failure(std::int64_t tenant_id, const std::string& account, const std::string& address) {
  guard_.record_failure(tenant_id, account, address);
}

Result<void> IdentityService::take_request(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject,
                                           int limit) {
  return guard_.take_request(tenant_id, scope, subject, limit);
}

Result<User> IdentityService::sign_in(std::int64_t tenant_id, std::string_view email_in,
                                            std::string_view password, const std::string& client_address,
                                            std::string_view cookie) {
  const std::string email = normalize_email(email_in);
  if (email.empty()) return Error::invalid("email", "is required");
  if (password.empty()) return Error::invalid("password", "is required");
  if (email.size() > kMaxEmailLength || password.size() > kMaxPasswordLength) return invalid_credentials();
  // The owner's browser (a device cookie of this account that has not failed
  // too often) passes the account's limits; any other attempt meets them.
  auto admitted = guard_.admit(tenant_id, email, client_address, cookie);
  if (!admitted) return admitted.error();

  auto user = repos_.users.by_email(tenant_id, email);
  // Unknown e-mail or wrong password: the same work, the same answer.
  const bool ok = user ? verify_password(user->password_hash, password) : (verify_dummy_password(password), false);
  if (!ok) {
    guard_.failed(tenant_id, *admitted, email, client_address);
    return invalid_credentials();
  }
  guard_.succeeded(tenant_id, email, client_address);
  return std::move(*user);
}

Result<void> IdentityService::register_user(std::int64_t tenant_id, Registration in,
                                                  const ConfirmationMails& mails, const std::string& client_address) {
  auto profile = validate_profile({std::move(in.name), std::move(in.last_name), std::move(in.email), {}});
  if (!profile) return profile.error();
  if (auto p = validate_password(in.password); !p) return p.error();
  if (auto t = check_sign_in(tenant_id, "", client_address); !t) return t.error();
  if (auto t = take_request(tenant_id, ThrottleScope::registration, client_address, limits_.registrations_per_address); !t)
    return t.error();
  // Counted for every address, known or not: the limit tells nothing about accounts.
  if (auto t = take_request(tenant_id, ThrottleScope::confirm_email, profile->email, limits_.confirmations_per_email); !t)
    return t.error();

  // The same work on both paths: the password is hashed, one mail is sent,
  // the answer is the same. Only the link's owner learns which mail came.
  PendingRegistration pending{profile->email, profile->name, profile->last_name, hash_password(in.password),
                              std::move(in.redirect_url)};
  repos_.tokens.delete_stale_registrations(tenant_id, clock_.now_text());
  if (repos_.users.by_email(tenant_id, pending.email)) {
    mail(tenant_id, pending.email, mails.taken, mails.sign_in_url);
    return {};
  }
  const std::string token = new_secret();
  repos_.tokens.insert_registration(tenant_id, sha256_hex(token), pending, later_text(lifetimes_.confirmation), clock_.now_text());
  mail(tenant_id, pending.email, mails.confirm, mails.link_prefix + token);
  return {};
}

Result<Confirmed> IdentityService::confirm_registration(std::int64_t tenant_id, std::string_view token,
                                                         std::optional<std::string> lang) {
  if (token.size() != 64 || !hex_text(token)) return invalid_link();
  auto pending = repos_.tokens.use_registration(tenant_id, sha256_hex(token), clock_.now_text());
  if (!pending) return invalid_link();
  User user;
  user.uuid = core::new_uuid();
  user.tenant_id = tenant_id;
  user.user_id = core::random_hex(8);
  user.email = pending->email;
  user.name = pending->name;
  user.last_name = pending->last_name;
  user.password_hash = pending->password_hash;
  user.selected_lang = std::move(lang);
  user.created_at = user.updated_at = clock_.now_text();
  // Two links for one address (registered twice, or an account made meanwhile): the first wins.
  if (repos_.users.insert(tenant_id, user) == Written::already_exists) return email_used();
  return Confirmed{std::move(user), std::move(pending->redirect_url)};
}

std::string IdentityService::operator_assertion(std::string_view tenant_name, std::string_view secret,
                                                std::string_view msisdn_in, seconds lifetime) const {
  const std::string msisdn = normalize_msisdn(msisdn_in);
  if (msisdn.empty() || secret.empty()) return {};
  const auto expires = std::chrono::duration_cast<seconds>((clock_.now() + lifetime).time_since_epoch()).count();
  return sign_operator_assertion(secret, tenant_name, msisdn, expires, new_secret().substr(0, 32));
}

Result<User> IdentityService::operator_sign_in(std::int64_t tenant_id, std::string_view tenant_name,
                                                     std::string_view secret, std::string_view assertion) {
  const auto now = std::chrono::duration_cast<seconds>(clock_.now().time_since_epoch()).count();
  const auto vouched = verify_operator_assertion(secret, tenant_name, assertion, now);
  if (!vouched) return Error::of(ErrorCode::unauthorized, "The operator assertion is missing, invalid or expired");
  return number_sign_in(tenant_id, *vouched);
}

Result<User> IdentityService::number_sign_in(std::int64_t tenant_id, std::string_view msisdn_in) {
  const std::string msisdn = normalize_msisdn(msisdn_in);
  if (msisdn.empty()) return Error::invalid("msisdn", "must be a phone number of 6 to 15 digits");
  if (auto user = repos_.users.by_msisdn(tenant_id, msisdn)) return std::move(*user);
  User user;
  user.uuid = core::new_uuid();
  user.tenant_id = tenant_id;
  user.user_id = core::random_hex(8);
  user.msisdn = msisdn;
  user.user_information = {{"msisdn", msisdn}};
  user.created_at = user.updated_at = clock_.now_text();
  if (repos_.users.insert(tenant_id, user) == Written::already_exists) {  // the same subscriber signed in twice at once
    if (auto again = repos_.users.by_msisdn(tenant_id, msisdn)) return std::move(*again);
    throw std::runtime_error("operator sign-in: the MSISDN is taken but its user cannot be read");
  }
  return user;
}

// ---- codes and sessions

std::string IdentityService::issue_code(std::int64_t tenant_id, const User& user, const std::string& canonical) {
  const std::string code = new_secret();
  const std::string now = clock_.now_text();
  repos_.tokens.delete_stale_codes(tenant_id, db::utc_timestamp(clock_.now() - std::chrono::hours(1)));
  repos_.tokens.insert_code(tenant_id, sha256_hex(code), user.uuid, canonical, later_text(lifetimes_.code), now);
  return code;
}

Result<TokenPair> IdentityService::exchange_code(std::int64_t tenant_id, std::string_view code,
                                                       std::string_view redirect_url) {
  if (code.empty()) return Error::invalid("code", "is required");
  if (redirect_url.empty()) return Error::invalid("redirectUrl", "is required");
  const auto canonical = canonical_redirect(redirect_url);
  if (!canonical) return Error::invalid("redirectUrl", "must be an absolute http(s) URL");
  const std::string hash = sha256_hex(code);
  const std::string now = clock_.now_text();
  // Consumed first, checked after: a code is spent by its first use, even a wrong one.
  if (!repos_.tokens.use_code(tenant_id, hash, now)) return invalid_code("The code is unknown or already used");
  auto row = repos_.tokens.code(tenant_id, hash);
  if (!row || row->expires_at <= now) return invalid_code("The code has expired");
  if (row->redirect_url != *canonical) return invalid_code("The code was issued for another redirect URL");
  auto user = repos_.users.by_uuid(tenant_id, row->user_uuid);
  if (!user) return invalid_code("The code is unknown or already used");
  return open_session(tenant_id, *user);
}

TokenPair IdentityService::new_pair(IssuedHashes& h) const {
  TokenPair pair{new_secret(), new_secret(), epoch_ms(clock_.now() + lifetimes_.access), {}};
  h = {sha256_hex(pair.access_token), later_text(lifetimes_.access), sha256_hex(pair.refresh_token),
       later_text(lifetimes_.refresh)};
  return pair;
}

Result<TokenPair> IdentityService::open_session(std::int64_t tenant_id, const User& user) {
  IssuedHashes hashes;
  TokenPair pair = new_pair(hashes);
  pair.session_id = core::new_uuid();
  repos_.tokens.open_session(tenant_id, pair.session_id, user.uuid, hashes, clock_.now_text());
  return pair;
}

namespace {
// The successor pair as sealed text: "<access> <refresh> <expires ms>".
std::string pair_text(const TokenPair& p) {
  return p.access_token + " " + p.refresh_token + " " + std::to_string(p.expires);
}
std::optional<TokenPair> pair_from_text(const std::string& text, const std::string& session_id) {
  const auto a = text.find(' '), b = text.find(' ', a == std::string::npos ? a : a + 1);
  if (a == std::string::npos || b == std::string::npos) return std::nullopt;
  TokenPair p{text.substr(0, a), text.substr(a + 1, b - a - 1), 0, session_id};
  try {
    p.expires = std::stoll(text.substr(b + 1));
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return p;
}
}  // namespace

std::optional<TokenPair> IdentityService::grace_answer(std::int64_t tenant_id, std::string_view refresh_token,
                                                       const RefreshState& state) {
  // Forgotten once the successor was used itself: the family has moved on.
  if (state.successor.empty() || state.used_at.empty()) return std::nullopt;
  if (core::parse_utc(state.used_at).value_or(core::UtcTime{}) + lifetimes_.refresh_grace < clock_.now()) return std::nullopt;
  if (repos_.tokens.session_revoked(tenant_id, state.session_id)) return std::nullopt;
  auto text = open_sealed(refresh_token, state.successor);
  if (!text) return std::nullopt;
  return pair_from_text(*text, state.session_id);
}

Result<TokenPair> IdentityService::refresh(std::int64_t tenant_id, std::string_view refresh_token) {
  if (refresh_token.empty()) return Error::invalid("refreshToken", "is required");
  const std::string hash = sha256_hex(refresh_token);
  const std::string now = clock_.now_text();
  // A spent token coming back means it leaked (or two clients share it):
  // end the whole family, so the thief's newer tokens die too. Within the
  // grace period it answers the pair it was traded for (two tabs at once).
  auto reuse = [&](const RefreshState& state) -> Result<TokenPair> {
    if (auto again = grace_answer(tenant_id, refresh_token, state)) return std::move(*again);
    repos_.tokens.revoke_session(tenant_id, state.session_id, "refresh-reuse", now);
    return Error::of(ErrorCode::unauthorized, "The refresh token was already used; the session is revoked");
  };
  auto state = repos_.tokens.refresh_state(tenant_id, hash);
  if (!state) return Error::of(ErrorCode::unauthorized, "The refresh token is unknown");
  if (state->used) return reuse(*state);
  if (state->expires_at <= now) return Error::of(ErrorCode::unauthorized, "The refresh token has expired");
  if (repos_.tokens.session_revoked(tenant_id, state->session_id))
    return Error::of(ErrorCode::unauthorized, "The session has ended");
  IssuedHashes hashes;
  TokenPair pair = new_pair(hashes);
  pair.session_id = state->session_id;
  // The successor is kept sealed with a key of the spent token: the database alone cannot open it.
  if (repos_.tokens.rotate(tenant_id, hash, state->session_id, hashes, seal_with(refresh_token, pair_text(pair)), now))
    return pair;
  // A concurrent refresh of the same token won (its transaction has committed): answer as it did.
  auto after = repos_.tokens.refresh_state(tenant_id, hash);
  if (!after) return Error::of(ErrorCode::unauthorized, "The refresh token is unknown");
  return reuse(*after);
}

Result<Authenticated> IdentityService::authenticate(std::int64_t tenant_id, std::string_view access_token) {
  if (access_token.empty() || access_token.size() > 128)
    return Error::of(ErrorCode::unauthorized, "Invalid access token");
  auto row = repos_.tokens.access(tenant_id, sha256_hex(access_token), clock_.now_text());
  if (!row) return Error::of(ErrorCode::unauthorized, "The access token is invalid, expired or revoked");
  auto user = repos_.users.by_uuid(tenant_id, row->user_uuid);
  if (!user) return Error::of(ErrorCode::unauthorized, "The access token is invalid, expired or revoked");
  return Authenticated{std::move(*user), row->session_id};
}

void IdentityService::logout(std::int64_t tenant_id, const std::string& session_id) {
  repos_.tokens.revoke_session(tenant_id, session_id, "logout", clock_.now_text());
}

// ---- profile, theme, language

Result<User> IdentityService::profile(std::int64_t tenant_id, const std::string& uuid) {
  auto user = repos_.users.by_uuid(tenant_id, uuid);
  if (!user) return Error::of(ErrorCode::unauthorized, "The user no longer exists");
  user->pending_email = repos_.tokens.pending_email(tenant_id, uuid, clock_.now_text());
  return std::move(*user);
}

std::optional<std::string> IdentityService::pending_email(std::int64_t tenant_id, const std::string& uuid) {
  return repos_.tokens.pending_email(tenant_id, uuid, clock_.now_text());
}

Result<User> IdentityService::update_profile(std::int64_t tenant_id, const std::string& uuid, ProfileInput input,
                                                   std::string_view current_password, const ConfirmationMails& mails,
                                                   const std::string& client_address) {
  auto valid = validate_profile(std::move(input));
  if (!valid) return valid.error();
  auto user = repos_.users.by_uuid(tenant_id, uuid);
  if (!user) return Error::of(ErrorCode::unauthorized, "The user no longer exists");
  const bool new_email = valid->email != user->email;
  if (new_email) {
    // A bearer token alone must not move the account to another address (the
    // reset mails, the parental reset code): the password proves the owner,
    // and its guesses count like failed sign-ins of the account.
    if (current_password.empty()) return Error::invalid("currentPassword", "is required");
    if (auto t = check_sign_in(tenant_id, user->email, client_address); !t) return t.error();
    if (current_password.size() > kMaxPasswordLength || !verify_password(user->password_hash, current_password)) {
      record_failure(tenant_id, user->email, client_address);
      return current_password_wrong();
    }
    if (auto t = take_request(tenant_id, ThrottleScope::confirm_email, valid->email, limits_.confirmations_per_email); !t)
      return t.error();
  }
  repos_.users.update_profile(tenant_id, uuid, *valid, clock_.now_text());
  if (new_email) {
    // The address waits for its link whether another account has it or not
    // (the answer must not tell); that account's owner gets a note instead.
    const std::string token = new_secret();
    repos_.tokens.insert_email_change(tenant_id, sha256_hex(token), uuid, valid->email,
                                      later_text(lifetimes_.confirmation), clock_.now_text());
    if (repos_.users.by_email(tenant_id, valid->email)) mail(tenant_id, valid->email, mails.taken, mails.sign_in_url);
    else mail(tenant_id, valid->email, mails.confirm, mails.link_prefix + token);
    if (!user->email.empty()) mail(tenant_id, user->email, mails.notice, mails.reset_url, valid->email);
  }
  return profile(tenant_id, uuid);
}

Result<bool> IdentityService::check_current_password(std::int64_t tenant_id, const std::string& uuid,
                                                    std::string_view password, const std::string& client_address) {
  auto user = repos_.users.by_uuid(tenant_id, uuid);
  if (!user) return Error::of(ErrorCode::unauthorized, "The user no longer exists");
  if (user->password_hash.empty()) return false;
  if (password.empty()) return Error::invalid("currentPassword", "is required");
  if (auto t = check_sign_in(tenant_id, user->email, client_address); !t) return t.error();
  if (password.size() > kMaxPasswordLength || !verify_password(user->password_hash, password)) {
    record_failure(tenant_id, user->email, client_address);
    return current_password_wrong();
  }
  return true;
}

Result<User> IdentityService::confirm_email(std::int64_t tenant_id, std::string_view token) {
  if (token.size() != 64 || !hex_text(token)) return invalid_link();
  const std::string now = clock_.now_text();
  auto change = repos_.tokens.use_email_change(tenant_id, sha256_hex(token), now);
  if (!change) return invalid_link();
  if (repos_.users.set_email(tenant_id, change->user_uuid, change->new_email, now) == Written::already_exists)
    return email_used();
  return profile(tenant_id, change->user_uuid);
}

Result<User> IdentityService::set_theme(std::int64_t tenant_id, const std::string& uuid, bool alternate) {
  repos_.users.set_theme(tenant_id, uuid, alternate, clock_.now_text());
  return profile(tenant_id, uuid);
}

Result<User> IdentityService::set_lang(std::int64_t tenant_id, const std::string& uuid, std::string_view lang) {
  if (!i18n::is_supported(lang))
    return Error::invalid("selectedLang", "must be one of en, ar, fr, de, es, ro");
  repos_.users.set_lang(tenant_id, uuid, std::string(lang), clock_.now_text());
  return profile(tenant_id, uuid);
}

// ---- password reset

Result<void> IdentityService::request_password_reset(std::int64_t tenant_id, std::string_view email_in,
                                                           const std::string& link_base, const MailText& text,
                                                           const std::string& client_address) {
  const std::string email = normalize_email(email_in);
  if (auto t = take_request(tenant_id, ThrottleScope::reset_address, client_address, limits_.resets_per_address); !t)
    return t.error();
  if (!valid_email(email)) return {};
  // Counted for every e-mail, known or not: the limit tells nothing about accounts.
  if (auto t = take_request(tenant_id, ThrottleScope::reset_email, email, limits_.resets_per_email); !t)
    return t.error();
  auto user = repos_.users.by_email(tenant_id, email);
  if (!user) return {};
  const std::string session = new_secret();
  repos_.tokens.insert_reset(tenant_id, sha256_hex(session), user->uuid, later_text(lifetimes_.password_reset),
                             clock_.now_text());
  mail(tenant_id, user->email, text, link_base + "?session=" + session);
  return {};
}

Result<void> IdentityService::reset_password(std::int64_t tenant_id, std::string_view session,
                                                   std::string_view password) {
  if (session.empty()) return Error::invalid("session", "is required");
  if (auto p = validate_password(password); !p) return p.error();
  const std::string hash = sha256_hex(session);
  const std::string now = clock_.now_text();
  auto row = repos_.tokens.reset(tenant_id, hash);
  if (!row || row->expires_at <= now) return invalid_reset();
  const std::string password_hash = hash_password(password);
  if (!repos_.tokens.use_reset(tenant_id, hash, now)) return invalid_reset();
  repos_.users.set_password(tenant_id, row->user_uuid, password_hash, now);
  // Whoever knew the old password loses the sessions it opened, and an
  // e-mail change they asked for dies with them.
  repos_.tokens.revoke_user_sessions(tenant_id, row->user_uuid, "password-reset", now);
  repos_.tokens.drop_email_changes(tenant_id, row->user_uuid);
  return {};
}

// ---- support

namespace {
Error user_not_found() { return Error::of(ErrorCode::user_not_found, "No such user"); }
}  // namespace

Result<std::int64_t> IdentityService::end_sessions(std::int64_t tenant_id, const std::string& uuid,
                                                   const Record& record) {
  if (!repos_.users.by_uuid(tenant_id, uuid)) return user_not_found();
  const std::string now = clock_.now_text();
  std::int64_t ended = 0;
  repos_.tokens.database().transaction([&](db::Session& s) {
    ended = repos_.tokens.revoke_user_sessions(s, tenant_id, uuid, "ended-by-support", now);
    if (record) record(s);
  });
  return ended;
}

Result<std::int64_t> IdentityService::lift_sign_in_lock(std::int64_t tenant_id, const std::string& uuid,
                                                        const Record& record) {
  auto user = repos_.users.by_uuid(tenant_id, uuid);
  if (!user) return user_not_found();
  std::int64_t cleared = 0;
  repos_.tokens.database().transaction([&](db::Session& s) {
    cleared = 0;
    if (!user->email.empty()) cleared = repos_.throttle.clear_account(s, tenant_id, user->email, pair_subject(user->email, ""));
    if (record) record(s);
  });
  return cleared;
}

Result<std::string> IdentityService::send_password_reset(std::int64_t tenant_id, const std::string& uuid,
                                                         const std::string& link_base, const MailText& text) {
  auto user = repos_.users.by_uuid(tenant_id, uuid);
  if (!user) return user_not_found();
  if (user->email.empty()) return Error::of(ErrorCode::no_email, "The user has no verified e-mail address");
  const std::string session = new_secret();
  repos_.tokens.insert_reset(tenant_id, sha256_hex(session), user->uuid, later_text(lifetimes_.password_reset),
                             clock_.now_text());
  mail(tenant_id, user->email, text, link_base + "?session=" + session);
  return user->email;
}

// ---- devices

DeviceDto IdentityService::device(std::int64_t tenant_id, std::string_view cookie_id, std::string_view user_agent) {
  DeviceDto d;
  d.id = is_uuid(cookie_id) ? core::lower(cookie_id) : core::new_uuid();
  d.deviceAttributes = parse_user_agent(user_agent);
  repos_.devices.upsert(tenant_id, d.id, std::string(user_agent.substr(0, 512)), d.deviceAttributes, clock_.now_text());
  return d;
}

}  // namespace portal::identity
