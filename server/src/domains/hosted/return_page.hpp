#pragma once
// Where a payment flow sends the payer back: the client's redirect with the purchase-return parameters
// (docs/contracts.md "Purchase-return parameters"). A flow says how it ended (`Ending`) and adds its own
// parameters (subTypeId, articleId, purchaseType, purchaseID, type, msg); return_page.cpp alone turns the
// ending into the `status` and `error` the client's return page reads.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace portal::hosted {

enum class Ending {
  paid,
  pending,
  insufficient_funds,
  declined,
  cancelled,
  checkout_closed,
  already_owned,
  already_subscribed,
  not_enough_available,
  cancel_before_upgrade,
  cancel_before_downgrade,
};

using ReturnParams = std::vector<std::pair<std::string, std::string>>;

// `redirect` with the ending's `status` (and `error`), then `params` in order. The return parameters an earlier
// visit left on it (status, error, msg, message, subTypeId, purchaseType, purchaseID, type) are dropped; the client's own are kept. A redirect that is no URI reference comes back as it was.
std::string return_url(std::string_view redirect, Ending ending, const ReturnParams& params = {});

}  // namespace portal::hosted
