#include "domains/wallet/wallet_service.hpp"

#include "domains/parental_control/parental_control_rules.hpp"

namespace portal::wallet {

Result<Listing> WalletService::list(std::int64_t tenant_id, const std::string& user_uuid, PageQuery query,
                                          const std::string& lang, int max_rating) {
  if (query.limit < 1 || query.limit > kMaxPageSize)
    return Error::invalid("limit", "must be between 1 and " + std::to_string(kMaxPageSize));
  if (query.offset < 0) return Error::invalid("offset", "must be 0 or more");
  auto page = repository_.page(tenant_id, user_uuid, query);
  Listing out{{}, page.total, query.offset};
  for (auto& item : page.items) {
    // An article removed from the catalog stays owned but has nothing to show.
    auto article = articles_(tenant_id, item.article_id, lang);
    if (!article) continue;
    if (!parental_control::rating_allowed(article->rating, max_rating)) continue;
    out.entries.push_back({std::move(item), std::move(*article)});
  }
  return out;
}

Result<Item> WalletService::item(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                                       int max_rating) {
  const auto not_in_wallet = [&] {
    return Error::of(ErrorCode::not_in_wallet, "Article " + std::to_string(article_id) + " is not in the wallet");
  };
  auto item = repository_.item(tenant_id, user_uuid, article_id);
  if (!item) return not_in_wallet();
  // Above the caller's rating limit (parental control) it is not there for them, as in the list.
  if (auto article = articles_(tenant_id, article_id, "en");
      article && !parental_control::rating_allowed(article->rating, max_rating))
    return not_in_wallet();
  return std::move(*item);
}

}  // namespace portal::wallet
