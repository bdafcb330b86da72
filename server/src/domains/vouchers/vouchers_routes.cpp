#include "domains/vouchers/vouchers_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/vouchers/vouchers_dto.hpp"
#include "domains/vouchers/vouchers_answers.hpp"
#include "http/body.hpp"
#include "http/idempotency.hpp"
#include "http/on_pool.hpp"
#include "http/params.hpp"
#include "http/private_answer.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::vouchers {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

Caller caller_of(const http::RequestContext& ctx) { return {ctx.user->uuid, ctx.client_address}; }

}  // namespace

std::vector<http::Route> vouchers_routes(VouchersService& service, asio::thread_pool& db_pool) {
  auto redeem = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto caller = caller_of(ctx);
    const auto body = http::read_body<RedeemBody>(ctx);
    std::optional<std::int64_t> type;
    if (body.typeId) type = body.typeId->value;
    co_return co_await http::on_pool(ctx, db_pool, [&] {
      auto done = service.redeem(tenant_id, caller, body.voucherCode, type);
      return http::data_response(ctx, json::value_from(value_or_throw(std::move(done))));
    });
  };
  auto buy = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto caller = caller_of(ctx);
    const auto body = http::read_body<BuyBody>(ctx);
    const std::string lang = http::api_language(ctx);
    co_return co_await http::on_pool(ctx, db_pool, [&] {
      // A retry of a call whose process died after its charge was claimed resumes it (http/idempotency.hpp).
      auto done = [&] {
        if (auto order_id = http::idempotency_recovery(ctx))
          return service.resume_buy(tenant_id, caller, body.externalProviderCode, *order_id);
        return service.buy(tenant_id, caller, body.externalProviderCode, body.voucherRequest.voucherId.value,
                           body.voucherRequest.quantity.value_or(1), lang, http::idempotency_mark(ctx));
      }();
      return http::data_response(ctx, json::value_from(value_or_throw(std::move(done))));
    });
  };
  auto resend = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto caller = caller_of(ctx);
    const auto body = http::read_body<ResendBody>(ctx);
    const std::string lang = http::api_language(ctx);
    co_return co_await http::on_pool(ctx, db_pool, [&] {
      auto done = service.resend(tenant_id, caller, body.voucherRequest.voucherId.value, lang);
      return http::data_response(ctx, json::value_from(value_or_throw(std::move(done))));
    });
  };
  auto describe = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = http::id_or_404(ctx.param("id"), "VOUCHER_PRODUCT_NOT_FOUND", "Voucher product");
    const std::string lang = http::api_language(ctx, ctx.query("lang"));
    std::optional<std::string> holder;
    if (ctx.user) holder = ctx.user->uuid;
    co_return co_await http::on_pool(ctx, db_pool, [&] {
      auto done = json::value_from(value_or_throw(service.describe(tenant_id, id, lang, holder)));
      // A signed-in caller's answer counts their codes: theirs alone.
      return holder ? http::private_answer(ctx, std::move(done)) : http::data_response(ctx, std::move(done));
    });
  };
  using http::schema_of;
  auto routes = http::with_docs(
      {
          {http::Verb::post, "/backend/voucher/consumption/subscription", redeem, http::TenantFrom::header,
           http::Access::user, http::Idempotency::key_one_trip},
          {http::Verb::post, "/backend/voucher/consumption/voucher", buy, http::TenantFrom::header, http::Access::user,
           http::Idempotency::key_one_trip},
          {http::Verb::post, "/backend/voucher/resend/voucher", resend, http::TenantFrom::header, http::Access::user,
           http::Idempotency::key_one_trip},
          {http::Verb::get, "/backend/voucher/product/{id}", describe},
      },
      {
          {"POST /backend/voucher/consumption/subscription",
           {"Redeem a voucher code for the subscription type it grants", "vouchers", schema_of<RedeemBody>,
            schema_of<RedeemDto>,
            {"404 VOUCHER_NOT_FOUND", "409 VOUCHER_ALREADY_REDEEMED", "410 VOUCHER_EXPIRED", "409 VOUCHER_NOT_YET_VALID",
             "404 REQUIRED_IDENTITY_FIELD_NOT_FOUND",
             "409 SUBSCRIPTION_PAYMENT_PENDING", "409 NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE",
             "409 NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE", "429 TOO_MANY_ATTEMPTS"}}},
          {"POST /backend/voucher/consumption/voucher",
           {"Buy voucher products with a saved payment method; the codes go out by mail", "vouchers",
            schema_of<BuyBody>, schema_of<VoucherOrderDto>,
            {"202 VOUCHER_PURCHASE_PENDING", "400 NO_SAVED_PAYMENT_METHOD", "402 INSUFFICIENT_FUNDS",
             "404 VOUCHER_PRODUCT_NOT_FOUND", "409 NOT_ENOUGH_AVAILABLE", "490 PAYMENT_DECLINED"}}},
          {"POST /backend/voucher/resend/voucher",
           {"Mail the caller's unredeemed codes of a voucher product again (as new codes)", "vouchers",
            schema_of<ResendBody>, schema_of<VoucherOrderDto>, {"404 VOUCHER_NOT_FOUND", "429 TOO_MANY_REQUESTS"}}},
          {"GET /backend/voucher/product/{id}",
           {"What one code of a voucher product (or each of a book's) grants: which plan, for how long (query lang)",
            "vouchers", {}, schema_of<VoucherProductDto>, {"404 VOUCHER_PRODUCT_NOT_FOUND"},
            {{"lang", "Language of the plan names (else the tenant's default)"}}}},
      });
  return http::with_error_data(std::move(routes), {http::error_data<NotEnoughAvailableData>("NOT_ENOUGH_AVAILABLE", "NotEnoughAvailableData")});
}

}  // namespace portal::vouchers
