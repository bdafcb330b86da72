#include "domains/catalog/request_rating.hpp"

#include "domains/catalog/catalog_answers.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/parental_control/request_limit.hpp"

namespace portal::catalog {

RatingRange rating_of(const http::RequestContext& ctx) {
  return value_or_throw(parse_rating([&](std::string_view k) { return ctx.query(k); }, parental_control::max_rating_for(ctx)));
}

}  // namespace portal::catalog
