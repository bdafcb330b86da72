#pragma once
// The catalog's backend calls (contracts.md "Catalog"): the article and
// challenge fragments under /backend/structure (literal names, preferred by
// the router over the structure service's {name}), lists, details,
// categories, search, category artwork, read counter, media URLs and the
// challenge opt-in. GET answers carry a strong ETag and Cache-Control.
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "domains/catalog/catalog_service.hpp"
#include "http/router.hpp"

namespace portal::catalog {

// The article ids a user owns (their wallet, collection members included).
// Blocking: called on the database pool.
using OwnedLookup = std::function<std::unordered_set<std::int64_t>(std::int64_t tenant_id, const std::string& user_uuid)>;

// For a signed-in caller the details and article-page answers carry
// isWalletItem (commerce §3) on the article and on its listed children: true
// when `owned` holds it or the collection it belongs to. Empty `owned`: never.
std::vector<http::Route> catalog_routes(CatalogService& service, boost::asio::thread_pool& db_pool,
                                        OwnedLookup owned = {});
// Sets isWalletItem on `article` and on the entries of its tracks, chapters,
// episodes, topTracks and entries lists (the rules above).
void mark_wallet_items(boost::json::value& article, const std::unordered_set<std::int64_t>& owned);

}  // namespace portal::catalog
