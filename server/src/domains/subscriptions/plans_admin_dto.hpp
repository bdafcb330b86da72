#pragma once
// Plans and payment options from the console on the wire (/backend/admin/plans, /backend/admin/payment-options;
// plans_admin_routes.cpp): a type as the console edits it, the plans' overview, the bodies of an edit, a price
// change, a retirement and an option. plans_admin_answers.hpp maps the service's values and errors to them.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "domains/subscriptions/subscriptions_dto.hpp"

namespace portal::subscriptions {

struct PriceChangeDto {
  MoneyDto previousPrice;     // what renewals before effectiveFrom still charge
  std::string effectiveFrom;  // ISO UTC
};
BOOST_DESCRIBE_STRUCT(PriceChangeDto, (), (previousPrice, effectiveFrom))

// One type as the console edits it. The names and texts in six languages are its
// DISPLAY_SERVICE_*_{locale} attributes.
struct AdminPlanDto {
  std::int64_t version = 0;
  std::int64_t id = 0;
  std::string name;
  std::string state;  // ACTIVE (sold) or RETIRED
  std::optional<std::string> retiredAt;
  std::optional<std::int64_t> successorId;
  std::int64_t subscribers = 0;  // ACTIVE subscriptions of it
  std::optional<std::string> groupId;
  std::int64_t level = -1;  // index in its group's levels; -1 without a group
  std::string billingCycle;
  MoneyDto price;
  std::optional<MoneyDto> promotionPrice;
  std::optional<PriceChangeDto> priceChange;
  std::optional<std::string> maxTrialDuration;
  std::vector<ContingentDto> contingents;
  bool accumulateContingent = false;
  std::optional<std::string> cancelUrl;
  std::vector<std::string> requiredIdentityFields;
  std::vector<std::string> paymentOptions;
  std::vector<AttributeDto> attributes;  // every attribute key of commerce §3, in stored order
};
BOOST_DESCRIBE_STRUCT(AdminPlanDto, (),
                      (version, id, name, state, retiredAt, successorId, subscribers, groupId, level, billingCycle, price,
                       promotionPrice, priceChange, maxTrialDuration, contingents, accumulateContingent, cancelUrl,
                       requiredIdentityFields, paymentOptions, attributes))

struct AdminPlanGroupDto {
  std::string id;
  std::string name;  // English
  std::vector<std::vector<std::int64_t>> levels;
};
BOOST_DESCRIBE_STRUCT(AdminPlanGroupDto, (), (id, name, levels))

struct AdminPlansDto {
  std::vector<AdminPlanDto> plans;
  std::vector<AdminPlanGroupDto> groups;
  std::vector<std::string> paymentOptions;  // the option codes a type may offer
  std::string currency;                     // the tenant's (settings.currency); "" when it sets none
};
BOOST_DESCRIBE_STRUCT(AdminPlansDto, (), (plans, groups, paymentOptions, currency))

// PUT (edit: version required; price unchanged) and POST (create: id optional, version ignored).
struct AdminPlanWriteDto {
  std::int64_t version = 0;
  std::optional<std::int64_t> id;
  std::string name;
  std::optional<std::string> groupId;
  std::optional<std::int64_t> level;
  std::string billingCycle;
  MoneyDto price;
  std::optional<MoneyDto> promotionPrice;
  std::optional<std::string> maxTrialDuration;
  std::vector<ContingentDto> contingents;
  bool accumulateContingent = false;
  std::optional<std::string> cancelUrl;
  std::vector<std::string> requiredIdentityFields;
  std::vector<std::string> paymentOptions;
  std::vector<AttributeDto> attributes;
};
BOOST_DESCRIBE_STRUCT(AdminPlanWriteDto, (),
                      (version, id, name, groupId, level, billingCycle, price, promotionPrice, maxTrialDuration, contingents,
                       accumulateContingent, cancelUrl, requiredIdentityFields, paymentOptions, attributes))

struct PlanPriceBody {
  std::int64_t version = 0;
  MoneyDto price;
  std::string effectiveFrom;  // ISO UTC, in the future: renewals from then charge the new price
};
BOOST_DESCRIBE_STRUCT(PlanPriceBody, (), (version, price, effectiveFrom))

struct PlanPriceChangedDto {
  AdminPlanDto plan;
  std::int64_t notices = 0;  // notice mails put into the outbox, one per current subscriber
};
BOOST_DESCRIBE_STRUCT(PlanPriceChangedDto, (), (plan, notices))

struct PlanRetireBody {
  std::int64_t version = 0;
  std::optional<std::int64_t> successorId;  // null: subscribers keep renewing on the retired plan
};
BOOST_DESCRIBE_STRUCT(PlanRetireBody, (), (version, successorId))

// A payment option as the console edits it: its code, provider, flow (the provider's) and name by language.
struct AdminPaymentOptionDto {
  std::string code;
  std::string provider;
  std::string flow;  // WEB (the provider's page) or API (through the portal, e.g. a mobile bill)
  std::map<std::string, std::string> name;
};
BOOST_DESCRIBE_STRUCT(AdminPaymentOptionDto, (), (code, provider, flow, name))

struct AdminPaymentProviderDto {
  std::string name;  // sandbox, sandbox-operator, ...
  std::string flow;
};
BOOST_DESCRIBE_STRUCT(AdminPaymentProviderDto, (), (name, flow))

// GET /backend/admin/payment-options
struct AdminPaymentOptionsDto {
  std::vector<AdminPaymentOptionDto> options;
  std::vector<AdminPaymentProviderDto> providers;  // the ones an option can use
};
BOOST_DESCRIBE_STRUCT(AdminPaymentOptionsDto, (), (options, providers))

// PUT /backend/admin/payment-options/{code}
struct AdminPaymentOptionBody {
  std::string provider;
  std::map<std::string, std::string> name;  // by language, with "en"
};
BOOST_DESCRIBE_STRUCT(AdminPaymentOptionBody, (), (provider, name))

}  // namespace portal::subscriptions
