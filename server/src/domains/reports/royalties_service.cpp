#include "domains/reports/royalties_service.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "db/timestamp.hpp"
#include "domains/reports/report_days.hpp"
#include "domains/reports/usage_source.hpp"

namespace portal::reports {
namespace {

using Query = UsageQuery;

struct Issue {
  std::string issued_at, issued_by;
};

std::map<std::string, Issue> issued_months(const Query& q, std::int64_t tenant_id) {
  std::map<std::string, Issue> out;
  for (const auto& r : q("SELECT month, issued_at, issued_by FROM royalty_statements WHERE tenant_id = $1", {tenant_id}))
    out[r.text(0)] = {r.text(1), r.text(2)};
  return out;
}

// The first month that has aggregates or a statement ("" when none).
std::string first_month(const Query& q, std::int64_t tenant_id) {
  std::string first;
  const auto used = q("SELECT MIN(month) FROM usage_article_months WHERE tenant_id = $1", {tenant_id});
  if (!used.empty() && !used[0].is_null(0)) first = used[0].text(0);
  const auto m = q("SELECT MIN(month) FROM royalty_statements WHERE tenant_id = $1", {tenant_id});
  if (!m.empty() && !m[0].is_null(0) && (first.empty() || m[0].text(0) < first)) first = m[0].text(0);
  return first;
}

// The lines of month M: frozen when issued; else the aggregates of the issued months since the
// latest open month before M and of M, minus those months' frozen lines.
std::vector<RoyaltyLine> statement(const Query& q, std::int64_t tenant_id, const std::string& month,
                                   const std::map<std::string, Issue>& issued, const std::string& first) {
  std::map<std::int64_t, RoyaltyLine> lines;
  if (issued.contains(month)) {
    for (const auto& r : q("SELECT article_id, licensor, title, content_type, plays, counted_ms, claimed_ms "
                           "FROM royalty_lines WHERE tenant_id = $1 AND month = $2",
                           {tenant_id, month}))
      lines[r.integer(0)] = {r.integer(0), r.text(1), r.text(2), r.text(3), r.integer(4), r.integer(5), r.integer(6)};
  } else {
    std::string start = month;  // the first month of the sources
    while (!first.empty() && start > first && issued.contains(add_months(start, -1))) start = add_months(start, -1);
    const std::string end = add_months(month, 1);
    for (const auto& r : q("SELECT article_id, MAX(licensor), MAX(content_type), CAST(SUM(plays) AS BIGINT), "
                           "CAST(SUM(counted_ms) AS BIGINT), CAST(SUM(claimed_ms) AS BIGINT) FROM usage_article_months "
                           "WHERE tenant_id = $1 AND month >= $2 AND month < $3 GROUP BY article_id",
                           {tenant_id, start, end})) {
      auto& l = lines[r.integer(0)];
      l.article_id = r.integer(0);
      l.licensor = r.text(1);
      l.content_type = r.text(2);
      l.plays += r.integer(3);
      l.counted_ms += r.integer(4);
      l.claimed_ms += r.integer(5);
    }
    if (start < month)
      for (const auto& r : q("SELECT article_id, licensor, title, content_type, plays, counted_ms, claimed_ms "
                             "FROM royalty_lines WHERE tenant_id = $1 AND month >= $2 AND month < $3",
                             {tenant_id, start, month})) {
        auto& l = lines[r.integer(0)];
        if (l.article_id == 0) {
          l.article_id = r.integer(0);
          l.licensor = r.text(1);
          l.content_type = r.text(3);
        }
        if (l.title.empty()) l.title = r.text(2);
        l.plays -= r.integer(4);
        l.counted_ms -= r.integer(5);
        l.claimed_ms -= r.integer(6);
      }
    // An open statement names each article's licensor as the catalog does now: an editor who corrects a
    // licensor before the month is issued moves the article's whole line (the aggregates keep the
    // licensor of the day they were refreshed). Articles the catalog no longer has keep the stored one.
    std::set<std::int64_t> ids;
    for (const auto& [id, _] : lines) ids.insert(id);
    for (const auto& [id, licensor] : usage_licensors(q, tenant_id, ids)) lines[id].licensor = licensor;
  }
  std::vector<RoyaltyLine> out;
  for (auto& [_, l] : lines)
    if (l.plays != 0 || l.counted_ms != 0 || l.claimed_ms != 0) out.push_back(std::move(l));
  std::sort(out.begin(), out.end(), [](const RoyaltyLine& a, const RoyaltyLine& b) {
    return std::tie(a.licensor, b.plays, b.counted_ms, a.article_id) <
           std::tie(b.licensor, a.plays, a.counted_ms, b.article_id);
  });
  return out;
}

void fill_titles(const Query& q, std::int64_t tenant_id, std::vector<RoyaltyLine>& lines) {
  std::string list;
  for (const auto& l : lines)
    if (l.title.empty()) list += (list.empty() ? "" : ", ") + std::to_string(l.article_id);  // integers only
  if (list.empty()) return;
  std::map<std::int64_t, std::string> titles;
  for (const auto& r : q("SELECT article_id, lang, title FROM catalog_article_texts WHERE tenant_id = $1 "
                         "AND article_id IN (" + list + ") ORDER BY article_id, lang",
                         {tenant_id}))
    if (r.text(1) == "en" || !titles.contains(r.integer(0))) titles[r.integer(0)] = r.text(2);
  for (auto& l : lines)
    if (l.title.empty())
      if (const auto it = titles.find(l.article_id); it != titles.end()) l.title = it->second;
}

// Why `month` cannot be issued now, if it cannot.
std::optional<Error> refusal(const Query& q, std::int64_t tenant_id, const std::string& month,
                             const std::string& current, const std::map<std::string, Issue>& issued,
                             const std::string& first) {
  if (month >= current) return Error::of(ErrorCode::month_not_ended, "The month " + month + " has not ended");
  if (issued.contains(month))
    return Error::of(ErrorCode::already_issued, "The statement of " + month + " was issued already");
  for (auto m = first; !first.empty() && m < month; m = add_months(m, 1))
    if (!issued.contains(m) && !statement(q, tenant_id, m, issued, first).empty())
      return Error::of(ErrorCode::earlier_month_open, "The statement of " + m + " is still open");
  return std::nullopt;
}

std::vector<LicensorTotal> licensors_of(const std::vector<RoyaltyLine>& lines) {
  std::map<std::string, LicensorTotal> by;
  for (const auto& l : lines) {
    auto& t = by[l.licensor];
    t.licensor = l.licensor;
    ++t.articles;
    t.plays += l.plays;
    t.counted_ms += l.counted_ms;
    t.claimed_ms += l.claimed_ms;
  }
  std::vector<LicensorTotal> out;
  for (auto& [_, t] : by) out.push_back(std::move(t));
  return out;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos && (s.empty() || (s[0] != '=' && s[0] != '+' && s[0] != '-' && s[0] != '@')))
    return s;
  std::string out = "\"";
  if (!s.empty() && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@')) out += '\'';  // no formulas
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string seconds(std::int64_t ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s%lld.%03lld", ms < 0 ? "-" : "", (long long)(std::llabs(ms) / 1000),
                (long long)(std::llabs(ms) % 1000));
  return buf;
}

}  // namespace

bool royalty_valid_month(const std::string& month) {
  if (month.size() != 7 || month[4] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6})
    if (month[i] < '0' || month[i] > '9') return false;
  const int m = std::stoi(month.substr(5, 2));
  return m >= 1 && m <= 12;
}

std::string RoyaltiesService::current_month() const { return db::utc_timestamp(d_.clock.now()).substr(0, 7); }

Result<RoyaltyMonth> RoyaltiesService::month(std::int64_t tenant_id, const std::optional<std::string>& m) {
  const auto current = current_month();
  const std::string month = m.value_or(add_months(current, -1));
  if (!royalty_valid_month(month)) return Error::invalid("month", "must be a month YYYY-MM");
  const Query q = [&](std::string_view sql, const db::Params& p) { return d_.db.query(sql, p); };
  const auto issued = issued_months(q, tenant_id);
  const auto first = first_month(q, tenant_id);
  RoyaltyMonth out;
  out.month = month;
  if (const auto it = issued.find(month); it != issued.end()) {
    out.issued = true;
    out.issued_at = it->second.issued_at;
    out.issued_by = it->second.issued_by;
  }
  out.can_issue = !refusal(q, tenant_id, month, current, issued, first).has_value();
  out.refreshed_at = d_.refreshed_at ? d_.refreshed_at(tenant_id) : std::nullopt;
  out.licensors = licensors_of(statement(q, tenant_id, month, issued, first));
  std::set<std::string> months{month};
  for (auto x = first; !first.empty() && x <= current; x = add_months(x, 1)) months.insert(x);
  for (auto it = months.rbegin(); it != months.rend(); ++it) out.months.push_back({*it, issued.contains(*it)});
  return out;
}

Result<RoyaltyLines> RoyaltiesService::lines(std::int64_t tenant_id, const std::string& month,
                                             const std::optional<std::string>& licensor) {
  if (!royalty_valid_month(month)) return Error::invalid("month", "must be a month YYYY-MM");
  const Query q = [&](std::string_view sql, const db::Params& p) { return d_.db.query(sql, p); };
  const auto issued = issued_months(q, tenant_id);
  RoyaltyLines out;
  out.month = month;
  out.licensor = licensor.value_or("");
  out.issued = issued.contains(month);
  for (auto& l : statement(q, tenant_id, month, issued, first_month(q, tenant_id)))
    if (!licensor || l.licensor == *licensor) out.lines.push_back(std::move(l));
  fill_titles(q, tenant_id, out.lines);
  return out;
}

std::string RoyaltiesService::csv(const RoyaltyLines& lines) {
  std::string out =
      "month,licensor,articleId,title,contentType,plays,countedMs,claimedMs,countedSeconds,claimedSeconds\r\n";
  for (const auto& l : lines.lines)
    out += lines.month + "," + csv_field(l.licensor) + "," + std::to_string(l.article_id) + "," + csv_field(l.title) +
           "," + csv_field(l.content_type) + "," + std::to_string(l.plays) + "," + std::to_string(l.counted_ms) + "," +
           std::to_string(l.claimed_ms) + "," + seconds(l.counted_ms) + "," + seconds(l.claimed_ms) + "\r\n";
  return out;
}

Result<RoyaltyMonth> RoyaltiesService::issue(std::int64_t tenant_id, const std::string& month,
                                             const std::string& actor, const Issued& issued_hook) {
  if (!royalty_valid_month(month)) return Error::invalid("month", "must be a month YYYY-MM");
  const auto current = current_month();
  std::optional<Error> refused;
  const auto issued_now = repository_.issuing([&](db::Session& s) {
    refused.reset();
    const Query q = [&](std::string_view sql, const db::Params& p) { return s.query(sql, p); };
    auto issued = issued_months(q, tenant_id);
    const auto first = first_month(q, tenant_id);
    if ((refused = refusal(q, tenant_id, month, current, issued, first))) return;
    auto lines = statement(q, tenant_id, month, issued, first);
    fill_titles(q, tenant_id, lines);
    const auto at = db::utc_timestamp(d_.clock.now());
    RoyaltiesRepository::insert_statement(s, tenant_id, month, at, actor, lines);
    if (issued_hook) {
      RoyaltyMonth m;
      m.month = month;
      m.issued = true;
      m.issued_at = at;
      m.issued_by = actor;
      m.licensors = licensors_of(lines);
      issued_hook(s, m, lines);
    }
  });
  if (issued_now == RoyaltiesRepository::Issue::already_issued)
    return Error::of(ErrorCode::already_issued, "The statement of " + month + " was issued already");
  if (refused) return *refused;
  return this->month(tenant_id, month);
}

}  // namespace portal::reports
