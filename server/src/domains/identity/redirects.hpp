#pragma once
// Where a hosted page may send the browser back to (no open redirect), and
// the one-time code on the way back.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domains/tenants/tenants_types.hpp"

namespace portal::identity {

// The form codes are bound to: an absolute http(s) URL, normalised, without
// fragment and without a `code` parameter; other parameters (articleId,
// purchaseType, typeID, subTypeId, ...) are kept in order. nullopt when the
// text is not such a URL (relative, other scheme, user info, no host).
std::optional<std::string> canonical_redirect(std::string_view url);

// canonical_redirect(url) when its origin (scheme, host and port, a default
// port left out) is exactly one of `origins`: the tenant's origins for the
// request, http::return_origins (its configured origins, its hosts where this
// server was reached, the origin the page was served on). A tenant host on
// another port is refused: anyone may listen on localhost:1.
std::optional<std::string> allowed_redirect(std::string_view url, const std::vector<std::string>& origins);

// "scheme://host[:port]" of an absolute URL; "" when it has none.
std::string origin_of(std::string_view url);

// The canonical redirect with code=<code> added.
std::string with_code(const std::string& canonical, std::string_view code);

}  // namespace portal::identity
