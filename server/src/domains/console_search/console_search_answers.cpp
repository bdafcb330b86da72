#include "domains/console_search/console_search_answers.hpp"

namespace portal::console_search {

http::Error http_error(const Error& e) { return http::Error::invalid_field(e.field, e.reason.empty() ? e.message : e.reason); }

ConsoleSearchDto search_dto(const std::string& q, const std::vector<Hit>& hits) {
  ConsoleSearchDto out;
  out.q = q;
  out.hits.reserve(hits.size());
  for (const auto& h : hits) out.hits.push_back({std::string(kind_name(h.kind)), h.id, h.title, h.detail, h.page, h.page_id, h.amount, h.currency,
                        h.status, h.count});
  return out;
}

}  // namespace portal::console_search
