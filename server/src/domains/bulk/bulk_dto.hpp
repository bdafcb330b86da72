#pragma once
// The bulk jobs on the wire (issue 78 item 3): the bodies that make them, per list, and the job with its progress.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::bulk {

// A row the action refused: its id (or code, uuid) and the single action's error code and message.
struct BulkFailureDto {
  std::string target;
  std::string code;
  std::string reason;
};
BOOST_DESCRIBE_STRUCT(BulkFailureDto, (), (target, code, reason))

// A job: queued (no instance has it yet), running, finished; done + failed of total rows so far.
struct BulkJobDto {
  std::string id;
  std::string kind;
  std::string action;
  std::string state;
  std::int64_t total = 0;
  std::int64_t done = 0;
  std::int64_t failed = 0;
  std::string createdAt;
  std::optional<std::string> finishedAt;
  std::vector<BulkFailureDto> failures;  // the first 200 refused rows, in the selection's order
};
BOOST_DESCRIBE_STRUCT(BulkJobDto, (), (id, kind, action, state, total, done, failed, createdAt, finishedAt, failures))

// "All that match": the catalog list's filter (GET /backend/admin/catalog/articles), resolved to ids when the job is
// made.
struct ArticleSelectionDto {
  std::optional<std::string> q;
  std::optional<std::string> type;
  std::optional<std::string> section;
  std::optional<std::int64_t> rating;
  std::optional<std::string> availability;
  std::optional<std::string> licensor;
  std::optional<bool> hasMedia;
  std::optional<std::string> priceModel;
};
BOOST_DESCRIBE_STRUCT(ArticleSelectionDto, (), (q, type, section, rating, availability, licensor, hasMedia, priceModel))

// POST /backend/admin/catalog/bulk: the action, and either ids or the filter (all that match it). tag and move take
// category; pricePercent takes percent (-99.99 to 1000) and priceModel; priceAmount takes amount (minor units) and
// priceModel.
struct BulkArticlesBody {
  std::string action;
  std::optional<std::vector<std::int64_t>> ids;
  std::optional<ArticleSelectionDto> filter;
  std::optional<std::string> category;
  std::optional<double> percent;
  std::optional<std::int64_t> amount;
  std::optional<std::string> priceModel;
};
BOOST_DESCRIBE_STRUCT(BulkArticlesBody, (), (action, ids, filter, category, percent, amount, priceModel))

// POST /backend/admin/plans/bulk: retire the plans of ids; successorId: where their subscribers renew (none: they keep
// renewing on the retired plans).
struct BulkPlansBody {
  std::string action;
  std::vector<std::int64_t> ids;
  std::optional<std::int64_t> successorId;
};
BOOST_DESCRIBE_STRUCT(BulkPlansBody, (), (action, ids, successorId))

// POST /backend/admin/customers/bulk: endSessions of the customers of ids (their user ids, uuids), with the reason the
// audit keeps.
struct BulkCustomersBody {
  std::string action;
  std::vector<std::string> ids;
  std::optional<std::string> reason;
};
BOOST_DESCRIBE_STRUCT(BulkCustomersBody, (), (action, ids, reason))

// "All that match" on a voucher batch's page of codes: the batch and the list's state (absent: every code of it).
struct VoucherCodeSelectionDto {
  std::string batchId;
  std::optional<std::string> state;  // open | redeemed | voided | expired
};
BOOST_DESCRIBE_STRUCT(VoucherCodeSelectionDto, (), (batchId, state))

// POST /backend/admin/vouchers/bulk: void the codes of ids, or every code of the filter's batch and state (at most
// 10,000), frozen now.
struct BulkVouchersBody {
  std::string action;
  std::optional<std::vector<std::string>> ids;
  std::optional<VoucherCodeSelectionDto> filter;
};
BOOST_DESCRIBE_STRUCT(BulkVouchersBody, (), (action, ids, filter))

}  // namespace portal::bulk
