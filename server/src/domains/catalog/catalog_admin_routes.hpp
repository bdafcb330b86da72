#pragma once
// The catalog from the console (issue 33 item 1), under /backend/admin/catalog:
// content editors and above list, read, edit, create, duplicate, publish and
// unpublish articles, import a catalog file and export the tenant's catalog.
// Every write is in the audit log with the article before and after.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/catalog/catalog_admin_service.hpp"
#include "http/router.hpp"

namespace portal::catalog {

struct AdminRouteDeps {
  admin::AdminService& service;
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> catalog_admin_routes(const AdminRouteDeps& deps);

// The list's filter of a request's query (q, type, section, rating, availability, licensor, hasMedia, priceModel,
// sort, order, offset, limit, lang): the catalog file's export reads the same (issue 78 item 2).
admin::Filter list_filter(const http::RequestContext& ctx);

}  // namespace portal::catalog
