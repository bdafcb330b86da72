#pragma once
// The wire shapes of the vouchers calls: request bodies (http::read_body) and answers
// (described structs serialised by boost::json::value_from; their JSON Schema documents the calls).
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"

namespace portal::vouchers {

struct RedeemBody {
  std::string voucherCode;
  std::optional<http::Id> typeId;  // the type redeemed for; missing: the code's own
};
BOOST_DESCRIBE_STRUCT(RedeemBody, (), (voucherCode, typeId))
struct VoucherRequest {
  http::Id voucherId;                    // a voucher or voucherbook article
  std::optional<std::int64_t> quantity;  // default 1
};
BOOST_DESCRIBE_STRUCT(VoucherRequest, (), (voucherId, quantity))
struct BuyBody {
  std::string externalProviderCode;  // the tenant's payment option: card, operator
  VoucherRequest voucherRequest;
};
BOOST_DESCRIBE_STRUCT(BuyBody, (), (externalProviderCode, voucherRequest))
struct ResendRequest {
  http::Id voucherId;
};
BOOST_DESCRIBE_STRUCT(ResendRequest, (), (voucherId))
struct ResendBody {
  ResendRequest voucherRequest;
};
BOOST_DESCRIBE_STRUCT(ResendBody, (), (voucherRequest))

// ---- moved from voucher_batches_routes.cpp

struct NewBatchBody {
  std::optional<http::Id> typeId;     // a plan ...
  std::optional<http::Id> productId;  // ... or a voucher product (not a book)
  std::int64_t count = 0;             // 1 to 10000
  std::optional<std::string> validFrom;   // YYYY-MM-DD or UTC time; default now
  std::optional<std::string> validUntil;  // default a year (a product: its validityMonths) after validFrom
  std::optional<std::string> note;        // at most 500 characters
};
BOOST_DESCRIBE_STRUCT(NewBatchBody, (), (typeId, productId, count, validFrom, validUntil, note))
struct FindBody {
  std::string code;  // as typed: case, spaces and dashes do not matter
};
BOOST_DESCRIBE_STRUCT(FindBody, (), (code))

}  // namespace portal::vouchers
