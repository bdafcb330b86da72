#pragma once
// An app's redirect address, read strictly (docs/security.md "App names and
// redirect addresses"). Users are sent there with their decision, so the
// address stored must be the one a browser will open, read the same way by
// every parser: Boost.URL alone took "https://probe.example:99999/" (no such
// port) and turned "https://evil.example/..%2f" into "/../" when normalising.
#include <string>
#include <string_view>

#include "domains/apps/apps_errors.hpp"

namespace portal::apps {

// The redirect address as stored (scheme and host in lower case, unreserved
// characters decoded, "/" for an empty path), or 400 VALIDATION_ERROR naming
// redirectUri with the reason. Accepted: at most kRedirectUriMax characters of
// printable ASCII; https; a host of DNS labels or an IPv4/IPv6 literal; a port
// of 1 to 65535 when one is written; no user name or password; no fragment;
// a path without "." or ".." segments and without encoded "/", "\" or "."
// (once or twice encoded); no encoded control characters in path or query.
Result<std::string> redirect_uri(std::string_view text);

}  // namespace portal::apps
