#include "domains/payments/sandbox_ledger.hpp"

#include <boost/describe/class.hpp>
#include <stdexcept>

#include "db/row_reads.hpp"
#include "db/timestamp.hpp"

namespace portal::payments {
namespace {

struct LedgerRow {
  std::string kind;
  Money amount;
  std::string status;
  std::string label;
  std::optional<std::string> save_token;
  std::int64_t settle_after = 0;
  std::string settle_outcome;
};
BOOST_DESCRIBE_STRUCT(LedgerRow, (), (kind, amount, status, label, save_token, settle_after, settle_outcome))

#define PORTAL_LEDGER_COLUMNS "kind, amount, currency, status, label, save_token, settle_after, settle_outcome"
static_assert(db::columns_match<LedgerRow>(PORTAL_LEDGER_COLUMNS));

// The first call with a key writes its row; a later one writes nothing.
constexpr std::string_view kRecord =
    "INSERT INTO sandbox_ledger (provider, idempotency_key, kind, amount, currency, status, label, save_token, "
    "settle_after, settle_outcome, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) "
    "ON CONFLICT (provider, idempotency_key) DO NOTHING";
constexpr std::string_view kByKey =
    "SELECT " PORTAL_LEDGER_COLUMNS " FROM sandbox_ledger WHERE provider = $1 AND idempotency_key = $2";

RefundStatus ledger_refund_status(std::string_view text) {
  return text == "SUCCEEDED" ? RefundStatus::succeeded : text == "PENDING" ? RefundStatus::pending : RefundStatus::failed;
}

// What the ledger holds under the key, after a first call's row was written (now or earlier).
LedgerRow ledger_row(db::Database& db, std::string_view provider, std::string_view key, std::string_view kind,
                   const Money& amount) {
  auto row = db::read_first<LedgerRow>(db.query(kByKey, {std::string(provider), std::string(key)}));
  if (!row) throw std::runtime_error("sandbox ledger: the call's row is missing");
  if (row->kind != kind || !(row->amount == amount))
    throw std::invalid_argument("sandbox ledger: the idempotency key was used with other parameters");
  return *row;
}

db::Value ledger_text(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

ProviderCharge ledger_charge(const LedgerRow& row) {
  ProviderCharge c;
  c.status = status_from(row.status).value_or(Status::declined);
  c.label = row.label;
  c.save_token = row.save_token;
  c.settle_after = std::chrono::seconds(row.settle_after);
  c.settle_outcome = status_from(row.settle_outcome).value_or(Status::succeeded);
  return c;
}

}  // namespace

ProviderCharge SandboxLedger::charge_once(std::string_view provider, std::string_view key, const Money& amount,
                                          const ProviderCharge& decided) {
  db_.execute(kRecord, {std::string(provider), std::string(key), std::string("charge"), amount.amount, amount.currency,
                        std::string(to_string(decided.status)), decided.label, ledger_text(decided.save_token),
                        static_cast<std::int64_t>(decided.settle_after.count()),
                        std::string(to_string(decided.settle_outcome)), db::utc_timestamp(clock_.now())});
  return ledger_charge(ledger_row(db_, provider, key, "charge", amount));
}

ProviderRefund SandboxLedger::refund_once(std::string_view provider, std::string_view key, const Money& amount,
                                          const ProviderRefund& decided) {
  db_.execute(kRecord, {std::string(provider), std::string(key), std::string("refund"), amount.amount, amount.currency,
                        std::string(to_string(decided.status)), std::string(), nullptr,
                        static_cast<std::int64_t>(decided.settle_after.count()),
                        std::string(to_string(decided.settle_outcome)), db::utc_timestamp(clock_.now())});
  const LedgerRow row = ledger_row(db_, provider, key, "refund", amount);
  ProviderRefund r;
  r.status = ledger_refund_status(row.status);
  r.settle_after = std::chrono::seconds(row.settle_after);
  r.settle_outcome = ledger_refund_status(row.settle_outcome);
  return r;
}

std::optional<ProviderCharge> SandboxLedger::charge(std::string_view provider, std::string_view key) {
  auto row = db::read_first<LedgerRow>(db_.query(kByKey, {std::string(provider), std::string(key)}));
  if (!row || row->kind != "charge") return std::nullopt;
  return ledger_charge(*row);
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(LedgerRow, kByKey);
}  // namespace portal::payments
