#pragma once
// Royalty statements per licensor and month (docs/reports.md "Royalties"). A statement counts what was
// received in its month (plays: tickets issued; counted and claimed ms: 'listened' reports), read from
// usage_article_months (the article days summed per month). Issuing freezes its lines (royalty_lines, copied in the issuing transaction);
// what arrives later for an issued month goes to the next open statement:
//   statement(M) = Σ aggregates(E) − Σ frozen(E) over the issued months E between the latest open
//   month before M and M, plus aggregates(M).
// One issue per month is enforced by royalty_statements' primary key. Blocking: call on the pool.
#include <functional>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/reports/royalties_repository.hpp"
#include "domains/reports/usage_service.hpp"
#include "domains/reports/usage_types.hpp"

namespace portal::reports {

class RoyaltiesService {
 public:
  struct Deps {
    db::Database& db;
    const core::Clock& clock;
    RefreshedAt refreshed_at;
  };
  explicit RoyaltiesService(Deps deps) : d_(std::move(deps)), repository_(d_.db) {}

  // The month's totals per licensor (month: YYYY-MM, default last month).
  Result<RoyaltyMonth> month(std::int64_t tenant_id, const std::optional<std::string>& month);
  // The month's lines, of one licensor or (nullopt) of every one; each article named in `lang` (the reader's) as the
  // catalog names it now, else as the statement froze it.
  Result<RoyaltyLines> lines(std::int64_t tenant_id, const std::string& month,
                             const std::optional<std::string>& licensor, const std::string& lang = "en");
  // The lines as CSV (a header row, then one row per line).
  static std::string csv(const RoyaltyLines& lines);

  // Issues the month: refusals when it has not ended, an earlier month with lines is still
  // open, or it was issued already (also when another instance issued it at the same moment).
  // `issued` runs in the issuing transaction (the audit entry).
  using Issued = std::function<void(db::Session&, const RoyaltyMonth&, const std::vector<RoyaltyLine>&)>;
  Result<RoyaltyMonth> issue(std::int64_t tenant_id, const std::string& month, const std::string& actor,
                             const Issued& issued = {});

 private:
  std::string current_month() const;
  Deps d_;
  RoyaltiesRepository repository_;
};

bool royalty_valid_month(const std::string& month);

}  // namespace portal::reports
