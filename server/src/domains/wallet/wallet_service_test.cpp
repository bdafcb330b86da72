// The wallet list against a migrated SQLite database: owned articles come
// with their answers, and those rated above the caller's limit (parental
// control) are left out, in the list and asked by id.
#include "domains/wallet/wallet_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "db/test_database.hpp"
#include "domains/wallet/wallet_answers.hpp"

namespace portal::wallet {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

TEST(WalletService, LeavesOutOwnedArticlesAboveTheCallersRatingLimit) {
  const auto dir = db::test_directory("portal-wallet");
  {
    auto db = db::open_test_database(dir, {{"u-ann", 1}});
    for (auto [id, at] : {std::pair{3103, "2026-01-02T00:00:00Z"}, std::pair{20001, "2026-01-01T00:00:00Z"}})
      db->execute(
          "INSERT INTO wallet_items (tenant_id, user_uuid, article_id, content_type, source, reference, acquired_at) "
          "VALUES (1, 'u-ann', $1, 'x', 'purchase', 'p', $2)",
          {std::int64_t{id}, std::string(at)});
    WalletRepository repository(*db);
    WalletService service(repository, [](std::int64_t, std::int64_t id, const std::string&) {
      catalog::ArticleDto article;
      article.id = id;
      article.rating = id == 3103 ? 40 : 0;
      return std::optional(article);
    });
    auto all = service.list(1, "u-ann", PageQuery{}, "en");
    ASSERT_TRUE(all);
    ASSERT_EQ(all->entries.size(), 2u);
    auto child = service.list(1, "u-ann", PageQuery{}, "en", 20);
    ASSERT_TRUE(child);
    ASSERT_EQ(child->entries.size(), 1u);
    EXPECT_EQ(child->entries[0].item.article_id, 20001);
    // One owned article asked by id: the same limit.
    EXPECT_TRUE(service.item(1, "u-ann", 3103, 60));
    auto hidden = service.item(1, "u-ann", 3103, 20);
    ASSERT_FALSE(hidden);
    EXPECT_EQ(wire(hidden).code, "NOT_IN_WALLET");
    EXPECT_TRUE(service.item(1, "u-ann", 20001, 20));
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace portal::wallet
