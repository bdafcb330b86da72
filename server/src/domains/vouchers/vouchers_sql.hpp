#pragma once
// The voucher statements. Every one filters by tenant_id ($1), except the
// scheduler's scan of unfulfilled orders and the hosted checkout's order by id
// (its uuid is the capability; the tenant comes from the row).
#include <string_view>

namespace portal::vouchers::sql {

// ---- codes
inline constexpr std::string_view kInsertCode =
    "INSERT INTO voucher_codes (tenant_id, id, code_hash, subscription_type_id, product_id, order_id, owner_uuid, hint, "
    "valid_until, created_at, periods, batch_id, valid_from) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";
#define PORTAL_CODE_COLUMNS                                                                                   \
  "id, subscription_type_id, product_id, order_id, owner_uuid, hint, valid_until, redeemed_at, voided_at, periods, " \
  "batch_id, valid_from, voided_by, redeemed_by, subscription_id, created_at"
inline constexpr std::string_view kCodeByHash =
    "SELECT " PORTAL_CODE_COLUMNS " FROM voucher_codes WHERE tenant_id = $1 AND code_hash = $2";
// The redemption itself: only a live code moves, so of simultaneous attempts
// exactly one sees a row ($3 now, $4 user, $5 the subscription it grants).
inline constexpr std::string_view kRedeem =
    "UPDATE voucher_codes SET redeemed_at = $3, redeemed_by = $4, subscription_id = $5 WHERE tenant_id = $1 "
    "AND code_hash = $2 AND redeemed_at IS NULL AND voided_at IS NULL AND valid_until > $3 "
    "AND (valid_from IS NULL OR valid_from <= $3)";
// A redemption that lengthened a held subscription names that one instead.
inline constexpr std::string_view kLinkSubscription =
    "UPDATE voucher_codes SET subscription_id = $3 WHERE tenant_id = $1 AND code_hash = $2";
// The buyer's live codes of one product (resend replaces them).
inline constexpr std::string_view kLiveCodesOf =
    "SELECT " PORTAL_CODE_COLUMNS " FROM voucher_codes WHERE tenant_id = $1 AND owner_uuid = $2 AND product_id = $3 "
    "AND redeemed_at IS NULL AND voided_at IS NULL AND valid_until > $4 ORDER BY created_at, id";
inline constexpr std::string_view kLiveCodeCount =
    "SELECT COUNT(*) FROM voucher_codes WHERE tenant_id = $1 AND owner_uuid = $2 AND product_id = $3 "
    "AND redeemed_at IS NULL AND voided_at IS NULL AND valid_until > $4";
inline constexpr std::string_view kVoidCode =
    "UPDATE voucher_codes SET voided_at = $3 WHERE tenant_id = $1 AND id = $2 AND redeemed_at IS NULL "
    "AND voided_at IS NULL";
// An order's codes (a refund's preview and check; resends keep the order id).
inline constexpr std::string_view kOrderCodes =
    "SELECT " PORTAL_CODE_COLUMNS " FROM voucher_codes WHERE tenant_id = $1 AND order_id = $2 ORDER BY created_at, id";
// A refund voids the order's unspent codes ($3 now, $4 by): only an unspent code moves, so a
// redemption and the refund's void of one code never both succeed.
inline constexpr std::string_view kVoidOrderCodes =
    "UPDATE voucher_codes SET voided_at = $3, voided_by = $4 WHERE tenant_id = $1 AND order_id = $2 "
    "AND redeemed_at IS NULL AND voided_at IS NULL";
// A failed refund gives back the codes its reservation voided ($3 "refund:<id>"), or ($4 set) hands them to
// another refund of the order that still stands. A code redeemed since cannot have been: it was voided.
inline constexpr std::string_view kRestoreOrderCodes =
    "UPDATE voucher_codes SET voided_at = NULL, voided_by = NULL WHERE tenant_id = $1 AND order_id = $2 "
    "AND voided_by = $3 AND redeemed_at IS NULL";
inline constexpr std::string_view kHandOverOrderCodes =
    "UPDATE voucher_codes SET voided_by = $4 WHERE tenant_id = $1 AND order_id = $2 AND voided_by = $3";
// ---- batches (the console and issue-vouchers)
inline constexpr std::string_view kCodeById =
    "SELECT " PORTAL_CODE_COLUMNS " FROM voucher_codes WHERE tenant_id = $1 AND id = $2";
// An operator's void ($4 who): only an unspent code moves, so a void and a
// redemption of the same code never both succeed.
inline constexpr std::string_view kVoidCodeBy =
    "UPDATE voucher_codes SET voided_at = $3, voided_by = $4 WHERE tenant_id = $1 AND id = $2 AND redeemed_at IS NULL "
    "AND voided_at IS NULL";
inline constexpr std::string_view kVoidBatchCodes =
    "UPDATE voucher_codes SET voided_at = $3, voided_by = $4 WHERE tenant_id = $1 AND batch_id = $2 "
    "AND redeemed_at IS NULL AND voided_at IS NULL";
inline constexpr std::string_view kVoidBatch =
    "UPDATE voucher_batches SET voided_at = $3, voided_by = $4 WHERE tenant_id = $1 AND id = $2 AND voided_at IS NULL";
inline constexpr std::string_view kInsertBatch =
    "INSERT INTO voucher_batches (tenant_id, id, subscription_type_id, product_id, periods, code_count, valid_from, "
    "valid_until, note, source, created_by, created_by_email, created_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";
// The demo seed's batch of a tenant: made once, its count follows its codes.
inline constexpr std::string_view kEnsureBatch =
    "INSERT INTO voucher_batches (tenant_id, id, subscription_type_id, product_id, periods, code_count, valid_from, "
    "valid_until, note, source, created_by, created_by_email, created_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING";
inline constexpr std::string_view kCountBatchCodes =
    "UPDATE voucher_batches SET code_count = (SELECT COUNT(*) FROM voucher_codes c WHERE c.tenant_id = $1 "
    "AND c.batch_id = $2) WHERE tenant_id = $1 AND id = $2";
// A batch with its counts ($3 now: what is open has not expired).
#define PORTAL_BATCH_SELECT                                                                                             \
  "SELECT b.id, b.subscription_type_id, b.product_id, b.periods, b.code_count AS count, b.valid_from, b.valid_until, "  \
  "b.note, b.source, b.created_by, b.created_by_email, b.created_at, b.voided_at, b.voided_by, COUNT(c.id) AS minted, " \
  "COALESCE(SUM(CASE WHEN c.redeemed_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS redeemed, "                               \
  "COALESCE(SUM(CASE WHEN c.voided_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS voided, "                                   \
  "COALESCE(SUM(CASE WHEN c.redeemed_at IS NULL AND c.voided_at IS NULL AND c.valid_until > $2 THEN 1 ELSE 0 END), 0) " \
  "AS open "                                                                                                            \
  "FROM voucher_batches b LEFT JOIN voucher_codes c ON c.tenant_id = b.tenant_id AND c.batch_id = b.id "
inline constexpr std::string_view kBatchPage =
    PORTAL_BATCH_SELECT "WHERE b.tenant_id = $1 GROUP BY b.id ORDER BY b.created_at DESC, b.id DESC LIMIT $3 OFFSET $4";
inline constexpr std::string_view kBatch = PORTAL_BATCH_SELECT "WHERE b.tenant_id = $1 AND b.id = $3 GROUP BY b.id";
#undef PORTAL_BATCH_SELECT
inline constexpr std::string_view kBatchCount = "SELECT COUNT(*) FROM voucher_batches WHERE tenant_id = $1";
inline constexpr std::string_view kRedemptionPage =
    "SELECT id AS code_id, hint, redeemed_at, redeemed_by AS customer_id, subscription_id FROM voucher_codes "
    "WHERE tenant_id = $1 "
    "AND batch_id = $2 AND redeemed_at IS NOT NULL ORDER BY redeemed_at DESC, id LIMIT $3 OFFSET $4";
inline constexpr std::string_view kRedemptionCount =
    "SELECT COUNT(*) FROM voucher_codes WHERE tenant_id = $1 AND batch_id = $2 AND redeemed_at IS NOT NULL";
// A batch's codes, one statement per state (the console's list, and a bulk void's "all that match"): $1 tenant,
// $2 batch, and for open and expired $3 now (open: neither spent nor past valid_until). Pages in minting order.
#define PORTAL_BATCH_CODES(where, rest) \
  "SELECT " PORTAL_CODE_COLUMNS " FROM voucher_codes WHERE tenant_id = $1 AND batch_id = $2" where \
  " ORDER BY created_at, id " rest
#define PORTAL_BATCH_CODE_COUNT(where) "SELECT COUNT(*) FROM voucher_codes WHERE tenant_id = $1 AND batch_id = $2" where
#define PORTAL_BATCH_CODE_IDS(where, limit) \
  "SELECT id FROM voucher_codes WHERE tenant_id = $1 AND batch_id = $2" where " ORDER BY created_at, id LIMIT " limit
#define PORTAL_OPEN " AND redeemed_at IS NULL AND voided_at IS NULL AND valid_until > $3"
#define PORTAL_EXPIRED " AND redeemed_at IS NULL AND voided_at IS NULL AND valid_until <= $3"
#define PORTAL_REDEEMED " AND redeemed_at IS NOT NULL"
#define PORTAL_VOIDED " AND voided_at IS NOT NULL"
inline constexpr std::string_view kBatchCodesAll = PORTAL_BATCH_CODES("", "LIMIT $3 OFFSET $4");
inline constexpr std::string_view kBatchCodesOpen = PORTAL_BATCH_CODES(PORTAL_OPEN, "LIMIT $4 OFFSET $5");
inline constexpr std::string_view kBatchCodesExpired = PORTAL_BATCH_CODES(PORTAL_EXPIRED, "LIMIT $4 OFFSET $5");
inline constexpr std::string_view kBatchCodesRedeemed = PORTAL_BATCH_CODES(PORTAL_REDEEMED, "LIMIT $3 OFFSET $4");
inline constexpr std::string_view kBatchCodesVoided = PORTAL_BATCH_CODES(PORTAL_VOIDED, "LIMIT $3 OFFSET $4");
inline constexpr std::string_view kBatchCodeCountAll = PORTAL_BATCH_CODE_COUNT("");
inline constexpr std::string_view kBatchCodeCountOpen = PORTAL_BATCH_CODE_COUNT(PORTAL_OPEN);
inline constexpr std::string_view kBatchCodeCountExpired = PORTAL_BATCH_CODE_COUNT(PORTAL_EXPIRED);
inline constexpr std::string_view kBatchCodeCountRedeemed = PORTAL_BATCH_CODE_COUNT(PORTAL_REDEEMED);
inline constexpr std::string_view kBatchCodeCountVoided = PORTAL_BATCH_CODE_COUNT(PORTAL_VOIDED);
inline constexpr std::string_view kBatchCodeIdsAll = PORTAL_BATCH_CODE_IDS("", "$3");
inline constexpr std::string_view kBatchCodeIdsOpen = PORTAL_BATCH_CODE_IDS(PORTAL_OPEN, "$4");
inline constexpr std::string_view kBatchCodeIdsExpired = PORTAL_BATCH_CODE_IDS(PORTAL_EXPIRED, "$4");
inline constexpr std::string_view kBatchCodeIdsRedeemed = PORTAL_BATCH_CODE_IDS(PORTAL_REDEEMED, "$3");
inline constexpr std::string_view kBatchCodeIdsVoided = PORTAL_BATCH_CODE_IDS(PORTAL_VOIDED, "$3");
#undef PORTAL_OPEN
#undef PORTAL_EXPIRED
#undef PORTAL_REDEEMED
#undef PORTAL_VOIDED
#undef PORTAL_BATCH_CODES
#undef PORTAL_BATCH_CODE_COUNT
#undef PORTAL_BATCH_CODE_IDS
inline constexpr std::string_view kBatchNote = "SELECT note FROM voucher_batches WHERE tenant_id = $1 AND id = $2";

// ---- attempts
inline constexpr std::string_view kInsertAttempt =
    "INSERT INTO voucher_attempts (tenant_id, scope, subject, at) VALUES ($1, $2, $3, $4)";
inline constexpr std::string_view kAttemptsSince =
    "SELECT COUNT(*) AS count, MIN(at) AS first_at FROM voucher_attempts "
    "WHERE tenant_id = $1 AND scope = $2 AND subject = $3 AND at >= $4";
inline constexpr std::string_view kPruneAttempts = "DELETE FROM voucher_attempts WHERE tenant_id = $1 AND at < $2";

// ---- stock
inline constexpr std::string_view kEnsureStock =
    "INSERT INTO voucher_stock (tenant_id, product_id, available, updated_at) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT (tenant_id, product_id) DO NOTHING";
inline constexpr std::string_view kStock =
    "SELECT available FROM voucher_stock WHERE tenant_id = $1 AND product_id = $2";
// Takes $3 units only while that many are left.
inline constexpr std::string_view kTakeStock =
    "UPDATE voucher_stock SET available = available - $3, updated_at = $4 WHERE tenant_id = $1 AND product_id = $2 "
    "AND available >= $3";
inline constexpr std::string_view kReturnStock =
    "UPDATE voucher_stock SET available = available + $3, updated_at = $4 WHERE tenant_id = $1 AND product_id = $2";

// ---- orders
inline constexpr std::string_view kInsertOrder =
    "INSERT INTO voucher_orders (tenant_id, id, user_uuid, source, status, items, amount, currency, lang, redirect, "
    "expires_at, created_at, updated_at) VALUES ($1, $2, $3, $4, 'OPEN', $5, $6, $7, $8, $9, $10, $11, $11)";
// An order as it ended (reserved, paid, fulfilled), at past times (VouchersRepository::insert_past_order).
inline constexpr std::string_view kInsertPastOrder =
    "INSERT INTO voucher_orders (tenant_id, id, user_uuid, source, status, items, amount, currency, lang, redirect, "
    "reserved, payment_id, fulfilled_at, expires_at, created_at, updated_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)";
#define PORTAL_ORDER_COLUMNS                                                                                     \
  "tenant_id, id, user_uuid, source, status, items, amount, currency, lang, redirect, reserved, payment_id, " \
  "fulfilled_at, expires_at, created_at"
inline constexpr std::string_view kOrder =
    "SELECT " PORTAL_ORDER_COLUMNS " FROM voucher_orders WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kOrderById = "SELECT " PORTAL_ORDER_COLUMNS " FROM voucher_orders WHERE id = $1";
inline constexpr std::string_view kUnfulfilled =
    "SELECT " PORTAL_ORDER_COLUMNS " FROM voucher_orders WHERE status = 'PAID' AND fulfilled_at IS NULL "
    "ORDER BY updated_at LIMIT 100";
// Moves an order from one status to another ($3 from, $4 to, $5 now, $6 payment id or NULL = keep).
inline constexpr std::string_view kSetOrderStatus =
    "UPDATE voucher_orders SET status = $4, updated_at = $5, payment_id = COALESCE($6, payment_id) "
    "WHERE tenant_id = $1 AND id = $2 AND status = $3";
inline constexpr std::string_view kSetReserved =
    "UPDATE voucher_orders SET reserved = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2 AND reserved = $5";
// Codes are issued once per order: the transaction that writes them claims this first.
inline constexpr std::string_view kClaimFulfilment =
    "UPDATE voucher_orders SET fulfilled_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2 "
    "AND status = 'PAID' AND fulfilled_at IS NULL";
// A refund reserved on a paid order not fulfilled yet holds its fulfilment ($4 "refund:<id>"): the scheduler
// issues no codes while it is asked; a failed refund lets go ($3 the holder), a standing one takes it ($5).
inline constexpr std::string_view kHoldFulfilment =
    "UPDATE voucher_orders SET fulfilled_at = $3, fulfilment_held_by = $4, updated_at = $3 WHERE tenant_id = $1 "
    "AND id = $2 AND status = 'PAID' AND fulfilled_at IS NULL";
inline constexpr std::string_view kReleaseFulfilment =
    "UPDATE voucher_orders SET fulfilled_at = NULL, fulfilment_held_by = NULL, updated_at = $4 WHERE tenant_id = $1 "
    "AND id = $2 AND fulfilment_held_by = $3";
inline constexpr std::string_view kHandOverFulfilment =
    "UPDATE voucher_orders SET fulfilment_held_by = $4 WHERE tenant_id = $1 AND id = $2 AND fulfilment_held_by = $3";
inline constexpr std::string_view kExpireOpen =
    "UPDATE voucher_orders SET status = 'EXPIRED', updated_at = $2 WHERE tenant_id = $1 AND status = 'OPEN' "
    "AND expires_at <= $2";

}  // namespace portal::vouchers::sql
