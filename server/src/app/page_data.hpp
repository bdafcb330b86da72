#pragma once
// What the page shell embeds, drawn from the domains: global settings, the
// structures a page needs for its first paint, and the signed-in user.
#include <boost/asio/thread_pool.hpp>

#include "app/portal_face.hpp"

namespace portal::structure {
class StructureService;
}
namespace portal::identity {
class IdentityService;
}

namespace portal::app {

PageDataSource make_page_data(structure::StructureService& structures, identity::IdentityService& identity,
                              boost::asio::thread_pool& db_pool);

}  // namespace portal::app
