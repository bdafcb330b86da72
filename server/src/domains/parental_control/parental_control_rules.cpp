#include "domains/parental_control/parental_control_rules.hpp"

#include <algorithm>

#include "domains/tenants/tenants_types.hpp"

namespace portal::parental_control {

int tenant_max_rating(const tenants::Tenant& tenant) {
  if (const auto* v = tenant.features.if_contains("maxRating"); v && v->is_number()) {
    const double n = v->to_number<double>();
    if (n >= 0 && n <= 1000) return static_cast<int>(n);
  }
  return kDefaultMaxRating;
}

int max_rating_for(const tenants::Tenant& tenant, std::optional<int> account_limit) {
  const int limit = tenant_max_rating(tenant);
  return account_limit ? std::min(*account_limit, limit) : limit;
}

bool rating_allowed(std::optional<std::int64_t> rating, int max_rating) {
  return !rating || *rating <= max_rating;  // unrated: all ages (commerce §5 grading 0)
}

bool valid_age_group(long long value) { return value == 0 || value == 10 || value == 20 || value == 30 || value == 40; }

}  // namespace portal::parental_control
