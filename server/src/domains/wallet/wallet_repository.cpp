#include "domains/wallet/wallet_repository.hpp"

#include <boost/describe/class.hpp>
#include <map>

#include "core/text.hpp"
#include "db/row_reads.hpp"
#include "domains/wallet/wallet_sql.hpp"
#include "domains/webhooks/webhooks_outbox.hpp"

namespace portal::wallet {

// The stored columns (members come from the collection's own rows).
BOOST_DESCRIBE_STRUCT(Item, (), (article_id, content_type, collection_id, source, reference, acquired_at))
static_assert(db::columns_match<Item>(PORTAL_WALLET_ITEM_COLUMNS));

namespace {

// A collection's owned member.
struct MemberRow {
  std::int64_t collection_id = 0;
  std::int64_t article_id = 0;
};
BOOST_DESCRIBE_STRUCT(MemberRow, (), (collection_id, article_id))

// " AND content_type IN ($k, ...)" with parameters from `first`.
std::string type_filter(const std::vector<std::string>& types, int first, db::Params& params) {
  if (types.empty()) return {};
  std::string sql = " AND content_type IN (";
  for (std::size_t i = 0; i < types.size(); ++i) {
    if (i) sql += ", ";
    sql += "$" + std::to_string(first + static_cast<int>(i));
    params.emplace_back(types[i]);
  }
  return sql + ")";
}

}  // namespace

std::string_view to_string(Source s) {
  switch (s) {
    case Source::purchase: return "purchase";
    case Source::credit: return "credit";
    case Source::voucher: return "voucher";
  }
  return "purchase";
}

std::vector<std::string> content_types_of(std::string_view value) {
  const std::string lower = core::lower(value);
  if (lower == "full_track_music") return {"full_track_music", "album", "playlist"};
  if (lower == "audio_book") return {"audiobook", "audio_book_chapter"};
  // Games bought one by one: downloads for a device and games played in the page.
  if (lower == "game") return {"game", "online_game", "cloud_game"};
  return {lower};
}

int WalletRepository::add(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                          const std::vector<NewItem>& items, Source source, const std::string& reference,
                          const std::string& at) {
  int added = 0;
  for (const auto& i : items) {
    db::Value collection = nullptr;
    if (i.collection_id) collection = *i.collection_id;
    const auto n = s.execute(sql::kAdd, {tenant_id, user_uuid, i.article_id, i.content_type, collection,
                                         std::string(to_string(source)), reference, at});
    added += static_cast<int>(n);
    // The customer owns it now: purchase.created (issue 78 item 1), in the acquisition's transaction.
    if (n == 1)
      webhooks::record(s, tenant_id, "purchase.created",
                       webhooks::PurchaseEventData{user_uuid, std::to_string(i.article_id), std::string(to_string(source))});
  }
  return added;
}

int WalletRepository::remove(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, Source source,
                             const std::string& reference) {
  return static_cast<int>(
      s.execute(sql::kRemoveAcquired, {tenant_id, user_uuid, std::string(to_string(source)), reference}));
}

std::unordered_set<std::int64_t> WalletRepository::owned_ids(std::int64_t tenant_id, const std::string& user_uuid) {
  const auto ids = db::read_values<std::int64_t>(db_.query(sql::kOwnedIds, {tenant_id, user_uuid}));
  return {ids.begin(), ids.end()};
}

bool WalletRepository::owns(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                            std::int64_t collection_id) {
  return !db_.query(sql::kOwns, {tenant_id, user_uuid, article_id, collection_id}).empty();
}

bool WalletRepository::owns(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                            std::int64_t article_id, std::int64_t collection_id) {
  return !s.query(sql::kOwns, {tenant_id, user_uuid, article_id, collection_id}).empty();
}

std::optional<Item> WalletRepository::item(std::int64_t tenant_id, const std::string& user_uuid,
                                           std::int64_t article_id) {
  return db::read_first<Item>(db_.query(sql::kItem, {tenant_id, user_uuid, article_id}));
}

Page WalletRepository::page(std::int64_t tenant_id, const std::string& user_uuid, const PageQuery& q) {
  Page page;
  db::Params count_params{tenant_id, user_uuid};
  const std::string count_filter = type_filter(q.content_types, 3, count_params);
  page.total =
      db::read_value<std::int64_t>(db_.query(std::string(sql::kCountHead) + count_filter, count_params)).value_or(0);
  if (page.total <= q.offset) return page;

  db::Params params{tenant_id, user_uuid, q.limit, q.offset};
  const std::string filter = type_filter(q.content_types, 5, params);
  page.items = db::read_rows<Item>(db_.query(std::string(sql::kPageHead) + filter + std::string(sql::kPageTail), params));

  // The owned members of the page's collections, in one statement.
  std::map<std::int64_t, Item*> collections;
  db::Params member_params{tenant_id, user_uuid};
  std::string in = "(";
  for (auto& i : page.items) {
    collections[i.article_id] = &i;
    if (member_params.size() > 2) in += ", ";
    in += "$" + std::to_string(member_params.size() + 1);
    member_params.emplace_back(i.article_id);
  }
  if (member_params.size() > 2)
    for (const auto& m : db::read_rows<MemberRow>(
             db_.query(std::string(sql::kMembersHead) + in + ") ORDER BY article_id", member_params)))
      if (auto it = collections.find(m.collection_id); it != collections.end())
        it->second->members.push_back(m.article_id);
  return page;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(Item, sql::kItem);
PORTAL_ROW_READS(Item, std::string(sql::kPageHead) + std::string(sql::kPageTail));
PORTAL_ROW_READS(MemberRow, std::string(sql::kMembersHead) + "($3, $4) ORDER BY article_id");
}  // namespace portal::wallet
