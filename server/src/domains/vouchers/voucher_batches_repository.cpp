// Voucher batches: the console's and issue-vouchers' minting, listing with
// counts, redemptions, and voids (vouchers_sql.hpp "batches").
#include "domains/vouchers/vouchers_repository.hpp"
#include "domains/vouchers/vouchers_sql.hpp"

namespace portal::vouchers {

namespace {

db::Value opt(const std::optional<std::int64_t>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

Batch to_batch(const db::Row& row) {
  Batch b;
  b.id = row.text(0);
  b.subscription_type_id = row.integer(1);
  if (!row.is_null(2)) b.product_id = row.integer(2);
  b.periods = static_cast<int>(row.integer(3));
  b.count = row.integer(4);
  b.valid_from = row.text(5);
  b.valid_until = row.text(6);
  b.note = row.text(7);
  b.source = row.text(8);
  b.created_by = row.text(9);
  b.created_by_email = row.text(10);
  b.created_at = row.text(11);
  b.voided_at = row.optional_text(12);
  b.voided_by = row.optional_text(13);
  b.minted = row.integer(14);
  b.redeemed = row.integer(15);
  b.voided = row.integer(16);
  b.open = row.integer(17);
  return b;
}

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
  for (const auto& row : db_.query(sql::kBatchPage, {tenant_id, now, paging.size, (paging.page - 1) * paging.size}))
    out.items.push_back(to_batch(row));
  auto rows = db_.query(sql::kBatchCount, {tenant_id});
  out.total = rows.empty() ? 0 : rows[0].integer(0);
  return out;
}

std::optional<Batch> VouchersRepository::batch(std::int64_t tenant_id, const std::string& id, const std::string& now) {
  auto rows = db_.query(sql::kBatch, {tenant_id, now, id});
  if (rows.empty()) return std::nullopt;
  return to_batch(rows[0]);
}

std::optional<Batch> VouchersRepository::batch(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                               const std::string& now) {
  auto rows = s.query(sql::kBatch, {tenant_id, now, id});
  if (rows.empty()) return std::nullopt;
  return to_batch(rows[0]);
}

RedemptionPage VouchersRepository::redemptions(std::int64_t tenant_id, const std::string& batch_id,
                                               const Paging& paging) {
  RedemptionPage out;
  out.paging = paging;
  for (const auto& row :
       db_.query(sql::kRedemptionPage, {tenant_id, batch_id, paging.size, (paging.page - 1) * paging.size})) {
    Redemption r;
    r.code_id = row.text(0);
    r.hint = row.text(1);
    r.redeemed_at = row.text(2);
    r.customer_id = row.optional_text(3).value_or("");
    r.subscription_id = row.optional_text(4).value_or("");
    out.items.push_back(std::move(r));
  }
  auto rows = db_.query(sql::kRedemptionCount, {tenant_id, batch_id});
  out.total = rows.empty() ? 0 : rows[0].integer(0);
  return out;
}

std::optional<CodeRecord> VouchersRepository::code_by_id(db::Session& s, std::int64_t tenant_id,
                                                         const std::string& id) {
  auto rows = s.query(sql::kCodeById, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return to_code(rows[0]);
}

std::optional<std::string> VouchersRepository::batch_note(std::int64_t tenant_id, const std::string& batch_id) {
  auto rows = db_.query(sql::kBatchNote, {tenant_id, batch_id});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
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

}  // namespace portal::vouchers
