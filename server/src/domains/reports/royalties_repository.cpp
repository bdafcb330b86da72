#include "domains/reports/royalties_repository.hpp"

#include <boost/describe/class.hpp>

#include "db/row_reads.hpp"
#include "domains/reports/usage_repository.hpp"

namespace portal::reports {

BOOST_DESCRIBE_STRUCT(IssuedMonth, (), (month, issued_at, issued_by))
BOOST_DESCRIBE_STRUCT(RoyaltyLine, (), (article_id, licensor, title, content_type, plays, counted_ms, claimed_ms))

namespace {

#define PORTAL_ROYALTY_LINE_COLUMNS "article_id, licensor, title, content_type, plays, counted_ms, claimed_ms"
static_assert(db::columns_match<RoyaltyLine>(PORTAL_ROYALTY_LINE_COLUMNS));

// An article's aggregates of some months, summed.
struct UsageSumRow {
  std::int64_t article_id = 0;
  std::string licensor, content_type;
  std::int64_t plays = 0, counted_ms = 0, claimed_ms = 0;
};
BOOST_DESCRIBE_STRUCT(UsageSumRow, (), (article_id, licensor, content_type, plays, counted_ms, claimed_ms))

constexpr std::string_view kIssuedMonths = "SELECT month, issued_at, issued_by FROM royalty_statements WHERE tenant_id = $1";
constexpr std::string_view kFrozenLines =
    "SELECT " PORTAL_ROYALTY_LINE_COLUMNS " FROM royalty_lines WHERE tenant_id = $1 AND month >= $2 AND month < $3";
constexpr std::string_view kUsageSums =
    "SELECT article_id, MAX(licensor) AS licensor, MAX(content_type) AS content_type, CAST(SUM(plays) AS BIGINT) AS plays, "
    "CAST(SUM(counted_ms) AS BIGINT) AS counted_ms, CAST(SUM(claimed_ms) AS BIGINT) AS claimed_ms "
    "FROM usage_article_months WHERE tenant_id = $1 AND month >= $2 AND month < $3 GROUP BY article_id";

}  // namespace

std::map<std::string, IssuedMonth> RoyaltyReads::issued_months(std::int64_t tenant_id) const {
  std::map<std::string, IssuedMonth> out;
  for (auto& m : db::read_rows<IssuedMonth>(
           query_(kIssuedMonths, {tenant_id})))
    out[m.month] = std::move(m);
  return out;
}

std::string RoyaltyReads::first_month(std::int64_t tenant_id) const {
  std::string first =
      db::read_value<std::string>(query_("SELECT MIN(month) FROM usage_article_months WHERE tenant_id = $1", {tenant_id}))
          .value_or("");
  const std::string issued =
      db::read_value<std::string>(query_("SELECT MIN(month) FROM royalty_statements WHERE tenant_id = $1", {tenant_id}))
          .value_or("");
  if (!issued.empty() && (first.empty() || issued < first)) first = issued;
  return first;
}

std::vector<RoyaltyLine> RoyaltyReads::frozen_lines(std::int64_t tenant_id, const std::string& from,
                                                    const std::string& to) const {
  return db::read_rows<RoyaltyLine>(query_(kFrozenLines, {tenant_id, from, to}));
}

std::vector<RoyaltyLine> RoyaltyReads::usage_lines(std::int64_t tenant_id, const std::string& from,
                                                   const std::string& to) const {
  std::vector<RoyaltyLine> out;
  for (auto& r : db::read_rows<UsageSumRow>(
           query_(kUsageSums, {tenant_id, from, to})))
    out.push_back({r.article_id, std::move(r.licensor), "", std::move(r.content_type), r.plays, r.counted_ms,
                   r.claimed_ms});
  return out;
}

std::map<std::int64_t, std::string> RoyaltyReads::licensors(std::int64_t tenant_id,
                                                            const std::set<std::int64_t>& ids) const {
  return usage_licensors(query_, tenant_id, ids);
}

ArticleTitles RoyaltyReads::titles(std::int64_t tenant_id, const std::vector<std::int64_t>& ids) const {
  return usage_titles(query_, tenant_id, ids);
}

RoyaltyReads RoyaltiesRepository::reads() const {
  return RoyaltyReads([&db = db_](std::string_view sql, const db::Params& p) { return db.query(sql, p); });
}

RoyaltyReads RoyaltiesRepository::reads(db::Session& s) {
  return RoyaltyReads([&s](std::string_view sql, const db::Params& p) { return s.query(sql, p); });
}

RoyaltiesRepository::Issue RoyaltiesRepository::issuing(const std::function<void(db::Session&)>& work) {
  try {
    db_.transaction(work);
  } catch (const db::ConstraintError&) {
    return Issue::already_issued;
  }
  return Issue::issued;
}

void RoyaltiesRepository::insert_statement(db::Session& s, std::int64_t tenant_id, const std::string& month,
                                           const std::string& at, const std::string& actor,
                                           const std::vector<RoyaltyLine>& lines) {
  // The primary key: of two instances issuing at once, the second fails here (ConstraintError).
  s.execute("INSERT INTO royalty_statements (tenant_id, month, issued_at, issued_by) VALUES ($1, $2, $3, $4)",
            {tenant_id, month, at, actor});
  for (const auto& l : lines)
    s.execute("INSERT INTO royalty_lines (tenant_id, month, " PORTAL_ROYALTY_LINE_COLUMNS
              ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
              {tenant_id, month, l.article_id, l.licensor, l.title, l.content_type, l.plays, l.counted_ms,
               l.claimed_ms});
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(IssuedMonth, kIssuedMonths);
PORTAL_ROW_READS(RoyaltyLine, kFrozenLines);
PORTAL_ROW_READS(UsageSumRow, kUsageSums);
}  // namespace portal::reports
