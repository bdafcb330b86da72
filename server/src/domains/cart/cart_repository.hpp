#pragma once
// Cart storage: one row per user and product. Blocking; tenant id first.
#include <cstdint>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/cart/cart_types.hpp"

namespace portal::cart {

class CartRepository {
 public:
  explicit CartRepository(db::Database& db) : db_(db) {}
  std::vector<CartRow> items(std::int64_t tenant_id, const std::string& user_uuid);
  void put(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t product_id, std::int64_t quantity,
           const std::string& now);
  // Several quantities at once (a merge), all or nothing.
  void put_all(std::int64_t tenant_id, const std::string& user_uuid, const std::vector<CartRow>& rows,
               const std::string& now);
  void remove(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t product_id);
  // Inside the transaction that places an order: its products leave the cart.
  void remove(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, std::int64_t product_id);

 private:
  db::Database& db_;
};

}  // namespace portal::cart
