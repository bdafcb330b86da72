#pragma once
// Payments SQL. Tenant first ($1) except the scheduler's and the webhook's
// look-ups by a global payment id or due time; those read tenant_id from the row.
#include <string_view>

namespace portal::payments::sql {

// The claim: fails with a constraint error while another charge of the same
// purpose and reference is in flight, pending or succeeded, or one with the
// same exclusive key ($10, may be NULL) is in flight.
inline constexpr std::string_view kClaim =
    "INSERT INTO payments (id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount, currency, status, "
    "created_at, updated_at, exclusive_key, lease_holder, lease_until) "
    "VALUES ($2, $1, $3, $4, $5, $6, '', $7, $8, 'PROCESSING', $9, $9, $10, $11, $12)";
// A charge as kClaim and kFinish leave it, at past times (the synthetic activity, docs/operations.md), with
// what its refunds reserved: PaymentsRepository::insert_past.
inline constexpr std::string_view kInsertPastPayment =
    "INSERT INTO payments (id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount, currency, status, "
    "created_at, updated_at, exclusive_key, refunded) VALUES ($2, $1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)";
// A charge's lease (migration 0050): its holder's heartbeat moves it on while the charge is in flight.
inline constexpr std::string_view kRenewLease =
    "UPDATE payments SET lease_until = $3 WHERE id = $1 AND lease_holder = $2 AND status = 'PROCESSING'";
inline constexpr std::string_view kLapsed =
    "SELECT id FROM payments WHERE status = 'PROCESSING' "
    "AND (lease_until < $1 OR (lease_until IS NULL AND updated_at < $2)) ORDER BY created_at LIMIT 50";
inline constexpr std::string_view kTakeOver =
    "UPDATE payments SET lease_holder = $2, lease_until = $5 WHERE id = $1 AND status = 'PROCESSING' "
    "AND (lease_until < $3 OR (lease_until IS NULL AND updated_at < $4))";
#define PORTAL_PAYMENT_COLUMNS                                                                                  \
  "id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount, currency, status, settle_at, " \
  "created_at, refunded, provider_ref, provider_url"
// The charge holding an exclusive key (being made or settled), if any.
inline constexpr std::string_view kHolder =
    "SELECT " PORTAL_PAYMENT_COLUMNS " FROM payments WHERE tenant_id = $1 AND user_uuid = $2 AND exclusive_key = $3 "
    "AND status = 'PROCESSING'";
inline constexpr std::string_view kLiveByReference =
    "SELECT id, status FROM payments WHERE tenant_id = $1 AND purpose = $2 AND reference = $3 "
    "AND status IN ('PROCESSING', 'PENDING', 'SUCCEEDED')";
inline constexpr std::string_view kFinish =
    "UPDATE payments SET status = $3, instrument = $4, settle_at = $5, settle_outcome = $6, updated_at = $7, "
    "provider_ref = $8, provider_url = $9 WHERE tenant_id = $1 AND id = $2 AND status = 'PROCESSING'";
// A claimed charge whose outcome could not be recorded: out of the unique index.
inline constexpr std::string_view kAbandon =
    "UPDATE payments SET status = 'DECLINED', instrument = 'abandoned', updated_at = $3 "
    "WHERE tenant_id = $1 AND id = $2 AND status = 'PROCESSING'";
// A charge in flight its provider took and refunded in full before anything was recorded (a crash in between,
// taken over): what it was, SUCCEEDED, with the refund's reservation ($5), so the day's figures net to nothing.
inline constexpr std::string_view kReturned =
    "UPDATE payments SET status = 'SUCCEEDED', instrument = $3, provider_ref = COALESCE($4, provider_ref), "
    "refunded = $5, updated_at = $6 WHERE tenant_id = $1 AND id = $2 AND status = 'PROCESSING'";
inline constexpr std::string_view kById =
    "SELECT " PORTAL_PAYMENT_COLUMNS " FROM payments WHERE id = $1";
inline constexpr std::string_view kByReference =
    "SELECT " PORTAL_PAYMENT_COLUMNS " FROM payments WHERE tenant_id = $1 AND purpose = $2 AND reference = $3 "
    "ORDER BY created_at, id";
// A pending charge its provider still holds pending when asked: looked at again later (PaymentsService::settle_due).
inline constexpr std::string_view kPostponePending =
    "UPDATE payments SET settle_at = $2 WHERE id = $1 AND status = 'PENDING'";
inline constexpr std::string_view kDuePending =
    "SELECT id, settle_outcome FROM payments WHERE status = 'PENDING' AND settle_at <= $1 ORDER BY settle_at LIMIT 200";
// Whoever changes the row from PENDING settles it; a second settle changes
// nothing. A success passes through PROCESSING first, so that it holds the
// payment's exclusive key while its effect is written (a constraint error
// while another charge holding the key is in flight).
inline constexpr std::string_view kHoldToSettle =
    "UPDATE payments SET status = 'PROCESSING', updated_at = $2 WHERE id = $1 AND status = 'PENDING'";
inline constexpr std::string_view kSettle =
    "UPDATE payments SET status = $2, updated_at = $3 WHERE id = $1 AND status = $4";

inline constexpr std::string_view kSaveMethod =
    "INSERT INTO payment_methods (id, tenant_id, user_uuid, provider, token, label, created_at) "
    "VALUES ($2, $1, $3, $4, $5, $6, $7) ON CONFLICT (tenant_id, user_uuid, provider) "
    "DO UPDATE SET token = excluded.token, label = excluded.label RETURNING id";
// A saved method with the id it was given (PaymentsRepository::insert_past_method).
inline constexpr std::string_view kInsertPastMethod =
    "INSERT INTO payment_methods (id, tenant_id, user_uuid, provider, token, label, created_at) "
    "VALUES ($2, $1, $3, $4, $5, $6, $7)";
#define PORTAL_METHOD_COLUMNS "id, provider, token, label"
inline constexpr std::string_view kMethodFor =
    "SELECT " PORTAL_METHOD_COLUMNS " FROM payment_methods WHERE tenant_id = $1 AND user_uuid = $2 AND provider = $3";
inline constexpr std::string_view kMethodById =
    "SELECT " PORTAL_METHOD_COLUMNS " FROM payment_methods WHERE tenant_id = $1 AND id = $2";

inline constexpr std::string_view kInsertPin =
    "INSERT INTO payment_pin_challenges (id, tenant_id, user_uuid, reference, msisdn, pin_hash, tries_left, expires_at, "
    "created_at) VALUES ($2, $1, $3, $4, $5, $6, $7, $8, $9)";
inline constexpr std::string_view kLatestPin =
    "SELECT id, msisdn, pin_hash, tries_left, expires_at FROM payment_pin_challenges "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND reference = $3 AND used_at IS NULL "
    "ORDER BY created_at DESC, id DESC LIMIT 1";
inline constexpr std::string_view kSpendTry =
    "UPDATE payment_pin_challenges SET tries_left = tries_left - 1 "
    "WHERE tenant_id = $1 AND id = $2 AND tries_left > 0 AND used_at IS NULL";
inline constexpr std::string_view kUsePin =
    "UPDATE payment_pin_challenges SET used_at = $3 WHERE tenant_id = $1 AND id = $2 AND used_at IS NULL";
inline constexpr std::string_view kRetirePins =
    "UPDATE payment_pin_challenges SET used_at = $4 WHERE tenant_id = $1 AND user_uuid = $2 AND reference = $3 "
    "AND used_at IS NULL";

// ---- refunds (migration 0038)
// The reservation: one conditional UPDATE, so nothing refunds more than was
// paid, twice or concurrently. $3 > 0. 0 rows: not SUCCEEDED, or too much.
inline constexpr std::string_view kReserveRefund =
    "UPDATE payments SET refunded = refunded + $3 WHERE tenant_id = $1 AND id = $2 AND status = 'SUCCEEDED' "
    "AND refunded + $3 <= amount";
// A failed refund gives its reservation back.
inline constexpr std::string_view kReleaseRefund =
    "UPDATE payments SET refunded = refunded - $3 WHERE tenant_id = $1 AND id = $2 AND refunded >= $3";
#define PORTAL_REFUND_COLUMNS \
  "id, tenant_id, payment_id, amount, currency, status, reason, staff_id, keep_plan, settle_at, created_at, settled_at"
inline constexpr std::string_view kInsertRefund =
    "INSERT INTO payment_refunds (id, tenant_id, payment_id, amount, currency, status, reason, staff_id, keep_plan, "
    "created_at) VALUES ($2, $1, $3, $4, $5, 'PENDING', $6, $7, $8, $9)";
// A refund as kInsertRefund and kFinishRefund leave it (PaymentsRepository::insert_past_refund).
inline constexpr std::string_view kInsertPastRefund =
    "INSERT INTO payment_refunds (id, tenant_id, payment_id, amount, currency, status, reason, staff_id, keep_plan, "
    "created_at, settled_at) VALUES ($2, $1, $3, $4, $5, $6, $7, $8, $9, $10, $11)";
// Whoever changes the row from PENDING decides its outcome.
inline constexpr std::string_view kFinishRefund =
    "UPDATE payment_refunds SET status = $3, settle_at = $4, settle_outcome = $5, settled_at = $6 "
    "WHERE tenant_id = $1 AND id = $2 AND status = 'PENDING'";
// A refund the provider failed after it had succeeded (its bank sent the money back): settled_at moves to now, so
// the reports refresh its day.
inline constexpr std::string_view kReverseRefund =
    "UPDATE payment_refunds SET status = 'FAILED', settled_at = $3 WHERE tenant_id = $1 AND id = $2 "
    "AND status = 'SUCCEEDED'";
inline constexpr std::string_view kPendRefund =
    "UPDATE payment_refunds SET settle_at = $3, settle_outcome = $4 WHERE tenant_id = $1 AND id = $2 "
    "AND status = 'PENDING'";
inline constexpr std::string_view kRefundById =
    "SELECT " PORTAL_REFUND_COLUMNS " FROM payment_refunds WHERE id = $1";
inline constexpr std::string_view kRefundsOfPayment =
    "SELECT " PORTAL_REFUND_COLUMNS " FROM payment_refunds WHERE tenant_id = $1 AND payment_id = $2 ORDER BY created_at, id";
inline constexpr std::string_view kDueRefunds =
    "SELECT id, settle_outcome FROM payment_refunds WHERE status = 'PENDING' AND settle_at IS NOT NULL "
    "AND settle_at <= $1 ORDER BY settle_at LIMIT 200";

// ---- a provider's own names and events (migration 0053)
inline constexpr std::string_view kByProviderRef =
    "SELECT " PORTAL_PAYMENT_COLUMNS " FROM payments WHERE tenant_id = $1 AND provider = $2 AND provider_ref = $3";
inline constexpr std::string_view kSetProviderDetails =
    "UPDATE payments SET provider_ref = $2, instrument = $3, provider_url = NULL WHERE id = $1";
inline constexpr std::string_view kEventSeen =
    "SELECT event_id FROM payment_events WHERE tenant_id = $1 AND provider = $2 AND event_id = $3";
inline constexpr std::string_view kRecordEvent =
    "INSERT INTO payment_events (tenant_id, provider, event_id, type, received_at) VALUES ($1, $2, $3, $4, $5) "
    "ON CONFLICT (tenant_id, provider, event_id) DO NOTHING";
#define PORTAL_DISPUTE_COLUMNS "id, tenant_id, payment_id, provider, amount, currency, reason, status, created_at, updated_at"
inline constexpr std::string_view kUpsertDispute =
    "INSERT INTO payment_disputes (" PORTAL_DISPUTE_COLUMNS ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) "
    "ON CONFLICT (id) DO UPDATE SET status = excluded.status, reason = excluded.reason, updated_at = excluded.updated_at";
inline constexpr std::string_view kDisputesOf =
    "SELECT " PORTAL_DISPUTE_COLUMNS " FROM payment_disputes WHERE tenant_id = $1 AND payment_id = $2 ORDER BY created_at";

}  // namespace portal::payments::sql
