#pragma once
// The statements of the customers read model. Search: one statement per key shape, each
// answered by an index (migration 0037; customers_repository_test.cpp checks EXPLAIN QUERY
// PLAN), never an OR across keys. A statement's tenant filter is appended only when the search
// is scoped to one tenant (scoped()): the statements stay free of "($n IS NULL OR ...)".
#include <string>
#include <string_view>

namespace portal::customers::sql {

// The columns of a match: users u joined with tenants t.
inline constexpr std::string_view kMatchColumns =
    "SELECT u.uuid, u.user_id, u.email, u.msisdn, u.name, u.created_at, u.tenant_id, t.name AS tenant, u.last_name ";

inline constexpr std::string_view kByEmail =
    "FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.email = $1";
// A prefix as a range (portable, index-friendly); substr() drops what a collation lets in.
inline constexpr std::string_view kByEmailPrefix =
    "FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.email >= $1 AND u.email < $2 "
    "AND substr(u.email, 1, length($1)) = $1";
inline constexpr std::string_view kByMsisdn =
    "FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.msisdn = $1";
inline constexpr std::string_view kByUserId =
    "FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.user_id = $1";
inline constexpr std::string_view kByUuid =
    "FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.uuid = $1";
inline constexpr std::string_view kByPaymentId =
    "FROM payments p JOIN users u ON u.uuid = p.user_uuid JOIN tenants t ON t.id = u.tenant_id WHERE p.id = $1";
inline constexpr std::string_view kByPaymentReference =
    "FROM payments p JOIN users u ON u.uuid = p.user_uuid JOIN tenants t ON t.id = u.tenant_id "
    "WHERE p.reference = $1";
// A provider's name of a payment (Stripe: pi_…, cs_…) or of its customer (a saved card's token "cus_… pm_…").
inline constexpr std::string_view kByProviderRef =
    "FROM payments p JOIN users u ON u.uuid = p.user_uuid JOIN tenants t ON t.id = u.tenant_id "
    "WHERE p.provider_ref = $1";
inline constexpr std::string_view kByProviderCustomer =
    "FROM payment_methods m JOIN users u ON u.uuid = m.user_uuid JOIN tenants t ON t.id = u.tenant_id "
    "WHERE m.token >= $1 AND m.token < $2";
inline constexpr std::string_view kByVoucherBuyer =
    "FROM voucher_codes c JOIN users u ON u.uuid = c.owner_uuid JOIN tenants t ON t.id = u.tenant_id "
    "WHERE c.code_hash = $1";
inline constexpr std::string_view kByVoucherRedeemer =
    "FROM voucher_codes c JOIN users u ON u.uuid = c.redeemed_by JOIN tenants t ON t.id = u.tenant_id "
    "WHERE c.code_hash = $1";

// The whole statement: columns, FROM ... WHERE, the tenant filter when scoped ($n), the order and the limit.
inline std::string scoped(std::string_view from_where, int tenant_param) {
  std::string out(kMatchColumns);
  out += from_where;
  if (tenant_param > 0) out += " AND u.tenant_id = $" + std::to_string(tenant_param);
  out += " ORDER BY u.email, u.uuid LIMIT 20";
  return out;
}

inline constexpr std::string_view kTenantByName = "SELECT id FROM tenants WHERE name = $1";

// ---- one customer's page (tenant_id $1, user uuid $2)

inline constexpr std::string_view kProfile =
    "SELECT u.uuid, u.user_id, u.email, u.msisdn, u.name, u.last_name, u.roles, u.selected_lang AS language, "
    "CASE WHEN u.password_hash IS NULL THEN 0 ELSE 1 END AS has_password, u.created_at, u.updated_at, u.tenant_id, "
    "t.name AS tenant "
    "FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.uuid = $1";

inline constexpr std::string_view kSessions =
    "SELECT s.id, s.created_at, s.revoked_at, s.revoke_reason, "
    "(SELECT MAX(a.created_at) FROM access_tokens a WHERE a.session_id = s.id) AS last_token_at, "
    "(SELECT MAX(a.expires_at) FROM access_tokens a WHERE a.session_id = s.id) AS access_until, "
    "(SELECT MAX(r.expires_at) FROM refresh_tokens r WHERE r.session_id = s.id AND r.used_at IS NULL) AS refresh_until "
    "FROM auth_sessions s WHERE s.tenant_id = $1 AND s.user_uuid = $2 ORDER BY s.created_at DESC LIMIT 100";

// Failed sign-ins of the account (subject: the e-mail) since $3.
inline constexpr std::string_view kAccountFailures =
    "SELECT COUNT(*) FROM auth_attempts WHERE tenant_id = $1 AND scope = 'account' AND subject = $2 AND at >= $3";

inline constexpr std::string_view kSubscriptions =
    "SELECT s.id, s.type_id, s.state, s.sub_state, s.trial, s.cancel_requested, s.start_date, s.end_date, "
    "s.next_renewal_date, s.payment_option, s.contingents AS credits, ty.definition "
    "FROM user_subscriptions s LEFT JOIN subscription_types ty ON ty.tenant_id = s.tenant_id AND ty.id = s.type_id "
    "WHERE s.tenant_id = $1 AND s.user_uuid = $2 ORDER BY s.created_at DESC LIMIT 100";

inline constexpr std::string_view kSubscriptionEvents =
    "SELECT version, from_state, to_state, to_sub_state, reason, actor, at FROM subscription_events "
    "WHERE subscription_id = $1 ORDER BY version LIMIT 200";

inline constexpr std::string_view kPayments =
    "SELECT id, purpose, reference, provider, instrument, amount, currency, status, refunded, created_at, provider_ref, "
    "(SELECT d.status || ':' || d.reason FROM payment_disputes d WHERE d.payment_id = payments.id "
    "ORDER BY d.created_at DESC LIMIT 1) AS dispute FROM payments "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY created_at DESC LIMIT 100";

inline constexpr std::string_view kPurchases =
    "SELECT id, article_id, content_type, amount, currency, status, created_at FROM article_purchases "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY created_at DESC LIMIT 100";

inline constexpr std::string_view kWallet =
    "SELECT article_id, content_type, source, reference, acquired_at FROM wallet_items "
    "WHERE tenant_id = $1 AND user_uuid = $2 ORDER BY acquired_at DESC, article_id LIMIT 100";

inline constexpr std::string_view kVoucherOrders =
    "SELECT o.id, o.source, o.status, o.amount, o.currency, o.payment_id, o.fulfilled_at, "
    "(SELECT COUNT(*) FROM voucher_codes c WHERE c.tenant_id = o.tenant_id AND c.owner_uuid = o.user_uuid "
    "AND c.order_id = o.id) AS codes, o.created_at FROM voucher_orders o WHERE o.tenant_id = $1 AND o.user_uuid = $2 "
    "ORDER BY o.created_at DESC LIMIT 100";

// On or off only: the PIN's hash is never read.
inline constexpr std::string_view kParental =
    "SELECT is_active FROM parental_controls WHERE tenant_id = $1 AND user_uuid = $2";

inline constexpr std::string_view kNotifications =
    "SELECT id, kind, created_at, read_at FROM notifications WHERE tenant_id = $1 AND user_uuid = $2 "
    "ORDER BY id DESC LIMIT 20";
inline constexpr std::string_view kUnread =
    "SELECT COUNT(*) FROM notifications WHERE tenant_id = $1 AND user_uuid = $2 AND read_at IS NULL";

inline constexpr std::string_view kLikes = "SELECT COUNT(*) FROM likes WHERE tenant_id = $1 AND user_uuid = $2";
inline constexpr std::string_view kRatings = "SELECT COUNT(*) FROM ratings WHERE tenant_id = $1 AND user_uuid = $2";
inline constexpr std::string_view kTickets =
    "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM reward_ledger WHERE tenant_id = $1 AND user_uuid = $2";
inline constexpr std::string_view kChallenges =
    "SELECT challenge_id FROM catalog_challenge_optins WHERE tenant_id = $1 AND user_uuid = $2 "
    "ORDER BY challenge_id LIMIT 100";
inline constexpr std::string_view kTeams =
    "SELECT m.team_id AS id, m.tournament_id, tm.name, m.role, m.joined_at FROM tournament_team_members m "
    "JOIN tournament_teams tm ON tm.id = m.team_id WHERE m.tenant_id = $1 AND m.user_uuid = $2 "
    "ORDER BY m.joined_at DESC LIMIT 100";

}  // namespace portal::customers::sql
