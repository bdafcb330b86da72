#pragma once
// The catalog as a file (issue 78 item 2, docs/catalog-file.md), under /backend/admin/catalog: content editors and
// above export the list's filtered articles as CSV or JSON, dry-run a file (every row's changes and every error by
// row and column, nothing written) and apply it (all rows or none, or per row; one audit entry with the file).
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/catalog/catalog_file_service.hpp"
#include "http/router.hpp"

namespace portal::catalog {

struct FileRouteDeps {
  file::FileService& service;
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> catalog_file_routes(const FileRouteDeps& deps);

}  // namespace portal::catalog
