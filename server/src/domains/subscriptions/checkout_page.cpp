// The hosted sandbox checkout of a subscription: the shared hosted card page
// (domains/hosted/card_checkout.*) showing the plan, its price per billing
// cycle and the test cards; POST charges the chosen card and answers 303 to
// the subscribe redirect with the purchase-return parameters.
#include "domains/hosted/card_checkout.hpp"
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
    page.renewal = v->checkout.pays_period.has_value();  // a held plan paid again
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
  auto back = hosted::provider_return_routes(
      "/backend/checkout/return/{uuid}", hosted::kSubscriptionReturn, deps.db_pool,
      [&service](const std::string& uuid, bool cancelled) -> http::Result<std::string> {
        auto where = service.checkout().returned(uuid, cancelled);
        if (!where) return http_error(where.error());
        return std::move(*where);
      },
      "the payer of a plan", "subscriptions", "CHECKOUT_NOT_FOUND");
  routes.insert(routes.end(), back.begin(), back.end());
  return routes;
}

}  // namespace portal::subscriptions
