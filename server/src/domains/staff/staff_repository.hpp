#pragma once
// Staff accounts, invitations and sessions. Secrets arrive hashed (SHA-256 of
// tokens, argon2id of passwords). Each write that a person makes takes the
// audit entry that records it and commits both in one transaction.
// Blocking: call from the database pool.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/audit/audit_types.hpp"
#include "domains/staff/staff_types.hpp"

namespace portal::staff {

struct OpenInvitation {
  std::string staff_id;
  std::string totp_secret;
  std::string expires_at;
};

struct SessionRow {
  std::string id;
  std::string staff_id;
  std::string token_hash;
  std::string created_at;
  std::string expires_at;
  std::string idle_until;
  std::string client_address;
};

struct LiveSession {
  std::string session_id;
  std::string expires_at;
  std::string idle_until;
  Account account;
};

class StaffRepository {
 public:
  explicit StaffRepository(db::Database& db) : db_(db) {}

  // tenant_key: the tenant id, or 0 for the platform's accounts.
  std::optional<Account> by_email(std::int64_t tenant_key, const std::string& email);
  std::optional<Account> by_id(const std::string& id);
  std::vector<Account> of_tenant(std::int64_t tenant_id);

  // Inserts the account (fresh) or renews an invited one's role and language,
  // replaces its open invitations with this one, and records the entry.
  void invite(const Account& account, bool fresh, const std::string& token_hash, const std::string& totp_secret,
              const std::string& now, const std::string& expires_at, const audit::Entry& entry);
  std::optional<OpenInvitation> invitation(const std::string& token_hash, const std::string& now);
  // Spends the invitation and activates its account with a password and an
  // enrolled secret (a re-invited active member's sessions end); false
  // (nothing written) when another request won.
  bool accept(const std::string& token_hash, const std::string& staff_id, const std::string& password_hash,
              const std::string& totp_secret, std::int64_t step, const std::string& now, const audit::Entry& entry);
  // A demo account, enrolled already; false when the e-mail exists.
  bool insert_enrolled(const Account& account, const std::string& now);

  // A re-invitation: the member's open invitations and reset links are replaced by this invitation.
  void reinvite(const std::string& staff_id, const std::string& token_hash, const std::string& totp_secret,
                const std::string& now, const std::string& expires_at, const audit::Entry& entry);

  // True for exactly one caller per step; clears the failure count.
  bool spend_step(const std::string& staff_id, std::int64_t step);

  // An entry of its own (a failed sign-in, a lock, a reset asked for).
  void record(const audit::Entry& entry);

  // A new reset link replaces the member's open ones.
  void insert_reset(const std::string& token_hash, const std::string& staff_id, const std::string& now,
                    const std::string& expires_at, const audit::Entry& entry);
  std::optional<std::string> reset_member(const std::string& token_hash, const std::string& now);
  // Spends the link, sets the password, ends every session; false when another request won.
  bool use_reset(const std::string& token_hash, const std::string& staff_id, const std::string& password_hash,
                 const std::string& now, const audit::Entry& entry);

  // Start-up sealing of TOTP secrets stored plain: (key, value) of each table's plain rows.
  std::vector<std::pair<std::string, std::string>> plain_account_secrets();
  std::vector<std::pair<std::string, std::string>> plain_invitation_secrets();
  bool seal_account_secret(const std::string& id, const std::string& plain, const std::string& sealed);
  bool seal_invitation_secret(const std::string& token_hash, const std::string& plain, const std::string& sealed);
  std::optional<std::string> some_sealed_secret();

  void open_session(const SessionRow& row, const audit::Entry& entry);
  std::optional<LiveSession> live_session(const std::string& token_hash, const std::string& now);
  void touch_session(const std::string& session_id, const std::string& idle_until, const std::string& threshold);
  void revoke_session(const std::string& session_id, const std::string& now);
  // Revokes every live session of a member; returns how many.
  std::int64_t revoke_sessions_of(const std::string& staff_id, const std::string& now, const audit::Entry& entry);

  // A member's status written with its audit entry; disabling also ends the member's sessions and takes
  // back open invitation links. Answers the sessions ended.
  std::int64_t set_status(const std::string& staff_id, const std::string& status, const std::string& now,
                          const audit::Entry& entry);
  // Deletes a member who never enrolled, with their invitation links; false when the member has enrolled.
  bool remove_invited(const std::string& staff_id, const audit::Entry& entry);
  void change_role(const std::string& staff_id, Role role, const std::string& now, const audit::Entry& entry);

 private:
  db::Database& db_;
};

}  // namespace portal::staff
