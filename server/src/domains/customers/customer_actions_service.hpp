#pragma once
// Support's actions on one customer (issue 34 item 3, refunds aside): the
// customers domain checks that the customer is the tenant's and the inputs,
// and leaves each change to the domain that owns it (subscriptions'
// StaffCare, purchases' grant and revoke, vouchers' resend_order, identity's
// sessions, sign-in lock and reset mail, parental control's reset code). The
// routes (customer_actions_routes.cpp) pass each write an audit entry that it
// appends in its own transaction. Blocking (SQL): call on the database pool.
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "domains/audit/audit_types.hpp"
#include "domains/customers/customer_actions_errors.hpp"
#include "domains/identity/identity_types.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/subscriptions/staff_care.hpp"

namespace portal::customers {

inline constexpr std::size_t kMaxReasonLength = 500;

class CustomerActions {
 public:
  CustomerActions(db::Database& db, identity::UsersRepository& users) : db_(db), users_(users) {}

  // The tenant's user of that uuid (users.uuid); customer_not_found otherwise.
  ActionResult<identity::User> customer(std::int64_t tenant_id, const std::string& user_uuid);

  // Appends an audit entry in a transaction of its own: for the mails, whose flows write their
  // rows themselves (an outbox row is not rolled back).
  void audit(const audit::Entry& entry);

  // The rules of the inputs (pure).
  // A reason: trimmed, 1..500 characters when required, else empty allowed.
  static ActionResult<std::string> reason(const std::optional<std::string>& text, bool required);
  // "now" or "periodEnd".
  static ActionResult<subscriptions::CancelWhen> when(const std::string& text);
  // 1..366 free days.
  static ActionResult<int> days(std::int64_t days);
  // A positive article id.
  static ActionResult<std::int64_t> article_id(std::int64_t id);

 private:
  db::Database& db_;
  identity::UsersRepository& users_;
};

}  // namespace portal::customers
