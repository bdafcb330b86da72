#pragma once
// The cart (commerce §3 "Cart item", §5 cart quantity; docs/contracts.md
// "Vouchers and cart"): a signed-in user's voucher products and quantities,
// kept per tenant on the server; a guest's lives in the browser and merges on
// sign-in. Rows, inputs and wire shapes; no SQL or HTTP types.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domains/vouchers/vouchers_types.hpp"

namespace portal::cart {

using vouchers::MoneyDto;

inline constexpr std::size_t kMaxMergeItems = 50;

struct CartRow {
  std::int64_t product_id = 0;
  std::int64_t quantity = 0;
};

// A guest cart entry to merge.
struct MergeItem {
  std::int64_t product_id = 0;
  std::int64_t quantity = 0;
};

// Commerce §3 cart item, plus what one costs before its saving and the content type.
struct CartItemDto {
  std::int64_t id = 0;  // the voucher product (catalog article) id
  std::string imageUrl;
  std::string name;
  std::string description;
  std::optional<std::int64_t> availableNo;  // null: unlimited
  int discountPercentage = 0;
  MoneyDto price;          // one unit, what is paid
  MoneyDto originalPrice;  // one unit before the saving
  std::int64_t quantity = 0;
  std::string currency;
  std::string contentType;  // voucher | voucherbook
};
BOOST_DESCRIBE_STRUCT(CartItemDto, (),
                      (id, imageUrl, name, description, availableNo, discountPercentage, price, originalPrice, quantity,
                       currency, contentType))

// Totals in minor units: subtotal before savings, the savings, what is paid.
struct CartTotalsDto {
  std::int64_t quantity = 0;
  std::int64_t subtotalAmount = 0;
  std::int64_t discountAmount = 0;
  std::int64_t totalAmount = 0;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(CartTotalsDto, (), (quantity, subtotalAmount, discountAmount, totalAmount, currency))

struct CartDto {
  std::vector<CartItemDto> items;
  CartTotalsDto totals;
  std::int64_t maxQuantity = 10;
};
BOOST_DESCRIBE_STRUCT(CartDto, (), (items, totals, maxQuantity))

struct CheckoutDto {
  std::string purchaseID;  // the order id
  std::string url;         // the hosted sandbox checkout
  MoneyDto amount;
};
BOOST_DESCRIBE_STRUCT(CheckoutDto, (), (purchaseID, url, amount))

}  // namespace portal::cart
