#pragma once
// One strict reading of a URL's origin. Boost.URL is lenient where a browser
// is not: it reads "http://host:8080.evil.example/" as port 8080 and path
// ".evil.example/", while a browser's host is "host:8080.evil.example". So an
// origin is compared (redirect allow-lists, CORS, CSP sources) only when its
// authority is plain: http(s), a host of DNS labels or an IP literal, no user
// info, a numeric port of 1 to 65535, and a path that is empty or starts with "/".
#include <optional>
#include <string>
#include <string_view>

namespace portal::core {

// "scheme://host[:port]" in lower case, or nullopt when `url` is not such a URL.
std::optional<std::string> strict_origin(std::string_view url);

}  // namespace portal::core
