#pragma once
// A request's rating range: ?rating (catalog_rules.hpp parse_rating) within the
// caller's limit (parental control, else the tenant's: parental_control/request_limit.hpp).
// The one copy every route that lists or plays articles asks (purchases,
// streaming, games, engagement, challenges).
#include "domains/catalog/catalog_types.hpp"
#include "http/context.hpp"

namespace portal::catalog {

// 400 naming the field when ?rating is no range.
RatingRange rating_of(const http::RequestContext& ctx);

}  // namespace portal::catalog
