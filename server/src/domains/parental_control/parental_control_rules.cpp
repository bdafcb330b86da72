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

bool answer_allowed(const boost::json::object& article, int max_rating) {
  const auto* r = article.if_contains("rating");
  if (!r || !r->is_number()) return true;  // unrated: all ages (commerce §5 grading 0)
  return r->to_number<double>() <= max_rating;
}

bool valid_age_group(long long value) { return value == 0 || value == 10 || value == 20 || value == 30 || value == 40; }

}  // namespace portal::parental_control
