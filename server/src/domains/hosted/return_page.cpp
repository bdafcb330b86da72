#include "domains/hosted/return_page.hpp"

#include <boost/url.hpp>

namespace portal::hosted {
namespace {

struct Wire {
  std::string_view status;
  std::string_view error;  // empty: none
};

Wire wire(Ending ending) {
  switch (ending) {
    case Ending::paid: return {"200", ""};
    case Ending::pending: return {"202", ""};
    case Ending::insufficient_funds: return {"402", "INSUFFICIENT_FUNDS"};
    case Ending::declined: return {"490", "PAYMENT_DECLINED"};
    case Ending::cancelled: return {"400", "PAYMENT_CANCELLED"};
    case Ending::checkout_closed: return {"410", "CHECKOUT_CLOSED"};
    case Ending::already_owned: return {"409", "ALREADY_OWNED"};
    case Ending::already_subscribed: return {"409", "USER_ALREADY_SUBSCRIBED"};
    case Ending::not_enough_available: return {"409", "NOT_ENOUGH_AVAILABLE"};
    case Ending::cancel_before_upgrade: return {"409", "NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE"};
    case Ending::cancel_before_downgrade: return {"409", "NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE"};
  }
  return {"400", "PAYMENT_CANCELLED"};
}

}  // namespace

std::string return_url(std::string_view redirect, Ending ending, const ReturnParams& params) {
  auto parsed = boost::urls::parse_uri_reference(redirect);
  if (!parsed) return std::string(redirect);
  boost::urls::url url(*parsed);
  for (std::string_view key : {"status", "error", "msg", "message", "subTypeId", "purchaseType", "purchaseID", "type"})
    url.params().erase(key);
  const auto [status, error] = wire(ending);
  url.params().append({"status", status});
  if (!error.empty()) url.params().append({"error", error});
  for (const auto& [key, value] : params) url.params().append({key, value});
  return std::string(url.buffer());
}

}  // namespace portal::hosted
