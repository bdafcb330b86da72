#include "domains/apps/apps_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/value_from.hpp>

#include "db/blocking.hpp"
#include "domains/apps/apps_dto.hpp"
#include "domains/apps/apps_answers.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/private_answer.hpp"
#include "http/schema.hpp"

namespace portal::apps {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

AppInput input_of(AppBody b) {
  return {std::move(b.name), std::move(b.publisher), std::move(b.description), std::move(b.redirectUri),
          std::move(b.scopes), std::move(b.status)};
}

}  // namespace

std::vector<http::Route> apps_routes(AppsService& service, asio::thread_pool& db_pool) {
  auto register_app = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string owner = ctx.user->uuid;
    auto in = input_of(http::read_body<AppBody>(ctx));
    auto issued = co_await db::offload(db_pool, [&] { return service.register_app(tenant_id, owner, std::move(in)); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(issued))),
                                   http::Status::created);
  };
  auto mine = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string owner = ctx.user->uuid;
    auto apps = co_await db::offload(db_pool, [&] { return service.owned(tenant_id, owner); });
    co_return http::private_answer(ctx, json::value_from(apps));
  };
  auto one = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string owner = ctx.user->uuid;
    const std::string id(ctx.param("id"));
    auto app = co_await db::offload(db_pool, [&] { return service.owned_app(tenant_id, owner, id); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(app))));
  };
  auto update = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string owner = ctx.user->uuid;
    const std::string id(ctx.param("id"));
    auto in = input_of(http::read_body<AppBody>(ctx));
    auto app = co_await db::offload(db_pool, [&] { return service.update(tenant_id, owner, id, std::move(in)); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(app))));
  };
  auto remove = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string owner = ctx.user->uuid;
    const std::string id(ctx.param("id"));
    auto gone = co_await db::offload(db_pool, [&] { return service.remove(tenant_id, owner, id); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(gone))));
  };
  auto rotate = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string owner = ctx.user->uuid;
    const std::string id(ctx.param("id"));
    auto issued = co_await db::offload(db_pool, [&] { return service.rotate_secret(tenant_id, owner, id); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(issued))));
  };
  auto granted = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user = ctx.user->uuid;
    auto list = co_await db::offload(db_pool, [&] { return service.granted(tenant_id, user); });
    co_return http::private_answer(ctx, json::value_from(list));
  };
  auto consent = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user = ctx.user->uuid;
    const std::string id(ctx.param("id"));
    auto c = co_await db::offload(db_pool, [&] { return service.consent(tenant_id, user, id); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(c))));
  };
  auto decide = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user = ctx.user->uuid;
    const std::string id(ctx.param("id"));
    const auto body = http::read_body<DecisionBody>(ctx);
    auto c = co_await db::offload(db_pool, [&] { return service.decide(tenant_id, user, id, body.decision); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(c))));
  };
  auto revoke = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user = ctx.user->uuid;
    const std::string id(ctx.param("id"));
    auto c = co_await db::offload(db_pool, [&] { return service.revoke(tenant_id, user, id); });
    co_return http::private_answer(ctx, json::value_from(value_or_throw(std::move(c))));
  };

  using http::schema_of;
  const auto user = http::Access::user;
  const auto header = http::TenantFrom::header;
  return http::with_docs(
      {
          {http::Verb::post, "/backend/apps", register_app, header, user},
          {http::Verb::get, "/backend/apps/mine", mine, header, user},
          {http::Verb::get, "/backend/apps/mine/{id}", one, header, user},
          {http::Verb::put, "/backend/apps/mine/{id}", update, header, user},
          {http::Verb::delete_, "/backend/apps/mine/{id}", remove, header, user},
          {http::Verb::post, "/backend/apps/mine/{id}/secret", rotate, header, user},
          {http::Verb::get, "/backend/apps/consents", granted, header, user},
          {http::Verb::get, "/backend/apps/consent/{id}", consent, header, user},
          {http::Verb::put, "/backend/apps/consent/{id}", decide, header, user},
          {http::Verb::delete_, "/backend/apps/consent/{id}", revoke, header, user},
      },
      {
          {"POST /backend/apps",
           {"Register an app owned by the caller: name (3-60, unique in the tenant, not like another app's name, no "
            "invisible characters), publisher (2-60), description (10-500), redirectUri (https, read strictly), scopes "
            "from profile, email, favorites, history, purchases. Answers the app and its client secret, shown this once "
            "(only its hash is kept)",
            "apps", schema_of<AppBody>, schema_of<IssuedAppDto>,
            {"400 VALIDATION_ERROR", "400 APP_NAME_INVISIBLE_CHARACTERS", "409 APP_NAME_TAKEN", "409 APP_NAME_CONFUSABLE",
             "409 APP_LIMIT_REACHED"}}},
          {"GET /backend/apps/mine",
           {"The caller's own apps, newest first, each with how many users granted it access", "apps", {},
            schema_of<std::vector<AppDto>>, {}}},
          {"GET /backend/apps/mine/{id}",
           {"One of the caller's apps; another user's app is 404 as if it did not exist", "apps", {},
            schema_of<AppDto>, {"404 APP_NOT_FOUND"}}},
          {"PUT /backend/apps/mine/{id}",
           {"Replace the fields of one of the caller's apps, status (active or paused) included; a paused app takes "
            "no new grants",
            "apps", schema_of<AppBody>, schema_of<AppDto>,
            {"400 VALIDATION_ERROR", "400 APP_NAME_INVISIBLE_CHARACTERS", "404 APP_NOT_FOUND", "409 APP_NAME_TAKEN",
             "409 APP_NAME_CONFUSABLE"}}},
          {"DELETE /backend/apps/mine/{id}",
           {"Delete one of the caller's apps and every consent to it", "apps", {}, schema_of<DeletedAppDto>,
            {"404 APP_NOT_FOUND"}, {}, true}},
          {"POST /backend/apps/mine/{id}/secret",
           {"Issue a new client secret for one of the caller's apps (shown this once; the old one stops working)",
            "apps", {}, schema_of<IssuedAppDto>, {"404 APP_NOT_FOUND"}, {}, true}},
          {"GET /backend/apps/consents",
           {"The apps the caller granted access to, most recent grant first (/apps/profile)", "apps", {},
            schema_of<std::vector<ConsentDto>>, {}}},
          {"GET /backend/apps/consent/{id}",
           {"An app of the tenant as users see it (the consent screen) with the caller's decision (null: none yet); "
            "current is false when the app asks for more than was granted",
            "apps", {}, schema_of<ConsentDto>, {"404 APP_NOT_FOUND"}}},
          {"PUT /backend/apps/consent/{id}",
           {"Grant (the app's scopes as they are now) or refuse an app's requested access; replaces an earlier "
            "decision",
            "apps", schema_of<DecisionBody>, schema_of<ConsentDto>,
            {"400 VALIDATION_ERROR", "404 APP_NOT_FOUND", "409 APP_PAUSED"}}},
          {"DELETE /backend/apps/consent/{id}",
           {"Revoke the caller's grant to an app", "apps", {}, schema_of<ConsentDto>,
            {"404 APP_NOT_FOUND", "404 CONSENT_NOT_FOUND"}, {}, true}},
      });
}

}  // namespace portal::apps
