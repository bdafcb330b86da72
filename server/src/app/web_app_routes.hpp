#pragma once
// Install as an app (issue 16, portal §4): GET /manifest.webmanifest, the web
// app manifest of the tenant the Host names (tenants/tenants_app.hpp). The
// service worker itself is a static file of the client build (/sw.js).
#include <vector>

#include "http/router.hpp"

namespace portal::app {

std::vector<http::Route> web_app_routes();

}  // namespace portal::app
