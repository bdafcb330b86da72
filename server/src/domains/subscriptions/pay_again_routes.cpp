// Pay again (pay_again.hpp): the subscriber's call from the manage page, and the return from the provider's page.
#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/hosted/return_state.hpp"
#include "domains/subscriptions/route_caller.hpp"
#include "domains/subscriptions/subscriptions_answers.hpp"
#include "domains/subscriptions/subscriptions_dto.hpp"
#include "domains/subscriptions/subscriptions_routes.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/on_pool.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::subscriptions {
namespace json = boost::json;
using http::bhttp::field;

namespace {

}  // namespace

std::vector<http::Route> pay_again_routes(const RouteDeps& deps) {
  using http::RequestContext;
  using Answer = boost::asio::awaitable<http::Response>;
  auto& svc = deps.service;

  auto start = [deps, &svc](RequestContext& ctx) -> Answer {
    auto body = http::read_body<PayAgainBody>(ctx);
    body.redirect = required(std::move(body.redirect), "redirect");
    Caller c = caller(ctx, supported_lang(std::move(body.lang)));
    const std::string id(ctx.param("id"));
    co_return co_await http::on_pool(ctx, deps.db_pool, [&] {
      const CheckoutOffer offer = value_or_throw(svc.checkout().pay_again(c, id, body.redirect));
      return http::no_store(http::data_response(ctx, json::value_from(offer_dto(offer))));
    });
  };

  auto back = [deps, &svc](RequestContext& ctx) -> Answer {
    const std::string id(ctx.param("id"));
    // Only the payer's browser, sent back by the provider, holds the state the portal gave it.
    if (!hosted::return_state_ok(hosted::kPayAgainReturn, id, ctx.query("state")))
      co_return http::error_response(ctx.req, http::Error::not_found("NO_SUBSCRIPTION_FOUND", "No such subscription"),
                                     ctx.request_id);
    const bool cancelled = ctx.query("cancelled").value_or("") == "1";
    const std::string redirect(ctx.query("redirect").value_or(""));
    auto lang = ctx.query("lang");
    std::optional<std::string> chosen;
    if (lang && i18n::is_supported(std::string(*lang))) chosen = std::string(*lang);
    co_return co_await http::on_pool(ctx, deps.db_pool, [&] {
      auto tenant = svc.pay_again().tenant_of(id);
      if (!tenant)
        throw http::ErrorException(http::Error::not_found("NO_SUBSCRIPTION_FOUND", "No such subscription"));
      const Caller c = caller(ctx, chosen, tenant);
      const std::string where = value_or_throw(svc.pay_again().returned(c, id, redirect, cancelled));
      http::Response res{http::Status::see_other, ctx.req.version()};
      res.set(field::location, where);
      res.set(field::cache_control, "no-store");
      res.prepare_payload();
      return res;
    });
  };

  const auto header = http::TenantFrom::header;
  const auto user = http::Access::user;
  return http::with_docs(
      {
          {http::Verb::post, "/backend/subscription/payAgain/{id}", start, header, user},
          {http::Verb::get, "/backend/subscription/payAgain/return/{id}", back, http::TenantFrom::none},
      },
      {
          {"POST /backend/subscription/payAgain/{id}",
           {"Pay the due renewal of a subscription held for a failed one (dunning) with another card or the mobile "
            "bill: a checkout of the due period with the plan's payment options the tenant takes (as POST "
            "/backend/subscription's 200: WEB options open the hosted card page or Stripe Checkout, API options the "
            "operator's PIN flow through /backend/subscription/api-flow); pressed again, the same open checkout. Its "
            "payment is the period's renewal: paid once, then the plan is out of grace and the way it was paid renews "
            "next",
            "subscriptions", http::schema_of<PayAgainBody>, http::schema_of<CheckoutOfferDto>,
            {"400 INVALID_REDIRECT", "400 PAYMENT_OPTION_UNAVAILABLE", "404 NO_SUBSCRIPTION_FOUND", "409 NOTHING_DUE",
             "409 CHECKOUT_CLOSED"}}},
          {"GET /backend/subscription/payAgain/return/{id}",
           {"Where the payment provider's page sends a subscriber who paid again: 303 to the redirect with what its "
            "webhook settled (status 200 paid, 202 pending, 490 declined, 400 PAYMENT_CANCELLED with cancelled=1; the "
            "provider's page stays payable until it expires)",
            "subscriptions", {}, {}, {"400 INVALID_REDIRECT", "404 NO_SUBSCRIPTION_FOUND"}}},
      });
}

}  // namespace portal::subscriptions
