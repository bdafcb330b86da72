#pragma once
// The wire shape of a purchase offer (commerce §3 purchase option), shared by
// the purchase options answer and the play answers of /song and
// /video/streaming, so both describe and serialise one schema.
#include <boost/describe.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "domains/purchases/entitlement.hpp"

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

}  // namespace portal::purchases
