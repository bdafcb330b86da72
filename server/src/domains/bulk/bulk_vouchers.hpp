#pragma once
// The voucher codes' bulk action (issue 78 item 3): void, each code through the console's single void
// (vouchers::VouchersService::void_code: only an unspent code moves, a redemption that commits first wins), its
// audit entry (vouchers.code.void, the code before and after) in the void's transaction. A code already redeemed is
// refused with VOUCHER_ALREADY_REDEEMED as the single void refuses it; one already voided with VOUCHER_ALREADY_VOIDED
// (the single void answers a repeat with the code: a bulk job says which rows it did not change).
#include <optional>
#include <string>
#include <vector>

#include "domains/bulk/bulk_types.hpp"
#include "domains/vouchers/vouchers_service.hpp"

namespace portal::bulk {

inline constexpr const char* kVouchers = "vouchers";

Kind vouchers_kind(vouchers::VouchersService& vouchers);

// What the console asks: the action (void) on the codes' ids, or on every code of a batch of a state ("" for all;
// resolved to ids now).
struct VouchersRequest {
  std::string action;
  std::optional<std::vector<std::string>> ids;
  std::optional<std::string> batch_id;
  std::string state;
};

// The job; refused when neither or both selections are given, an id is malformed, the batch is not the tenant's or
// the state is not one of the list's.
Result<NewJob> vouchers_job(vouchers::VouchersService& vouchers, std::int64_t tenant_id, const VouchersRequest& request);

}  // namespace portal::bulk
