#include "domains/reports/royalties_repository.hpp"

namespace portal::reports {

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
    s.execute("INSERT INTO royalty_lines (tenant_id, month, article_id, licensor, title, content_type, plays, "
              "counted_ms, claimed_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
              {tenant_id, month, l.article_id, l.licensor, l.title, l.content_type, l.plays, l.counted_ms,
               l.claimed_ms});
}

}  // namespace portal::reports
