#pragma once
// THE entitlement decision (DESIGN.md "Entitlement is decided in one place"):
// may this caller consume this article on this device, and how; and if not,
// what would let them. Pure: the service gathers the facts (catalog, wallet,
// subscriptions, device) and every path that hands out paid media — media
// URLs, downloads, game pages, and the players — asks it through the service.
//
// Rules, in order (docs/decisions.md "Entitlement"):
//  1. A game for another operating system than the caller's device: not
//     supported (404 DEVICE_NOT_SUPPORTED), nothing else.
//  2. Free (a DOWNLOAD_TO_OWN_FREEMIUM price, or every price 0): consume
//     "free" — for guests only a free online game (commerce §1), others ask
//     to sign in.
//  3. Guests: sign in first; the offers are listed for display.
//  4. Owned (the wallet holds the article or its collection): "wallet".
//  5. Active subscriptions whose contingent covers the content type: −1 is
//     "subscription", > 0 is "credit" (consuming spends one and puts the
//     article in the wallet), 0 is exhausted.
//  6. Nothing to consume with: subscriptions that cover the type but are
//     inactive, pending or in grace are `unavailable`; an active level of a
//     plan group that cannot consume it offers the group's other levels that
//     can (higher: upgradeTo, lower: downgradeTo); plans covering it in other
//     groups, and the article's own PAY_PER_DOWNLOAD price in the tenant's
//     currency, are `purchase` offers.
#include "domains/purchases/purchases_types.hpp"

namespace portal::purchases {

Entitlement decide(const EntitlementInput& in);

// Free business model: a DOWNLOAD_TO_OWN_FREEMIUM price, or only zero prices.
bool is_free(const ArticleFacts& a);

}  // namespace portal::purchases
