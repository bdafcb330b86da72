#include "domains/reports/usage_source.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>  // reads stored event payloads, free-form; an article document through its typed member
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/text.hpp"
#include "db/row_reads.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/reports/report_days.hpp"
#include "domains/reports/usage_raw_sql.hpp"
#include "domains/streaming/streaming_rules.hpp"

namespace portal::reports {
namespace {

namespace json = boost::json;

// Days of raw rows written or changed at or after $2 ("" selects every row). A first subscription
// can move to an earlier day when an older REQUESTED subscription of the same customer is paid: every
// subscription day of a customer whose subscriptions changed is dirty.
constexpr std::string_view kDirtyDays[] = {
    "SELECT DISTINCT substr(created_at, 1, 10) FROM stream_tickets WHERE tenant_id = $1 AND created_at >= $2",
    "SELECT DISTINCT substr(created_at, 1, 10) FROM events WHERE tenant_id = $1 AND name IN ('pageView', 'instantPlay') "
    "AND created_at >= $2",
    "SELECT DISTINCT substr(created_at, 1, 10) FROM users WHERE tenant_id = $1 AND created_at >= $2",
    "SELECT DISTINCT substr(o.created_at, 1, 10) FROM user_subscriptions s JOIN user_subscriptions o "
    "ON o.tenant_id = s.tenant_id AND o.user_uuid = s.user_uuid WHERE s.tenant_id = $1 AND s.updated_at >= $2",
};

// A day's month, recomputed from its days in the transaction that recomputed the day ($2 the month,
// $3 and $4 its first day and the next month's).
constexpr std::string_view kDeleteMonth = "DELETE FROM usage_article_months WHERE tenant_id = $1 AND month = $2";
constexpr std::string_view kInsertMonth =
    "INSERT INTO usage_article_months (tenant_id, month, article_id, language, content_type, section, licensor, plays, "
    "counted_ms, claimed_ms, games_started) SELECT tenant_id, $2, article_id, language, content_type, section, licensor, "
    "CAST(SUM(plays) AS BIGINT), CAST(SUM(counted_ms) AS BIGINT), CAST(SUM(claimed_ms) AS BIGINT), "
    "CAST(SUM(games_started) AS BIGINT) FROM usage_article_days WHERE tenant_id = $1 AND day >= $3 AND day < $4 "
    "GROUP BY tenant_id, article_id, language, content_type, section, licensor";
constexpr std::int64_t kMaxVisitsPerClientDay = 20;
constexpr std::string_view kSignUps =
    "SELECT COUNT(*) FROM users WHERE tenant_id = $1 AND created_at >= $2 AND created_at < $3";
constexpr std::string_view kFirstSubscriptions =
    "SELECT COUNT(*) FROM user_subscriptions s WHERE s.tenant_id = $1 AND s.state <> 'REQUESTED' "
    "AND s.created_at >= $2 AND s.created_at < $3 AND NOT EXISTS (SELECT 1 FROM user_subscriptions e "
    "WHERE e.tenant_id = s.tenant_id AND e.user_uuid = s.user_uuid AND e.state <> 'REQUESTED' "
    "AND (e.created_at < s.created_at OR (e.created_at = s.created_at AND e.id < s.id)))";

struct Figures {
  std::string ticket_type;  // the ticket's content type (when the catalog no longer has the article)
  std::int64_t plays = 0, counted_ms = 0, claimed_ms = 0, games = 0;
};

struct ArticleInfo {
  std::string content_type, section, licensor;
};

// The columns of kPlays, kReports and kGames (usage_raw_sql.hpp): an article's figures of a day in a language.
struct PlayRow {
  std::int64_t article_id = 0;
  std::string content_type, language;
  std::int64_t plays = 0;
};
BOOST_DESCRIBE_STRUCT(PlayRow, (), (article_id, content_type, language, plays))
struct ReportRow {
  std::int64_t article_id = 0;
  std::string content_type, language;
  std::int64_t counted_ms = 0, claimed_ms = 0;
};
BOOST_DESCRIBE_STRUCT(ReportRow, (), (article_id, content_type, language, counted_ms, claimed_ms))
struct GameRow {
  std::string payload, language;
};
BOOST_DESCRIBE_STRUCT(GameRow, (), (payload, language))

// An article's id, content type, section and document (which names its licensor).
struct ArticleRow {
  std::int64_t id = 0;
  std::string content_type, section, doc;
};
BOOST_DESCRIBE_STRUCT(ArticleRow, (), (id, content_type, section, doc))
struct LicensorRow {
  std::int64_t id = 0;
  std::string doc;
};
BOOST_DESCRIBE_STRUCT(LicensorRow, (), (id, doc))
struct PageViewRow {
  std::string payload;
  std::optional<std::string> client;  // NULL: kept before clients were recorded
};
BOOST_DESCRIBE_STRUCT(PageViewRow, (), (payload, client))

// The article of an instantPlay event's payload.
std::optional<std::int64_t> article_of(const std::string& payload) {
  boost::system::error_code ec;
  const auto doc = json::parse(payload, ec);
  if (ec || !doc.is_object()) return std::nullopt;
  const auto* id = doc.as_object().if_contains("articleId");
  if (!id || !id->is_int64()) return std::nullopt;
  return id->as_int64();
}

// The licensorName of a stored article's document (its typed member, catalog::ArticleDocument); "" without one.
std::string licensor_of(const std::string& doc) {
  boost::system::error_code ec;
  const auto parsed = json::parse(doc, ec);
  if (ec || !parsed.is_object()) return "";
  return catalog::stored_member<&catalog::ArticleDocument::licensorName>(parsed.as_object()).value_or("");
}

std::string id_list(const std::set<std::int64_t>& ids) {
  std::string list;
  for (auto id : ids) list += (list.empty() ? "" : ", ") + std::to_string(id);  // integers only
  return list;
}

std::int64_t visits_of(const db::Rows& page_views) {
  // Per client (events kept before clients were recorded: one unbounded client, ""): the distinct visit ids
  // and the page views without one, together capped.
  std::map<std::string, std::pair<std::set<std::string>, std::int64_t>> by_client;
  for (const auto& row : db::read_rows<PageViewRow>(page_views)) {
    auto& [visits, without_id] = by_client[row.client.value_or("")];
    boost::system::error_code ec;
    const auto doc = json::parse(row.payload, ec);
    const auto* visit = !ec && doc.is_object() ? doc.as_object().if_contains("visit") : nullptr;
    if (visit && visit->is_string() && !visit->as_string().empty())
      visits.emplace(visit->as_string());
    else
      ++without_id;
  }
  std::int64_t total = 0;
  for (const auto& [client, counted] : by_client) {
    const auto n = static_cast<std::int64_t>(counted.first.size()) + counted.second;
    total += client.empty() ? n : std::min(n, kMaxVisitsPerClientDay);
  }
  return total;
}

std::map<std::int64_t, ArticleInfo> articles_of(db::Session& s, std::int64_t tenant_id,
                                                const std::set<std::int64_t>& ids) {
  std::map<std::int64_t, ArticleInfo> out;
  if (ids.empty()) return out;
  const auto rows = s.query(core::replace_all(std::string(sql::kArticlesIn), "{ids}", id_list(ids)), {tenant_id});
  for (auto& r : db::read_rows<ArticleRow>(rows))
    out.emplace(r.id, ArticleInfo{std::move(r.content_type), std::move(r.section), licensor_of(r.doc)});
  return out;
}

// The earliest day a ticket with reports at `time` (a day, or a time) may have been issued on; "" for "".
std::string ticket_reach(const std::string& time) {
  if (time.empty()) return time;
  const auto day = parse_day(time.substr(0, 10));
  if (!day) return "";
  return format_day(*day - std::chrono::days{
      std::chrono::duration_cast<std::chrono::days>(streaming::kMaxTicketLifetime).count() + 1});
}

std::vector<std::string> dirty_days(db::Database& db, std::int64_t tenant_id, const std::string& since) {
  std::set<std::string> days;
  for (auto sql : kDirtyDays)
    for (auto& d : db::read_values<std::string>(db.query(sql, {tenant_id, since})))
      if (d.size() == 10) days.insert(std::move(d));
  for (auto& d : db::read_values<std::string>(db.query(sql::kDirtyReportDays, {tenant_id, since, ticket_reach(since)})))
    if (d.size() == 10) days.insert(std::move(d));
  return {days.begin(), days.end()};
}

void refresh_day(db::Session& s, std::int64_t tenant_id, const std::string& day) {
  for (auto table : {"usage_article_days", "usage_slice_days", "usage_funnel_days"})
    s.execute(std::string("DELETE FROM ") + table + " WHERE tenant_id = $1 AND day = $2", {tenant_id, day});
  const std::string end = usage_next_day(day);
  const db::Params range{tenant_id, day, end};

  std::map<std::pair<std::int64_t, std::string>, Figures> by_article;  // (article, language)
  for (auto& r : db::read_rows<PlayRow>(s.query(sql::kPlays, range))) {
    auto& f = by_article[{r.article_id, r.language}];
    f.ticket_type = std::move(r.content_type);
    f.plays += r.plays;
  }
  for (auto& r : db::read_rows<ReportRow>(s.query(sql::kReports, {tenant_id, day, end, ticket_reach(day)}))) {
    auto& f = by_article[{r.article_id, r.language}];
    f.ticket_type = std::move(r.content_type);
    f.counted_ms += r.counted_ms;
    f.claimed_ms += r.claimed_ms;
  }
  for (const auto& r : db::read_rows<GameRow>(s.query(sql::kGames, range)))
    if (const auto article = article_of(r.payload)) ++by_article[{*article, r.language}].games;

  std::set<std::int64_t> ids;
  for (const auto& [key, f] : by_article) ids.insert(key.first);
  const auto articles = articles_of(s, tenant_id, ids);

  std::map<std::tuple<std::string, std::string, std::string>, Figures> slices;  // section, type, language
  for (const auto& [key, f] : by_article) {
    ArticleInfo a{f.ticket_type, "", ""};
    if (const auto it = articles.find(key.first); it != articles.end()) a = it->second;
    if (a.content_type.empty()) a.content_type = f.games > 0 ? "game" : "";
    s.execute(
        "INSERT INTO usage_article_days (tenant_id, day, article_id, language, content_type, section, licensor, plays, "
        "counted_ms, claimed_ms, games_started) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        {tenant_id, day, key.first, key.second, a.content_type, a.section, a.licensor, f.plays, f.counted_ms,
         f.claimed_ms, f.games});
    auto& slice = slices[{a.section, a.content_type, key.second}];
    slice.plays += f.plays;
    slice.counted_ms += f.counted_ms;
    slice.claimed_ms += f.claimed_ms;
    slice.games += f.games;
  }
  for (const auto& [key, f] : slices)
    s.execute(
        "INSERT INTO usage_slice_days (tenant_id, day, section, content_type, language, plays, counted_ms, claimed_ms, "
        "games_started) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        {tenant_id, day, std::get<0>(key), std::get<1>(key), std::get<2>(key), f.plays, f.counted_ms, f.claimed_ms,
         f.games});

  const auto count = [&](std::string_view sql) {
    return db::read_value<std::int64_t>(s.query(sql, range)).value_or(0);
  };
  const auto visits = visits_of(s.query(sql::kPageViews, range));
  const auto sign_ups = count(kSignUps), firsts = count(kFirstSubscriptions);
  if (visits || sign_ups || firsts)
    s.execute(
        "INSERT INTO usage_funnel_days (tenant_id, day, visits, sign_ups, first_subscriptions) "
        "VALUES ($1, $2, $3, $4, $5)",
        {tenant_id, day, visits, sign_ups, firsts});

  const std::string month = day.substr(0, 7);
  s.execute(kDeleteMonth, {tenant_id, month});
  s.execute(kInsertMonth, {tenant_id, month, month + "-01", usage_next_month(month) + "-01"});
}

}  // namespace

std::string usage_next_day(const std::string& day) {
  const auto d = parse_day(day);
  return d ? format_day(*d + std::chrono::days{1}) : day;
}

std::map<std::int64_t, std::string> usage_licensors(const UsageQuery& query, std::int64_t tenant_id,
                                                    const std::set<std::int64_t>& ids) {
  std::map<std::int64_t, std::string> out;
  if (ids.empty()) return out;
  for (const auto& r : db::read_rows<LicensorRow>(
           query(core::replace_all(std::string(sql::kLicensorsIn), "{ids}", id_list(ids)), {tenant_id})))
    out.emplace(r.id, licensor_of(r.doc));
  return out;
}

std::string usage_next_month(const std::string& month) { return add_months(month, 1); }

RefreshSource usage_source() { return {"usage", dirty_days, refresh_day}; }


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(PlayRow, sql::kPlays);
PORTAL_ROW_READS(ReportRow, sql::kReports);
PORTAL_ROW_READS(GameRow, sql::kGames);
PORTAL_ROW_READS(PageViewRow, sql::kPageViews);
PORTAL_ROW_READS(ArticleRow, core::replace_all(std::string(sql::kArticlesIn), "{ids}", "1, 2"));
PORTAL_ROW_READS(LicensorRow, core::replace_all(std::string(sql::kLicensorsIn), "{ids}", "1, 2"));
}  // namespace portal::reports
