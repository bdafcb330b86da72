#pragma once
// The console's one search (issue 78 item 4): what a staff member typed, found across the kinds their role may
// open, a few of each. No SQL, HTTP or JSON types.
#include <boost/system/result.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/domain_error.hpp"

namespace portal::console_search {

// The kinds of a hit, in the order the answer groups them.
enum class Kind { customer, article, plan, voucher, payment, order, staff };
std::string_view kind_name(Kind k);

// What a role may find (decided from the route table's roles, http/context.hpp staff_role_allows).
struct Allowed {
  bool customers = false;  // care roles and admin and above
  bool articles = false;   // editor, admin and above
  bool plans = false;      // editor and finance, admin and above
  bool vouchers = false;   // editor, admin and above
  bool payments = false;   // finance, admin and above (payments and voucher orders)
  bool staff = false;      // admin and above
};

// One thing found. `page` and `page_id` say which console page opens it (the client builds the path).
struct Hit {
  Kind kind = Kind::customer;
  std::string id;
  std::string title;
  std::string detail;
  std::string page;     // customers, catalog, plans, vouchers, staff
  std::string page_id;  // the id that page opens
  std::optional<std::int64_t> amount;  // a payment's or order's, in minor units, with its currency and status
  std::optional<std::string> currency;
  std::optional<std::string> status;
  std::optional<std::int64_t> count;  // a voucher batch's codes
};

struct Query {
  std::int64_t tenant_id = 0;
  std::string q;
  std::string lang = "en";
  Allowed allowed;
};

inline constexpr std::size_t kMaxQuery = 200;  // characters a query may have
inline constexpr std::size_t kPerKind = 5;     // hits of one kind at most
inline constexpr std::size_t kMinPrefix = 3;   // an e-mail's beginning is looked up from this length on

enum class ErrorCode { invalid_field };
using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field>;
template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::console_search
