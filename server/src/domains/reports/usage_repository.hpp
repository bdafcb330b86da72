#pragma once
// The consumption report's reads of the usage aggregates (usage_source.hpp keeps them; docs/reports.md
// "Consumption"), and the articles' titles the reports name. Blocking: call on the database pool.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/reports/usage_source.hpp"
#include "domains/reports/usage_types.hpp"

namespace portal::reports {

class UsageRepository {
 public:
  explicit UsageRepository(db::Database& db) : db_(db) {}

  // The days of the range matching the filter (period: the day): plays, counted ms, games started.
  std::vector<UsagePoint> days(std::int64_t tenant_id, const UsageRange& range, const ConsumptionFilter& filter);
  // Plays and counted ms of the range per section, content type or language (key), most first.
  enum class SliceBy { section, content_type, language };
  std::vector<UsageSlice> slices(std::int64_t tenant_id, const UsageRange& range, const ConsumptionFilter& filter,
                                 SliceBy by);
  // The `limit` most played articles (title ""): the spans' whole months from the monthly roll-up,
  // their partial months' days from the days.
  std::vector<TopArticle> top_articles(std::int64_t tenant_id, const UsageSpans& spans,
                                       const ConsumptionFilter& filter, std::size_t limit);
  // The funnel's days of the range (period: the day).
  std::vector<FunnelPoint> funnel_days(std::int64_t tenant_id, const UsageRange& range);
  // The articles' titles (usage_titles).
  ArticleTitles titles(std::int64_t tenant_id, const std::vector<std::int64_t>& ids);

 private:
  db::Database& db_;
};

// The articles' titles in every language (the reports name them in the reader's: title_in, usage_service.hpp);
// `query` runs on a session or the database.
ArticleTitles usage_titles(const UsageQuery& query, std::int64_t tenant_id, const std::vector<std::int64_t>& ids);

}  // namespace portal::reports
