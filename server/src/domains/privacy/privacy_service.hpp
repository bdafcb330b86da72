#pragma once
// The rules of "download my data" and "delete my account" (docs/decisions.md
// "Download and delete my data"). Returns domain values and privacy::Error;
// knows no HTTP. Every method blocks (SQL): call it on the database pool.
#include <chrono>
#include <functional>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/privacy/privacy_repository.hpp"
#include "domains/privacy/privacy_types.hpp"

namespace portal::privacy {

struct ServiceDeps {
  db::Database& db;
  PrivacyRepository& repository;
  const core::Clock& clock;
  // The confirmation mail's texts: (tenant id, language, key "subject" | "body").
  std::function<std::string(std::int64_t, const std::string&, std::string_view)> text;
  bool deliver_mail = false;         // the outbox row is an SMTP delivery job (next_attempt_at set)
  std::function<void()> mail_queued;  // told after a commit that queued a mail (wakes the delivery)
};

// How old the sign-in of an account without a password may be to delete it.
inline constexpr std::chrono::minutes kFreshSignIn{10};

class PrivacyService {
 public:
  explicit PrivacyService(ServiceDeps deps) : d_(std::move(deps)) {}

  // The live account (user_not_found when there is none or it is deleted).
  Result<Account> account(std::int64_t tenant_id, const std::string& uuid);
  // The whole document of the person. `tenant` names the tenant in it;
  // `record` (a staff export's audit entry) is written in a transaction of its own.
  Result<DataExport> export_data(std::int64_t tenant_id, const std::string& tenant, const std::string& uuid,
                                 const std::function<void(db::Session&)>& record = {});
  // For an account without a password: the session must have begun within kFreshSignIn.
  Result<void> check_fresh_session(std::int64_t tenant_id, const std::string& uuid, const std::string& session_id);
  // Deletes the account in one transaction: plans cancelled (with their events),
  // personal records erased, the kept ones pseudonymised, the tombstone written,
  // the confirmation mail queued to the address it had (in `lang` when the
  // account saved none), and `also` (the audit entry) in the same transaction.
  Result<Deleted> delete_account(std::int64_t tenant_id, const std::string& uuid, const Deletion& who,
                                 const std::string& lang,
                                 const std::function<void(db::Session&, const Account&, const Deleted&)>& also = {});

 private:
  ServiceDeps d_;
};

}  // namespace portal::privacy
