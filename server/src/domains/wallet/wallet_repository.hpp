#pragma once
// Wallet storage (table wallet_items). Tenant id first; every call blocks (run
// it on the database pool). `add` takes the caller's transaction: a purchase
// or a spent credit and its wallet rows commit together.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "db/database.hpp"
#include "domains/wallet/wallet_types.hpp"

namespace portal::wallet {

class WalletRepository {
 public:
  explicit WalletRepository(db::Database& db) : db_(db) {}

  // Adds what is not owned yet; answers how many rows were new (0: all owned).
  int add(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, const std::vector<NewItem>& items,
          Source source, const std::string& reference, const std::string& at);
  // Takes out what one acquisition (source, reference) put in; how many items left.
  int remove(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, Source source,
             const std::string& reference);
  // The user owns the article, or the collection (0 = none) it belongs to.
  bool owns(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
            std::int64_t collection_id);
  bool owns(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
            std::int64_t collection_id);
  // Every article id the user owns (isWalletItem on catalog answers).
  std::unordered_set<std::int64_t> owned_ids(std::int64_t tenant_id, const std::string& user_uuid);
  std::optional<Item> item(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id);
  Page page(std::int64_t tenant_id, const std::string& user_uuid, const PageQuery& query);

 private:
  db::Database& db_;
};

}  // namespace portal::wallet
