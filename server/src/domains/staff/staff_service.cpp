#include "domains/staff/staff_service.hpp"

#include <boost/json/value_from.hpp>  // audit::Entry before/after are free-form JSON

#include "core/ids.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/identity_service.hpp"
#include "domains/staff/totp.hpp"

namespace portal::staff {
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxPasswordLength = 128;
constexpr std::size_t kMinPasswordLength = 10;
constexpr std::string_view kLanguages[] = {"en", "ar", "de", "fr", "es", "ro"};

Error credentials() { return Error::of(ErrorCode::invalid_credentials, "The e-mail, password or code is incorrect"); }

std::int64_t unix_seconds(core::Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

std::string replace(std::string text, std::string_view key, std::string_view value) {
  for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
  return text;
}

}  // namespace

audit::Entry audit_entry(const Actor& actor, std::optional<std::int64_t> tenant_id, std::string action,
                         std::string object_type, std::string object_id, const std::string& now) {
  audit::Entry e;
  e.at = now;
  e.tenant_id = tenant_id;
  e.actor_id = actor.id;
  e.actor_email = actor.email;
  e.actor_role = actor.role;
  e.action = std::move(action);
  e.call = actor.call;
  e.object_type = std::move(object_type);
  e.object_id = std::move(object_id);
  e.client_address = actor.client_address;
  e.request_id = actor.request_id;
  return e;
}

json::value audit_value(const Account& a) {
  return json::value_from(AccountSnapshot{a.email, std::string(role_name(a.role)), a.status, a.language});
}

std::string StaffService::now_text() const { return db::utc_timestamp(clock_.now()); }
std::string StaffService::at(std::chrono::seconds from_now) const { return db::utc_timestamp(clock_.now() + from_now); }

Result<Invitation> StaffService::invite(const Actor& actor, InviteInput in) {
  const std::string email = identity::normalize_email(in.email);
  if (email.empty()) return Error::invalid("email", "is required");
  if (!identity::valid_email(email) || email.size() > 254) return Error::invalid("email", "is not an e-mail address");
  const auto role = parse_role(in.role);
  if (!role) return Error::invalid("role", "must be one of owner, admin, editor, support, finance");
  if ((*role == Role::platform_admin) != !in.tenant_id)
    return Error::invalid("role", in.tenant_id ? "platform_admin is invited with --platform, not into a tenant"
                                               : "a platform member is a platform_admin");
  if (std::find(std::begin(kLanguages), std::end(kLanguages), in.language) == std::end(kLanguages))
    return Error::invalid("language", "must be one of en, ar, de, fr, es, ro");
  if (actor.rank && !may_grant(*actor.rank, *role))
    return Error::of(ErrorCode::role_not_allowed, "Your role may not grant the role " + std::string(role_name(*role)));

  auto existing = repository_.by_email(in.tenant_id.value_or(0), email);
  if (existing && existing->status != "invited")
    return Error::of(ErrorCode::staff_exists, "A member with this e-mail exists");
  if (existing && actor.rank && !may_grant(*actor.rank, existing->role))
    return Error::of(ErrorCode::role_not_allowed, "Your role may not re-invite this member");

  Invitation out;
  out.account = existing.value_or(Account{});
  const bool fresh = !existing;
  const json::value before = existing ? audit_value(*existing) : json::value(nullptr);
  if (fresh) {
    out.account.id = core::new_uuid();
    out.account.tenant_id = in.tenant_id;
    out.account.email = email;
    out.account.status = "invited";
    out.account.created_at = now_text();
  }
  out.account.role = *role;
  out.account.language = in.language;
  out.token = identity::new_secret();
  out.expires_at = at(lifetimes_.invitation);
  out.link = in.base_url + "/admin/login?invitation=" + out.token + "&lang=" + in.language;
  const std::string now = now_text();
  auto entry = audit_entry(actor, in.tenant_id, "staff.invite", "staff", out.account.id, now);
  entry.before = before;
  entry.after = audit_value(out.account);
  repository_.invite(out.account, fresh, identity::sha256_hex(out.token), new_totp_secret(), now, out.expires_at, entry);

  // After the commit: a transaction may run twice, a mail must not.
  if (in.mail_tenant) {
    const std::string role_text = text_(in.language, "role." + std::string(role_name(*role)), in.site);
    identity::Mail mail;
    mail.recipient = email;
    mail.subject = text_(in.language, "inviteMail.subject", in.site);
    mail.body = replace(replace(text_(in.language, "inviteMail.body", in.site), "{{link}}", out.link), "{{role}}",
                        role_text);
    mailer_.send(*in.mail_tenant, mail);
    out.mailed = true;
  }
  return out;
}

Result<InvitationView> StaffService::invitation(const std::string& token, const std::string& issuer) {
  if (token.empty() || token.size() > 128) return Error::of(ErrorCode::invitation_invalid, "The invitation is unknown");
  auto open = repository_.invitation(identity::sha256_hex(token), now_text());
  if (!open) return Error::of(ErrorCode::invitation_invalid, "The invitation is unknown, expired or used");
  auto account = repository_.by_id(open->staff_id);
  if (!account || account->status != "invited")
    return Error::of(ErrorCode::invitation_invalid, "The invitation is unknown, expired or used");
  return InvitationView{*account, open->totp_secret, otpauth_uri(issuer, account->email, open->totp_secret),
                        open->expires_at};
}

Result<Account> StaffService::accept(const std::string& token, const std::string& password, const std::string& code,
                                     const std::string& client_address, const std::string& request_id) {
  auto view = invitation(token, "portal");
  if (!view) return view.error();
  if (password.size() < kMinPasswordLength || password.size() > kMaxPasswordLength)
    return Error::invalid("password", "must have between 10 and 128 characters");
  const auto step = verify_totp(view->totp_secret, code, unix_seconds(clock_.now()), 0);
  if (!step) return Error::invalid("totp", "is not the code the authenticator shows now");
  Account account = view->account;
  const std::string now = now_text();
  Actor self{account.id, account.email, std::string(role_name(account.role)), "POST /backend/admin/invitation/accept",
             client_address, request_id, account.role};
  auto entry = audit_entry(self, account.tenant_id, "staff.accept", "staff", account.id, now);
  entry.before = audit_value(account);
  account.status = "active";
  entry.after = audit_value(account);
  if (!repository_.accept(identity::sha256_hex(token), account.id, identity::hash_password(password), view->totp_secret,
                          *step, now, entry))
    return Error::of(ErrorCode::invitation_invalid, "The invitation was used meanwhile");
  return account;
}

Result<SignedIn> StaffService::login(std::int64_t tenant_id, const std::string& email_in, const std::string& password,
                                     const std::string& code, const std::string& client_address) {
  const std::string email = identity::normalize_email(email_in);
  if (email.empty()) return Error::invalid("email", "is required");
  if (password.empty()) return Error::invalid("password", "is required");
  if (code.empty()) return Error::invalid("totp", "is required");
  if (password.size() > kMaxPasswordLength || email.size() > 254) return credentials();
  auto account = repository_.by_email(tenant_id, email);
  if (!account) account = repository_.by_email(0, email);
  if (!account || account->status != "active") {
    identity::verify_dummy_password(password);  // as long as a real check
    return credentials();
  }
  const std::string now = now_text();
  if (account->locked_until && *account->locked_until > now) {
    Error e = Error::of(ErrorCode::too_many_attempts, "Too many failed sign-ins; try again later");
    e.retry_after_seconds = lifetimes_.lock.count();
    return e;
  }
  const bool password_ok = identity::verify_password(account->password_hash, password);
  const auto step =
      password_ok ? verify_totp(account->totp_secret, code, unix_seconds(clock_.now()), account->totp_last_step)
                  : std::nullopt;
  if (!step || !repository_.spend_step(account->id, *step)) {
    const std::int64_t failed = account->failed_logins + 1;
    if (failed >= kMaxFailures) {
      repository_.record_failure(account->id, 0, at(lifetimes_.lock));
    } else {
      repository_.record_failure(account->id, failed, std::nullopt);
    }
    return credentials();
  }
  SignedIn out;
  out.account = *account;
  out.session.token = "staff_" + identity::new_secret();
  out.session.expires_at = at(lifetimes_.session);
  repository_.open_session({core::new_uuid(), account->id, identity::sha256_hex(out.session.token), now,
                            out.session.expires_at, at(lifetimes_.idle), client_address});
  return out;
}

std::optional<Principal> StaffService::authenticate(const std::string& token) {
  if (token.size() < 7 || token.size() > 128 || !token.starts_with("staff_")) return std::nullopt;
  const std::string now = now_text();
  auto live = repository_.live_session(identity::sha256_hex(token), now);
  if (!live) return std::nullopt;
  // The idle end moves with use, written at most once a minute.
  repository_.touch_session(live->session_id, at(lifetimes_.idle), at(lifetimes_.idle - std::chrono::seconds(60)));
  return Principal{std::move(live->account), live->session_id, live->expires_at};
}

void StaffService::logout(const std::string& session_id) { repository_.revoke_session(session_id, now_text()); }

std::vector<Account> StaffService::members(std::int64_t tenant_id) { return repository_.of_tenant(tenant_id); }

Result<Account> StaffService::change_role(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id,
                                          const std::string& role_text) {
  const auto role = parse_role(role_text);
  if (!role || *role == Role::platform_admin)
    return Error::invalid("role", "must be one of owner, admin, editor, support, finance");
  auto account = repository_.by_id(staff_id);
  if (!account || account->tenant_id != tenant_id) return Error::of(ErrorCode::staff_not_found, "No such member");
  if (account->id == actor.id) return Error::of(ErrorCode::own_role, "Nobody changes their own role");
  if (actor.rank && (!may_grant(*actor.rank, *role) || !may_grant(*actor.rank, account->role)))
    return Error::of(ErrorCode::role_not_allowed, "Your role may not change this member to that role");
  const std::string now = now_text();
  auto entry = audit_entry(actor, tenant_id, "staff.role", "staff", account->id, now);
  entry.before = audit_value(*account);
  account->role = *role;
  entry.after = audit_value(*account);
  repository_.change_role(account->id, *role, now, entry);
  return std::move(*account);
}

Result<std::int64_t> StaffService::revoke_sessions(const Actor& actor, std::int64_t tenant_id,
                                                   const std::string& staff_id) {
  auto account = repository_.by_id(staff_id);
  if (!account || account->tenant_id != tenant_id) return Error::of(ErrorCode::staff_not_found, "No such member");
  if (actor.rank && !may_grant(*actor.rank, account->role))
    return Error::of(ErrorCode::role_not_allowed, "Your role may not sign this member out");
  const std::string now = now_text();
  return repository_.revoke_sessions_of(account->id, now,
                                        audit_entry(actor, tenant_id, "staff.revokeSessions", "staff", account->id, now));
}

}  // namespace portal::staff
