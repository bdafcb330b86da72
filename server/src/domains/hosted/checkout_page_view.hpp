#pragma once
// What a domain gives the hosted card checkout page (card_checkout.hpp) and
// what the page gives back: plain values, so a service can build them without
// knowing the page's routes.
#include <memory>
#include <string>
#include <vector>

#include "domains/payments/payment_provider.hpp"
#include "domains/payments/payments_types.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::hosted {

// What the page shows; nullopt from the view call = no such checkout (404 page).
struct CheckoutPageView {
  std::shared_ptr<const tenants::Tenant> tenant;
  std::string lang = "en";     // the checkout's language (a `lang` query overrides it)
  bool open = true;            // false: paid, cancelled or expired (410 page)
  std::string item;            // what is bought, in that language ("Midnight Drive", "Music Plus")
  bool subscription = false;   // "You are subscribing to …" rather than "You are buying …"
  bool renewal = false;        // a held plan's due period paid again (issue 72 item 4): "You are renewing …"
  std::string price_suffix;    // e.g. "/ month", or empty
  payments::Money amount;
  std::vector<payments::TestInstrument> test_cards;
  bool provider_page = false;  // the provider's own page takes the card (Stripe Checkout): one button to go there
  bool test_mode = true;       // the provider's test mode: the page says no real money moves
  std::string provider_origin;  // the provider's page's origin, where the form's answer redirects (CSP form-action)
};

struct CheckoutSubmit {
  std::string card;  // digits of the chosen card; empty when cancelled or paid on the provider's page
  bool cancel = false;
  std::string lang;
  std::string backend_base;  // the tenant's configured origin + "/backend": where the provider's page sends the payer back
};

}  // namespace portal::hosted
