#include "domains/notifications/notifications_routes.hpp"

#include <boost/json/value_from.hpp>

#include "db/blocking.hpp"
#include "domains/notifications/notifications_answers.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/private_answer.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::notifications {
namespace asio = boost::asio;
namespace json = boost::json;

std::vector<http::Route> notifications_routes(NotificationsService& service, asio::thread_pool& db_pool) {
  using Awaitable = asio::awaitable<http::Response>;
  auto list = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user = ctx.user->uuid;
    const auto limit = http::page_number(ctx, "limit", kDefaultPageSize);
    const auto offset = http::page_number(ctx, "offset", 0);
    auto page = co_await db::offload(db_pool, [&] { return service.list(tenant_id, user, limit, offset); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(page))));
  };
  auto unread = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user = ctx.user->uuid;
    auto count = co_await db::offload(db_pool, [&] { return service.unread(tenant_id, user); });
    co_return http::private_answer(ctx, json::value_from(count));
  };
  auto read_one = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user = ctx.user->uuid;
    const std::string id(ctx.param("id"));
    auto marked = co_await db::offload(db_pool, [&] { return service.mark_read(tenant_id, user, id); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(marked))));
  };
  auto read_all = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user = ctx.user->uuid;
    auto marked = co_await db::offload(db_pool, [&] { return service.mark_all_read(tenant_id, user); });
    co_return http::private_answer(ctx, json::value_from(marked));
  };
  using http::schema_of;
  return http::with_docs({
      {http::Verb::get, "/backend/notifications", list, http::TenantFrom::header, http::Access::user},
      {http::Verb::get, "/backend/notifications/unread-count", unread, http::TenantFrom::header, http::Access::user},
      {http::Verb::post, "/backend/notifications/read-all", read_all, http::TenantFrom::header, http::Access::user},
      {http::Verb::post, "/backend/notifications/{id}/read", read_one, http::TenantFrom::header, http::Access::user},
  }, {
      {"GET /backend/notifications",
       {"The caller's notifications, newest first, with the total and unread counts", "notifications", {},
        schema_of<NotificationPageDto>, {"400 VALIDATION_ERROR"},
        {{"limit", "Page size, 1 to 100 (default 20)", "integer"}, {"offset", "Items to skip (default 0)", "integer"}}}},
      {"GET /backend/notifications/unread-count",
       {"How many of the caller's notifications are unread (the header badge)", "notifications", {},
        schema_of<UnreadCountDto>, {}}},
      {"POST /backend/notifications/read-all",
       {"Mark every notification of the caller read", "notifications", {}, schema_of<MarkedReadDto>, {}, {}, true}},
      {"POST /backend/notifications/{id}/read",
       {"Mark one notification of the caller read (again is fine)", "notifications", {}, schema_of<MarkedReadDto>,
        {"404 NOTIFICATION_NOT_FOUND"}, {}, true}},
  });
}

}  // namespace portal::notifications
