#include "domains/reports/usage_repository.hpp"

#include <boost/describe/class.hpp>
#include <array>
#include <string_view>

#include "db/row_reads.hpp"

namespace portal::reports {

BOOST_DESCRIBE_STRUCT(UsagePoint, (), (period, plays, ms, games_started))
BOOST_DESCRIBE_STRUCT(UsageSlice, (), (key, plays, ms))
BOOST_DESCRIBE_STRUCT(TopArticle, (), (article_id, title, content_type, plays, ms))
constexpr std::array<std::string_view, 1> not_columns(const TopArticle*) { return {"title"}; }  // usage_titles
BOOST_DESCRIBE_STRUCT(FunnelPoint, (), (period, visits, sign_ups, first_subscriptions))

namespace {

// An article's title in one language.
struct TitleRow {
  std::int64_t article_id = 0;
  std::string lang, title;
};
BOOST_DESCRIBE_STRUCT(TitleRow, (), (article_id, lang, title))

// The filter: "" matches every value ($5 = '' OR ...).
constexpr std::string_view kWhere =
    " WHERE tenant_id = $1 AND day >= $2 AND day <= $3 AND ($4 = '' OR section = $4) "
    "AND ($5 = '' OR content_type = $5) AND ($6 = '' OR language = $6) ";

// The statements, each column named as the member it fills.
std::string days_sql() {
  return "SELECT day AS period, CAST(SUM(plays) AS BIGINT) AS plays, CAST(SUM(counted_ms) AS BIGINT) AS ms, "
         "CAST(SUM(games_started) AS BIGINT) AS games_started FROM usage_slice_days" + std::string(kWhere) + "GROUP BY day";
}
std::string slices_sql(const std::string& column) {
  return "SELECT " + column + " AS key, CAST(SUM(plays) AS BIGINT) AS plays, CAST(SUM(counted_ms) AS BIGINT) AS ms "
         "FROM usage_slice_days" + std::string(kWhere) + "GROUP BY " + column +
         " HAVING SUM(plays) > 0 OR SUM(counted_ms) > 0 ORDER BY 2 DESC, 3 DESC, 1";
}
// $2..$4 the filters, $5..$10 the spans: the head's days, the whole months, the tail's days.
std::string top_articles_sql(std::size_t limit) {
  const std::string filters = " AND ($2 = '' OR section = $2) AND ($3 = '' OR content_type = $3) "
                              "AND ($4 = '' OR language = $4)";
  const std::string columns = "SELECT article_id, content_type, plays, counted_ms FROM ";
  return "SELECT article_id, MAX(content_type) AS content_type, CAST(SUM(plays) AS BIGINT) AS plays, "
         "CAST(SUM(counted_ms) AS BIGINT) AS ms FROM (" +
         columns + "usage_article_days WHERE tenant_id = $1 AND day >= $5 AND day <= $6" + filters + " UNION ALL " +
         columns + "usage_article_months WHERE tenant_id = $1 AND month >= $7 AND month <= $8" + filters +
         " UNION ALL " + columns + "usage_article_days WHERE tenant_id = $1 AND day >= $9 AND day <= $10" + filters +
         ") a GROUP BY article_id HAVING SUM(plays) > 0 OR SUM(counted_ms) > 0 "
         "ORDER BY 3 DESC, 4 DESC, 1 LIMIT " + std::to_string(limit);
}
constexpr std::string_view kFunnelDays =
    "SELECT day AS period, visits, sign_ups, first_subscriptions FROM usage_funnel_days "
    "WHERE tenant_id = $1 AND day >= $2 AND day <= $3";
// `ids`: integers, written in.
std::string titles_sql(const std::string& ids) {
  return "SELECT article_id, lang, title FROM catalog_article_texts WHERE tenant_id = $1 AND article_id IN (" + ids +
         ") ORDER BY article_id, lang";
}

db::Params day_params(std::int64_t tenant_id, const UsageRange& range, const ConsumptionFilter& filter) {
  return {tenant_id, range.from, range.to, filter.section, filter.content_type, filter.language};
}

std::string column_of(UsageRepository::SliceBy by) {
  switch (by) {
    case UsageRepository::SliceBy::section: return "section";
    case UsageRepository::SliceBy::content_type: return "content_type";
    case UsageRepository::SliceBy::language: return "language";
  }
  return "section";
}

}  // namespace

std::vector<UsagePoint> UsageRepository::days(std::int64_t tenant_id, const UsageRange& range,
                                               const ConsumptionFilter& filter) {
  return db::read_rows<UsagePoint>(
      db_.query(days_sql(), day_params(tenant_id, range, filter)));
}

std::vector<UsageSlice> UsageRepository::slices(std::int64_t tenant_id, const UsageRange& range,
                                                const ConsumptionFilter& filter, SliceBy by) {
  const std::string column = column_of(by);
  return db::read_rows<UsageSlice>(
      db_.query(slices_sql(column), day_params(tenant_id, range, filter)));
}

std::vector<TopArticle> UsageRepository::top_articles(std::int64_t tenant_id, const UsageSpans& spans,
                                                      const ConsumptionFilter& filter, std::size_t limit) {
  const db::Params params{tenant_id,       filter.section, filter.content_type, filter.language,
                          spans.head_from, spans.head_to,  spans.first_month,   spans.last_month,
                          spans.tail_from, spans.tail_to};
  return db::read_rows<TopArticle>(db_.query(top_articles_sql(limit), params));
}

std::vector<FunnelPoint> UsageRepository::funnel_days(std::int64_t tenant_id, const UsageRange& range) {
  return db::read_rows<FunnelPoint>(
      db_.query(kFunnelDays, {tenant_id, range.from, range.to}));
}

ArticleTitles UsageRepository::titles(std::int64_t tenant_id, const std::vector<std::int64_t>& ids) {
  return usage_titles([this](std::string_view sql, const db::Params& p) { return db_.query(sql, p); }, tenant_id, ids);
}

ArticleTitles usage_titles(const UsageQuery& query, std::int64_t tenant_id, const std::vector<std::int64_t>& ids) {
  ArticleTitles out;
  if (ids.empty()) return out;
  std::string list;
  for (auto id : ids) list += (list.empty() ? "" : ", ") + std::to_string(id);  // integers only
  for (auto& r : db::read_rows<TitleRow>(query(titles_sql(list), {tenant_id})))
    out[r.article_id].emplace_back(std::move(r.lang), std::move(r.title));
  return out;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(UsagePoint, days_sql());
PORTAL_ROW_READS(UsageSlice, slices_sql("section"));
PORTAL_ROW_READS(TopArticle, top_articles_sql(10));
PORTAL_ROW_READS(FunnelPoint, kFunnelDays);
PORTAL_ROW_READS(TitleRow, titles_sql("1, 2"));
}  // namespace portal::reports
