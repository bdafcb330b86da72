#pragma once
// The hosted sandbox card checkout every purchase uses (a single article, a
// cart of vouchers; subscriptions render the same layout): GET shows what is
// bought, the price and the sandbox test cards in the tenant's colours and
// the checkout's language; POST (form token and Origin checked) asks the
// owning domain to charge the chosen card, or to cancel, and answers 303 to
// the URL it returns. No script runs on the page.
//
// A domain supplies two blocking calls (run on the database pool) and gets
// the two routes:
//
//   hosted::card_checkout_routes("/backend/checkout/purchase/{uuid}", i18n, db_pool,
//       [&](const std::string& uuid) { return service.checkout_view(uuid); },
//       [&](const std::string& uuid, const hosted::CheckoutSubmit& s) { return service.checkout_submit(uuid, s); });
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "domains/hosted/checkout_page_view.hpp"
#include "domains/hosted/return_state.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/payments/payment_provider.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/error.hpp"
#include "http/router.hpp"

namespace portal::hosted {

using CheckoutViewCall = std::function<std::optional<CheckoutPageView>(const std::string& uuid)>;
// The URL to return to (with the purchase-return parameters), or an error:
// INVALID_CARD re-renders the page with 400, others with their status.
using CheckoutSubmitCall = std::function<http::Result<std::string>(const std::string& uuid, const CheckoutSubmit&)>;

// GET and POST of `pattern` (which names the checkout `{uuid}`); no X-Tenant-ID
// (the checkout names its tenant).
std::vector<http::Route> card_checkout_routes(std::string pattern, const i18n::I18nService& i18n,
                                              boost::asio::thread_pool& db_pool, CheckoutViewCall view,
                                              CheckoutSubmitCall submit);

// Where a provider's own page (Stripe Checkout) sends the payer back: GET `pattern` ({uuid}, query cancelled=1
// for its cancel link) answers 303 to the URL `returned` gives (the purchase-return parameters of what the
// provider's webhook settled). `what` and `tag` document it; `not_found` names its 404 code. Only a request
// carrying the `state` the portal gave the provider for `scope` and that id (return_state.hpp) is answered;
// any other is the 404, and nothing is read or cancelled.
using CheckoutReturnedCall = std::function<http::Result<std::string>(const std::string& uuid, bool cancelled)>;
std::vector<http::Route> provider_return_routes(std::string pattern, std::string_view scope, boost::asio::thread_pool& db_pool,
                                                CheckoutReturnedCall returned, std::string what, std::string tag,
                                                std::string not_found);

// The price as the storefront writes it in `lang` ("€12.34", "12,34 €", "‏١٢٫٣٤ ر.س.‏": core::format_money, issue 72
// item 10), with the tenant's priceFormat.decimals (2 when absent).
std::string price_text(const tenants::Tenant& tenant, const payments::Money& money, std::string_view lang);

}  // namespace portal::hosted
