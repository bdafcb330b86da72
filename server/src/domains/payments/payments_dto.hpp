#pragma once
// The payments calls on the wire, as described structs (their OpenAPI schemas
// come from http::schema_of).
#include <boost/describe/class.hpp>
#include <string>

namespace portal::payments {

// What the sandbox provider posts to its webhook (signed with X-Sandbox-Signature).
struct SandboxWebhookBody {
  std::string paymentId;
  std::string outcome;  // success or decline
};
BOOST_DESCRIBE_STRUCT(SandboxWebhookBody, (), (paymentId, outcome))

// A settled payment.
struct PaymentOutcomeDto {
  std::string paymentId;
  std::string status;  // succeeded or declined (payments_types.hpp to_string)
};
BOOST_DESCRIBE_STRUCT(PaymentOutcomeDto, (), (paymentId, status))

}  // namespace portal::payments
