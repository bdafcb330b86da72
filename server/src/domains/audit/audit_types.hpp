#pragma once
// The audit log (docs/staff.md "Audit log"): one entry per staff write, kept
// append-only by the database itself (triggers refuse UPDATE and DELETE).
// Entries, the filter of a listing and its expected failures; no HTTP here.
#include <boost/json/value.hpp>  // before/after: snapshots of any audited object, free-form
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::audit {

struct Entry {
  std::int64_t id = 0;                    // set by the database
  std::string at;                         // ISO-8601 UTC
  std::optional<std::int64_t> tenant_id;  // nullopt: a platform-wide write
  std::string actor_id;                   // staff account id, or "cli"
  std::string actor_email;
  std::string actor_role;
  std::string action;       // e.g. "staff.invite", "staff.role", "tenant.create"
  std::string call;         // "POST /backend/admin/staff" or "portal staff invite"
  std::string object_type;  // "staff", "tenant", ...
  std::string object_id;
  boost::json::value before;  // null when the object did not exist
  boost::json::value after;   // null when the object is gone
  std::string client_address;
  std::string request_id;
};

// A listing's filter: every member narrows; dates are ISO-8601 (a bare
// date "2026-11-25" means that whole day for `to`).
struct Filter {
  std::optional<std::string> actor;        // an account id or e-mail
  std::optional<std::string> action;
  std::optional<std::string> object_type;
  std::optional<std::string> object_id;
  std::optional<std::string> from;         // inclusive
  std::optional<std::string> to;           // inclusive
  std::int64_t page = 1;                   // 1-based
  std::int64_t size = 50;                  // 1..200
};

inline constexpr std::int64_t kMaxPageSize = 200;
inline constexpr std::int64_t kMaxExportRows = 10000;

struct Page {
  std::vector<Entry> items;  // newest first
  std::int64_t total = 0;
  std::int64_t page = 1;
  std::int64_t size = 50;
};

enum class ErrorCode { invalid_field };

struct Error {
  ErrorCode code = ErrorCode::invalid_field;
  std::string field;
  std::string reason;
};

[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::audit
