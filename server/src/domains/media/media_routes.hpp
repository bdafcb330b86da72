#pragma once
// The console's media calls (issue 33 item 3), content editor and above:
//   POST /backend/admin/media/uploads          declare an upload (article, kind, name, size)
//   GET  /backend/admin/media/uploads/{id}      where it stands (HEAD too): Upload-Offset
//   PUT  /backend/admin/media/uploads/{id}      one chunk, Content-Range: bytes first-last/size
//   GET  /backend/admin/media/jobs              the tenant's jobs, newest first (?articleId=)
//   GET  /backend/admin/media/jobs/{id}         one job: state, progress, error
// Every write (an upload declared, an upload complete and its job queued) is in the audit log.
#include <vector>

#include "db/blocking.hpp"
#include "domains/media/media_service.hpp"
#include "http/router.hpp"

namespace portal::media {

struct RouteDeps {
  MediaService& service;
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> media_routes(const RouteDeps& deps);

}  // namespace portal::media
