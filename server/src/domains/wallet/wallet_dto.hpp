#pragma once
// The wire shapes of the wallet calls: request bodies (http::read_body) and answers
// (described structs serialised by boost::json::value_from; their JSON Schema documents the calls).
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"
#include "domains/catalog/catalog_dto.hpp"

namespace portal::wallet {

// Wire shapes (commerce §3 "Wallet item").
struct WalletItemDto {
  std::int64_t id = 0;  // the article id
  bool isCollection = false;
  std::vector<std::int64_t> collectionArticles;
  std::string contentType;
  std::string source;  // purchase, credit, voucher
  std::string acquiredAt;
  catalog::ArticleDto article;
};
BOOST_DESCRIBE_STRUCT(WalletItemDto, (), (id, isCollection, collectionArticles, contentType, source, acquiredAt, article))
struct WalletArticleDto {
  std::int64_t articleId = 0;
  std::string source;
  std::string acquiredAt;
};
BOOST_DESCRIBE_STRUCT(WalletArticleDto, (), (articleId, source, acquiredAt))

}  // namespace portal::wallet
