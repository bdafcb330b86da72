#pragma once
// Reads a person's records for the export and erases them in the deleting
// transaction. Tenant first in every call. Blocking: call on the database pool.
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "domains/privacy/privacy_types.hpp"

namespace portal::privacy {

// An active plan as the deletion cancels it.
struct LivePlan {
  std::string id;
  std::string state;
  std::optional<std::string> sub_state;
  std::int64_t version = 0;
};

class PrivacyRepository {
 public:
  explicit PrivacyRepository(db::Database& db) : db_(db) {}

  // The live (not deleted) account.
  std::optional<Account> account(std::int64_t tenant_id, const std::string& uuid);
  static std::optional<Account> account(db::Session& s, std::int64_t tenant_id, const std::string& uuid);
  // When the (unrevoked) session of this user began.
  std::optional<std::string> session_created(std::int64_t tenant_id, const std::string& uuid,
                                             const std::string& session_id);
  // Every section of the document but exportedAt and tenant.
  DataExport collect(std::int64_t tenant_id, const std::string& uuid);

  // In the deleting transaction.
  static std::vector<LivePlan> live_plans(db::Session& s, std::int64_t tenant_id, const std::string& uuid);
  static bool cancel_plan(db::Session& s, std::int64_t tenant_id, const std::string& uuid, const LivePlan& plan,
                          const std::string& now, const std::string& reason, const std::string& actor);
  // Erases personal records and pseudonymises the kept ones; the tombstone last.
  // False when the account was already deleted (a concurrent deletion won).
  static bool erase(db::Session& s, std::int64_t tenant_id, const Account& account, const std::string& pseudonym,
                    const std::string& now);
  static void queue_mail(db::Session& s, std::int64_t tenant_id, const std::string& recipient,
                         const std::string& subject, const std::string& body, const std::string& now, bool deliver);

 private:
  db::Database& db_;
};

}  // namespace portal::privacy
