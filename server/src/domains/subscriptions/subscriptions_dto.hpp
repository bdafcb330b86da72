#pragma once
// Wire shapes of subscriptions (docs/contracts.md "Subscriptions"), plain
// described structs serialised by boost::json::value_from; their JSON Schema
// (http/schema.hpp) documents the calls. Rows live in subscriptions_types.hpp;
// subscription_dtos.hpp and subscriptions_answers.hpp map one to the other.
//
// A std::optional member is null when empty, except where the contract leaves
// the member out instead: those DTOs have a value_from of their own below.
#include <boost/describe/class.hpp>
#include <boost/describe/members.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <boost/mp11/algorithm.hpp>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/body.hpp"

namespace portal::subscriptions {

namespace dto_detail {
// A described struct as an object, leaving out the named members when they are empty.
template <class T>
boost::json::object object_without_empty(const T& dto, std::initializer_list<std::string_view> omitted) {
  boost::json::object out;
  boost::mp11::mp_for_each<boost::describe::describe_members<T, boost::describe::mod_public>>([&](auto member) {
    boost::json::value v = boost::json::value_from(dto.*member.pointer);
    for (auto name : omitted)
      if (name == member.name && v.is_null()) return;
    out[member.name] = std::move(v);
  });
  return out;
}
}  // namespace dto_detail

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

// The attribute keys of commerce §3 a plan card and the checkout render, resolved in the asked
// language (then English) by the server; nameHtml is sanitised (plan_html.hpp). docs/decisions.md
// "Plan card keys" says what each does. Absent: the plan does not set it.
struct PlanDisplayDto {
  bool isDefault = false;                       // ment_default "1": the plan preselected / highlighted first
  std::optional<std::string> note;              // ment_note: a short note under the price
  std::optional<std::string> redirect;          // ment_redirect: the call to action opens this address instead of subscribing
  std::optional<std::string> icon;              // ment_icon: the plan's icon (light theme)
  std::optional<std::string> iconAlternativeTheme;  // ment_icon_alernativeTheme: the icon in the dark theme
  std::optional<std::string> backgroundImage;   // ment_background_image: the card's background picture
  std::optional<std::string> url;               // ment_url: "more about this plan" link
  std::optional<std::string> nameHtml;          // DISPLAY_SERVICE_NAME_HTML_TEXT_{locale}, sanitised
  std::optional<std::string> descriptionCredit; // DISPLAY_SERVICE_DESC_TEXT_CREDIT_{locale}: what the credits buy
  std::optional<std::string> abovePurchaseOptions;  // DISPLAY_SERVICE_ABOVE_PURCHASE_OPTIONS_{locale}
  std::optional<std::string> aboveCta;          // DISPLAY_SERVICE_ABOVE_CTA_{locale}: a line right above the button
  std::optional<std::string> currencyText;      // DISPLAY_SERVICE_CURRENCY_TEXT_{locale}: replaces the currency shown
};
BOOST_DESCRIBE_STRUCT(PlanDisplayDto, (),
                      (isDefault, note, redirect, icon, iconAlternativeTheme, backgroundImage, url, nameHtml,
                       descriptionCredit, abovePurchaseOptions, aboveCta, currencyText))

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
  std::optional<PlanDisplayDto> display;  // always set by this server
};
BOOST_DESCRIBE_STRUCT(SubscriptionTypeDto, (),
                      (id, name, billingCycle, subscriptionTypePrice, subscriptionTypePromotionPrice, attributes,
                       contingents, accumulateContingent, cancelUrl, maxTrialDuration, requiredIdentityFields,
                       paymentOptions, subscriptionTypeGroupList, display))

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

// subscriptionType only with inclSubscriptionType: left out, not null.
void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const UserSubscriptionDto& dto);

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
  UserSubscriptionDto subscription;
  std::optional<std::string> redirectionUrl;
};
BOOST_DESCRIBE_STRUCT(CancelDto, (), (subscription, redirectionUrl))

struct TrialDto {
  UserSubscriptionDto subscription;
  std::string url;
};
BOOST_DESCRIBE_STRUCT(TrialDto, (), (subscription, url))

struct UrlDto {
  std::string url;
};
BOOST_DESCRIBE_STRUCT(UrlDto, (), (url))

struct VoucherbookDto {
  bool eligible = false;
};
BOOST_DESCRIBE_STRUCT(VoucherbookDto, (), (eligible))

// ---- what a purchase answers (POST /backend/subscription, the API flow)

struct CheckoutOptionDto {
  std::string uuid;
  std::string code;
  std::string name;
  std::string flow;                           // WEB or API
  std::optional<std::string> redirectionUrl;  // WEB: the hosted checkout page
};
BOOST_DESCRIBE_STRUCT(CheckoutOptionDto, (), (uuid, code, name, flow, redirectionUrl))

// 200: a checkout is open; "redirect" means open url, "onclick" that the user picks an option.
struct CheckoutOfferDto {
  std::string type;
  std::string purchaseID;
  std::optional<std::string> url;
  std::vector<CheckoutOptionDto> options;
};
BOOST_DESCRIBE_STRUCT(CheckoutOfferDto, (), (type, purchaseID, url, options))

// 201: subscribed at once (a free plan, operator auto-subscription).
struct SubscribedDto {
  UserSubscriptionDto subscription;
};
BOOST_DESCRIBE_STRUCT(SubscribedDto, (), (subscription))

// 201: the charge succeeded; status is 302 (go to url), nextApiFlowStep null.
struct PaidDto {
  int status = 302;
  std::string url;
  std::optional<std::string> nextApiFlowStep;
  std::optional<UserSubscriptionDto> subscription;  // left out when none is live
};
BOOST_DESCRIBE_STRUCT(PaidDto, (), (status, url, nextApiFlowStep, subscription))
void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const PaidDto& dto);

// 200 of the operator flow: the PIN was sent by SMS.
struct PinSentDto {
  std::string nextApiFlowStep = "PIN";
  std::string message;
  std::optional<std::string> sandboxPin;  // dev stage only; left out otherwise
};
BOOST_DESCRIBE_STRUCT(PinSentDto, (), (nextApiFlowStep, message, sandboxPin))
void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const PinSentDto& dto);

// The data of 202 SUBSCRIPTION_PENDING (in the error shape); members left out when empty.
struct PendingDto {
  std::optional<std::string> url;
  std::optional<std::string> paymentId;
  std::optional<UserSubscriptionDto> subscription;
};
BOOST_DESCRIBE_STRUCT(PendingDto, (), (url, paymentId, subscription))
void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const PendingDto& dto);

// 404 REQUIRED_IDENTITY_FIELD_NOT_FOUND's data: the profile fields the plan
// needs that the caller's profile lacks (name, lastName, email).
struct IdentityFieldsData {
  std::vector<std::string> fields;
};
BOOST_DESCRIBE_STRUCT(IdentityFieldsData, (), (fields))

// ---- dev stage

struct PaymentDto {
  std::string id;
  std::string status;
  MoneyDto amount;
  std::string instrument;
  std::string createdAt;
  std::int64_t refunded = 0;  // minor units refunded or being refunded
};
BOOST_DESCRIBE_STRUCT(PaymentDto, (), (id, status, amount, instrument, createdAt, refunded))

struct EventDto {
  std::optional<std::string> fromState;
  std::optional<std::string> fromSubState;
  std::string toState;
  std::optional<std::string> toSubState;
  std::string reason;
  std::string actor;
  std::string at;
};
BOOST_DESCRIBE_STRUCT(EventDto, (), (fromState, fromSubState, toState, toSubState, reason, actor, at))

struct SchedulerReportDto {
  int renewed = 0;
  int failed = 0;
  int ended = 0;
  int settled = 0;
  int trialsEnded = 0;
};
BOOST_DESCRIBE_STRUCT(SchedulerReportDto, (), (renewed, failed, ended, settled, trialsEnded))

struct ClockDto {
  std::string now;
};
BOOST_DESCRIBE_STRUCT(ClockDto, (), (now))

// ---- request bodies (http::read_body)

struct SubscribeBody {
  http::Id subscriptionTypeId;
  std::string redirect;
  std::string lang;
  std::optional<MoneyDto> price;  // what the client showed, in minor units
  std::optional<std::string> migrateSubId;
  std::optional<http::Id> upgradeTo;
  std::optional<boost::json::array> subscriptionConsentList;  // consent ids (strings) or records (objects)
  std::optional<std::string> userId;                    // the signed-in user's uuid (commerce §7): checked, never trusted
  std::optional<std::vector<std::string>> selectedOptions;  // payment option codes chosen ahead
  // marketingCampaign (a campaign id or its parameters, any JSON the limits
  // allow) is read from the body beside this struct: see subscribe_schema().
};
BOOST_DESCRIBE_STRUCT(SubscribeBody, (),
                      (subscriptionTypeId, redirect, lang, price, migrateSubId, upgradeTo, subscriptionConsentList,
                       userId, selectedOptions))

struct ApiStepBody {
  std::optional<http::Text> msisdn;
  std::optional<http::Text> pin;
};
BOOST_DESCRIBE_STRUCT(ApiStepBody, (), (msisdn, pin))

struct ApiBody {
  std::string paymentOptionUUID;
  std::optional<ApiStepBody> body;
};
BOOST_DESCRIBE_STRUCT(ApiBody, (), (paymentOptionUUID, body))

struct ApiTypeStepBody {
  std::optional<http::Id> subscriptionTypeId;  // required for /api/any
  std::optional<http::Text> msisdn;
  std::optional<http::Text> pin;
};
BOOST_DESCRIBE_STRUCT(ApiTypeStepBody, (), (subscriptionTypeId, msisdn, pin))

// With paymentOptionUUID: the step of an open checkout; else subscribe and step at once.
struct ApiTypeBody {
  std::optional<std::string> paymentOptionUUID;
  std::optional<std::string> redirectionUrl;
  std::optional<ApiTypeStepBody> body;
};
BOOST_DESCRIBE_STRUCT(ApiTypeBody, (), (paymentOptionUUID, redirectionUrl, body))

struct TrialBody {
  std::string redirect;
  std::optional<std::string> lang;
  std::optional<http::Id> subscriptionTypeId;  // none: the first plan with a trial
};
BOOST_DESCRIBE_STRUCT(TrialBody, (), (redirect, lang, subscriptionTypeId))

struct PartnerMetadataBody {
  boost::json::object value;  // merged into the subscription's partnerMetadata
};
BOOST_DESCRIBE_STRUCT(PartnerMetadataBody, (), (value))

struct ExternalCodeBody {
  std::string externalProviderCode;
};
BOOST_DESCRIBE_STRUCT(ExternalCodeBody, (), (externalProviderCode))

// Partners send more (userId, partnerName, ...): read, not used.
struct PartnerRedirectionBody {
  std::vector<http::Id> subTypeIds;
  std::optional<std::string> externalProviderCode;
  std::optional<std::string> redirectionUrl;
};
BOOST_DESCRIBE_STRUCT(PartnerRedirectionBody, (), (subTypeIds, externalProviderCode, redirectionUrl))

struct MssSignupBody {
  std::string redirectionUrl;
  std::optional<std::string> lang;
};
BOOST_DESCRIBE_STRUCT(MssSignupBody, (), (redirectionUrl, lang))

struct ClockBody {
  std::int64_t advanceSeconds = 0;
};
BOOST_DESCRIBE_STRUCT(ClockBody, (), (advanceSeconds))

// ---- moved from pay_again_routes.cpp

struct PayAgainBody {
  std::string redirect;  // the storefront's page to come back to (the tenant's), with the purchase-return parameters
  std::optional<std::string> lang;
};
BOOST_DESCRIBE_STRUCT(PayAgainBody, (), (redirect, lang))

}  // namespace portal::subscriptions
