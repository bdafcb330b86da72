#pragma once
// Voucher storage: codes (hashes only), attempts, stock, orders. Blocking,
// tenant id first. Methods taking a Session run inside a caller's transaction
// (a redemption's, a payment's); the others run alone.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/vouchers/voucher_batches_types.hpp"
#include "domains/vouchers/vouchers_types.hpp"

namespace portal::vouchers {

// A row of the code columns (vouchers_sql.hpp) as a record.
CodeRecord to_code(const db::Row& row);

class VouchersRepository {
 public:
  explicit VouchersRepository(db::Database& db) : db_(db) {}
  db::Database& database() { return db_; }

  // ---- codes
  void insert_code(db::Session& s, std::int64_t tenant_id, const NewCode& code, const std::string& now);
  // Stores one code in its own transaction; false when the code exists already
  // (another instance stored it first: the unique index refused it).
  bool store_code(std::int64_t tenant_id, const NewCode& code, const std::string& now);
  std::optional<CodeRecord> code_by_hash(std::int64_t tenant_id, const std::string& hash);
  // True when this call spent the code (live, not expired at `now`).
  bool redeem(db::Session& s, std::int64_t tenant_id, const std::string& hash, const std::string& now,
              const std::string& user_uuid, const std::string& subscription_id);
  void link_subscription(db::Session& s, std::int64_t tenant_id, const std::string& hash,
                         const std::string& subscription_id);
  // How many of those a user holds (a product page's "Email my codes again").
  std::int64_t live_code_count(std::int64_t tenant_id, const std::string& owner_uuid, std::int64_t product_id,
                               const std::string& now);
  std::vector<CodeRecord> live_codes_of(db::Session& s, std::int64_t tenant_id, const std::string& owner_uuid,
                                        std::int64_t product_id, const std::string& now);
  bool void_code(db::Session& s, std::int64_t tenant_id, const std::string& id, const std::string& now);
  // An order's codes, oldest first (voided and redeemed ones too).
  std::vector<CodeRecord> order_codes(std::int64_t tenant_id, const std::string& order_id);
  std::vector<CodeRecord> order_codes(db::Session& s, std::int64_t tenant_id, const std::string& order_id);
  // Voids the order's unspent codes (a refund): how many this call voided.
  std::int64_t void_order_codes(db::Session& s, std::int64_t tenant_id, const std::string& order_id,
                                const std::string& now, const std::string& by);
  // The codes `by` voided come back (to = nullopt), or pass to another voider `to`; how many.
  std::int64_t restore_order_codes(db::Session& s, std::int64_t tenant_id, const std::string& order_id,
                                   const std::string& by, const std::optional<std::string>& to);

  // ---- batches (voucher_batches.cpp)
  void insert_batch(db::Session& s, std::int64_t tenant_id, const Batch& batch);
  // The demo seed's batch: inserted unless it exists; its count set from its codes.
  void ensure_batch(std::int64_t tenant_id, const Batch& batch);
  void count_batch_codes(std::int64_t tenant_id, const std::string& batch_id);
  BatchPage batches(std::int64_t tenant_id, const Paging& paging, const std::string& now);
  std::optional<Batch> batch(std::int64_t tenant_id, const std::string& id, const std::string& now);
  std::optional<Batch> batch(db::Session& s, std::int64_t tenant_id, const std::string& id, const std::string& now);
  RedemptionPage redemptions(std::int64_t tenant_id, const std::string& batch_id, const Paging& paging);
  std::optional<CodeRecord> code_by_id(db::Session& s, std::int64_t tenant_id, const std::string& id);
  // A page of the batch's codes of `state` (is_code_state, or "" for all; open and expired as of `now`), and how
  // many there are.
  std::pair<std::vector<CodeRecord>, std::int64_t> batch_codes(std::int64_t tenant_id, const std::string& batch_id,
                                                               const std::string& state, const std::string& now,
                                                               const Paging& paging);
  // The ids of the batch's codes of `state`, in minting order, at most `limit`.
  std::vector<std::string> batch_code_ids(std::int64_t tenant_id, const std::string& batch_id, const std::string& state,
                                          const std::string& now, std::int64_t limit);
  std::optional<std::string> batch_note(std::int64_t tenant_id, const std::string& batch_id);
  // True when this call voided the code (unspent until now).
  bool void_code_by(db::Session& s, std::int64_t tenant_id, const std::string& id, const std::string& now,
                    const std::string& by);
  // Marks the batch voided (false: it was already) and voids its unspent codes: how many.
  std::pair<bool, std::int64_t> void_batch(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                           const std::string& now, const std::string& by);

  // ---- attempts (scope: user, address, resend)
  void record_attempt(std::int64_t tenant_id, const std::string& scope, const std::string& subject,
                      const std::string& now);
  // How many since `start`, and the oldest of them ("" when none).
  std::pair<std::int64_t, std::string> attempts_since(std::int64_t tenant_id, const std::string& scope,
                                                      const std::string& subject, const std::string& start);
  void prune_attempts(std::int64_t tenant_id, const std::string& before);

  // ---- stock
  // What is left; nullopt when the product was never sold (its initial stock stands).
  std::optional<std::int64_t> stock(std::int64_t tenant_id, std::int64_t product_id);
  std::optional<std::int64_t> stock(db::Session& s, std::int64_t tenant_id, std::int64_t product_id);
  // Takes `quantity` (creating the row with `initial` first); false when fewer are left.
  bool take_stock(db::Session& s, std::int64_t tenant_id, std::int64_t product_id, std::int64_t initial,
                  std::int64_t quantity, const std::string& now);
  void return_stock(db::Session& s, std::int64_t tenant_id, std::int64_t product_id, std::int64_t quantity,
                    const std::string& now);

  // ---- orders
  void insert_order(const Order& order);
  // An order as it ended (status, reservation, payment, fulfilment), changed last at `updated_at`, in the
  // caller's transaction: the synthetic activity (docs/operations.md).
  void insert_past_order(db::Session& s, const Order& order, const std::string& updated_at);
  std::optional<Order> order(std::int64_t tenant_id, const std::string& id);
  std::optional<Order> order(db::Session& s, std::int64_t tenant_id, const std::string& id);
  std::optional<Order> order_by_id(const std::string& id);  // the hosted page: no tenant header
  std::vector<Order> unfulfilled();                          // PAID without codes, every tenant
  bool set_status(db::Session& s, std::int64_t tenant_id, const std::string& id, std::string_view from,
                  std::string_view to, const std::optional<std::string>& payment_id, const std::string& now);
  bool set_status(std::int64_t tenant_id, const std::string& id, std::string_view from, std::string_view to,
                  const std::string& now);
  bool set_reserved(db::Session& s, std::int64_t tenant_id, const std::string& id, bool from, bool to,
                    const std::string& now);
  bool claim_fulfilment(db::Session& s, std::int64_t tenant_id, const std::string& id, const std::string& now);
  // A refund's hold on an unfulfilled paid order's fulfilment (kHoldFulfilment), and its end: released
  // (to = nullopt: the scheduler fulfils the order again) or handed to another holder `to`.
  bool hold_fulfilment(db::Session& s, std::int64_t tenant_id, const std::string& id, const std::string& now,
                       const std::string& by);
  void release_fulfilment(db::Session& s, std::int64_t tenant_id, const std::string& id, const std::string& by,
                          const std::optional<std::string>& to, const std::string& now);
  void expire_open(std::int64_t tenant_id, const std::string& now);

 private:
  db::Database& db_;
};

}  // namespace portal::vouchers
