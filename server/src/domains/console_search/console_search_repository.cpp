#include "domains/console_search/console_search_repository.hpp"

#include <boost/describe/class.hpp>

#include "db/row_reads.hpp"
#include "domains/console_search/console_search_sql.hpp"

namespace portal::console_search {

BOOST_DESCRIBE_STRUCT(ArticleRow, (), (id, title, content_type))
BOOST_DESCRIBE_STRUCT(PlanRow, (), (id, definition))
BOOST_DESCRIBE_STRUCT(BatchRow, (), (id, note, code_count))
BOOST_DESCRIBE_STRUCT(CodeRow, (), (id, hint, batch_id, owner_uuid))
BOOST_DESCRIBE_STRUCT(MoneyRow, (), (id, user_uuid, amount, currency, status))
BOOST_DESCRIBE_STRUCT(StaffRow, (), (id, email, role))
PORTAL_ROW_READS(ArticleRow, sql::kArticleById);
PORTAL_ROW_READS(PlanRow, sql::kPlans);
PORTAL_ROW_READS(BatchRow, sql::kBatchById);
PORTAL_ROW_READS(CodeRow, sql::kCodeByHash);
PORTAL_ROW_READS(MoneyRow, sql::kPaymentById);
PORTAL_ROW_READS(MoneyRow, sql::kOrderById);
PORTAL_ROW_READS(StaffRow, sql::kStaffByEmailPrefix);

std::optional<ArticleRow> ConsoleSearchRepository::article(std::int64_t tenant_id, std::int64_t id, const std::string& lang) {
  return db::read_first<ArticleRow>(db_.query(sql::kArticleById, {tenant_id, id, lang}));
}

std::vector<PlanRow> ConsoleSearchRepository::plans(std::int64_t tenant_id) {
  return db::read_rows<PlanRow>(db_.query(sql::kPlans, {tenant_id}));
}

std::optional<BatchRow> ConsoleSearchRepository::batch(std::int64_t tenant_id, const std::string& id) {
  return db::read_first<BatchRow>(db_.query(sql::kBatchById, {tenant_id, id}));
}

std::optional<CodeRow> ConsoleSearchRepository::code(std::int64_t tenant_id, const std::string& hash) {
  return db::read_first<CodeRow>(db_.query(sql::kCodeByHash, {tenant_id, hash}));
}

std::optional<MoneyRow> ConsoleSearchRepository::payment(std::int64_t tenant_id, const std::string& id) {
  return db::read_first<MoneyRow>(db_.query(sql::kPaymentById, {tenant_id, id}));
}

std::optional<MoneyRow> ConsoleSearchRepository::order(std::int64_t tenant_id, const std::string& id) {
  return db::read_first<MoneyRow>(db_.query(sql::kOrderById, {tenant_id, id}));
}

std::vector<StaffRow> ConsoleSearchRepository::staff(std::int64_t tenant_id, const std::string& prefix, const std::string& end) {
  return db::read_rows<StaffRow>(db_.query(sql::kStaffByEmailPrefix, {tenant_id, prefix, end}));
}

}  // namespace portal::console_search
