#pragma once
// A customer's data, their choice (issue 34 item 5; docs/decisions.md
// "Download and delete my data"): the export document (privacy_dto.hpp is its
// shape: the document about the person IS this domain's product) and the
// erasure of an account. Expected failures are values; no HTTP here.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "core/domain_error.hpp"
#include "domains/privacy/privacy_dto.hpp"

namespace portal::privacy {

enum class ErrorCode {
  invalid_field,
  user_not_found,         // no such (live) account in this tenant
  fresh_sign_in_required  // an account without a password: the session is older than the limit
};
using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;
template <class T>
using Result = boost::system::result<T, Error>;

using DataExport = DataExportDto;

// Who deletes: the person themselves, or a member of staff on their request.
struct Deletion {
  std::string actor;   // subscription_events.actor: "user" or "staff:<email>"
  std::string reason;  // why (staff: the request's reason)
};

// What became of the account.
struct Deleted {
  std::string uuid;
  std::string deleted_at;
  std::string pseudonym;  // user_id of the tombstone
  std::int64_t plans_cancelled = 0;
  std::string mailed_to;  // "" when the account had no address
};

// The account's key facts before deletion (the audit's "before", the mail).
struct Account {
  std::string uuid;
  std::string user_id;
  std::optional<std::string> email;
  std::optional<std::string> msisdn;
  std::optional<std::string> selected_lang;
  bool has_password = false;
};

}  // namespace portal::privacy
