#pragma once
// The cart calls (docs/contracts.md "Vouchers and cart"): read it, set or
// remove a product's quantity, merge a guest's cart, check out; and the hosted
// sandbox checkout page of a cart order.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/cart/cart_service.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "http/router.hpp"

namespace portal::cart {

std::vector<http::Route> cart_routes(CartService& service, const i18n::I18nService& i18n,
                                     boost::asio::thread_pool& db_pool);

}  // namespace portal::cart
