#pragma once
// The console search's answer on the wire (GET /backend/admin/search): the hits grouped by kind, in the order of
// console_search_types.hpp Kind.
#include <boost/describe/class.hpp>
#include <string>
#include <vector>

namespace portal::console_search {

struct ConsoleSearchHitDto {
  std::string kind;    // customer, article, plan, voucher, payment, order, staff
  std::string id;
  std::string title;   // an e-mail, a number, a title, a name, a code, an id
  std::string detail;  // a name, a content type, an amount in minor units with its currency and status, a role
  std::string page;    // the console page that opens it: customers, catalog, plans, vouchers, staff
  std::string pageId;  // the id that page opens ("" for the page itself)
};
BOOST_DESCRIBE_STRUCT(ConsoleSearchHitDto, (), (kind, id, title, detail, page, pageId))

struct ConsoleSearchDto {
  std::string q;  // the query as searched (trimmed)
  std::vector<ConsoleSearchHitDto> hits;
};
BOOST_DESCRIBE_STRUCT(ConsoleSearchDto, (), (q, hits))

}  // namespace portal::console_search
