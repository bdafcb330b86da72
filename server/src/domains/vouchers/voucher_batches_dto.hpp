#pragma once
// Voucher batches as the console's answers (and the audit log's before and
// after): domain records to the described wire shapes of voucher_batches_types.hpp.
#include <string>
#include <vector>

#include "core/csv.hpp"
#include "domains/vouchers/voucher_batches_types.hpp"

namespace portal::vouchers {

inline VoucherBatchDto batch_dto(const Batch& b) {
  VoucherBatchDto d;
  d.id = b.id;
  d.typeId = b.subscription_type_id;
  d.typeName = b.type_name;
  d.productId = b.product_id;
  if (b.product_id) d.productTitle = b.product_title;
  d.periods = b.periods;
  d.count = b.count;
  d.validFrom = b.valid_from;
  d.validUntil = b.valid_until;
  d.note = b.note;
  d.source = b.source;
  d.createdBy = b.created_by;
  d.createdByEmail = b.created_by_email;
  d.createdAt = b.created_at;
  d.voidedAt = b.voided_at;
  d.voidedBy = b.voided_by;
  d.minted = b.minted;
  d.redeemed = b.redeemed;
  d.voided = b.voided;
  d.open = b.open;
  d.expired = std::max<std::int64_t>(0, b.minted - b.redeemed - b.voided - b.open);
  return d;
}

inline VoucherCodeDto code_dto(const CodeView& v) {
  return {v.id,         v.hint,       v.state,    v.subscription_type_id, v.product_id,  v.periods,
          v.valid_from, v.valid_until, v.created_at, v.batch_id,          v.batch_note,  v.order_id,
          v.redeemed_at, v.customer_id, v.customer, v.subscription_id,   v.voided_at,   v.voided_by};
}

inline VoucherRedemptionPageDto redemptions_dto(const RedemptionPage& p) {
  VoucherRedemptionPageDto d;
  for (const auto& r : p.items) d.items.push_back({r.code_id, r.hint, r.redeemed_at, r.customer_id, r.customer, r.subscription_id});
  d.total = p.total;
  d.page = p.paging.page;
  d.size = p.paging.size;
  return d;
}

// The CSV of a freshly minted batch (core/csv.hpp): one row per code (the codes hold only A-Z and 2-9).
inline std::string minted_csv(const Batch& b, const std::vector<std::string>& codes) {
  using core::csv_cell;
  std::string out = "code,batchId,typeId,productId,validFrom,validUntil,note\r\n";
  const std::string rest = "," + csv_cell(b.id) + "," + std::to_string(b.subscription_type_id) + "," +
                           (b.product_id ? std::to_string(*b.product_id) : std::string()) + "," + csv_cell(b.valid_from) +
                           "," + csv_cell(b.valid_until) + "," + csv_cell(b.note) + "\r\n";
  for (const auto& c : codes) out += c + rest;
  return out;
}

}  // namespace portal::vouchers
