#pragma once
// The one rating limit of a request (commerce §5 "Parental control maximum
// rating"): the signed-in user's parental maxAgeGroup while their parental
// control is active, else the tenant's features.maxRating, else 60. Every
// domain that answers articles (catalog, structures, streaming, purchases,
// games, likes, wallet, history) takes its rating window's ceiling from here;
// a maxRating query above it is lowered to it. Pure: no database (the
// account's limit is read once per request by the authentication hook and
// carried on the principal; request_limit.hpp reads it for the routes).
#include <cstdint>
#include <optional>

namespace portal::core {
struct Tenant;
}
namespace portal::tenants {
using core::Tenant;
}

namespace portal::parental_control {

inline constexpr int kDefaultMaxRating = 60;  // commerce §9 "Parental max rating default 60"

// The tenant's features.maxRating (a whole number 0-1000), else 60.
int tenant_max_rating(const tenants::Tenant& tenant);

// The account's limit when one is active, never above the tenant's: a parent
// narrows what the tenant shows, never widens it (docs/decisions.md).
int max_rating_for(const tenants::Tenant& tenant, std::optional<int> account_limit);

// Whether an article's rating (its minimum age; nullopt: unrated, all ages)
// is within max_rating: lists of a user's own things (wallet, likes,
// history) leave out what is above it.
bool rating_allowed(std::optional<std::int64_t> rating, int max_rating);

// The grading levels a parent may choose (commerce §5 "Content grading"):
// 0 all ages, 10 six plus, 20 twelve plus, 30 sixteen plus, 40 eighteen plus.
bool valid_age_group(long long value);

}  // namespace portal::parental_control
