#pragma once
// Bulk actions on the console's lists (issue 78 item 3, docs/decisions.md "Bulk actions"): a job is a row of the
// database — its list (kind), its action and parameters, its selection frozen as one item per row when it is made,
// its progress and who asked. Whichever instance holds the job's lease works its pending items in chunks; each
// item's change, its audit entry and its move out of 'pending' commit in one transaction (Commit), so a takeover
// after a crash resumes at the first pending item and never does one twice. Errors are values; no HTTP here.
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>  // free-form: an action's parameters (each kind reads its own)
#include <boost/system/result.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/domain_error.hpp"
#include "db/database.hpp"

namespace portal::bulk {

enum class ErrorCode {
  invalid_field,    // the action, a parameter or the selection: field and reason
  job_not_found,
  nothing_selected,
  too_many_rows,    // more than kMaxRows
};
using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;
template <class T>
using Result = boost::system::result<T, Error>;

// The most rows one job takes (a selection "all that match" past it is refused: narrow the filter).
inline constexpr std::int64_t kMaxRows = 10000;

// Who asked, as the audit entry of every row names them.
struct Actor {
  std::string id;
  std::string email;
  std::string role;
  std::string call;  // "POST /backend/admin/catalog/bulk"
  std::string client_address;
  std::string request_id;
};

struct Job {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string kind;    // articles, plans, vouchers, customers
  std::string action;  // publish, unpublish, tag, move, pricePercent, priceAmount, retire, void, endSessions
  std::string params;  // JSON object
  std::int64_t total = 0;
  std::int64_t done = 0;
  std::int64_t failed = 0;
  std::string state;   // queued, running, finished
  std::string actor_id;
  std::string actor_email;
  std::string actor_role;
  std::string call;
  std::string client_address;
  std::string request_id;
  std::string created_at;
  std::optional<std::string> finished_at;
};
BOOST_DESCRIBE_STRUCT(Job, (),
                      (id, tenant_id, kind, action, params, total, done, failed, state, actor_id, actor_email,
                       actor_role, call, client_address, request_id, created_at, finished_at))

struct Item {
  std::int64_t position = 0;
  std::string target;
};
BOOST_DESCRIBE_STRUCT(Item, (), (position, target))

// A row the action refused, and why (the single-row action's error code and message).
struct Failure {
  std::int64_t position = 0;
  std::string target;
  std::string code;
  std::string reason;
};
BOOST_DESCRIBE_STRUCT(Failure, (), (position, target, code, reason))

struct NewJob {
  std::string kind;
  std::string action;
  boost::json::object params;
  std::vector<std::string> targets;  // the selection, frozen
  Actor actor;
};

// What one row's work came to: done, or refused (nothing written) with the single action's code and reason.
struct RowOutcome {
  bool done = true;
  std::string code;
  std::string reason;
  static RowOutcome ok() { return {}; }
  static RowOutcome refused(std::string code, std::string reason) { return {false, std::move(code), std::move(reason)}; }
};

// Moves the row out of 'pending' inside the transaction of its change; throws AlreadyDone (rolling the change back)
// when another holder of the job did the row meanwhile.
using Commit = std::function<void(db::Session&)>;
struct AlreadyDone {};

// One row of an action: change `target` as the single-row action does (its rules, its refusals), calling `commit`
// in the transaction that writes the change and its audit entry.
using RowAction = std::function<RowOutcome(const Job& job, const boost::json::object& params, const std::string& target,
                                           const Commit& commit)>;

// A list's actions by name.
using Kind = std::map<std::string, RowAction>;

}  // namespace portal::bulk
