#pragma once
// The voucher statements. Every one filters by tenant_id ($1), except the
// scheduler's scan of unfulfilled orders and the hosted checkout's order by id
// (its uuid is the capability; the tenant comes from the row).
#include <string_view>

namespace portal::vouchers::sql {

// ---- codes
inline constexpr std::string_view kInsertCode =
    "INSERT INTO voucher_codes (tenant_id, id, code_hash, subscription_type_id, product_id, order_id, owner_uuid, hint, "
    "valid_until, created_at, periods) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";
#define PORTAL_CODE_COLUMNS                                                                                   \
  "id, subscription_type_id, product_id, order_id, owner_uuid, hint, valid_until, redeemed_at, voided_at, periods"
inline constexpr std::string_view kCodeByHash =
    "SELECT " PORTAL_CODE_COLUMNS " FROM voucher_codes WHERE tenant_id = $1 AND code_hash = $2";
// The redemption itself: only a live code moves, so of simultaneous attempts
// exactly one sees a row ($3 now, $4 user, $5 the subscription it grants).
inline constexpr std::string_view kRedeem =
    "UPDATE voucher_codes SET redeemed_at = $3, redeemed_by = $4, subscription_id = $5 WHERE tenant_id = $1 "
    "AND code_hash = $2 AND redeemed_at IS NULL AND voided_at IS NULL AND valid_until > $3";
// A redemption that lengthened a held subscription names that one instead.
inline constexpr std::string_view kLinkSubscription =
    "UPDATE voucher_codes SET subscription_id = $3 WHERE tenant_id = $1 AND code_hash = $2";
// The buyer's live codes of one product (resend replaces them).
inline constexpr std::string_view kLiveCodesOf =
    "SELECT " PORTAL_CODE_COLUMNS " FROM voucher_codes WHERE tenant_id = $1 AND owner_uuid = $2 AND product_id = $3 "
    "AND redeemed_at IS NULL AND voided_at IS NULL AND valid_until > $4 ORDER BY created_at, id";
inline constexpr std::string_view kVoidCode =
    "UPDATE voucher_codes SET voided_at = $3 WHERE tenant_id = $1 AND id = $2 AND redeemed_at IS NULL "
    "AND voided_at IS NULL";
#undef PORTAL_CODE_COLUMNS

// ---- attempts
inline constexpr std::string_view kInsertAttempt =
    "INSERT INTO voucher_attempts (tenant_id, scope, subject, at) VALUES ($1, $2, $3, $4)";
inline constexpr std::string_view kAttemptsSince =
    "SELECT COUNT(*), MIN(at) FROM voucher_attempts WHERE tenant_id = $1 AND scope = $2 AND subject = $3 AND at >= $4";
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
#define PORTAL_ORDER_COLUMNS                                                                                     \
  "tenant_id, id, user_uuid, source, status, items, amount, currency, lang, redirect, reserved, payment_id, " \
  "fulfilled_at, expires_at, created_at"
inline constexpr std::string_view kOrder =
    "SELECT " PORTAL_ORDER_COLUMNS " FROM voucher_orders WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kOrderById = "SELECT " PORTAL_ORDER_COLUMNS " FROM voucher_orders WHERE id = $1";
inline constexpr std::string_view kUnfulfilled =
    "SELECT " PORTAL_ORDER_COLUMNS " FROM voucher_orders WHERE status = 'PAID' AND fulfilled_at IS NULL "
    "ORDER BY updated_at LIMIT 100";
#undef PORTAL_ORDER_COLUMNS
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
inline constexpr std::string_view kExpireOpen =
    "UPDATE voucher_orders SET status = 'EXPIRED', updated_at = $2 WHERE tenant_id = $1 AND status = 'OPEN' "
    "AND expires_at <= $2";

}  // namespace portal::vouchers::sql
