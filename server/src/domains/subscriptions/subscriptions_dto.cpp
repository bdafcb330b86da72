// The value_from conversions declared in subscriptions_dto.hpp: answers that leave out members
// that are absent.
#include "domains/subscriptions/subscriptions_dto.hpp"

#include <boost/json/value_from.hpp>

namespace portal::subscriptions {
namespace json = boost::json;

void tag_invoke(const json::value_from_tag&, json::value& jv, const UserSubscriptionDto& dto) {
  jv = dto_detail::object_without_empty(dto, {"subscriptionType"});
}
void tag_invoke(const json::value_from_tag&, json::value& jv, const PaidDto& dto) {
  jv = dto_detail::object_without_empty(dto, {"subscription"});
}
void tag_invoke(const json::value_from_tag&, json::value& jv, const PinSentDto& dto) {
  jv = dto_detail::object_without_empty(dto, {"sandboxPin"});
}
void tag_invoke(const json::value_from_tag&, json::value& jv, const PendingDto& dto) {
  jv = dto_detail::object_without_empty(dto, {"url", "paymentId", "subscription"});
}

}  // namespace portal::subscriptions
