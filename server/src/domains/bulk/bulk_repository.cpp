#include "domains/bulk/bulk_repository.hpp"

#include "db/row_batch.hpp"
#include "db/row_reads.hpp"
#include "domains/bulk/bulk_sql.hpp"

namespace portal::bulk {

PORTAL_ROW_READS(Job, sql::kJob);
PORTAL_ROW_READS(Job, sql::kOpen);
PORTAL_ROW_READS(Item, sql::kPending);
PORTAL_ROW_READS(Failure, sql::kFailures);

void BulkRepository::insert(db::Session& s, const Job& j, const std::vector<std::string>& targets) {
  s.execute(sql::kInsertJob, {j.tenant_id, j.id, j.kind, j.action, j.params, j.total, j.actor_id, j.actor_email,
                              j.actor_role, j.call, j.client_address, j.request_id, j.created_at});
  db::RowBatch items(s, sql::kInsertItem);
  std::int64_t position = 0;
  for (const auto& t : targets) items.add({j.id, position++, j.tenant_id, t});
  items.flush();
}

std::optional<Job> BulkRepository::find(std::int64_t tenant_id, const std::string& id) {
  return db::read_first<Job>(db_.query(sql::kJob, {tenant_id, id}));
}

std::vector<Failure> BulkRepository::failures(std::int64_t tenant_id, const std::string& id, std::int64_t limit) {
  return db::read_rows<Failure>(db_.query(sql::kFailures, {tenant_id, id, limit}));
}

std::vector<Job> BulkRepository::open(const std::string& now, std::int64_t limit) {
  return db::read_rows<Job>(db_.query(sql::kOpen, {now, limit}));
}

bool BulkRepository::claim(std::int64_t tenant_id, const std::string& id, const std::string& holder,
                           const std::string& now, const std::string& until) {
  return db_.execute(sql::kClaim, {tenant_id, id, now, until, holder}) == 1;
}

bool BulkRepository::renew(std::int64_t tenant_id, const std::string& id, const std::string& holder,
                           const std::string& until) {
  return db_.execute(sql::kRenew, {tenant_id, id, holder, until}) == 1;
}

void BulkRepository::release(std::int64_t tenant_id, const std::string& id, const std::string& holder) {
  db_.execute(sql::kRelease, {tenant_id, id, holder});
}

std::vector<Item> BulkRepository::pending(std::int64_t tenant_id, const std::string& id, std::int64_t limit) {
  return db::read_rows<Item>(db_.query(sql::kPending, {tenant_id, id, limit}));
}

bool BulkRepository::mark_done(db::Session& s, std::int64_t tenant_id, const std::string& id, std::int64_t position) {
  if (s.execute(sql::kItemDone, {tenant_id, id, position}) != 1) return false;
  s.execute(sql::kCountDone, {tenant_id, id});
  return true;
}

void BulkRepository::mark_failed(std::int64_t tenant_id, const std::string& id, std::int64_t position,
                                 const std::string& code, const std::string& reason) {
  db_.transaction([&](db::Session& s) {
    if (s.execute(sql::kItemFailed, {tenant_id, id, position, code, reason}) == 1)
      s.execute(sql::kCountFailed, {tenant_id, id});
  });
}

bool BulkRepository::finish(std::int64_t tenant_id, const std::string& id, const std::string& holder,
                            const std::string& now) {
  return db_.execute(sql::kFinish, {tenant_id, id, holder, now}) == 1;
}

}  // namespace portal::bulk
