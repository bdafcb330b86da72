#include "domains/vouchers/vouchers_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/row_reads.hpp"
#include "domains/vouchers/vouchers_sql.hpp"
#include "domains/webhooks/webhooks_outbox.hpp"

namespace portal::vouchers {
namespace json = boost::json;

namespace {

db::Value opt(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }
db::Value opt(const std::optional<std::int64_t>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

}  // namespace

BOOST_DESCRIBE_STRUCT(CodeRecord, (), (id, subscription_type_id, product_id, order_id, owner_uuid, hint, valid_until,
                                       redeemed_at, voided_at, periods, batch_id, valid_from, voided_by, redeemed_by,
                                       subscription_id, created_at))
static_assert(db::columns_match<CodeRecord>(PORTAL_CODE_COLUMNS));

CodeRecord to_code(const db::Row& row) { return db::read_row<CodeRecord>(row); }

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

// The columns of PORTAL_ORDER_COLUMNS.
struct OrderRow {
  std::int64_t tenant_id = 0;
  std::string id;
  std::string user_uuid;
  std::string source;
  std::string status;
  std::string items;  // JSON
  std::int64_t amount = 0;
  std::string currency;
  std::string lang;
  std::optional<std::string> redirect;
  bool reserved = false;
  std::optional<std::string> payment_id;
  std::optional<std::string> fulfilled_at;
  std::string expires_at;
  std::string created_at;
};
BOOST_DESCRIBE_STRUCT(OrderRow, (), (tenant_id, id, user_uuid, source, status, items, amount, currency, lang, redirect,
                                     reserved, payment_id, fulfilled_at, expires_at, created_at))
static_assert(db::columns_match<OrderRow>(PORTAL_ORDER_COLUMNS));

struct AttemptsRow {
  std::int64_t count = 0;
  std::string first_at;
};
BOOST_DESCRIBE_STRUCT(AttemptsRow, (), (count, first_at))

Order to_order(const db::Row& row) {
  auto r = db::read_row<OrderRow>(row);
  Order o;
  o.tenant_id = r.tenant_id;
  o.id = std::move(r.id);
  o.user_uuid = std::move(r.user_uuid);
  o.source = std::move(r.source);
  o.status = std::move(r.status);
  o.items = items_from(r.items);
  o.amount = {r.amount, std::move(r.currency)};
  o.lang = std::move(r.lang);
  o.redirect = std::move(r.redirect);
  o.reserved = r.reserved;
  o.payment_id = std::move(r.payment_id);
  o.fulfilled_at = std::move(r.fulfilled_at);
  o.expires_at = std::move(r.expires_at);
  o.created_at = std::move(r.created_at);
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
  if (s.execute(sql::kRedeem, {tenant_id, hash, now, user_uuid, subscription_id}) != 1) return false;
  // voucher.redeemed (issue 78 item 1), in the redemption's transaction; never the code itself.
  webhooks::record_event_with(s, tenant_id, "voucher.redeemed", [&] {
    webhooks::VoucherRedeemedData d{"", "", user_uuid, subscription_id.empty() ? "article" : "subscription"};
    const auto rows = s.query(sql::kCodeByHash, {tenant_id, hash});
    if (!rows.empty()) {
      const auto code = to_code(rows[0]);
      d.codeId = code.id;
      d.batchId = code.batch_id.value_or("");
      if (code.product_id) d.grants = "article";
    }
    return boost::json::value_from(d);
  });
  return true;
}

std::int64_t VouchersRepository::live_code_count(std::int64_t tenant_id, const std::string& owner_uuid,
                                                  std::int64_t product_id, const std::string& now) {
  auto rows = db_.query(sql::kLiveCodeCount, {tenant_id, owner_uuid, product_id, now});
  return rows.empty() ? 0 : rows[0].integer(0);
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

std::vector<CodeRecord> VouchersRepository::order_codes(std::int64_t tenant_id, const std::string& order_id) {
  std::vector<CodeRecord> out;
  for (const auto& row : db_.query(sql::kOrderCodes, {tenant_id, order_id})) out.push_back(to_code(row));
  return out;
}

std::vector<CodeRecord> VouchersRepository::order_codes(db::Session& s, std::int64_t tenant_id,
                                                        const std::string& order_id) {
  std::vector<CodeRecord> out;
  for (const auto& row : s.query(sql::kOrderCodes, {tenant_id, order_id})) out.push_back(to_code(row));
  return out;
}

std::int64_t VouchersRepository::void_order_codes(db::Session& s, std::int64_t tenant_id, const std::string& order_id,
                                                  const std::string& now, const std::string& by) {
  return static_cast<std::int64_t>(s.execute(sql::kVoidOrderCodes, {tenant_id, order_id, now, by}));
}

std::int64_t VouchersRepository::restore_order_codes(db::Session& s, std::int64_t tenant_id, const std::string& order_id,
                                                     const std::string& by, const std::optional<std::string>& to) {
  if (to) return static_cast<std::int64_t>(s.execute(sql::kHandOverOrderCodes, {tenant_id, order_id, by, *to}));
  return static_cast<std::int64_t>(s.execute(sql::kRestoreOrderCodes, {tenant_id, order_id, by}));
}

void VouchersRepository::record_attempt(std::int64_t tenant_id, const std::string& scope, const std::string& subject,
                                        const std::string& now) {
  db_.execute(sql::kInsertAttempt, {tenant_id, scope, subject, now});
}

std::pair<std::int64_t, std::string> VouchersRepository::attempts_since(std::int64_t tenant_id,
                                                                        const std::string& scope,
                                                                        const std::string& subject,
                                                                        const std::string& start) {
  auto r = db::read_first<AttemptsRow>(db_.query(sql::kAttemptsSince, {tenant_id, scope, subject, start}));
  if (!r || r->count == 0) return {0, ""};
  return {r->count, std::move(r->first_at)};
}

void VouchersRepository::prune_attempts(std::int64_t tenant_id, const std::string& before) {
  db_.execute(sql::kPruneAttempts, {tenant_id, before});
}

std::optional<std::int64_t> VouchersRepository::stock(std::int64_t tenant_id, std::int64_t product_id) {
  return db::read_value<std::int64_t>(db_.query(sql::kStock, {tenant_id, product_id}));
}

std::optional<std::int64_t> VouchersRepository::stock(db::Session& s, std::int64_t tenant_id, std::int64_t product_id) {
  return db::read_value<std::int64_t>(s.query(sql::kStock, {tenant_id, product_id}));
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

void VouchersRepository::insert_past_order(db::Session& s, const Order& o, const std::string& updated_at) {
  s.execute(sql::kInsertPastOrder, {o.tenant_id, o.id, o.user_uuid, o.source, o.status, items_json(o.items),
                                    o.amount.amount, o.amount.currency, o.lang, opt(o.redirect),
                                    std::int64_t{o.reserved ? 1 : 0}, opt(o.payment_id), opt(o.fulfilled_at),
                                    o.expires_at, o.created_at, updated_at});
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

bool VouchersRepository::hold_fulfilment(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                         const std::string& now, const std::string& by) {
  return s.execute(sql::kHoldFulfilment, {tenant_id, id, now, by}) == 1;
}

void VouchersRepository::release_fulfilment(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                            const std::string& by, const std::optional<std::string>& to,
                                            const std::string& now) {
  if (to) s.execute(sql::kHandOverFulfilment, {tenant_id, id, by, *to});
  else s.execute(sql::kReleaseFulfilment, {tenant_id, id, by, now});
}

void VouchersRepository::expire_open(std::int64_t tenant_id, const std::string& now) {
  db_.execute(sql::kExpireOpen, {tenant_id, now});
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(AttemptsRow, sql::kAttemptsSince);
PORTAL_ROW_READS(CodeRecord, sql::kCodeByHash);
PORTAL_ROW_READS(CodeRecord, sql::kLiveCodesOf);
PORTAL_ROW_READS(CodeRecord, sql::kOrderCodes);
PORTAL_ROW_READS(CodeRecord, sql::kCodeById);  // VouchersRepository::code_by_id (voucher_batches_repository.cpp)
PORTAL_ROW_READS(CodeRecord, sql::kBatchCodesAll);
PORTAL_ROW_READS(CodeRecord, sql::kBatchCodesOpen);
PORTAL_ROW_READS(CodeRecord, sql::kBatchCodesExpired);
PORTAL_ROW_READS(CodeRecord, sql::kBatchCodesRedeemed);
PORTAL_ROW_READS(CodeRecord, sql::kBatchCodesVoided);
PORTAL_ROW_READS(OrderRow, sql::kOrder);
PORTAL_ROW_READS(OrderRow, sql::kOrderById);
PORTAL_ROW_READS(OrderRow, sql::kUnfulfilled);
}  // namespace portal::vouchers
