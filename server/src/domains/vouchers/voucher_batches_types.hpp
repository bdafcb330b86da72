#pragma once
// Voucher batches (issue 33 item 5; docs/decisions.md "Voucher batches"): the
// codes an operator mints together, what they grant and for which window, the
// counts of a batch, its redemptions, one code's state, and the console's
// answers. Rows, inputs and wire shapes; no SQL or HTTP types.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace portal::vouchers {

inline constexpr int kMaxBatchCount = 10000;
inline constexpr std::size_t kMaxNoteLength = 500;
inline constexpr std::int64_t kMaxAdminPageSize = 200;

// Who mints or voids: a staff member, or "cli" (the command line) / "demo".
struct Actor {
  std::string id;
  std::string email;
};

// A batch as stored, with its counts (a listing fills them from the codes).
struct Batch {
  std::string id;
  std::int64_t subscription_type_id = 0;
  std::string type_name;  // the plan's name (filled by the service)
  std::optional<std::int64_t> product_id;
  std::string product_title;  // the voucher product's title in English (filled by the service)
  int periods = 1;
  std::int64_t count = 0;
  std::string valid_from;
  std::string valid_until;
  std::string note;
  std::string source;  // console | cli | demo | legacy
  std::string created_by;
  std::string created_by_email;
  std::string created_at;
  std::optional<std::string> voided_at;
  std::optional<std::string> voided_by;
  std::int64_t minted = 0;
  std::int64_t redeemed = 0;
  std::int64_t voided = 0;
  std::int64_t open = 0;  // neither redeemed nor voided, not expired
};

// What to mint: a plan (type_id) or a voucher product (product_id), how many,
// the window (valid_from empty: now; valid_until empty: a year, or the
// product's validityMonths, after valid_from) and a note.
struct NewBatch {
  std::optional<std::int64_t> type_id;
  std::optional<std::int64_t> product_id;
  std::int64_t count = 0;
  std::string valid_from;
  std::string valid_until;
  std::string note;
};

// A freshly minted batch and its codes in plain text: the only time they exist
// outside the hands they are given to (only hashes are stored).
struct Minted {
  Batch batch;
  std::vector<std::string> codes;
};

struct Paging {
  std::int64_t page = 1;   // 1-based
  std::int64_t size = 50;  // 1..kMaxAdminPageSize
};

struct BatchPage {
  std::vector<Batch> items;  // newest first
  std::int64_t total = 0;
  Paging paging;
};

struct Redemption {
  std::string code_id;
  std::string hint;
  std::string redeemed_at;
  std::string customer_id;  // users.uuid
  std::string customer;     // the e-mail, or +msisdn ("" when the account is gone)
  std::string subscription_id;
};

struct RedemptionPage {
  std::vector<Redemption> items;  // newest first
  std::int64_t total = 0;
  Paging paging;
};

struct BatchDetail {
  Batch batch;
  RedemptionPage redemptions;
};

// One code as the console sees it. state: open | redeemed | voided | expired.
struct CodeView {
  std::string id;
  std::string hint;
  std::string state;
  std::int64_t subscription_type_id = 0;
  std::optional<std::int64_t> product_id;
  int periods = 1;
  std::optional<std::string> valid_from;
  std::string valid_until;
  std::string created_at;
  std::optional<std::string> batch_id;
  std::optional<std::string> batch_note;
  std::optional<std::string> order_id;
  std::optional<std::string> redeemed_at;
  std::optional<std::string> customer_id;
  std::optional<std::string> customer;
  std::optional<std::string> subscription_id;
  std::optional<std::string> voided_at;
  std::optional<std::string> voided_by;
};

// The states a batch's codes are listed by ("" or absent: every code).
inline constexpr const char* kCodeStates[] = {"open", "redeemed", "voided", "expired"};
bool is_code_state(const std::string& state);

// A page of a batch's codes (in minting order) of one state or all.
struct CodePage {
  std::vector<CodeView> items;
  std::int64_t total = 0;
  Paging paging;
};

// A staff write, for the audit entry the caller appends in its transaction.
struct AdminChange {
  std::string action;       // vouchers.batch.create | vouchers.batch.void | vouchers.code.void
  std::string object_type;  // voucher_batch | voucher_code
  std::string object_id;
  std::optional<Batch> batch_before, batch_after;
  std::optional<CodeView> code_before, code_after;
  std::int64_t voided = 0;  // codes voided by this write
};
using OnChange = std::function<void(db::Session&, const AdminChange&)>;

// What a batch can grant: the tenant's plans and its voucher products.
struct PlanChoice {
  std::int64_t id = 0;
  std::string name;
  std::string billing_cycle;
};
struct ProductChoice {
  std::int64_t id = 0;
  std::string title;  // in the asked language
  std::int64_t subscription_type_id = 0;
  int periods = 1;
  int validity_months = 12;
};
struct Choices {
  std::vector<PlanChoice> plans;
  std::vector<ProductChoice> products;
};

// ---- wire shapes of /backend/admin/vouchers

struct VoucherBatchDto {
  std::string id;
  std::int64_t typeId = 0;
  std::string typeName;
  std::optional<std::int64_t> productId;
  std::optional<std::string> productTitle;
  int periods = 1;
  std::int64_t count = 0;
  std::string validFrom;
  std::string validUntil;
  std::string note;
  std::string source;  // console | cli | demo | legacy
  std::string createdBy;
  std::string createdByEmail;
  std::string createdAt;
  std::optional<std::string> voidedAt;
  std::optional<std::string> voidedBy;
  std::int64_t minted = 0;
  std::int64_t redeemed = 0;
  std::int64_t voided = 0;
  std::int64_t open = 0;
  std::int64_t expired = 0;  // neither redeemed nor voided, past validUntil
};
BOOST_DESCRIBE_STRUCT(VoucherBatchDto, (),
                      (id, typeId, typeName, productId, productTitle, periods, count, validFrom, validUntil, note,
                       source, createdBy, createdByEmail, createdAt, voidedAt, voidedBy, minted, redeemed, voided,
                       open, expired))

struct VoucherBatchPageDto {
  std::vector<VoucherBatchDto> items;
  std::int64_t total = 0;
  std::int64_t page = 1;
  std::int64_t size = 50;
};
BOOST_DESCRIBE_STRUCT(VoucherBatchPageDto, (), (items, total, page, size))

// 201 of POST /backend/admin/vouchers/batches: the codes, this once.
struct VoucherBatchCreatedDto {
  VoucherBatchDto batch;
  std::vector<std::string> codes;
};
BOOST_DESCRIBE_STRUCT(VoucherBatchCreatedDto, (), (batch, codes))

struct VoucherRedemptionDto {
  std::string codeId;
  std::string hint;
  std::string redeemedAt;
  std::string customerId;
  std::string customer;
  std::string subscriptionId;
};
BOOST_DESCRIBE_STRUCT(VoucherRedemptionDto, (), (codeId, hint, redeemedAt, customerId, customer, subscriptionId))

struct VoucherRedemptionPageDto {
  std::vector<VoucherRedemptionDto> items;
  std::int64_t total = 0;
  std::int64_t page = 1;
  std::int64_t size = 50;
};
BOOST_DESCRIBE_STRUCT(VoucherRedemptionPageDto, (), (items, total, page, size))

struct VoucherBatchDetailDto {
  VoucherBatchDto batch;
  VoucherRedemptionPageDto redemptions;
};
BOOST_DESCRIBE_STRUCT(VoucherBatchDetailDto, (), (batch, redemptions))

struct VoucherBatchVoidedDto {
  VoucherBatchDto batch;
  std::int64_t voidedNow = 0;  // codes this call voided (0 on a repeat)
};
BOOST_DESCRIBE_STRUCT(VoucherBatchVoidedDto, (), (batch, voidedNow))

struct VoucherCodeDto {
  std::string id;
  std::string hint;
  std::string state;  // open | redeemed | voided | expired
  std::int64_t typeId = 0;
  std::optional<std::int64_t> productId;
  int periods = 1;
  std::optional<std::string> validFrom;
  std::string validUntil;
  std::string createdAt;
  std::optional<std::string> batchId;
  std::optional<std::string> batchNote;
  std::optional<std::string> orderId;
  std::optional<std::string> redeemedAt;
  std::optional<std::string> customerId;
  std::optional<std::string> customer;
  std::optional<std::string> subscriptionId;
  std::optional<std::string> voidedAt;
  std::optional<std::string> voidedBy;
};
BOOST_DESCRIBE_STRUCT(VoucherCodeDto, (),
                      (id, hint, state, typeId, productId, periods, validFrom, validUntil, createdAt, batchId,
                       batchNote, orderId, redeemedAt, customerId, customer, subscriptionId, voidedAt, voidedBy))

// GET /backend/admin/vouchers/batches/{id}/codes: a page of the batch's codes of `state` ("" for every one).
struct VoucherCodePageDto {
  std::vector<VoucherCodeDto> items;
  std::int64_t total = 0;
  std::int64_t page = 1;
  std::int64_t size = 50;
  std::string state;  // open | redeemed | voided | expired | "" (all)
};
BOOST_DESCRIBE_STRUCT(VoucherCodePageDto, (), (items, total, page, size, state))

struct VoucherPlanChoiceDto {
  std::int64_t id = 0;
  std::string name;
  std::string billingCycle;
};
BOOST_DESCRIBE_STRUCT(VoucherPlanChoiceDto, (), (id, name, billingCycle))
struct VoucherProductChoiceDto {
  std::int64_t id = 0;
  std::string title;
  std::int64_t typeId = 0;
  int periods = 1;
  int validityMonths = 12;
};
BOOST_DESCRIBE_STRUCT(VoucherProductChoiceDto, (), (id, title, typeId, periods, validityMonths))
struct VoucherChoicesDto {
  std::vector<VoucherPlanChoiceDto> plans;
  std::vector<VoucherProductChoiceDto> products;
};
BOOST_DESCRIBE_STRUCT(VoucherChoicesDto, (), (plans, products))

}  // namespace portal::vouchers
