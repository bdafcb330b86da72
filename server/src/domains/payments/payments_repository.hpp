#pragma once
// Storage of charges, saved payment methods and operator PIN challenges.
// Blocking; tenant id first, except the look-ups by a global payment id or a
// due time (the webhook and the scheduler), which read tenant_id from the row.
// Writes that belong to one outcome take the transaction's Session.
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "domains/payments/payments_types.hpp"

namespace portal::payments {

// The newest unused PIN challenge of a (user, reference).
struct PinChallenge {
  std::string id;
  std::string msisdn;
  std::string pin_hash;
  std::int64_t tries_left = 0;
  std::string expires_at;
};

class PaymentsRepository {
 public:
  explicit PaymentsRepository(db::Database& db) : db_(db) {}
  db::Database& database() { return db_; }

  // How a transaction of charges ended: written, or refused by a unique index
  // (another charge holds the reference or the exclusive key) and rolled back.
  enum class Write { done, taken };
  // Runs work in one transaction. A claim or a settlement whose reference or
  // exclusive key another charge holds makes the database refuse the write;
  // the whole transaction is then rolled back and the answer is taken.
  Write transact(const std::function<void(db::Session&)>& work);

  // ---- charges
  // Claims (purpose, reference), and the exclusive key when given, with a
  // PROCESSING row; refused (taken, inside transact) when another charge of
  // the reference is in flight, pending or succeeded, or one holding the key
  // is in flight (the unique indexes).
  // The claim holds a lease for `holder` until `lease_until` (migration 0050).
  void claim(db::Session& s, const Payment& p, const std::optional<std::string>& exclusive_key,
             const std::string& holder, const std::string& lease_until);
  // A charge as kClaim and kFinish leave it, at past times (p.status, p.instrument, p.refunded, changed last
  // at `updated_at`), in the caller's transaction: the synthetic activity (docs/operations.md).
  void insert_past(db::Session& s, const Payment& p, const std::optional<std::string>& exclusive_key,
                   const std::string& updated_at);
  // Moves the lease of a charge still in flight and still `holder`'s on; false when it is not.
  bool renew_lease(const std::string& payment_id, const std::string& holder, const std::string& lease_until);
  // Charges in flight whose lease lapsed before `now` (rows without a lease: last changed before
  // `unleased_before`), oldest first, at most 50.
  std::vector<std::string> lapsed(const std::string& now, const std::string& unleased_before);
  // Takes a lapsed charge over for `holder`; false when it is not lapsed (another instance took it, or it finished).
  bool take_over(const std::string& payment_id, const std::string& holder, const std::string& now,
                 const std::string& unleased_before, const std::string& lease_until);
  // The charge in flight holding (tenant, user, key), if any.
  std::optional<Payment> holder(std::int64_t tenant_id, const std::string& user_uuid, const std::string& exclusive_key);
  // The charge holding (purpose, reference): {id, status}, if any.
  std::optional<std::pair<std::string, std::string>> live_for_reference(std::int64_t tenant_id,
                                                                        std::string_view purpose,
                                                                        const std::string& reference);
  // Writes a charge's outcome; false when it was no longer in flight (another instance recorded it).
  bool finish(db::Session& s, const Payment& p, const std::optional<std::string>& settle_outcome,
              const std::string& at);
  // A claimed charge whose outcome could not be recorded leaves the unique index.
  void abandon(std::int64_t tenant_id, const std::string& payment_id, const std::string& at);
  bool abandon(db::Session& s, std::int64_t tenant_id, const std::string& payment_id, const std::string& at);
  // A charge in flight the provider took and that went back in full (`refunded` reserved by its refund): SUCCEEDED
  // with the provider's label and name. False when it is not in flight any more (another instance recorded it).
  bool mark_returned(db::Session& s, const Payment& payment, std::int64_t refunded, const std::string& at);
  std::optional<Payment> by_id(const std::string& payment_id);
  std::optional<Payment> by_id(db::Session& s, const std::string& payment_id);
  std::vector<Payment> for_reference(std::int64_t tenant_id, std::string_view purpose, const std::string& reference);
  // Pending charges whose settle time passed (every tenant): {id, outcome}.
  std::vector<std::pair<std::string, std::string>> due_pending(const std::string& now);
  // A PENDING charge's next look (its provider said it is still pending).
  void postpone_pending(const std::string& payment_id, const std::string& settle_at);
  // False when the payment was no longer pending (someone else settled it).
  // A success holds the payment's exclusive key until the transaction ends:
  // refused (taken, inside transact) while another charge holding it is in flight.
  bool settle(db::Session& s, const std::string& payment_id, Status outcome, const std::string& at);

  // ---- refunds (payment_refunds, payments.refunded)
  // One conditional UPDATE: adds amount to refunded when the payment is the
  // tenant's, SUCCEEDED and refunded + amount <= amount; false otherwise.
  bool reserve_refund(db::Session& s, std::int64_t tenant_id, const std::string& payment_id, std::int64_t amount);
  // A failed refund gives its reservation back.
  void release_refund(db::Session& s, std::int64_t tenant_id, const std::string& payment_id, std::int64_t amount);
  // Inserts a PENDING refund.
  void insert_refund(db::Session& s, const Refund& refund);
  // A refund as it ended (refund.status, settled_at), reserved on its payment already (insert_past's refunded).
  void insert_past_refund(db::Session& s, const Refund& refund);
  // Moves a PENDING refund to refund.status (with settle_at/settled_at); false when it was no longer PENDING.
  // A refund that stays PENDING gets its settle_at and outcome.
  bool finish_refund(db::Session& s, const Refund& refund, const std::optional<std::string>& settle_outcome);
  std::optional<Refund> refund_by_id(db::Session& s, const std::string& refund_id);
  // A SUCCEEDED refund becomes FAILED (settled_at = at); false when it was not SUCCEEDED.
  bool reverse_refund(db::Session& s, std::int64_t tenant_id, const std::string& refund_id, const std::string& at);
  std::vector<Refund> refunds_of(std::int64_t tenant_id, const std::string& payment_id);
  std::vector<Refund> refunds_of(db::Session& s, std::int64_t tenant_id, const std::string& payment_id);
  // PENDING refunds whose settle time passed (every tenant): {id, outcome}.
  std::vector<std::pair<std::string, std::string>> due_refunds(const std::string& now);

  // ---- a provider's own names, events and disputes (migration 0053)
  std::optional<Payment> by_provider_ref(std::int64_t tenant_id, std::string_view provider, const std::string& ref);
  // A settled hosted payment's charge at its provider and the card's label (its page URL is dropped).
  void set_provider_details(db::Session& s, const std::string& payment_id, const std::string& ref, const std::string& label);
  bool event_seen(std::int64_t tenant_id, std::string_view provider, const std::string& event_id);
  void record_event(db::Session& s, std::int64_t tenant_id, std::string_view provider, const std::string& event_id,
                    const std::string& type, const std::string& at);
  void upsert_dispute(db::Session& s, const Dispute& d);
  std::vector<Dispute> disputes_of(std::int64_t tenant_id, const std::string& payment_id);

  // ---- saved methods
  // Inserts or replaces the user's method for the provider; its id.
  std::optional<std::string> save_method(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                         const std::string& provider, const std::string& token,
                                         const std::string& label, const std::string& at);
  // A method saved at `at`, with its own id (the synthetic activity).
  void insert_past_method(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, const SavedMethod& method,
                          const std::string& at);
  std::optional<SavedMethod> method_for(std::int64_t tenant_id, const std::string& user_uuid,
                                        std::string_view provider);
  std::optional<SavedMethod> method_by_id(std::int64_t tenant_id, const std::string& id);

  // ---- PIN challenges
  // Retires the older PINs of (user, reference) and stores the new one, in one transaction.
  void replace_pin(std::int64_t tenant_id, const std::string& user_uuid, const std::string& reference,
                   const std::string& msisdn, const std::string& pin_hash, std::int64_t tries,
                   const std::string& expires_at, const std::string& at);
  std::optional<PinChallenge> latest_pin(std::int64_t tenant_id, const std::string& user_uuid,
                                         const std::string& reference);
  // Conditional: concurrent guesses cannot spend more tries than there are.
  void spend_try(std::int64_t tenant_id, const std::string& pin_id);
  // False when the PIN was spent meanwhile.
  bool use_pin(std::int64_t tenant_id, const std::string& pin_id, const std::string& at);

 private:
  db::Database& db_;
};

}  // namespace portal::payments
