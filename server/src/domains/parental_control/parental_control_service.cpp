#include "domains/parental_control/parental_control_service.hpp"

#include <sodium.h>

#include <ctime>

#include "core/utc_time.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/parental_control/parental_control_rules.hpp"

namespace portal::parental_control {

namespace {

Error not_configured() {
  return Error::of(ErrorCode::not_configured, "Parental control is not set up for this account");
}


Error locked(std::chrono::seconds left) {
  const auto s = std::max<std::int64_t>(1, left.count());
  Error e = Error::of(ErrorCode::too_many_attempts,
                      "Too many wrong parental passwords or codes; try again in " + std::to_string(s) + " seconds");
  e.retry_after = s;
  return e;
}

std::string random_code() {
  std::string code;
  for (int i = 0; i < 8; ++i) code += static_cast<char>('0' + randombytes_uniform(10));
  return code;
}

}  // namespace

std::string hidden_address(const std::string& email) {
  const auto at = email.find('@');
  if (at == std::string::npos || at == 0) return "***";
  return email.substr(0, 1) + "***" + email.substr(at);
}

Result<void> validate_password(const std::string& password, std::string_view field) {
  if (password.size() < kMinPasswordLength || password.size() > kMaxPasswordLength)
    return Error::invalid(std::string(field), "must be 4 to 64 characters");
  return {};
}


std::optional<Account> ParentalControlService::account(std::int64_t tenant_id, const std::string& user_uuid) {
  return repository_.account(tenant_id, user_uuid);
}

std::optional<int> ParentalControlService::active_limit(std::int64_t tenant_id, const std::string& user_uuid) {
  return repository_.active_limit(tenant_id, user_uuid);
}

Result<void> ParentalControlService::attempt(std::int64_t tenant_id, const std::string& user_uuid,
                                         const std::function<bool()>& ok, Error wrong) {
  const auto now = clock_.now();
  const std::string now_s = db::utc_timestamp(now);
  if (!repository_.take_attempt(tenant_id, user_uuid, now_s, kMaxFailedAttempts,
                                db::utc_timestamp(now + kLockDuration))) {
    auto a = repository_.account(tenant_id, user_uuid);
    if (!a) return not_configured();
    const auto until = a->locked_until ? core::parse_utc(*a->locked_until).value_or(core::UtcTime{}) : now;
    return locked(std::chrono::duration_cast<std::chrono::seconds>(until - now));
  }
  if (ok()) {
    repository_.clear_attempts(tenant_id, user_uuid);
    return {};
  }
  auto a = repository_.account(tenant_id, user_uuid);
  const int left = a && a->locked_until ? 0 : kMaxFailedAttempts - (a ? a->failed_attempts : 0);
  wrong.attempts_left = left;
  return wrong;
}

Result<Account> ParentalControlService::update(std::int64_t tenant_id, const std::string& user_uuid,
                                               const Settings& s) {
  if (s.max_age_group && !valid_age_group(*s.max_age_group))
    return Error::invalid("maxAgeGroup", "must be one of 0, 10, 20, 30, 40");
  if (s.password)
    if (auto v = validate_password(*s.password, "password"); !v) return v.error();
  auto existing = repository_.account(tenant_id, user_uuid);
  const std::string now = clock_.now_text();
  if (!existing) {
    if (!s.password) return Error::invalid("password", "is required to set up parental control");
    if (!s.max_age_group) return Error::invalid("maxAgeGroup", "is required to set up parental control");
    Account a;
    a.password_hash = identity::hash_password(*s.password);
    a.max_age_group = *s.max_age_group;
    a.is_active = s.is_active.value_or(true);
    if (!repository_.insert(tenant_id, user_uuid, a, now))
      return Error::of(ErrorCode::already_exists, "Parental control was set up at the same time");
    return *repository_.account(tenant_id, user_uuid);
  }
  // Every change of an existing account is the parent's: the current password first.
  if (!s.current_password || s.current_password->empty())
    return Error::invalid("currentPassword", "is required to change parental control");
  const std::string hash = existing->password_hash;
  const std::string given = *s.current_password;
  const Error wrong =
      Error::refused(ErrorCode::password_wrong, "The parental password is wrong", "currentPassword", "is wrong");
  if (auto checked = attempt(tenant_id, user_uuid, [&] { return identity::verify_password(hash, given); }, wrong);
      !checked)
    return checked.error();
  Account a = *repository_.account(tenant_id, user_uuid);
  if (s.password) a.password_hash = identity::hash_password(*s.password);
  if (s.max_age_group) a.max_age_group = *s.max_age_group;
  if (s.is_active) a.is_active = *s.is_active;
  repository_.save(tenant_id, user_uuid, a, now);
  return *repository_.account(tenant_id, user_uuid);
}

Result<void> ParentalControlService::verify(std::int64_t tenant_id, const std::string& user_uuid,
                                            const std::string& password) {
  auto a = repository_.account(tenant_id, user_uuid);
  if (!a) return not_configured();
  if (password.empty()) return Error::invalid("password", "is required");
  const std::string hash = a->password_hash;
  return attempt(tenant_id, user_uuid, [&] { return identity::verify_password(hash, password); },
                 Error::refused(ErrorCode::password_wrong, "The parental password is wrong", "password", "is wrong"));
}

Result<ResetMail> ParentalControlService::send_reset_code(std::int64_t tenant_id, const std::string& user_uuid,
                                                          const ResetMailText& text) {
  if (!repository_.account(tenant_id, user_uuid)) return not_configured();
  const auto email = email_ ? email_(tenant_id, user_uuid) : std::nullopt;
  if (!email || email->empty() || email->find('@') == std::string::npos)
    return Error::of(ErrorCode::no_email, "This account has no e-mail address to send the code to");
  const auto now = clock_.now();
  if (repository_.codes_since(tenant_id, user_uuid, db::utc_timestamp(now - std::chrono::hours(1))) >=
      kResetMailsPerHour) {
    Error e = Error::of(ErrorCode::too_many_mails, "Too many reset mails; try again later");
    e.retry_after = 3600;
    return e;
  }
  const std::string code = random_code();
  repository_.replace_code(tenant_id, user_uuid, identity::sha256_hex(code), db::utc_timestamp(now),
                           db::utc_timestamp(now + kResetCodeLifetime));
  identity::Mail mail;
  mail.recipient = *email;
  mail.subject = text.subject.empty() ? "Your parental control reset code" : text.subject;
  std::string body = text.body.find("{{code}}") == std::string::npos
                         ? std::string("Your code to reset the parental control password: {{code}}\n\nIt works once and "
                                       "expires in 15 minutes. If you did not ask for it, ignore this mail.")
                         : text.body;
  body.replace(body.find("{{code}}"), 8, code);
  mail.body = std::move(body);
  mailer_.send(tenant_id, mail);
  return ResetMail{hidden_address(*email), std::chrono::duration_cast<std::chrono::seconds>(kResetCodeLifetime)};
}

Result<void> ParentalControlService::reset(std::int64_t tenant_id, const std::string& user_uuid,
                                           const std::string& code, const std::string& new_password) {
  if (!repository_.account(tenant_id, user_uuid)) return not_configured();
  if (code.empty()) return Error::invalid("randomCode", "is required");
  if (auto v = validate_password(new_password, "password"); !v) return v.error();
  const std::string hash = identity::hash_password(new_password);
  const std::string code_hash = identity::sha256_hex(code);
  const std::string now = clock_.now_text();
  return attempt(
      tenant_id, user_uuid,
      [&] { return repository_.use_code_and_set_password(tenant_id, user_uuid, code_hash, hash, now); },
      Error::refused(ErrorCode::reset_code_invalid, "This reset code is unknown, expired or already used", "randomCode",
                     "is unknown, expired or already used"));
}

}  // namespace portal::parental_control
