#include "domains/wallet/wallet_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/wallet/wallet_dto.hpp"
#include "domains/catalog/catalog_dto.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/parental_control/request_limit.hpp"
#include "domains/wallet/wallet_answers.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/compression.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/params.hpp"
#include "http/private_answer.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::wallet {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

bool is_collection(const std::string& content_type) {
  return content_type == "album" || content_type == "audiobook" || content_type == "playlist" ||
         content_type == "videocollection" || content_type == "podcastcollection";
}

}  // namespace

std::vector<http::Route> wallet_routes(WalletService& service, asio::thread_pool& db_pool) {
  // Guests own nothing: an empty page (commerce §6), not a 401.
  auto user_articles = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    PageQuery q;
    q.limit = http::page_number(ctx, "limit", kPageSize);
    q.offset = http::page_number(ctx, "offset", 0);
    if (auto incl = ctx.query("inclContTypes"); incl && !incl->empty()) {
      std::string_view rest = *incl;
      while (!rest.empty()) {
        const auto comma = rest.find(',');
        const auto part = rest.substr(0, comma);
        if (!part.empty())
          for (auto& t : content_types_of(part)) q.content_types.push_back(std::move(t));
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
      }
    }
    const std::string lang = http::api_language(ctx);
    Listing listing{{}, 0, q.offset};
    if (ctx.user) {
      const std::string user = ctx.user->uuid;
      const int max_rating = parental_control::max_rating_for(ctx);
      listing = value_or_throw(
          co_await db::offload(db_pool, [&] { return service.list(tenant_id, user, q, lang, max_rating); }));
    }
    json::array data;
    for (auto& e : listing.entries) {
      WalletItemDto dto{e.item.article_id, is_collection(e.item.content_type), e.item.members, e.item.content_type,
                        e.item.source, e.item.acquired_at, std::move(e.article)};
      data.push_back(json::value_from(dto));
    }
    auto res = http::private_answer(ctx, data);
    res.set("x-result-count", http::result_count(listing.offset, data.size(), listing.total));
    res.set(boost::beast::http::field::access_control_expose_headers, "x-result-count");
    co_return res;
  };
  auto wallet_article = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = http::id_or_404(ctx.param("id"), "NOT_IN_WALLET", "Wallet article");
    const std::string user = ctx.user->uuid;  // Access::user
    const int max_rating = parental_control::max_rating_for(ctx);
    auto item = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.item(tenant_id, user, id, max_rating); }));
    co_return http::private_answer(ctx, json::value_from(WalletArticleDto{item.article_id, item.source, item.acquired_at}));
  };
  using http::schema_of;
  return http::with_docs(
      {
          {http::Verb::get, "/backend/wallet/userarticles", user_articles},
          {http::Verb::get, "/backend/wallet/walletarticle/article/{id}", wallet_article, http::TenantFrom::header,
           http::Access::user},
      },
      {
          {"GET /backend/wallet/userarticles",
           {"The caller's owned articles, newest first (query inclContTypes, devId, limit 1-100 default 50, offset); "
            "header x-result-count a-b/total; guests get an empty list",
            "wallet", {}, schema_of<std::vector<WalletItemDto>>, {}}},
          {"GET /backend/wallet/walletarticle/article/{id}",
           {"Whether the caller owns an article", "wallet", {}, schema_of<WalletArticleDto>, {"404 NOT_IN_WALLET"}}},
      });
}

}  // namespace portal::wallet
