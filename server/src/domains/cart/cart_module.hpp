#pragma once
// The cart as the composition root assembles it (app/domains.cpp): the catalog's voucher products, ordered through
// vouchers.
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/cart/cart_repository.hpp"
#include "domains/cart/cart_service.hpp"
#include "domains/vouchers/vouchers_service.hpp"

namespace portal::cart {

struct Cart {
  struct Deps {
    db::Database& database;
    vouchers::VouchersService& vouchers;
    vouchers::VouchersService::TenantLookup tenant_by_id;
    const core::Clock& clock;
  };
  explicit Cart(Deps deps)
      : repository(deps.database), service(repository, deps.vouchers, std::move(deps.tenant_by_id), deps.clock) {
    // A cart order paid on the provider's page leaves the cart when its payment settles, whether or not the
    // payer comes back (CartService::checkout_returned empties it too).
    deps.vouchers.on_order_paid([this](db::Session& s, const vouchers::Order& order) {
      if (order.source != "cart") return;
      for (const auto& item : order.items) repository.remove(s, order.tenant_id, order.user_uuid, item.product_id);
    });
  }

  CartRepository repository;
  CartService service;
};

inline std::unique_ptr<Cart> make_cart(Cart::Deps deps) { return std::make_unique<Cart>(std::move(deps)); }

}  // namespace portal::cart
