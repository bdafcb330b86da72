#pragma once
// The cart's rules (docs/contracts.md "Vouchers and cart"): voucher products
// only, quantity 1..maxQuantity (tenant feature, default 10) and never above
// what is left, a guest cart merged on sign-in with quantities capped, and the
// checkout through the hosted sandbox card page, whose success issues the
// codes (vouchers), mails them and empties the cart. Expected failures are
// cart::Error values (cart_errors.hpp; the statuses below are what
// cart_answers.cpp answers them with); blocking: call on the database pool.
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/cart/cart_errors.hpp"
#include "domains/cart/cart_repository.hpp"
#include "domains/cart/cart_types.hpp"
#include "domains/hosted/checkout_page_view.hpp"
#include "domains/vouchers/vouchers_service.hpp"

namespace portal::cart {

class CartService {
 public:
  CartService(CartRepository& repository, vouchers::VouchersService& vouchers,
              vouchers::VouchersService::TenantLookup tenants, const core::Clock& clock);

  // The cart in `lang`; products no longer sold are left out.
  CartDto cart(std::int64_t tenant_id, const std::string& user_uuid, const std::string& lang);
  // Sets a product's quantity. A validation error naming productId (not a voucher product of
  // the tenant) or quantity (below 1, above maxQuantity or what is left).
  Result<CartDto> put(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t product_id,
                      std::int64_t quantity, const std::string& lang);
  CartDto remove(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t product_id,
                 const std::string& lang);
  // Adds a guest's items to the cart: quantities add up, capped at
  // maxQuantity and at what is left; products not sold (any more) are
  // skipped. A validation error naming items (more than 50) or items[i].quantity (below 1).
  Result<CartDto> merge(std::int64_t tenant_id, const std::string& user_uuid, const std::vector<MergeItem>& items,
                        const std::string& lang);
  // Opens the hosted checkout for the cart's total (redirect already checked
  // against the tenant's origins). CART_EMPTY; the vouchers domain's
  // refusals passed on (NOT_ENOUGH_AVAILABLE).
  Result<CheckoutDto> checkout(std::int64_t tenant_id, const std::string& user_uuid, const std::string& redirect,
                               const std::string& lang, const std::string& backend_base);

  // The hosted page (hosted::card_checkout_routes).
  std::optional<hosted::CheckoutPageView> checkout_view(const std::string& order_id);
  // The URL to return to; an error for no such order (ORDER_NOT_FOUND), a
  // card the sandbox does not take (INVALID_CARD: the page again) or a
  // refusal of the vouchers domain with the order still open.
  Result<std::string> checkout_submit(const std::string& order_id, const hosted::CheckoutSubmit& submit);
  // Back from the provider's page (Stripe Checkout): the URL with what its webhook settled (paid, pending,
  // declined; cancelled: the payment not made declines, PAYMENT_CANCELLED). A paid order's items leave the
  // cart here (a payment on the provider's page keeps them until then). ORDER_NOT_FOUND.
  Result<std::string> checkout_returned(const std::string& order_id, bool cancelled);

 private:
  CartRepository& repository_;
  vouchers::VouchersService& vouchers_;
  vouchers::VouchersService::TenantLookup tenants_;
  const core::Clock& clock_;
};

}  // namespace portal::cart
