#include "domains/events/events_routes.hpp"

#include <boost/json/value_from.hpp>

#include "db/blocking.hpp"
#include "domains/events/events_answers.hpp"
#include "domains/events/events_dto.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/schema.hpp"

namespace portal::events {

std::vector<http::Route> events_routes(EventsService& service, boost::asio::thread_pool& db_pool) {
  auto post_event = [&service, &db_pool](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    auto payload = http::read_body<boost::json::object>(ctx);  // free-form: the service bounds its size
    const auto tenant_id = ctx.require_tenant().id;
    std::optional<std::string> user_id;
    if (ctx.user) user_id = ctx.user->user_id;
    auto event = co_await db::offload(db_pool, [&] {
      return service.record_from_client(tenant_id, ctx.param("name"), std::move(payload), user_id, ctx.client_address);
    });
    const Event e = value_or_throw(std::move(event));
    co_return http::data_response(ctx, boost::json::value_from(EventAcceptedDto{e.id, e.name}), http::Status::accepted);
  };
  return http::with_docs({{http::Verb::post, "/backend/kafka/event/{name}", post_event}},
                         {{"POST /backend/kafka/event/{name}",
                           {"Record a client event (pageView, playerProgress, ...): the body is kept as sent, as the client's word "
                            "(origin client); challenge progress and other rewards count only what the server saw. One client "
                            "(a signed-in user, else an address) may send 120 a minute; more is 429 with Retry-After",
                            "events",
                            http::schema_of<boost::json::object>, http::schema_of<EventAcceptedDto>,
                            {"429 TOO_MANY_REQUESTS"}}}});
}

}  // namespace portal::events
