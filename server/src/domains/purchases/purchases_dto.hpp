#pragma once
// The wire shape of a purchase offer (commerce §3 purchase option), shared by
// the purchase options answer and the play answers of /song and
// /video/streaming, so both describe and serialise one schema.
#include <boost/describe.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "domains/purchases/entitlement.hpp"
#include "http/body.hpp"

namespace portal::purchases {

struct MoneyDto {
  std::int64_t amount = 0;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(MoneyDto, (), (amount, currency))
struct PlanDto {
  std::int64_t id = 0;
  std::string name;
  std::string billingCycle;
  MoneyDto subscriptionTypePrice;
};
BOOST_DESCRIBE_STRUCT(PlanDto, (), (id, name, billingCycle, subscriptionTypePrice))
struct PurchaseOptionDto {
  std::string purchaseIdentifier;
  std::string type;  // DTO or subscription
  std::string title;
  MoneyDto price;
  bool consumable = false;
  int sort = 0;
  std::optional<PlanDto> subscriptionType;
};
BOOST_DESCRIBE_STRUCT(PurchaseOptionDto, (), (purchaseIdentifier, type, title, price, consumable, sort, subscriptionType))

inline MoneyDto money_dto(const Money& m) { return {m.amount, m.currency}; }
inline PlanDto plan_dto(const OfferedPlan& p) { return {p.type_id, p.name, p.billing_cycle, money_dto(p.price)}; }
inline PurchaseOptionDto purchase_option_dto(const PurchaseOffer& o) {
  std::optional<PlanDto> plan;
  if (o.plan) plan = plan_dto(*o.plan);
  return {o.identifier, o.type == PurchaseOffer::Type::dto ? "DTO" : "subscription", o.title, money_dto(o.price),
          o.consumable, o.sort, plan};
}

// How an article would be consumed (a purchase options entry; CONFIRMATION_REQUIRED's credit).
struct ConsumeDto {
  std::string kind;  // free, wallet, subscription, credit
  std::optional<std::string> subscriptionId;
  std::optional<std::int64_t> subscriptionTypeId;
  std::optional<std::int64_t> remaining;
};
BOOST_DESCRIBE_STRUCT(ConsumeDto, (), (kind, subscriptionId, subscriptionTypeId, remaining))

// 409 CONFIRMATION_REQUIRED's data: the article and the credit that would be spent.
struct ConfirmationRequiredData {
  std::int64_t articleId = 0;
  ConsumeDto consume;
};
BOOST_DESCRIBE_STRUCT(ConfirmationRequiredData, (), (articleId, consume))

// The data of a charge that did not end paid (202 PURCHASE_PENDING, 402 INSUFFICIENT_FUNDS, 490
// PAYMENT_DECLINED): where to go on, the article and the purchase.
struct ChargeData {
  std::string url;
  std::int64_t articleId = 0;
  std::string purchaseID;
};
BOOST_DESCRIBE_STRUCT(ChargeData, (), (url, articleId, purchaseID))

// 400 INVALID_REDIRECT's and INVALID_PURCHASE_TOKEN's data: the field and why.
struct FieldReasonData {
  std::string field;
  std::string reason;
};
BOOST_DESCRIBE_STRUCT(FieldReasonData, (), (field, reason))

// ---- moved from purchases_routes.cpp

// ---- request bodies (commerce §7)
struct PaymentOptionsBody {
  http::Text redirectionUrl;
  std::optional<http::Text> lang;
  http::Text transactionId;
};
BOOST_DESCRIBE_STRUCT(PaymentOptionsBody, (), (redirectionUrl, lang, transactionId))
struct OneTimePurchaseBody {
  http::Text paymentOptionUUID;
  std::optional<http::Text> sessionName;
  std::optional<http::Text> redirectionUrl;
  std::optional<http::Text> msisdn;  // the API (operator) flow: the number the PIN goes to
};
BOOST_DESCRIBE_STRUCT(OneTimePurchaseBody, (), (paymentOptionUUID, sessionName, redirectionUrl, msisdn))
struct VerifyPinBody {
  http::Text paymentTransactionUuid;
  http::Id articleId;
  http::Text pin;
  http::Text purchaseToken;
};
BOOST_DESCRIBE_STRUCT(VerifyPinBody, (), (paymentTransactionUuid, articleId, pin, purchaseToken))
struct DownloadBody {
  http::Id articleId;
  std::optional<http::Text> distributionChannel;
  std::optional<http::Text> deviceId;
  std::optional<http::Id> collectionId;
  std::optional<bool> consume;  // true: the user confirmed spending a credit
};
BOOST_DESCRIBE_STRUCT(DownloadBody, (), (articleId, distributionChannel, deviceId, collectionId, consume))
// ---- answers (MoneyDto, PlanDto, PurchaseOptionDto, ConsumeDto: purchases_dto.hpp)
struct ArticleSubscriptionDto {
  std::string id;
  std::int64_t typeId = 0;
  std::string state;
  std::optional<std::string> subState;
  std::string name;
};
BOOST_DESCRIBE_STRUCT(ArticleSubscriptionDto, (), (id, typeId, state, subState, name))
struct UnavailableDto {
  ArticleSubscriptionDto articleSubscription;
};
BOOST_DESCRIBE_STRUCT(UnavailableDto, (), (articleSubscription))
struct PlanChangeDto {
  std::string fromSubscriptionId;
  PlanDto toSubscriptionType;
};
BOOST_DESCRIBE_STRUCT(PlanChangeDto, (), (fromSubscriptionId, toSubscriptionType))
struct PurchaseOptionsDto {
  std::int64_t articleId = 0;
  std::string contentType;
  std::vector<ConsumeDto> consume;
  std::vector<UnavailableDto> unavailable;
  std::vector<PurchaseOptionDto> purchase;
  std::vector<PlanChangeDto> upgradeTo;
  std::vector<PlanChangeDto> downgradeTo;
};
BOOST_DESCRIBE_STRUCT(PurchaseOptionsDto, (), (articleId, contentType, consume, unavailable, purchase, upgradeTo, downgradeTo))
struct StartedDto {
  std::string transactionId;
  std::int64_t articleId = 0;
  std::string contentType;
  std::string title;
  MoneyDto price;
};
BOOST_DESCRIBE_STRUCT(StartedDto, (), (transactionId, articleId, contentType, title, price))
struct OptionDto {
  std::string paymentOptionUUID;
  std::string code;
  std::string name;
  std::string flow;
  std::optional<std::string> redirectionUrl;
};
BOOST_DESCRIBE_STRUCT(OptionDto, (), (paymentOptionUUID, code, name, flow, redirectionUrl))
struct PaymentOptionsDto {
  std::string transactionId;
  std::vector<OptionDto> options;
};
BOOST_DESCRIBE_STRUCT(PaymentOptionsDto, (), (transactionId, options))
struct PurchaseStepDto {
  std::optional<std::string> type;  // "redirect" for a WEB option
  std::optional<std::string> url;
  std::optional<std::string> nextApiFlowStep;  // "PIN" for the API flow
  std::string paymentTransactionUuid;
  std::optional<std::string> purchaseToken;
  std::optional<std::string> message;
  std::optional<std::string> sandboxPin;
};
BOOST_DESCRIBE_STRUCT(PurchaseStepDto, (), (type, url, nextApiFlowStep, paymentTransactionUuid, purchaseToken, message, sandboxPin))
struct PaidDto {
  int status = 200;
  std::int64_t articleId = 0;
  std::string purchaseType;
  std::string purchaseID;
  std::string url;
};
BOOST_DESCRIBE_STRUCT(PaidDto, (), (status, articleId, purchaseType, purchaseID, url))
struct MediaDto {
  std::string url;
  bool isPreview = false;
  std::optional<std::int64_t> expires;
};
BOOST_DESCRIBE_STRUCT(MediaDto, (), (url, isPreview, expires))
struct DownloadDto {
  std::string uri;
  std::int64_t expires = 0;
};
BOOST_DESCRIBE_STRUCT(DownloadDto, (), (uri, expires))

}  // namespace portal::purchases
