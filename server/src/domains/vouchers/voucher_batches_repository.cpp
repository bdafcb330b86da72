// Voucher batches: the console's and issue-vouchers' minting, listing with
// counts, redemptions, and voids (vouchers_sql.hpp "batches").
#include "domains/vouchers/vouchers_repository.hpp"

#include <boost/describe/class.hpp>

#include "db/row_reads.hpp"
#include "domains/vouchers/vouchers_sql.hpp"

namespace portal::vouchers {

// The stored columns (type_name and product_title come from the service; customer too).
BOOST_DESCRIBE_STRUCT(Batch, (), (id, subscription_type_id, product_id, periods, count, valid_from, valid_until, note,
                                  source, created_by, created_by_email, created_at, voided_at, voided_by, minted,
                                  redeemed, voided, open))
BOOST_DESCRIBE_STRUCT(Redemption, (), (code_id, hint, redeemed_at, customer_id, subscription_id))

namespace {

db::Value opt(const std::optional<std::int64_t>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

std::vector<db::Value> batch_values(std::int64_t tenant_id, const Batch& b) {
  return {tenant_id,  b.id,     b.subscription_type_id, opt(b.product_id), static_cast<std::int64_t>(b.periods),
          b.count,    b.valid_from, b.valid_until,      b.note,            b.source,
          b.created_by, b.created_by_email, b.created_at};
}

}  // namespace

void VouchersRepository::insert_batch(db::Session& s, std::int64_t tenant_id, const Batch& b) {
  s.execute(sql::kInsertBatch, batch_values(tenant_id, b));
}

void VouchersRepository::ensure_batch(std::int64_t tenant_id, const Batch& b) {
  db_.execute(sql::kEnsureBatch, batch_values(tenant_id, b));
}

void VouchersRepository::count_batch_codes(std::int64_t tenant_id, const std::string& batch_id) {
  db_.execute(sql::kCountBatchCodes, {tenant_id, batch_id});
}

BatchPage VouchersRepository::batches(std::int64_t tenant_id, const Paging& paging, const std::string& now) {
  BatchPage out;
  out.paging = paging;
  out.items = db::read_rows<Batch>(
      db_.query(sql::kBatchPage, {tenant_id, now, paging.size, (paging.page - 1) * paging.size}));
  out.total = db::read_value<std::int64_t>(db_.query(sql::kBatchCount, {tenant_id})).value_or(0);
  return out;
}

std::optional<Batch> VouchersRepository::batch(std::int64_t tenant_id, const std::string& id, const std::string& now) {
  return db::read_first<Batch>(db_.query(sql::kBatch, {tenant_id, now, id}));
}

std::optional<Batch> VouchersRepository::batch(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                               const std::string& now) {
  return db::read_first<Batch>(s.query(sql::kBatch, {tenant_id, now, id}));
}

RedemptionPage VouchersRepository::redemptions(std::int64_t tenant_id, const std::string& batch_id,
                                               const Paging& paging) {
  RedemptionPage out;
  out.paging = paging;
  out.items = db::read_rows<Redemption>(
      db_.query(sql::kRedemptionPage, {tenant_id, batch_id, paging.size, (paging.page - 1) * paging.size}));
  out.total = db::read_value<std::int64_t>(db_.query(sql::kRedemptionCount, {tenant_id, batch_id})).value_or(0);
  return out;
}

std::optional<CodeRecord> VouchersRepository::code_by_id(db::Session& s, std::int64_t tenant_id,
                                                         const std::string& id) {
  auto rows = s.query(sql::kCodeById, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return to_code(rows[0]);
}

std::optional<std::string> VouchersRepository::batch_note(std::int64_t tenant_id, const std::string& batch_id) {
  return db::read_value<std::string>(db_.query(sql::kBatchNote, {tenant_id, batch_id}));
}

bool VouchersRepository::void_code_by(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                      const std::string& now, const std::string& by) {
  return s.execute(sql::kVoidCodeBy, {tenant_id, id, now, by}) == 1;
}

std::pair<bool, std::int64_t> VouchersRepository::void_batch(db::Session& s, std::int64_t tenant_id,
                                                             const std::string& id, const std::string& now,
                                                             const std::string& by) {
  const bool marked = s.execute(sql::kVoidBatch, {tenant_id, id, now, by}) == 1;
  const std::int64_t codes = s.execute(sql::kVoidBatchCodes, {tenant_id, id, now, by});
  return {marked, codes};
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(Batch, sql::kBatchPage);
PORTAL_ROW_READS(Batch, sql::kBatch);
PORTAL_ROW_READS(Redemption, sql::kRedemptionPage);
}  // namespace portal::vouchers
