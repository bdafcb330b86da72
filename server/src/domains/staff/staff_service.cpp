#include "domains/staff/staff_service.hpp"

#include <boost/json/value_from.hpp>  // audit::Entry before/after are free-form JSON
#include <stdexcept>

#include "core/ids.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/identity_service.hpp"
#include "domains/identity/throttle_repository.hpp"
#include "domains/staff/totp.hpp"

namespace portal::staff {
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxPasswordLength = 128;
constexpr std::size_t kMinPasswordLength = 10;
constexpr std::string_view kLanguages[] = {"en", "ar", "de", "fr", "es", "ro"};

Error credentials() { return Error::of(ErrorCode::invalid_credentials, "The e-mail, password or code is incorrect"); }

Error waiting(ErrorCode code, std::int64_t seconds) {
  Error e = Error::of(code, code == ErrorCode::too_many_attempts ? "Too many failed sign-ins; try again later"
                                                                  : "Too many requests; try again later");
  e.retry_after_seconds = std::max<std::int64_t>(1, seconds);
  return e;
}

Error reset_invalid() { return Error::of(ErrorCode::reset_invalid, "The reset link is unknown, expired or used"); }

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

identity::ThrottleLimits staff_sign_in_limits() {
  identity::ThrottleLimits limits;
  limits.pair_free = kMaxFailures;      // then 30 s, 60 s, ... from one address
  limits.per_account = kMaxFailures;    // from anywhere: strangers wait out the window
  limits.per_address = 20;
  limits.per_device = kMaxFailures;     // a known device that fails this often is known no more
  limits.window = std::chrono::minutes(15);
  limits.resets_per_address = 10;
  limits.resets_per_email = 3;
  limits.request_window = std::chrono::hours(1);
  return limits;
}

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
    out.account.created_at = clock_.now_text();
  }
  out.account.role = *role;
  out.account.language = in.language;
  out.token = identity::new_secret();
  out.expires_at = at(lifetimes_.invitation);
  out.link = in.base_url + "/admin/login?invitation=" + out.token + "&lang=" + in.language;
  const std::string now = clock_.now_text();
  auto entry = audit_entry(actor, in.tenant_id, "staff.invite", "staff", out.account.id, now);
  entry.before = before;
  entry.after = audit_value(out.account);
  repository_.invite(out.account, fresh, identity::sha256_hex(out.token), seal_.seal(new_totp_secret()), now,
                     out.expires_at, entry);

  // After the commit: a transaction may run twice, a mail must not.
  if (in.mail_tenant) {
    mail_invitation(out, *in.mail_tenant, in.site);
    out.mailed = true;
  }
  return out;
}

void StaffService::mail_invitation(const Invitation& invitation, std::int64_t mail_tenant, const std::string& site) {
  const std::string& lang = invitation.account.language;
  const std::string role_text = text_(lang, "role." + std::string(role_name(invitation.account.role)), site);
  identity::Mail mail;
  mail.recipient = invitation.account.email;
  mail.subject = text_(lang, "inviteMail.subject", site);
  mail.body =
      replace(replace(text_(lang, "inviteMail.body", site), "{{link}}", invitation.link), "{{role}}", role_text);
  mailer_.send(mail_tenant, mail);
}

Result<Invitation> StaffService::reinvite(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id,
                                          const Mailing& mailing) {
  auto account = repository_.by_id(staff_id);
  if (!account || account->tenant_id != tenant_id || account->status == "disabled")
    return Error::of(ErrorCode::staff_not_found, "No such member");
  if (actor.rank && !may_grant(*actor.rank, account->role))
    return Error::of(ErrorCode::role_not_allowed, "Your role may not re-invite this member");
  Invitation out;
  out.account = std::move(*account);
  out.token = identity::new_secret();
  out.expires_at = at(lifetimes_.invitation);
  out.link = mailing.base_url + "/admin/login?invitation=" + out.token + "&lang=" + out.account.language;
  const std::string now = clock_.now_text();
  auto entry = audit_entry(actor, tenant_id, "staff.reinvite", "staff", out.account.id, now);
  entry.before = audit_value(out.account);
  entry.after = audit_value(out.account);
  repository_.reinvite(out.account.id, identity::sha256_hex(out.token), seal_.seal(new_totp_secret()), now,
                       out.expires_at, entry);
  mail_invitation(out, mailing.mail_tenant, mailing.site);
  out.mailed = true;
  return out;
}

Result<InvitationView> StaffService::invitation(const std::string& token, const std::string& issuer) {
  if (token.empty() || token.size() > 128) return Error::of(ErrorCode::invitation_invalid, "The invitation is unknown");
  auto open = repository_.invitation(identity::sha256_hex(token), clock_.now_text());
  if (!open) return Error::of(ErrorCode::invitation_invalid, "The invitation is unknown, expired or used");
  auto account = repository_.by_id(open->staff_id);
  // An invited member, or an active one re-invited (reinvite).
  if (!account || (account->status != "invited" && account->status != "active"))
    return Error::of(ErrorCode::invitation_invalid, "The invitation is unknown, expired or used");
  auto secret = seal_.open(open->totp_secret);
  if (!secret || secret->empty()) return Error::of(ErrorCode::invitation_invalid, "The invitation cannot be opened");
  return InvitationView{*account, *secret, otpauth_uri(issuer, account->email, *secret), open->expires_at};
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
  const std::string now = clock_.now_text();
  Actor self{account.id, account.email, std::string(role_name(account.role)), "POST /backend/admin/invitation/accept",
             client_address, request_id, account.role};
  auto entry = audit_entry(self, account.tenant_id, "staff.accept", "staff", account.id, now);
  entry.before = audit_value(account);
  account.status = "active";
  entry.after = audit_value(account);
  if (!repository_.accept(identity::sha256_hex(token), account.id, identity::hash_password(password),
                          seal_.seal(view->totp_secret), *step, now, entry))
    return Error::of(ErrorCode::invitation_invalid, "The invitation was used meanwhile");
  return account;
}

Result<SignedIn> StaffService::login(std::int64_t tenant_id, const std::string& email_in, const std::string& password,
                                     const std::string& code, const std::string& client_address,
                                     const Attempt& attempt) {
  const std::string email = identity::normalize_email(email_in);
  if (email.empty()) return Error::invalid("email", "is required");
  if (password.empty()) return Error::invalid("password", "is required");
  if (code.empty()) return Error::invalid("totp", "is required");
  if (password.size() > kMaxPasswordLength || email.size() > 254) return credentials();
  // The e-mail's limits, whether a member has it or not; the member's known devices pass them.
  auto admitted = guard_.admit(tenant_id, email, client_address, attempt.device_cookie);
  if (!admitted) return waiting(ErrorCode::too_many_attempts, admitted.error().retry_after);
  auto account = repository_.by_email(tenant_id, email);
  if (!account) account = repository_.by_email(0, email);
  const std::string now = clock_.now_text();
  if (!account || account->status != "active") {
    identity::verify_dummy_password(password);  // as long as a real check
    guard_.failed(tenant_id, *admitted, email, client_address);
    // A deactivated member trying to sign in is worth an entry (issue 73 item 6); the answer stays the same as for
    // an unknown e-mail, so the form tells nobody the account exists.
    if (account && account->status == "disabled") {
      const Actor self{account->id,  account->email,      std::string(role_name(account->role)),
                       attempt.call, client_address, attempt.request_id, account->role};
      auto entry = audit_entry(self, tenant_id, "staff.signInFailed", "staff", account->id, now);
      entry.after = json::value_from(SignInAudit{"disabled", admitted->known_device()});
      repository_.record(entry);
    }
    return credentials();
  }
  auto record = [&](const std::string& action, const std::string& outcome) {
    const Actor self{account->id,  account->email,      std::string(role_name(account->role)),
                     attempt.call, client_address, attempt.request_id, account->role};
    auto entry = audit_entry(self, tenant_id, action, "staff", account->id, now);
    entry.after = json::value_from(SignInAudit{outcome, admitted->known_device()});
    return entry;
  };
  std::optional<std::int64_t> step;
  const bool password_ok = identity::verify_password(account->password_hash, password);
  if (password_ok) {
    const auto secret = seal_.open(account->totp_secret);
    step = secret ? verify_totp(*secret, code, unix_seconds(clock_.now()), 0) : std::nullopt;
    // A code of a step spent already (or spent meanwhile by a parallel request): a replay, not a guess.
    if (step && (*step <= account->totp_last_step || !repository_.spend_step(account->id, *step))) {
      repository_.record(record("staff.signInFailed", "codeReused"));
      return Error::of(ErrorCode::code_reused, "This code was used already; enter the next code of the authenticator");
    }
  }
  if (!step) {
    const bool locked = guard_.failed(tenant_id, *admitted, email, client_address);
    repository_.record(record("staff.signInFailed", password_ok ? "wrongCode" : "wrongPassword"));
    if (locked) {
      auto entry = record("staff.locked", "locked");
      entry.after.as_object()["until"] = at(guard_.limits().window);
      repository_.record(entry);
    }
    return credentials();
  }
  guard_.succeeded(tenant_id, email, client_address);
  SignedIn out;
  out.account = *account;
  out.session.token = "staff_" + identity::new_secret();
  out.session.expires_at = at(lifetimes_.session);
  repository_.open_session({core::new_uuid(), account->id, identity::sha256_hex(out.session.token), now,
                            out.session.expires_at, at(lifetimes_.idle), client_address},
                           record("staff.signIn", "signedIn"));
  out.device_cookie = guard_.device_cookie(tenant_id, email, attempt.device_cookie);
  return out;
}

Result<void> StaffService::request_password_reset(const ResetRequest& r) {
  const std::string email = identity::normalize_email(r.email);
  if (email.empty()) return Error::invalid("email", "is required");
  if (!identity::valid_email(email) || email.size() > 254) return Error::invalid("email", "is not an e-mail address");
  // Every request counts, known e-mail or not: the answer never tells them apart.
  const auto& limits = guard_.limits();
  if (auto t = guard_.take_request(r.tenant_id, identity::ThrottleScope::reset_address, r.client_address,
                                   limits.resets_per_address);
      !t)
    return waiting(ErrorCode::too_many_requests, t.error().retry_after);
  if (auto t = guard_.take_request(r.tenant_id, identity::ThrottleScope::reset_email, email, limits.resets_per_email);
      !t)
    return waiting(ErrorCode::too_many_requests, t.error().retry_after);
  auto account = repository_.by_email(r.tenant_id, email);
  if (!account) account = repository_.by_email(0, email);
  if (!account || account->status != "active") return {};
  const std::string token = identity::new_secret();
  const std::string lang = account->language.empty() ? r.language : account->language;
  const std::string link = r.base_url + "/admin/login?reset=" + token + "&lang=" + lang;
  const std::string now = clock_.now_text(), expires = at(lifetimes_.reset);
  const Actor self{account->id, account->email, std::string(role_name(account->role)), r.call, r.client_address,
                   r.request_id, account->role};
  auto entry = audit_entry(self, r.tenant_id, "staff.passwordResetAsked", "staff", account->id, now);
  entry.after = json::value_from(ResetAskedAudit{expires});
  repository_.insert_reset(identity::sha256_hex(token), account->id, now, expires, entry);
  identity::Mail mail;
  mail.recipient = account->email;
  mail.subject = text_(lang, "resetMail.subject", r.site);
  mail.body = replace(text_(lang, "resetMail.body", r.site), "{{link}}", link);
  mailer_.send(r.tenant_id, mail);
  return {};
}

Result<Account> StaffService::reset_password(const std::string& token, const std::string& password,
                                             const std::string& client_address, const std::string& request_id) {
  if (token.empty() || token.size() > 128) return reset_invalid();
  const std::string now = clock_.now_text();
  auto staff_id = repository_.reset_member(identity::sha256_hex(token), now);
  if (!staff_id) return reset_invalid();
  if (password.size() < kMinPasswordLength || password.size() > kMaxPasswordLength)
    return Error::invalid("password", "must have between 10 and 128 characters");
  auto account = repository_.by_id(*staff_id);
  if (!account || account->status != "active") return reset_invalid();
  const Actor self{account->id, account->email, std::string(role_name(account->role)),
                   "POST /backend/admin/password/reset", client_address, request_id, account->role};
  auto entry = audit_entry(self, account->tenant_id, "staff.passwordReset", "staff", account->id, now);
  entry.before = audit_value(*account);
  entry.after = audit_value(*account);
  if (!repository_.use_reset(identity::sha256_hex(token), account->id, identity::hash_password(password), now, entry))
    return reset_invalid();
  return std::move(*account);
}

std::int64_t StaffService::seal_stored_secrets() {
  std::int64_t sealed = 0;
  for (const auto& [id, plain] : repository_.plain_account_secrets())
    sealed += repository_.seal_account_secret(id, plain, seal_.seal(plain)) ? 1 : 0;
  for (const auto& [token_hash, plain] : repository_.plain_invitation_secrets())
    sealed += repository_.seal_invitation_secret(token_hash, plain, seal_.seal(plain)) ? 1 : 0;
  if (auto some = repository_.some_sealed_secret(); some && !seal_.open(*some))
    throw std::runtime_error(
        "the staff secret key does not open the stored staff TOTP secrets (was PORTAL_STAFF_SECRET_KEY changed?)");
  return sealed;
}

std::optional<Principal> StaffService::authenticate(const std::string& token) {
  if (token.size() < 7 || token.size() > 128 || !token.starts_with("staff_")) return std::nullopt;
  const std::string now = clock_.now_text();
  auto live = repository_.live_session(identity::sha256_hex(token), now);
  if (!live) return std::nullopt;
  // The idle end moves with use, written at most once a minute.
  repository_.touch_session(live->session_id, at(lifetimes_.idle), at(lifetimes_.idle - std::chrono::seconds(60)));
  return Principal{std::move(live->account), live->session_id, live->expires_at};
}

void StaffService::logout(const std::string& session_id) { repository_.revoke_session(session_id, clock_.now_text()); }

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
  const std::string now = clock_.now_text();
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
  const std::string now = clock_.now_text();
  return repository_.revoke_sessions_of(account->id, now,
                                        audit_entry(actor, tenant_id, "staff.revokeSessions", "staff", account->id, now));
}

Result<Account> StaffService::set_status(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id,
                                         const std::string& status) {
  if (status != "active" && status != "disabled") return Error::invalid("status", "must be active or disabled");
  auto account = repository_.by_id(staff_id);
  if (!account || account->tenant_id != tenant_id) return Error::of(ErrorCode::staff_not_found, "No such member");
  if (account->id == actor.id) return Error::of(ErrorCode::own_role, "Nobody deactivates themselves");
  if (actor.rank && !may_grant(*actor.rank, account->role))
    return Error::of(ErrorCode::role_not_allowed, "Your role may not change this member");
  const bool enrolled = !account->password_hash.empty();
  const std::string next = status == "disabled" ? "disabled" : (enrolled ? "active" : "invited");
  if (account->status == next) return std::move(*account);
  const std::string now = clock_.now_text();
  auto entry = audit_entry(actor, tenant_id, status == "disabled" ? "staff.disable" : "staff.enable", "staff", account->id, now);
  entry.before = audit_value(*account);
  account->status = next;
  entry.after = audit_value(*account);
  repository_.set_status(account->id, next, now, entry);
  return std::move(*account);
}

Result<Account> StaffService::revoke_invitation(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id) {
  auto account = repository_.by_id(staff_id);
  if (!account || account->tenant_id != tenant_id) return Error::of(ErrorCode::staff_not_found, "No such member");
  if (actor.rank && !may_grant(*actor.rank, account->role))
    return Error::of(ErrorCode::role_not_allowed, "Your role may not change this member");
  const std::string now = clock_.now_text();
  auto entry = audit_entry(actor, tenant_id, "staff.revokeInvitation", "staff", account->id, now);
  entry.before = audit_value(*account);
  entry.after = nullptr;
  if (account->status != "invited" || !repository_.remove_invited(account->id, entry))
    return Error::invalid("status", "the member has enrolled: deactivate the member instead");
  return std::move(*account);
}

}  // namespace portal::staff
