// The hosted sandbox checkout of a subscription: the shared hosted card page
// (domains/hosted/card_checkout.*) showing the plan, its price per billing
// cycle and the test cards; POST charges the chosen card and answers 303 to
// the subscribe redirect with the purchase-return parameters.
#include "db/blocking.hpp"
#include "domains/hosted/card_checkout.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "domains/subscriptions/subscriptions_answers.hpp"
#include "domains/subscriptions/subscriptions_routes.hpp"

namespace portal::subscriptions {

std::vector<http::Route> checkout_routes(const RouteDeps& deps) {
  auto& service = deps.service;
  const auto& i18n = deps.i18n;
  auto view = [&service, &i18n](const std::string& uuid) -> std::optional<hosted::CheckoutPageView> {
    auto v = service.checkout().view(uuid);
    if (!v) return std::nullopt;
    hosted::CheckoutPageView page;
    page.tenant = v->tenant;
    page.lang = v->checkout.lang;
    page.open = v->checkout.status == "OPEN";
    page.item = v->type_name;
    page.subscription = true;
    // "per month" and the like; the cycle itself when there is no text for it.
    page.price_suffix = i18n.text(v->checkout.lang, "hosted.checkout.cycle." + v->billing_cycle).value_or(v->billing_cycle);
    page.amount = v->checkout.amount;
    page.test_cards = v->test_cards;
    page.provider_page = v->provider_page;
    page.test_mode = v->test_mode;
    page.provider_origin = v->provider_origin;
    return page;
  };
  auto submit = [&service](const std::string& uuid, const hosted::CheckoutSubmit& s) -> http::Result<std::string> {
    auto where = service.checkout().submit(uuid, s.card, s.cancel, s.lang, s.backend_base);
    if (!where) return http_error(where.error());
    return std::move(*where);
  };
  auto routes = hosted::card_checkout_routes("/backend/checkout/{uuid}", deps.i18n, deps.db_pool, view, submit);
  // Back from the provider's page (Stripe Checkout's success and cancel URLs): 303 to the storefront with the
  // purchase-return parameters of what the webhook settled.
  auto back = [&service, &pool = deps.db_pool](http::RequestContext& ctx) -> boost::asio::awaitable<http::Response> {
    const std::string uuid(ctx.param("uuid"));
    const bool cancelled = ctx.query("cancelled").value_or("") == "1";
    auto where = co_await db::offload(pool, [&] { return service.checkout().returned(uuid, cancelled); });
    if (!where) co_return http::error_response(ctx.req, http_error(where.error()), ctx.request_id);
    http::Response res{http::Status::see_other, ctx.req.version()};
    res.set(http::bhttp::field::location, *where);
    res.set(http::bhttp::field::cache_control, "no-store");
    res.prepare_payload();
    co_return res;
  };
  auto docs = http::with_docs(
      {{http::Verb::get, "/backend/checkout/return/{uuid}", back, http::TenantFrom::none}},
      {{"GET /backend/checkout/return/{uuid}",
        {"Where a payment provider's own page (Stripe Checkout) sends the payer back: 303 to the subscribe call's "
         "redirect with the purchase-return parameters of what the provider's webhook settled (status 200 paid, "
         "202 pending, 490 declined, 400 PAYMENT_CANCELLED with cancelled=1, which declines a payment not made)",
         "subscriptions", {}, {}, {"404 CHECKOUT_NOT_FOUND"}}}});
  routes.insert(routes.end(), docs.begin(), docs.end());
  return routes;
}

}  // namespace portal::subscriptions
