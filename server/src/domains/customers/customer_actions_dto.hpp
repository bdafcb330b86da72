#pragma once
// The bodies and answers of support's customer actions (customer_actions_routes.cpp).
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>

namespace portal::customers {

// ---- bodies
struct CancelBody {
  std::string when;  // "now" | "periodEnd"
  std::string reason;
};
BOOST_DESCRIBE_STRUCT(CancelBody, (), (when, reason))

struct CompBody {
  std::int64_t days = 0;  // 1..366
  std::string reason;
};
BOOST_DESCRIBE_STRUCT(CompBody, (), (days, reason))

struct GrantBody {
  std::int64_t articleId = 0;
  std::string reason;
};
BOOST_DESCRIBE_STRUCT(GrantBody, (), (articleId, reason))

struct ReasonBody {
  std::optional<std::string> reason;
};
BOOST_DESCRIBE_STRUCT(ReasonBody, (), (reason))

// ---- answers
struct CareSubscriptionDto {
  std::string id;
  std::int64_t typeId = 0;
  std::string status;  // ACTIVE, CANCELED, ...
  bool cancelRequested = false;
  std::optional<std::string> endsAt;
  std::optional<std::string> nextRenewalAt;
};
BOOST_DESCRIBE_STRUCT(CareSubscriptionDto, (), (id, typeId, status, cancelRequested, endsAt, nextRenewalAt))

struct CarePurchaseDto {
  std::string id;
  std::int64_t articleId = 0;
  std::string status;  // PAID (granted), CANCELLED (revoked)
  std::int64_t amount = 0;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(CarePurchaseDto, (), (id, articleId, status, amount, currency))

struct VoucherCodesResentDto {
  std::string orderId;
  std::int64_t codes = 0;
  std::string mailedTo;  // partly hidden
};
BOOST_DESCRIBE_STRUCT(VoucherCodesResentDto, (), (orderId, codes, mailedTo))

struct SessionsEndedDto {
  std::int64_t ended = 0;
};
BOOST_DESCRIBE_STRUCT(SessionsEndedDto, (), (ended))

struct SignInLockLiftedDto {
  std::int64_t cleared = 0;  // failed sign-ins forgotten
};
BOOST_DESCRIBE_STRUCT(SignInLockLiftedDto, (), (cleared))

struct ResetMailSentDto {
  std::string mailedTo;  // partly hidden
};
BOOST_DESCRIBE_STRUCT(ResetMailSentDto, (), (mailedTo))

}  // namespace portal::customers
