#pragma once
// Subscriptions SQL. Tenant first ($1), except the scheduler's due-work
// queries, which scan every tenant and read tenant_id from the rows, and the
// checkout-option look-up by its unguessable uuid (the hosted page).
#include <string_view>

namespace portal::subscriptions::sql {

// ---- plans
inline constexpr std::string_view kDeleteGroups = "DELETE FROM subscription_groups WHERE tenant_id = $1";
inline constexpr std::string_view kDeleteOptions = "DELETE FROM subscription_payment_options WHERE tenant_id = $1";
inline constexpr std::string_view kDeleteTypes = "DELETE FROM subscription_types WHERE tenant_id = $1";
inline constexpr std::string_view kDeleteCodes = "DELETE FROM subscription_external_codes WHERE tenant_id = $1";
inline constexpr std::string_view kInsertGroup =
    "INSERT INTO subscription_groups (tenant_id, id, name, levels) VALUES ($1, $2, $3, $4)";
inline constexpr std::string_view kInsertOption =
    "INSERT INTO subscription_payment_options (tenant_id, code, provider, flow, name) VALUES ($1, $2, $3, $4, $5)";
inline constexpr std::string_view kInsertType =
    "INSERT INTO subscription_types (tenant_id, id, group_id, definition, updated_at) VALUES ($1, $2, $3, $4, $5)";
inline constexpr std::string_view kInsertCode =
    "INSERT INTO subscription_external_codes (tenant_id, code, subscription_type_id, valid_until) VALUES ($1, $2, $3, $4)";
inline constexpr std::string_view kUpsertSettings =
    "INSERT INTO subscription_settings (tenant_id, grace_days) VALUES ($1, $2) "
    "ON CONFLICT (tenant_id) DO UPDATE SET grace_days = excluded.grace_days";
inline constexpr std::string_view kGroups = "SELECT id, name, levels FROM subscription_groups WHERE tenant_id = $1 ORDER BY id";
inline constexpr std::string_view kOptions =
    "SELECT code, provider, flow, name FROM subscription_payment_options WHERE tenant_id = $1 ORDER BY code";
inline constexpr std::string_view kUpsertOption =
    "INSERT INTO subscription_payment_options (tenant_id, code, provider, flow, name) VALUES ($1, $2, $3, $4, $5) "
    "ON CONFLICT (tenant_id, code) DO UPDATE SET provider = excluded.provider, flow = excluded.flow, name = excluded.name";
inline constexpr std::string_view kDeleteOption =
    "DELETE FROM subscription_payment_options WHERE tenant_id = $1 AND code = $2";
inline constexpr std::string_view kTypes = "SELECT definition FROM subscription_types WHERE tenant_id = $1 ORDER BY id";
inline constexpr std::string_view kCodes =
    "SELECT code, subscription_type_id AS type_id, valid_until FROM subscription_external_codes WHERE tenant_id = $1";
inline constexpr std::string_view kSettings = "SELECT grace_days FROM subscription_settings WHERE tenant_id = $1";
// ---- plans from the console (plans_admin.hpp): one type at a time, written only over the
// definition it was read as (compare-and-set on the stored text; its "version" goes up by one).
inline constexpr std::string_view kTypeDefinition =
    "SELECT definition FROM subscription_types WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kUpdateType =
    "UPDATE subscription_types SET definition = $3, group_id = $4, updated_at = $5 "
    "WHERE tenant_id = $1 AND id = $2 AND definition = $6";
inline constexpr std::string_view kUpdateGroupLevels =
    "UPDATE subscription_groups SET levels = $3 WHERE tenant_id = $1 AND id = $2";
// The subscribers a plan change concerns: ACTIVE and not leaving, with their e-mail and language.
inline constexpr std::string_view kTypeSubscribers =
    "SELECT s.id AS subscription_id, u.email, u.selected_lang AS lang FROM user_subscriptions s "
    "JOIN users u ON u.uuid = s.user_uuid WHERE s.tenant_id = $1 AND s.type_id = $2 AND s.state = 'ACTIVE' "
    "AND s.cancel_requested = 0 AND u.email IS NOT NULL ORDER BY s.id";
inline constexpr std::string_view kCountTypeSubscribers =
    "SELECT type_id, COUNT(*) AS count FROM user_subscriptions WHERE tenant_id = $1 AND state = 'ACTIVE' "
    "GROUP BY type_id";
// A renewal onto a retired type's successor: the subscription changes type (and plan group).
inline constexpr std::string_view kMoveType =
    "UPDATE user_subscriptions SET type_id = $3, group_id = (SELECT group_id FROM subscription_types "
    "WHERE tenant_id = $1 AND id = $3), version = version + 1, updated_at = $4 "
    "WHERE tenant_id = $1 AND id = $2 AND version = $5";
inline constexpr std::string_view kCountTypes = "SELECT COUNT(*) FROM subscription_types WHERE tenant_id = $1";

// ---- user subscriptions
// UserSubscription's columns, then its status' (subscriptions_repository.cpp reads them in this order).
#define PORTAL_SUB_COLUMNS                                                                                     \
  "id, tenant_id, user_uuid, type_id, start_date, end_date, next_renewal_date, grace_until, contingents, "     \
  "payment_option, payment_method_id, checkout_id, migrate_from, external_code, partner_metadata, version, "   \
  "created_at, updated_at, marketing_campaign, consents, state, sub_state, trial, cancel_requested"

// group_id: the type's plan group now; with the index of the plan_group_levels migration at
// most one subscription per user and group is ACTIVE.
inline constexpr std::string_view kInsertSubscription =
    "INSERT INTO user_subscriptions (" PORTAL_SUB_COLUMNS ", group_id) VALUES "
    "($2, $1, $3, $4, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, 0, $20, $20, $21, $22, $5, $6, $7, $8, "
    "(SELECT group_id FROM subscription_types WHERE tenant_id = $1 AND id = $4))";
// A subscription as its events left it: kInsertSubscription with its version and last change
// (SubscriptionsRepository::insert_past, the synthetic activity, docs/operations.md).
inline constexpr std::string_view kInsertPastSubscription =
    "INSERT INTO user_subscriptions (" PORTAL_SUB_COLUMNS ", group_id) VALUES "
    "($2, $1, $3, $4, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $23, $20, $24, $21, $22, $5, $6, $7, $8, "
    "(SELECT group_id FROM subscription_types WHERE tenant_id = $1 AND id = $4))";
// Whose subscription and of which plan (a webhook's data, subscriptions_repository.cpp).
inline constexpr std::string_view kSubscriptionOwner =
    "SELECT user_uuid, type_id FROM user_subscriptions WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kSubscription =
    "SELECT " PORTAL_SUB_COLUMNS " FROM user_subscriptions WHERE tenant_id = $1 AND id = $2";
// The tenant of a subscription, by its id alone (a provider's page sends the payer back with the id only).
inline constexpr std::string_view kSubscriptionTenant = "SELECT tenant_id FROM user_subscriptions WHERE id = $1";
inline constexpr std::string_view kUserSubscriptions =
    "SELECT " PORTAL_SUB_COLUMNS " FROM user_subscriptions WHERE tenant_id = $1 AND user_uuid = $2 "
    "ORDER BY created_at DESC, id DESC";
// The user's ACTIVE subscription in the plan group of type $3, other than $4
// (the one an up/downgrade replaces; '' for none).
inline constexpr std::string_view kActiveInGroup =
    "SELECT " PORTAL_SUB_COLUMNS " FROM user_subscriptions WHERE tenant_id = $1 AND user_uuid = $2 "
    "AND state = 'ACTIVE' AND id <> $4 "
    "AND group_id = (SELECT group_id FROM subscription_types WHERE tenant_id = $1 AND id = $3) LIMIT 1";
// Optimistic: the row changes only if nobody changed it since it was read.
inline constexpr std::string_view kSaveSubscription =
    "UPDATE user_subscriptions SET state = $3, sub_state = $4, trial = $5, cancel_requested = $6, start_date = $7, "
    "end_date = $8, next_renewal_date = $9, grace_until = $10, contingents = $11, payment_option = $12, "
    "payment_method_id = $13, partner_metadata = $14, version = version + 1, updated_at = $15 "
    "WHERE tenant_id = $1 AND id = $2 AND version = $16";

inline constexpr std::string_view kInsertEvent =
    "INSERT INTO subscription_events (id, tenant_id, subscription_id, version, from_state, from_sub_state, to_state, "
    "to_sub_state, reason, actor, at) VALUES ($2, $1, $3, $11, $4, $5, $6, $7, $8, $9, $10)";
// A comp's row (staff_care.cpp): written only while support's comps of the subscription in the
// window (at > $7) leave room for $3 more days under the cap $8; an admin's ($5 = 0) always.
inline constexpr std::string_view kRecordComp =
    "INSERT INTO subscription_comps (tenant_id, subscription_id, days, staff_id, capped, at) "
    "SELECT CAST($1 AS BIGINT), CAST($2 AS TEXT), CAST($3 AS INTEGER), CAST($4 AS TEXT), CAST($5 AS INTEGER), "
    "CAST($6 AS TEXT) WHERE CAST($5 AS INTEGER) = 0 OR (SELECT COALESCE(SUM(c.days), 0) FROM subscription_comps c "
    "WHERE c.tenant_id = $1 AND c.subscription_id = $2 AND c.capped = 1 AND c.at > CAST($7 AS TEXT)) + $3 <= "
    "CAST($8 AS BIGINT)";
inline constexpr std::string_view kCompDaysSince =
    "SELECT CAST(COALESCE(SUM(days), 0) AS BIGINT) FROM subscription_comps WHERE tenant_id = $1 "
    "AND subscription_id = $2 AND capped = 1 AND at > $3";
inline constexpr std::string_view kEvents =
    "SELECT from_state, from_sub_state, to_state, to_sub_state, reason, actor, at FROM subscription_events "
    "WHERE tenant_id = $1 AND subscription_id = $2 ORDER BY version";

// ---- scheduler (every tenant)
inline constexpr std::string_view kDueRenewals =
    "SELECT " PORTAL_SUB_COLUMNS " FROM user_subscriptions WHERE state = 'ACTIVE' AND trial = 0 "
    "AND cancel_requested = 0 AND next_renewal_date IS NOT NULL AND next_renewal_date <= $1 "
    "ORDER BY next_renewal_date LIMIT 500";
inline constexpr std::string_view kGraceOver =
    "SELECT " PORTAL_SUB_COLUMNS " FROM user_subscriptions WHERE state = 'ACTIVE' AND sub_state = 'PENDING' "
    "AND grace_until IS NOT NULL AND grace_until <= $1 LIMIT 500";
inline constexpr std::string_view kEnded =
    "SELECT " PORTAL_SUB_COLUMNS " FROM user_subscriptions WHERE state = 'ACTIVE' AND end_date IS NOT NULL "
    "AND end_date <= $1 AND (cancel_requested = 1 OR trial = 1) LIMIT 500";
inline constexpr std::string_view kTrialsEnding =
    "SELECT " PORTAL_SUB_COLUMNS " FROM user_subscriptions WHERE state = 'ACTIVE' AND trial = 1 "
    "AND cancel_requested = 0 AND end_date IS NOT NULL AND end_date > $1 AND end_date <= $2 "
    "ORDER BY end_date LIMIT 500";

// ---- trials
inline constexpr std::string_view kInsertTrial =
    "INSERT INTO subscription_trials (tenant_id, user_uuid, group_id, subscription_id, created_at) "
    "VALUES ($1, $2, $3, $4, $5)";
inline constexpr std::string_view kTrialGroups =
    "SELECT group_id FROM subscription_trials WHERE tenant_id = $1 AND user_uuid = $2";

// ---- checkouts
inline constexpr std::string_view kInsertCheckout =
    "INSERT INTO subscription_checkouts (id, tenant_id, user_uuid, type_id, status, redirect, lang, amount, currency, "
    "migrate_from, external_code, answer, expires_at, created_at, updated_at, marketing_campaign, consents, "
    "subscription_id, pays_period) "
    "VALUES ($2, $1, $3, $4, 'OPEN', $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $17)";
// A checkout as it ended (its status and subscription), at past times (SubscriptionsRepository::insert_past_checkout).
inline constexpr std::string_view kInsertPastCheckout =
    "INSERT INTO subscription_checkouts (id, tenant_id, user_uuid, type_id, status, redirect, lang, amount, currency, "
    "migrate_from, external_code, answer, subscription_id, expires_at, created_at, updated_at, marketing_campaign, consents) "
    "VALUES ($2, $1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)";
inline constexpr std::string_view kInsertCheckoutOption =
    "INSERT INTO subscription_checkout_options (uuid, tenant_id, checkout_id, code, provider, flow) "
    "VALUES ($2, $1, $3, $4, $5, $6)";
#define PORTAL_CHECKOUT_COLUMNS                                                                                \
  "id, tenant_id, user_uuid, type_id, status, redirect, lang, amount, currency, migrate_from, external_code, " \
  "answer AS offer, "                                                                                          \
  "subscription_id, marketing_campaign, consents, pays_period"
inline constexpr std::string_view kOpenCheckout =
    "SELECT " PORTAL_CHECKOUT_COLUMNS " FROM subscription_checkouts WHERE tenant_id = $1 AND user_uuid = $2 "
    "AND type_id = $3 AND status = 'OPEN'";
inline constexpr std::string_view kCheckout =
    "SELECT " PORTAL_CHECKOUT_COLUMNS " FROM subscription_checkouts WHERE tenant_id = $1 AND id = $2";
// The pay-again checkout of a subscription's period still being paid (open, or pending on a provider's page).
inline constexpr std::string_view kPayAgainCheckout =
    "SELECT " PORTAL_CHECKOUT_COLUMNS " FROM subscription_checkouts WHERE tenant_id = $1 AND subscription_id = $2 "
    "AND pays_period = $3 AND status IN ('OPEN', 'PENDING') ORDER BY created_at DESC LIMIT 1";
inline constexpr std::string_view kExpireOpen =
    "UPDATE subscription_checkouts SET status = 'EXPIRED', updated_at = $4 "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND status = 'OPEN' AND expires_at <= $3";
inline constexpr std::string_view kSetCheckoutStatus =
    "UPDATE subscription_checkouts SET status = $4, subscription_id = COALESCE($5, subscription_id), updated_at = $6 "
    "WHERE tenant_id = $1 AND id = $2 AND status = $3";
// The consents given on an open checkout (the double opt-in, after its payment options were offered).
inline constexpr std::string_view kSetCheckoutConsents =
    "UPDATE subscription_checkouts SET consents = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2 AND status = 'OPEN'";
#define PORTAL_CHECKOUT_OPTION_COLUMNS "uuid, tenant_id, checkout_id, code, provider, flow"
inline constexpr std::string_view kOptionByUuid =
    "SELECT " PORTAL_CHECKOUT_OPTION_COLUMNS " FROM subscription_checkout_options WHERE uuid = $1";
inline constexpr std::string_view kCheckoutOptions =
    "SELECT " PORTAL_CHECKOUT_OPTION_COLUMNS " FROM subscription_checkout_options "
    "WHERE tenant_id = $1 AND checkout_id = $2";

}  // namespace portal::subscriptions::sql
