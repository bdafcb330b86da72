#pragma once
// Statements of single purchases (tables article_purchases and
// article_purchase_options, migration 0011), tenant id first where it applies.
#include <string_view>

namespace portal::purchases::sql {

inline constexpr std::string_view kColumns =
    "id, tenant_id, user_uuid, article_id, content_type, amount, currency, status, redirect, lang, pin_token, created_at";

inline constexpr std::string_view kInsert =
    "INSERT INTO article_purchases (id, tenant_id, user_uuid, article_id, content_type, amount, currency, status, "
    "redirect, lang, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'OPEN', NULL, $8, $9, $9)";
// A purchase as it ended (kInsert, then kMove), at past times (PurchasesRepository::insert_past).
inline constexpr std::string_view kInsertPast =
    "INSERT INTO article_purchases (id, tenant_id, user_uuid, article_id, content_type, amount, currency, status, "
    "redirect, lang, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)";

#define PORTAL_PURCHASE_COLUMNS \
  "id, tenant_id, user_uuid, article_id, content_type, amount, currency, status, redirect, lang, pin_token, created_at"
inline constexpr std::string_view kById =
    "SELECT " PORTAL_PURCHASE_COLUMNS " FROM article_purchases WHERE id = $1";

// The newest open purchase of an article at its current price: reused, so a
// user who opens the dialog twice does not leave two behind.
inline constexpr std::string_view kOpenFor =
    "SELECT " PORTAL_PURCHASE_COLUMNS " FROM article_purchases WHERE tenant_id = $1 AND user_uuid = $2 AND article_id = $3 AND status = 'OPEN' "
    "AND amount = $4 AND currency = $5 ORDER BY created_at DESC LIMIT 1";

inline constexpr std::string_view kSetReturn =
    "UPDATE article_purchases SET redirect = $3, lang = $4, updated_at = $5 WHERE tenant_id = $1 AND id = $2 AND status = 'OPEN'";
inline constexpr std::string_view kSetPinToken =
    "UPDATE article_purchases SET pin_token = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2 AND status = 'OPEN'";
// A move from one status to another; 0 rows when it was not in `from`.
// A purchase support granted: paid at once (amount 0), in the caller's transaction.
inline constexpr std::string_view kInsertPaid =
    "INSERT INTO article_purchases (id, tenant_id, user_uuid, article_id, content_type, amount, currency, status, "
    "redirect, lang, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'PAID', NULL, $8, $9, $9)";

inline constexpr std::string_view kMove =
    "UPDATE article_purchases SET status = $4, updated_at = $5 WHERE tenant_id = $1 AND id = $2 AND status = $3";

inline constexpr std::string_view kInsertOption =
    "INSERT INTO article_purchase_options (uuid, purchase_id, tenant_id, code, provider, flow) VALUES ($1, $2, $3, $4, $5, $6) "
    "ON CONFLICT (purchase_id, code) DO NOTHING";
#define PORTAL_PURCHASE_OPTION_COLUMNS "uuid, purchase_id, tenant_id, code, provider, flow"
inline constexpr std::string_view kOptionsOf =
    "SELECT " PORTAL_PURCHASE_OPTION_COLUMNS " FROM article_purchase_options WHERE purchase_id = $1 ORDER BY code";
inline constexpr std::string_view kOption =
    "SELECT " PORTAL_PURCHASE_OPTION_COLUMNS " FROM article_purchase_options WHERE uuid = $1";

}  // namespace portal::purchases::sql
