#pragma once
// Wire shapes of subscriptions (docs/contracts.md "Subscriptions"), plain
// described structs serialised by boost::json::value_from. Rows live in
// subscriptions_types.hpp; the service maps one to the other.
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::subscriptions {

struct MoneyDto {
  std::int64_t amount = 0;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(MoneyDto, (), (amount, currency))

struct AttributeDto {
  std::string key;
  std::string value;
};
BOOST_DESCRIBE_STRUCT(AttributeDto, (), (key, value))

struct ContingentDto {
  std::vector<std::string> contentTypes;
  std::int64_t amount = 0;  // -1 = unlimited
};
BOOST_DESCRIBE_STRUCT(ContingentDto, (), (contentTypes, amount))

struct PaymentOptionDto {
  std::string code;
  std::string flow;
  std::string name;
};
BOOST_DESCRIBE_STRUCT(PaymentOptionDto, (), (code, flow, name))

struct LevelDto {
  std::int64_t order = 0;
  bool currentSubscriptionExist = false;
  std::vector<std::int64_t> subscriptionTypeIds;
};
BOOST_DESCRIBE_STRUCT(LevelDto, (), (order, currentSubscriptionExist, subscriptionTypeIds))

struct GroupDto {
  std::string id;
  std::string name;
  std::vector<LevelDto> levels;
};
BOOST_DESCRIBE_STRUCT(GroupDto, (), (id, name, levels))

struct SubscriptionTypeDto {
  std::int64_t id = 0;
  std::string name;
  std::string billingCycle;
  MoneyDto subscriptionTypePrice;
  std::optional<MoneyDto> subscriptionTypePromotionPrice;
  std::vector<AttributeDto> attributes;
  std::vector<ContingentDto> contingents;
  bool accumulateContingent = false;
  std::optional<std::string> cancelUrl;
  std::optional<std::string> maxTrialDuration;
  std::vector<std::string> requiredIdentityFields;
  std::vector<PaymentOptionDto> paymentOptions;
  std::vector<GroupDto> subscriptionTypeGroupList;
};
BOOST_DESCRIBE_STRUCT(SubscriptionTypeDto, (),
                      (id, name, billingCycle, subscriptionTypePrice, subscriptionTypePromotionPrice, attributes,
                       contingents, accumulateContingent, cancelUrl, maxTrialDuration, requiredIdentityFields,
                       paymentOptions, subscriptionTypeGroupList))

struct UserSubscriptionDto {
  std::string id;
  std::int64_t typeId = 0;
  std::string state;
  std::optional<std::string> subState;
  bool active = false;
  bool trial = false;
  std::string startDate;
  std::optional<std::string> endDate;
  std::optional<std::string> nextRenewalDate;
  std::optional<std::string> graceUntil;
  bool cancelRequested = false;
  std::vector<ContingentDto> contingents;
  std::optional<std::string> paymentOption;
  boost::json::object partnerMetadata;
  boost::json::value marketingCampaign;  // as sent with the subscribe call (string or object), or null
  boost::json::array consents;           // the subscribe call's subscriptionConsentList
  std::string createdAt;
  std::string updatedAt;
  std::optional<SubscriptionTypeDto> subscriptionType;  // only with inclSubscriptionType: left out, not null
  std::vector<GroupDto> subscriptionTypeGroupList;
};
BOOST_DESCRIBE_STRUCT(UserSubscriptionDto, (),
                      (id, typeId, state, subState, active, trial, startDate, endDate, nextRenewalDate, graceUntil,
                       cancelRequested, contingents, paymentOption, partnerMetadata, marketingCampaign, consents, createdAt, updatedAt,
                       subscriptionType, subscriptionTypeGroupList))

struct EnabledDto {
  std::int64_t id = 0;
  bool enabled = false;
};
BOOST_DESCRIBE_STRUCT(EnabledDto, (), (id, enabled))

struct TrialEligibilityDto {
  bool eligible = false;
  std::vector<std::int64_t> subscriptionTypeIds;
};
BOOST_DESCRIBE_STRUCT(TrialEligibilityDto, (), (eligible, subscriptionTypeIds))

struct ExternalCodeDto {
  int validity = 2;
  std::optional<std::int64_t> subscriptionTypeId;
};
BOOST_DESCRIBE_STRUCT(ExternalCodeDto, (), (validity, subscriptionTypeId))

struct CancelDto {
  boost::json::value subscription;  // subscription_json: without subscriptionType
  std::optional<std::string> redirectionUrl;
};
BOOST_DESCRIBE_STRUCT(CancelDto, (), (subscription, redirectionUrl))

struct TrialDto {
  boost::json::value subscription;  // subscription_json: without subscriptionType
  std::string url;
};
BOOST_DESCRIBE_STRUCT(TrialDto, (), (subscription, url))

struct UrlDto {
  std::string url;
};
BOOST_DESCRIBE_STRUCT(UrlDto, (), (url))

}  // namespace portal::subscriptions
