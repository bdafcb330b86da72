#include "domains/reports/royalties_service.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "core/csv.hpp"
#include "db/timestamp.hpp"
#include "domains/reports/report_days.hpp"

namespace portal::reports {
namespace {

// The lines of month M: frozen when issued; else the aggregates of the issued months since the
// latest open month before M and of M, minus those months' frozen lines.
std::vector<RoyaltyLine> statement(const RoyaltyReads& reads, std::int64_t tenant_id, const std::string& month,
                                   const std::map<std::string, IssuedMonth>& issued, const std::string& first) {
  std::map<std::int64_t, RoyaltyLine> lines;
  if (issued.contains(month)) {
    for (auto& l : reads.frozen_lines(tenant_id, month, add_months(month, 1))) lines[l.article_id] = std::move(l);
  } else {
    std::string start = month;  // the first month of the sources
    while (!first.empty() && start > first && issued.contains(add_months(start, -1))) start = add_months(start, -1);
    for (const auto& u : reads.usage_lines(tenant_id, start, add_months(month, 1))) {
      auto& l = lines[u.article_id];
      l.article_id = u.article_id;
      l.licensor = u.licensor;
      l.content_type = u.content_type;
      l.plays += u.plays;
      l.counted_ms += u.counted_ms;
      l.claimed_ms += u.claimed_ms;
    }
    if (start < month)
      for (const auto& f : reads.frozen_lines(tenant_id, start, month)) {
        auto& l = lines[f.article_id];
        if (l.article_id == 0) {
          l.article_id = f.article_id;
          l.licensor = f.licensor;
          l.content_type = f.content_type;
        }
        if (l.title.empty()) l.title = f.title;
        l.plays -= f.plays;
        l.counted_ms -= f.counted_ms;
        l.claimed_ms -= f.claimed_ms;
      }
    // An open statement names each article's licensor as the catalog does now: an editor who corrects a
    // licensor before the month is issued moves the article's whole line (the aggregates keep the
    // licensor of the day they were refreshed). Articles the catalog no longer has keep the stored one.
    std::set<std::int64_t> ids;
    for (const auto& [id, _] : lines) ids.insert(id);
    for (const auto& [id, licensor] : reads.licensors(tenant_id, ids)) lines[id].licensor = licensor;
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

// Each line's article named for a reader of `lang` as the catalog names it now; a line of an article the catalog no
// longer has keeps the title its statement froze (in English, when it was issued).
void fill_titles(const RoyaltyReads& reads, std::int64_t tenant_id, std::vector<RoyaltyLine>& lines,
                 const std::string& lang) {
  std::vector<std::int64_t> ids;
  for (const auto& l : lines) ids.push_back(l.article_id);
  if (ids.empty()) return;
  const auto titles = reads.titles(tenant_id, ids);
  for (auto& l : lines)
    if (auto title = title_in(titles, l.article_id, lang); !title.empty()) l.title = std::move(title);
}

// Why `month` cannot be issued now, if it cannot.
// Why the month's statement cannot be issued now, or nullopt; `open_month` gets the earlier month still open.
std::optional<Error> refusal(const RoyaltyReads& reads, std::int64_t tenant_id, const std::string& month,
                             const std::string& current, const std::map<std::string, IssuedMonth>& issued,
                             const std::string& first, std::string* open_month = nullptr) {
  if (month >= current) return Error::of(ErrorCode::month_not_ended, "The month " + month + " has not ended");
  if (issued.contains(month))
    return Error::of(ErrorCode::already_issued, "The statement of " + month + " was issued already");
  for (auto m = first; !first.empty() && m < month; m = add_months(m, 1))
    if (!issued.contains(m) && !statement(reads, tenant_id, m, issued, first).empty()) {
      if (open_month) *open_month = m;
      return Error::of(ErrorCode::earlier_month_open, "The statement of " + m + " is still open");
    }
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
  const RoyaltyReads reads = repository_.reads();
  const auto issued = reads.issued_months(tenant_id);
  const auto first = reads.first_month(tenant_id);
  RoyaltyMonth out;
  out.month = month;
  if (const auto it = issued.find(month); it != issued.end()) {
    out.issued = true;
    out.issued_at = it->second.issued_at;
    out.issued_by = it->second.issued_by;
  }
  std::string open_month;
  if (const auto refused = refusal(reads, tenant_id, month, current, issued, first, &open_month)) {
    switch (refused->code) {
      case ErrorCode::month_not_ended: out.issue_refusal = "month_not_ended"; break;
      case ErrorCode::already_issued: out.issue_refusal = "already_issued"; break;
      case ErrorCode::earlier_month_open:
        out.issue_refusal = "earlier_month_open";
        out.open_month = open_month;
        break;
      case ErrorCode::invalid_field: break;
    }
  } else {
    out.can_issue = true;
  }
  out.refreshed_at = d_.refreshed_at ? d_.refreshed_at(tenant_id) : std::nullopt;
  out.licensors = licensors_of(statement(reads, tenant_id, month, issued, first));
  std::set<std::string> months{month};
  for (auto x = first; !first.empty() && x <= current; x = add_months(x, 1)) months.insert(x);
  for (auto it = months.rbegin(); it != months.rend(); ++it) out.months.push_back({*it, issued.contains(*it)});
  return out;
}

Result<RoyaltyLines> RoyaltiesService::lines(std::int64_t tenant_id, const std::string& month,
                                             const std::optional<std::string>& licensor, const std::string& lang) {
  if (!royalty_valid_month(month)) return Error::invalid("month", "must be a month YYYY-MM");
  const RoyaltyReads reads = repository_.reads();
  const auto issued = reads.issued_months(tenant_id);
  RoyaltyLines out;
  out.month = month;
  out.licensor = licensor.value_or("");
  out.issued = issued.contains(month);
  for (auto& l : statement(reads, tenant_id, month, issued, reads.first_month(tenant_id)))
    if (!licensor || l.licensor == *licensor) out.lines.push_back(std::move(l));
  fill_titles(reads, tenant_id, out.lines, lang);
  return out;
}

std::string RoyaltiesService::csv(const RoyaltyLines& lines) {
  std::string out =
      "month,licensor,articleId,title,contentType,plays,countedMs,claimedMs,countedSeconds,claimedSeconds\r\n";
  for (const auto& l : lines.lines)
    out += lines.month + "," + core::csv_cell(l.licensor) + "," + std::to_string(l.article_id) + "," +
           core::csv_cell(l.title) + "," + core::csv_cell(l.content_type) + "," + std::to_string(l.plays) + "," +
           std::to_string(l.counted_ms) + "," + std::to_string(l.claimed_ms) + "," + seconds(l.counted_ms) + "," +
           seconds(l.claimed_ms) + "\r\n";
  return out;
}

Result<RoyaltyMonth> RoyaltiesService::issue(std::int64_t tenant_id, const std::string& month,
                                             const std::string& actor, const Issued& issued_hook) {
  if (!royalty_valid_month(month)) return Error::invalid("month", "must be a month YYYY-MM");
  const auto current = current_month();
  std::optional<Error> refused;
  const auto issued_now = repository_.issuing([&](db::Session& s) {
    refused.reset();
    const RoyaltyReads reads = RoyaltiesRepository::reads(s);
    auto issued = reads.issued_months(tenant_id);
    const auto first = reads.first_month(tenant_id);
    if ((refused = refusal(reads, tenant_id, month, current, issued, first))) return;
    auto lines = statement(reads, tenant_id, month, issued, first);
    fill_titles(reads, tenant_id, lines, "en");  // what a statement keeps of an article the catalog may drop
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
