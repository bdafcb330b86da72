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

namespace {

// The statements of one state's list (voucher_sql.hpp "A batch's codes"), and whether they take `now` as $3.
struct CodeStatements {
  std::string_view page, count, ids;
  bool at_now = false;
};

CodeStatements code_statements(const std::string& state) {
  if (state == "open") return {sql::kBatchCodesOpen, sql::kBatchCodeCountOpen, sql::kBatchCodeIdsOpen, true};
  if (state == "expired") return {sql::kBatchCodesExpired, sql::kBatchCodeCountExpired, sql::kBatchCodeIdsExpired, true};
  if (state == "redeemed") return {sql::kBatchCodesRedeemed, sql::kBatchCodeCountRedeemed, sql::kBatchCodeIdsRedeemed};
  if (state == "voided") return {sql::kBatchCodesVoided, sql::kBatchCodeCountVoided, sql::kBatchCodeIdsVoided};
  return {sql::kBatchCodesAll, sql::kBatchCodeCountAll, sql::kBatchCodeIdsAll};
}

}  // namespace

std::pair<std::vector<CodeRecord>, std::int64_t> VouchersRepository::batch_codes(std::int64_t tenant_id,
                                                                                 const std::string& batch_id,
                                                                                 const std::string& state,
                                                                                 const std::string& now,
                                                                                 const Paging& paging) {
  const auto st = code_statements(state);
  std::vector<db::Value> head{tenant_id, batch_id};
  if (st.at_now) head.emplace_back(now);
  auto page = head;
  page.emplace_back(paging.size);
  page.emplace_back((paging.page - 1) * paging.size);
  std::vector<CodeRecord> items;
  for (const auto& row : db_.query(st.page, page)) items.push_back(to_code(row));
  const auto total = db::read_value<std::int64_t>(db_.query(st.count, head)).value_or(0);
  return {std::move(items), total};
}

std::vector<std::string> VouchersRepository::batch_code_ids(std::int64_t tenant_id, const std::string& batch_id,
                                                            const std::string& state, const std::string& now,
                                                            std::int64_t limit) {
  const auto st = code_statements(state);
  std::vector<db::Value> params{tenant_id, batch_id};
  if (st.at_now) params.emplace_back(now);
  params.emplace_back(limit);
  return db::read_values<std::string>(db_.query(st.ids, params));
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
