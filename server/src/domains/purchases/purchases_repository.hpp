#pragma once
// Storage of single purchases and of consuming with a credit. Tenant id first;
// blocking (database pool). Writes that must happen together (a paid purchase
// and its wallet rows; a spent credit and its wallet row) run in one
// transaction, and a constraint decides what a concurrent twin gets.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/purchases/purchases_types.hpp"
#include "domains/subscriptions/subscriptions_credits.hpp"
#include "domains/wallet/wallet_repository.hpp"

namespace portal::purchases {

class PurchasesRepository {
 public:
  PurchasesRepository(db::Database& db, wallet::WalletRepository& wallet, subscriptions::CreditsRepository& credits)
      : db_(db), wallet_(wallet), credits_(credits) {}

  db::Database& database() { return db_; }

  enum class Consumed { consumed, already_owned, none_left };
  // One credit of the subscription for the article, and the article (with the
  // members of a collection) in the wallet, together. Already owned: nothing
  // spent. Retries when a concurrent write changed the subscription first.
  Consumed consume_credit(std::int64_t tenant_id, const std::string& user_uuid, const std::string& subscription_id,
                          const ArticleFacts& article, const std::vector<wallet::NewItem>& items, const std::string& at);

  void create(const Purchase& p);
  enum class Granted { granted, already_owned };
  // Support's comp: the PAID purchase `p` and its wallet rows in one transaction, with `record` (the
  // audit entry) in it. already_owned, nothing written: the wallet holds the article (or its
  // collection `collection_id`, 0 for none), or a purchase of it is paid or pending (the "one settled
  // purchase per article" index refused it).
  Granted grant_paid(const Purchase& p, std::int64_t collection_id, const std::vector<wallet::NewItem>& items,
                     const std::function<void(db::Session&)>& record);
  std::optional<Purchase> purchase(db::Session& s, const std::string& id);
  // A purchase as it ended (p.status), changed last at `updated_at`, in the caller's transaction: the
  // synthetic activity (docs/operations.md).
  void insert_past(db::Session& s, const Purchase& p, const std::string& updated_at);
  std::optional<Purchase> purchase(const std::string& id);
  std::optional<Purchase> open_for(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                                   const Money& price);
  bool set_return(std::int64_t tenant_id, const std::string& id, const std::string& redirect, const std::string& lang,
                  const std::string& at);
  bool set_pin_token(std::int64_t tenant_id, const std::string& id, const std::string& token, const std::string& at);
  // Conditional status move in the caller's transaction. A move to PENDING or
  // PAID that the "one settled purchase per article" index refuses answers false.
  bool move(db::Session& s, std::int64_t tenant_id, const std::string& id, std::string_view from, std::string_view to,
            const std::string& at);
  bool move(std::int64_t tenant_id, const std::string& id, std::string_view from, std::string_view to,
            const std::string& at);

  void add_options(const std::vector<PurchaseOption>& options);
  std::vector<PurchaseOption> options_of(const std::string& purchase_id);
  std::optional<PurchaseOption> option(const std::string& uuid);

  wallet::WalletRepository& wallet() { return wallet_; }

 private:
  db::Database& db_;
  wallet::WalletRepository& wallet_;
  subscriptions::CreditsRepository& credits_;
};

}  // namespace portal::purchases
