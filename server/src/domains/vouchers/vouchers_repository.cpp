#include "domains/vouchers/vouchers_repository.hpp"

#include <boost/json.hpp>

#include "domains/vouchers/vouchers_sql.hpp"

namespace portal::vouchers {
namespace json = boost::json;

namespace {

db::Value opt(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }
db::Value opt(const std::optional<std::int64_t>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

}  // namespace

CodeRecord to_code(const db::Row& row) {
  CodeRecord c;
  c.id = row.text(0);
  c.subscription_type_id = row.integer(1);
  if (!row.is_null(2)) c.product_id = row.integer(2);
  c.order_id = row.optional_text(3);
  c.owner_uuid = row.optional_text(4);
  c.hint = row.text(5);
  c.valid_until = row.text(6);
  c.redeemed_at = row.optional_text(7);
  c.voided_at = row.optional_text(8);
  c.periods = static_cast<int>(row.integer(9));
  c.batch_id = row.optional_text(10);
  c.valid_from = row.optional_text(11);
  c.voided_by = row.optional_text(12);
  c.redeemed_by = row.optional_text(13);
  c.subscription_id = row.optional_text(14);
  c.created_at = row.text(15);
  return c;
}

namespace {

std::string items_json(const std::vector<OrderItem>& items) {
  json::array out;
  for (const auto& i : items)
    out.push_back(json::object{{"productId", i.product_id}, {"quantity", i.quantity}, {"unitAmount", i.unit_amount}});
  return json::serialize(out);
}

std::vector<OrderItem> items_from(const std::string& text) {
  std::vector<OrderItem> out;
  const auto doc = json::parse(text);
  for (const auto& v : doc.as_array()) {
    const auto& o = v.as_object();
    out.push_back({o.at("productId").to_number<std::int64_t>(), o.at("quantity").to_number<std::int64_t>(),
                   o.at("unitAmount").to_number<std::int64_t>()});
  }
  return out;
}

Order to_order(const db::Row& row) {
  Order o;
  o.tenant_id = row.integer(0);
  o.id = row.text(1);
  o.user_uuid = row.text(2);
  o.source = row.text(3);
  o.status = row.text(4);
  o.items = items_from(row.text(5));
  o.amount = {row.integer(6), row.text(7)};
  o.lang = row.text(8);
  o.redirect = row.optional_text(9);
  o.reserved = row.integer(10) != 0;
  o.payment_id = row.optional_text(11);
  o.fulfilled_at = row.optional_text(12);
  o.expires_at = row.text(13);
  o.created_at = row.text(14);
  return o;
}

}  // namespace

void VouchersRepository::insert_code(db::Session& s, std::int64_t tenant_id, const NewCode& c, const std::string& now) {
  s.execute(sql::kInsertCode, {tenant_id, c.id, c.code_hash, c.subscription_type_id, opt(c.product_id), opt(c.order_id),
                               opt(c.owner_uuid), c.hint, c.valid_until, now, static_cast<std::int64_t>(c.periods),
                               opt(c.batch_id), opt(c.valid_from)});
}

bool VouchersRepository::store_code(std::int64_t tenant_id, const NewCode& c, const std::string& now) {
  try {
    db_.transaction([&](db::Session& s) { insert_code(s, tenant_id, c, now); });
  } catch (const db::ConstraintError&) {
    return false;
  }
  return true;
}

void VouchersRepository::link_subscription(db::Session& s, std::int64_t tenant_id, const std::string& hash,
                                           const std::string& subscription_id) {
  s.execute(sql::kLinkSubscription, {tenant_id, hash, subscription_id});
}

std::optional<CodeRecord> VouchersRepository::code_by_hash(std::int64_t tenant_id, const std::string& hash) {
  auto rows = db_.query(sql::kCodeByHash, {tenant_id, hash});
  if (rows.empty()) return std::nullopt;
  return to_code(rows[0]);
}

bool VouchersRepository::redeem(db::Session& s, std::int64_t tenant_id, const std::string& hash, const std::string& now,
                                const std::string& user_uuid, const std::string& subscription_id) {
  return s.execute(sql::kRedeem, {tenant_id, hash, now, user_uuid, subscription_id}) == 1;
}

std::vector<CodeRecord> VouchersRepository::live_codes_of(db::Session& s, std::int64_t tenant_id,
                                                          const std::string& owner_uuid, std::int64_t product_id,
                                                          const std::string& now) {
  std::vector<CodeRecord> out;
  for (const auto& row : s.query(sql::kLiveCodesOf, {tenant_id, owner_uuid, product_id, now})) out.push_back(to_code(row));
  return out;
}

bool VouchersRepository::void_code(db::Session& s, std::int64_t tenant_id, const std::string& id, const std::string& now) {
  return s.execute(sql::kVoidCode, {tenant_id, id, now}) == 1;
}

void VouchersRepository::record_attempt(std::int64_t tenant_id, const std::string& scope, const std::string& subject,
                                        const std::string& now) {
  db_.execute(sql::kInsertAttempt, {tenant_id, scope, subject, now});
}

std::pair<std::int64_t, std::string> VouchersRepository::attempts_since(std::int64_t tenant_id,
                                                                        const std::string& scope,
                                                                        const std::string& subject,
                                                                        const std::string& start) {
  auto rows = db_.query(sql::kAttemptsSince, {tenant_id, scope, subject, start});
  if (rows.empty() || rows[0].integer(0) == 0) return {0, ""};
  return {rows[0].integer(0), rows[0].text(1)};
}

void VouchersRepository::prune_attempts(std::int64_t tenant_id, const std::string& before) {
  db_.execute(sql::kPruneAttempts, {tenant_id, before});
}

std::optional<std::int64_t> VouchersRepository::stock(std::int64_t tenant_id, std::int64_t product_id) {
  auto rows = db_.query(sql::kStock, {tenant_id, product_id});
  if (rows.empty()) return std::nullopt;
  return rows[0].integer(0);
}

std::optional<std::int64_t> VouchersRepository::stock(db::Session& s, std::int64_t tenant_id, std::int64_t product_id) {
  auto rows = s.query(sql::kStock, {tenant_id, product_id});
  if (rows.empty()) return std::nullopt;
  return rows[0].integer(0);
}

bool VouchersRepository::take_stock(db::Session& s, std::int64_t tenant_id, std::int64_t product_id,
                                    std::int64_t initial, std::int64_t quantity, const std::string& now) {
  s.execute(sql::kEnsureStock, {tenant_id, product_id, initial, now});
  return s.execute(sql::kTakeStock, {tenant_id, product_id, quantity, now}) == 1;
}

void VouchersRepository::return_stock(db::Session& s, std::int64_t tenant_id, std::int64_t product_id,
                                      std::int64_t quantity, const std::string& now) {
  s.execute(sql::kReturnStock, {tenant_id, product_id, quantity, now});
}

void VouchersRepository::insert_order(const Order& o) {
  db_.execute(sql::kInsertOrder, {o.tenant_id, o.id, o.user_uuid, o.source, items_json(o.items), o.amount.amount,
                                  o.amount.currency, o.lang, opt(o.redirect), o.expires_at, o.created_at});
}

std::optional<Order> VouchersRepository::order(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kOrder, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return to_order(rows[0]);
}

std::optional<Order> VouchersRepository::order(db::Session& s, std::int64_t tenant_id, const std::string& id) {
  auto rows = s.query(sql::kOrder, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return to_order(rows[0]);
}

std::optional<Order> VouchersRepository::order_by_id(const std::string& id) {
  auto rows = db_.query(sql::kOrderById, {id});
  if (rows.empty()) return std::nullopt;
  return to_order(rows[0]);
}

std::vector<Order> VouchersRepository::unfulfilled() {
  std::vector<Order> out;
  for (const auto& row : db_.query(sql::kUnfulfilled)) out.push_back(to_order(row));
  return out;
}

bool VouchersRepository::set_status(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                    std::string_view from, std::string_view to,
                                    const std::optional<std::string>& payment_id, const std::string& now) {
  return s.execute(sql::kSetOrderStatus,
                   {tenant_id, id, std::string(from), std::string(to), now, opt(payment_id)}) == 1;
}

bool VouchersRepository::set_status(std::int64_t tenant_id, const std::string& id, std::string_view from,
                                    std::string_view to, const std::string& now) {
  return db_.execute(sql::kSetOrderStatus,
                     {tenant_id, id, std::string(from), std::string(to), now, nullptr}) == 1;
}

bool VouchersRepository::set_reserved(db::Session& s, std::int64_t tenant_id, const std::string& id, bool from,
                                      bool to, const std::string& now) {
  return s.execute(sql::kSetReserved, {tenant_id, id, std::int64_t{to ? 1 : 0}, now, std::int64_t{from ? 1 : 0}}) == 1;
}

bool VouchersRepository::claim_fulfilment(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                          const std::string& now) {
  return s.execute(sql::kClaimFulfilment, {tenant_id, id, now}) == 1;
}

void VouchersRepository::expire_open(std::int64_t tenant_id, const std::string& now) {
  db_.execute(sql::kExpireOpen, {tenant_id, now});
}

}  // namespace portal::vouchers
