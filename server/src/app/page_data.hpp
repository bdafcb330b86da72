#pragma once
// What the page shell embeds, wired from the domains that own the rules:
// global settings and the structures of a page (structure/structure_pages.*),
// the article or list of a catalog page (catalog/catalog_pages.*), and the
// signed-in user (identity).
#include <boost/asio/thread_pool.hpp>

#include "app/portal_face.hpp"

namespace portal::structure {
class StructureService;
}
namespace portal::identity {
class IdentityService;
}
namespace portal::catalog {
class CatalogService;
}

namespace portal::app {

// parental_limit: a user's active parental-control limit (blocking), for PageDataSource::restricted.
using ParentalLimit = std::function<std::optional<int>(std::int64_t tenant_id, const std::string& user_uuid)>;
PageDataSource make_page_data(structure::StructureService& structures, identity::IdentityService& identity,
                              catalog::CatalogService& catalog, boost::asio::thread_pool& db_pool,
                              ParentalLimit parental_limit = {});

}  // namespace portal::app
