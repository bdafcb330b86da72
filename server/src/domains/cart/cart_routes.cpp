#include "domains/cart/cart_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/cart/cart_dto.hpp"
#include "domains/hosted/card_checkout.hpp"
#include "domains/cart/cart_answers.hpp"
#include "domains/identity/redirects.hpp"
#include "domains/vouchers/vouchers_types.hpp"
#include "http/body.hpp"
#include "http/on_pool.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"
#include "http/params.hpp"
#include "http/schema.hpp"

namespace portal::cart {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

}  // namespace

std::vector<http::Route> cart_routes(CartService& service, const i18n::I18nService& i18n, asio::thread_pool& db_pool) {
  auto get = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string uuid = ctx.user->uuid;
    const std::string lang = http::api_language(ctx);
    auto cart = co_await db::offload(db_pool, [&] { return service.cart(tenant_id, uuid, lang); });
    auto res = http::data_response(ctx, json::value_from(cart));
    res.set(boost::beast::http::field::cache_control, "no-store");
    co_return res;
  };
  auto put = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto product = http::id_or_400(ctx.param("productId"), "productId");
    const std::string uuid = ctx.user->uuid;
    const auto body = http::read_body<QuantityBody>(ctx);
    const std::string lang = http::api_language(ctx);
    auto cart = co_await db::offload(db_pool, [&] { return service.put(tenant_id, uuid, product, body.quantity, lang); });
    co_return http::data_response(ctx, json::value_from(value_or_throw(std::move(cart))));
  };
  auto remove = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto product = http::id_or_400(ctx.param("productId"), "productId");
    const std::string uuid = ctx.user->uuid;
    const std::string lang = http::api_language(ctx);
    auto cart = co_await db::offload(db_pool, [&] { return service.remove(tenant_id, uuid, product, lang); });
    co_return http::data_response(ctx, json::value_from(cart));
  };
  auto merge = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string uuid = ctx.user->uuid;
    const auto body = http::read_body<MergeBody>(ctx);
    std::vector<MergeItem> items;
    for (const auto& e : body.items) items.push_back({e.productId.value, e.quantity});
    const std::string lang = http::api_language(ctx);
    auto cart = co_await db::offload(db_pool, [&] { return service.merge(tenant_id, uuid, items, lang); });
    co_return http::data_response(ctx, json::value_from(value_or_throw(std::move(cart))));
  };
  auto checkout = [&](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    const std::string uuid = ctx.user->uuid;
    const auto body = http::read_body<CheckoutBody>(ctx);
    if (body.lang && !http::is_language(*body.lang))
      throw http::ErrorException(http_error(Error::invalid("lang", "must be one of en, ar, fr, de, es, ro")));
    const auto redirect = identity::allowed_redirect(body.redirectionUrl, http::return_origins(tenant, ctx));
    if (!redirect)
      throw http::ErrorException(http_error(Error::refused(
          ErrorCode::invalid_redirect, "redirectionUrl is not an address of this site", "redirectionUrl", "")));
    const std::string lang = http::api_language(ctx, body.lang);
    const std::string backend = http::tenant_origin(tenant, ctx) + "/backend";
    co_return co_await http::on_pool(ctx, db_pool, [&] {
      auto done = service.checkout(tenant_id, uuid, *redirect, lang, backend);
      return http::data_response(ctx, json::value_from(value_or_throw(std::move(done))));
    });
  };
  using http::schema_of;
  auto routes = http::with_docs(
      {
          {http::Verb::get, "/backend/cart", get, http::TenantFrom::header, http::Access::user},
          {http::Verb::put, "/backend/cart/items/{productId}", put, http::TenantFrom::header, http::Access::user},
          {http::Verb::delete_, "/backend/cart/items/{productId}", remove, http::TenantFrom::header, http::Access::user},
          {http::Verb::post, "/backend/cart/merge", merge, http::TenantFrom::header, http::Access::user},
          {http::Verb::post, "/backend/cart/checkout", checkout, http::TenantFrom::header, http::Access::user,
           http::Idempotency::key_one_trip},
      },
      {
          {"GET /backend/cart", {"The caller's cart of voucher products", "cart", {}, schema_of<CartDto>, {}}},
          {"PUT /backend/cart/items/{productId}",
           {"Set a voucher product's quantity in the cart (1..maxQuantity)", "cart", schema_of<QuantityBody>,
            schema_of<CartDto>, {}}},
          {"DELETE /backend/cart/items/{productId}",
           {"Remove a product from the cart", "cart", {}, schema_of<CartDto>, {}}},
          {"POST /backend/cart/merge",
           {"Merge a guest's browser cart into the caller's (quantities capped)", "cart", schema_of<MergeBody>,
            schema_of<CartDto>, {}}},
          {"POST /backend/cart/checkout",
           {"Open the hosted checkout for the cart's total (the sandbox's test cards, or one button on to the page of the tenant's card provider)", "cart", schema_of<CheckoutBody>,
            schema_of<CheckoutDto>, {"400 INVALID_REDIRECT", "409 CART_EMPTY", "409 NOT_ENOUGH_AVAILABLE"}}},
      });
  for (auto& r : hosted::card_checkout_routes(
           "/backend/checkout/cart/{uuid}", i18n, db_pool,
           [&](const std::string& uuid) { return service.checkout_view(uuid); },
           [&](const std::string& uuid, const hosted::CheckoutSubmit& s) {
             return answered(service.checkout_submit(uuid, s));
           }))
    routes.push_back(std::move(r));
  for (auto& r : hosted::provider_return_routes(
           "/backend/checkout/cart/return/{uuid}", hosted::kCartReturn, db_pool,
           [&](const std::string& uuid, bool cancelled) { return answered(service.checkout_returned(uuid, cancelled)); },
           "the buyer of a cart of vouchers", "cart", "ORDER_NOT_FOUND"))
    routes.push_back(std::move(r));
  return http::with_error_data(std::move(routes), {http::error_data<vouchers::NotEnoughAvailableData>("NOT_ENOUGH_AVAILABLE", "NotEnoughAvailableData")});
}

}  // namespace portal::cart
