#pragma once
// The caller of a purchases route as the service takes it: the request's tenant,
// the signed-in user, the language (`lang`, else the query's or Accept-Language,
// else the tenant's default), the backend's base and the tenant's origins. The
// one copy the routes that buy or play ask (purchases, streaming, games).
#include <optional>
#include <string>

#include "domains/purchases/purchases_service.hpp"
#include "http/context.hpp"

namespace portal::purchases {

Caller caller_of(const http::RequestContext& ctx, std::optional<std::string> lang = std::nullopt);

}  // namespace portal::purchases
