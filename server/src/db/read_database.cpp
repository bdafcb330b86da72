#include "db/read_database.hpp"

#include <cctype>

#include "core/log.hpp"
#include "core/text.hpp"
#include "db/read_scope.hpp"

namespace portal::db {

bool reads_only(std::string_view sql) {
  std::size_t i = 0;
  while (i < sql.size() && std::isspace(static_cast<unsigned char>(sql[i]))) ++i;
  constexpr std::string_view kSelect = "SELECT";
  if (!core::iequals(sql.substr(i, kSelect.size()), kSelect)) return false;
  return sql.size() - i == kSelect.size() || !std::isalnum(static_cast<unsigned char>(sql[i + kSelect.size()]));
}

Rows ReadDatabase::query(std::string_view sql, const Params& params) {
  ReadScope& scope = current_read_scope();
  if (!reads_only(sql)) scope.replica = false;  // an UPDATE ... RETURNING writes as execute() does
  if (replicas_ && scope.replica && reads_only(sql)) {
    if (Database* replica = replicas_->pick(scope)) {
      try {
        return replica->query(sql, params);
      } catch (const std::exception& e) {
        // A SELECT is safe to run again: the primary answers it, and the replica waits for the next check.
        core::log_json(spdlog::level::warn, "read replica failed a read; the primary answers", {{"error", e.what()}});
        replicas_->failed(replica);
        scope.pinned = 0;
      }
    }
    replicas_->count_primary_read();
  }
  return primary_.query(sql, params);
}

std::int64_t ReadDatabase::execute(std::string_view sql, const Params& params) {
  current_read_scope().replica = false;  // the request wrote: what it reads next must include it
  return primary_.execute(sql, params);
}

void ReadDatabase::transaction(const std::function<void(Session&)>& fn) {
  current_read_scope().replica = false;
  primary_.transaction(fn);
}

}  // namespace portal::db
