#pragma once
// The console search's own statements (customers and the catalog's titles are their domains' searches). Each is one
// indexed lookup, tenant id first ($1): an exact key on a primary or unique index, or an e-mail's beginning as a range
// on its index; console_search_service_test.cpp checks that no plan on SQLite scans a table.
#include <string_view>

namespace portal::console_search::sql {

// An article by its id (catalog_articles' primary key (tenant_id, id)), titled in $3, else English
// (catalog_article_texts' primary key (tenant_id, article_id, lang)).
inline constexpr std::string_view kArticleById =
    "SELECT a.id, COALESCE(t.title, e.title, '') AS title, a.content_type FROM catalog_articles a "
    "LEFT JOIN catalog_article_texts t ON t.tenant_id = a.tenant_id AND t.article_id = a.id AND t.lang = $3 "
    "LEFT JOIN catalog_article_texts e ON e.tenant_id = a.tenant_id AND e.article_id = a.id AND e.lang = 'en' "
    "WHERE a.tenant_id = $1 AND a.id = $2";

// The tenant's plans (subscription_types' primary key (tenant_id, id)): a tenant has tens, matched by name here.
inline constexpr std::string_view kPlans =
    "SELECT id, definition FROM subscription_types WHERE tenant_id = $1 ORDER BY id LIMIT 500";

// A voucher batch by its id (primary key), a code by its hash (voucher_codes_hash (tenant_id, code_hash)).
inline constexpr std::string_view kBatchById =
    "SELECT id, note, code_count FROM voucher_batches WHERE id = $2 AND tenant_id = $1";
inline constexpr std::string_view kCodeByHash =
    "SELECT id, hint, batch_id, owner_uuid FROM voucher_codes WHERE tenant_id = $1 AND code_hash = $2";

// A payment or a voucher order by its id (primary keys).
inline constexpr std::string_view kPaymentById =
    "SELECT id, user_uuid, amount, currency, status FROM payments WHERE id = $2 AND tenant_id = $1";
inline constexpr std::string_view kOrderById =
    "SELECT id, user_uuid, amount, currency, status FROM voucher_orders WHERE id = $2 AND tenant_id = $1";

// Staff members of the tenant by e-mail's beginning: a range on staff_accounts_email ((COALESCE(tenant_id, 0)), email).
inline constexpr std::string_view kStaffByEmailPrefix =
    "SELECT id, email, role FROM staff_accounts WHERE COALESCE(tenant_id, 0) = $1 AND email >= $2 AND email < $3 "
    "AND substr(email, 1, length($2)) = $2 ORDER BY email LIMIT 5";

}  // namespace portal::console_search::sql
