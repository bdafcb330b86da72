#pragma once
// The console search's answer on the wire (GET /backend/admin/search): the hits grouped by kind, in the order of
// console_search_types.hpp Kind.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::console_search {

struct ConsoleSearchHitDto {
  std::string kind;    // customer, article, plan, voucher, payment, order, staff
  std::string id;
  std::string title;   // an e-mail, a number, a title, a name, a code, an id
  std::string detail;  // a customer's name and number, an article's content type code, a staff member's role code
  std::string page;    // the console page that opens it: customers, catalog, plans, vouchers, staff
  std::string pageId;  // the id that page opens
  std::optional<std::int64_t> amount;   // a payment's or order's amount in minor units (the console formats it)
  std::optional<std::string> currency;  // with amount
  std::optional<std::string> status;    // a payment's or order's status code
  std::optional<std::int64_t> count;    // a voucher batch's number of codes
};
BOOST_DESCRIBE_STRUCT(ConsoleSearchHitDto, (), (kind, id, title, detail, page, pageId, amount, currency, status, count))

struct ConsoleSearchDto {
  std::string q;  // the query as searched (trimmed)
  std::vector<ConsoleSearchHitDto> hits;
};
BOOST_DESCRIBE_STRUCT(ConsoleSearchDto, (), (q, hits))

}  // namespace portal::console_search
