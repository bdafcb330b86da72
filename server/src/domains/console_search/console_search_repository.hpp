#pragma once
// The console search's lookups (console_search_sql.hpp), tenant id first; rows in, rows out.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace portal::console_search {

struct ArticleRow {
  std::int64_t id = 0;
  std::string title;
  std::string content_type;
};
struct PlanRow {
  std::int64_t id = 0;
  std::string definition;  // the plan as in the plans file (its name per language)
};
struct BatchRow {
  std::string id;
  std::string note;
  std::int64_t code_count = 0;
};
struct CodeRow {
  std::string id;
  std::string hint;
  std::optional<std::string> batch_id;
  std::optional<std::string> owner_uuid;
};
struct MoneyRow {  // a payment or a voucher order
  std::string id;
  std::string user_uuid;
  std::int64_t amount = 0;
  std::string currency;
  std::string status;
};
struct StaffRow {
  std::string id;
  std::string email;
  std::string role;
};

class ConsoleSearchRepository {
 public:
  explicit ConsoleSearchRepository(db::Database& db) : db_(db) {}

  std::optional<ArticleRow> article(std::int64_t tenant_id, std::int64_t id, const std::string& lang);
  std::vector<PlanRow> plans(std::int64_t tenant_id);
  std::optional<BatchRow> batch(std::int64_t tenant_id, const std::string& id);
  std::optional<CodeRow> code(std::int64_t tenant_id, const std::string& hash);
  std::optional<MoneyRow> payment(std::int64_t tenant_id, const std::string& id);
  std::optional<MoneyRow> order(std::int64_t tenant_id, const std::string& id);
  // prefix: lower-case; end: the first string past every string that begins with it.
  std::vector<StaffRow> staff(std::int64_t tenant_id, const std::string& prefix, const std::string& end);

 private:
  db::Database& db_;
};

}  // namespace portal::console_search
