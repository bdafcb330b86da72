#pragma once
// The wallet's rules (commerce §7 wallet calls; docs/contracts.md "Purchases
// and wallet"): the caller's owned articles in pages, each with its article
// answer, and one owned article. Blocking (database pool).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "domains/catalog/catalog_dto.hpp"
#include "domains/wallet/wallet_errors.hpp"
#include "domains/wallet/wallet_repository.hpp"

namespace portal::wallet {

struct Listed {
  Item item;
  catalog::ArticleDto article;  // the catalog's article answer in the caller's language
};

struct Listing {
  std::vector<Listed> entries;
  std::int64_t total = 0;
  std::int64_t offset = 0;
};

class WalletService {
 public:
  // The catalog's article answer, nullopt when the article is gone from it.
  using ArticleAnswer =
      std::function<std::optional<catalog::ArticleDto>(std::int64_t tenant_id, std::int64_t id, const std::string& lang)>;

  WalletService(WalletRepository& repository, ArticleAnswer articles)
      : repository_(repository), articles_(std::move(articles)) {}

  // invalid_field naming limit (1..100) or offset (>= 0).
  // Owned articles rated above max_rating (the caller's parental limit) are left out.
  Result<Listing> list(std::int64_t tenant_id, const std::string& user_uuid, PageQuery query,
                             const std::string& lang, int max_rating = 1000);
  // not_in_wallet when the caller does not own it, and also for an article
  // above max_rating (the caller's limit).
  Result<Item> item(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id, int max_rating);

 private:
  WalletRepository& repository_;
  ArticleAnswer articles_;
};

}  // namespace portal::wallet
