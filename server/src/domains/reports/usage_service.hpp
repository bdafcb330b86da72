#pragma once
// The consumption report (docs/reports.md "Consumption"): read from the daily aggregates that
// usage_source.cpp keeps, never from the raw rows. Blocking: call on the database pool.
#include <functional>
#include <map>
#include <vector>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/reports/usage_repository.hpp"
#include "domains/reports/usage_types.hpp"

namespace portal::reports {

// The last finished refresh run's start for a tenant (null: never), as the refresh job keeps it.
using RefreshedAt = std::function<std::optional<std::string>(std::int64_t tenant_id)>;

// from/to (YYYY-MM-DD, default: the 30 days ending today), granularity (default day); at most 1,100 days.
Result<UsageRange> usage_range(const std::optional<std::string>& from, const std::optional<std::string>& to,
                               const std::optional<std::string>& granularity, const std::string& today);
// `today` (YYYY-MM-DD): a range that ends today or later reads its last month from the roll-up too, since no
// day of that month after today has figures yet (the month's row is the sum of its days so far).
UsageSpans usage_spans(const UsageRange& range, const std::string& today);
// The period (its first day) a day falls in.
std::string usage_period_of(const std::string& day, const std::string& granularity);
// Every period of the range, in order.
std::vector<std::string> usage_periods(const UsageRange& range);
bool usage_valid_day(const std::string& day);
// An article's title for a reader of `lang`: as the storefront names it (catalog::localized: lang, else English, else
// any); "" when the catalog has none.
std::string title_in(const ArticleTitles& titles, std::int64_t article_id, const std::string& lang);

class UsageService {
 public:
  struct Deps {
    db::Database& db;
    const core::Clock& clock;
    RefreshedAt refreshed_at;
  };
  explicit UsageService(Deps deps) : d_(std::move(deps)), repository_(d_.db) {}

  // `lang`: the reader's, the top articles' titles are in it.
  Result<Consumption> consumption(std::int64_t tenant_id, const std::optional<std::string>& from,
                                  const std::optional<std::string>& to,
                                  const std::optional<std::string>& granularity, const ConsumptionFilter& filter,
                                  const std::string& lang = "en");

 private:
  Deps d_;
  UsageRepository repository_;
};

}  // namespace portal::reports
