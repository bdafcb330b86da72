#pragma once
// The customers' bulk action (issue 78 item 3): end every session of each customer, through identity's end_sessions
// (the single action's: USER_NOT_FOUND unless the customer is the tenant's), its audit entry with the reason in its
// transaction.
#include <optional>
#include <string>
#include <vector>

#include "domains/bulk/bulk_types.hpp"
#include "domains/identity/identity_service.hpp"

namespace portal::bulk {

inline constexpr const char* kCustomers = "customers";

Kind customers_kind(identity::IdentityService& identity);

// The job of `action` (endSessions) on the customers' uuids, with the reason the audit keeps (optional, at most 500
// characters, as the single action's).
Result<NewJob> customers_job(const std::string& action, const std::vector<std::string>& uuids,
                             const std::optional<std::string>& reason);

}  // namespace portal::bulk
