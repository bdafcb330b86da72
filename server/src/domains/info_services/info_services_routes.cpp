#include "domains/info_services/info_services_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/value_from.hpp>

#include "db/blocking.hpp"
#include "domains/info_services/info_services_dto.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/private_answer.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"
#include "domains/info_services/info_services_answers.hpp"

namespace portal::info_services {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

}  // namespace

std::vector<http::Route> info_services_routes(InfoServicesService& service, asio::thread_pool& db_pool) {
  using Awaitable = asio::awaitable<http::Response>;
  auto daily = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto lang = http::api_language(ctx);
    std::optional<std::string> user;
    if (ctx.user) user = ctx.user->uuid;
    auto list = co_await db::offload(db_pool, [&] { return service.daily(tenant_id, user, lang); });
    co_return http::private_answer(ctx, json::value_from(list));
  };
  auto daily_abo = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto lang = http::api_language(ctx);
    const std::string user = ctx.user->uuid;
    auto list = co_await db::offload(db_pool, [&] { return service.daily_abo(tenant_id, user, lang); });
    co_return http::private_answer(ctx, json::value_from(list));
  };
  auto subscriptions = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto lang = http::api_language(ctx);
    const std::string user = ctx.user->uuid;
    auto list = co_await db::offload(db_pool, [&] { return service.subscriptions(tenant_id, user, lang); });
    co_return http::private_answer(ctx, json::value_from(list));
  };
  auto subscribe = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user = ctx.user->uuid;
    const auto body = http::read_body<SubscribeBody>(ctx);
    const bool on = body.subscribe.value_or(true);
    auto result =
        co_await db::offload(db_pool, [&] { return service.subscribe(tenant_id, user, body.serviceId.value, on); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(result))));
  };
  using http::schema_of;
  const std::vector<http::ApiQuery> lang = {{"lang", "Language of titles and lines (en, ar, fr, de, es, ro)"}};
  return http::with_docs({
      {http::Verb::get, "/backend/info-service/daily", daily},
      {http::Verb::get, "/backend/info-service/daily-abo", daily_abo, http::TenantFrom::header, http::Access::user},
      {http::Verb::get, "/backend/info-service/subscriptions", subscriptions, http::TenantFrom::header,
       http::Access::user},
      {http::Verb::post, "/backend/info-service/subscribe", subscribe, http::TenantFrom::header, http::Access::user},
  }, {
      {"GET /backend/info-service/daily",
       {"Every info service of the tenant with what it says today (UTC); subscribed is the caller's", "info-services",
        {}, schema_of<std::vector<DailyDto>>, {}, lang}},
      {"GET /backend/info-service/daily-abo",
       {"Today's lines of the info services the caller subscribed to", "info-services", {},
        schema_of<std::vector<DailyDto>>, {}, lang}},
      {"GET /backend/info-service/subscriptions",
       {"The caller's info-service subscriptions", "info-services", {}, schema_of<std::vector<InfoSubscriptionDto>>,
        {}, lang}},
      {"POST /backend/info-service/subscribe",
       {"Subscribe to an info service, or unsubscribe with subscribe: false (both idempotent)", "info-services",
        schema_of<SubscribeBody>, schema_of<SubscribeResultDto>, {"400 VALIDATION_ERROR", "404 INFO_SERVICE_NOT_FOUND"}}},
  });
}

}  // namespace portal::info_services
