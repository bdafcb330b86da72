#include "domains/cart/cart_repository.hpp"

#include <boost/describe/class.hpp>

#include "db/row_reads.hpp"
#include "domains/cart/cart_sql.hpp"

namespace portal::cart {

BOOST_DESCRIBE_STRUCT(CartRow, (), (product_id, quantity))
PORTAL_ROW_READS(CartRow, sql::kItems);

std::vector<CartRow> CartRepository::items(std::int64_t tenant_id, const std::string& user_uuid) {
  return db::read_rows<CartRow>(db_.query(sql::kItems, {tenant_id, user_uuid}));
}

void CartRepository::put(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t product_id,
                         std::int64_t quantity, const std::string& now) {
  db_.execute(sql::kPut, {tenant_id, user_uuid, product_id, quantity, now});
}

void CartRepository::put_all(std::int64_t tenant_id, const std::string& user_uuid, const std::vector<CartRow>& rows,
                             const std::string& now) {
  if (rows.empty()) return;
  db_.transaction([&](db::Session& s) {
    for (const auto& r : rows) s.execute(sql::kPut, {tenant_id, user_uuid, r.product_id, r.quantity, now});
  });
}

void CartRepository::remove(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t product_id) {
  db_.execute(sql::kRemove, {tenant_id, user_uuid, product_id});
}

void CartRepository::remove(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                            std::int64_t product_id) {
  s.execute(sql::kRemove, {tenant_id, user_uuid, product_id});
}

}  // namespace portal::cart
