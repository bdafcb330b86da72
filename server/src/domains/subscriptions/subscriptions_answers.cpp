#include "domains/subscriptions/subscriptions_answers.hpp"

#include <boost/json.hpp>

#include "domains/payments/payments_answers.hpp"
#include "domains/subscriptions/subscription_dtos.hpp"
#include "http/json.hpp"

namespace portal::subscriptions {
namespace json = boost::json;
using http::bhttp::field;

namespace {

struct Shape {
  int status;
  const char* code;
};

Shape shape_of(ErrorCode code) {
  switch (code) {
    case ErrorCode::sign_in_required: return {401, "UNAUTHORIZED"};
    case ErrorCode::invalid_field: return {400, "VALIDATION_ERROR"};
    case ErrorCode::invalid_redirect: return {400, "INVALID_REDIRECT"};
    case ErrorCode::type_not_found: return {404, "SUBSCRIPTION_TYPE_NOT_FOUND"};
    case ErrorCode::plan_retired: return {410, "SUBSCRIPTION_TYPE_RETIRED"};
    case ErrorCode::identity_fields_missing: return {404, "REQUIRED_IDENTITY_FIELD_NOT_FOUND"};
    case ErrorCode::already_subscribed: return {409, "USER_ALREADY_SUBSCRIBED"};
    case ErrorCode::payment_pending: return {409, "SUBSCRIPTION_PAYMENT_PENDING"};
    case ErrorCode::upgrade_blocked: return {409, "NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE"};
    case ErrorCode::downgrade_blocked: return {409, "NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE"};
    case ErrorCode::price_changed: return {409, "PRICE_CHANGED"};
    case ErrorCode::payment_option_not_found: return {404, "PAYMENT_OPTION_NOT_FOUND"};
    case ErrorCode::checkout_not_found: return {404, "CHECKOUT_NOT_FOUND"};
    case ErrorCode::checkout_closed: return {410, "CHECKOUT_CLOSED"};
    case ErrorCode::checkout_completed: return {409, "CHECKOUT_CLOSED"};
    case ErrorCode::payment_option_unavailable: return {400, "PAYMENT_OPTION_UNAVAILABLE"};
    case ErrorCode::invalid_msisdn: return {400, "INVALID_MSISDN"};
    case ErrorCode::no_saved_card: return {400, "NO_SAVED_CARD"};
    case ErrorCode::insufficient_funds: return {402, "INSUFFICIENT_FUNDS"};
    case ErrorCode::payment_declined: return {490, "PAYMENT_DECLINED"};
    case ErrorCode::subscription_not_found: return {404, "NO_SUBSCRIPTION_FOUND"};
    case ErrorCode::subscription_not_active: return {409, "SUBSCRIPTION_NOT_ACTIVE"};
    case ErrorCode::nothing_due: return {409, "NOTHING_DUE"};
    case ErrorCode::not_eligible: return {400, "NOT_ELIGIBLE"};
    case ErrorCode::trial_used: return {409, "TRIAL_ALREADY_USED"};
    case ErrorCode::concurrent_update: return {409, "CONCURRENT_UPDATE"};
    case ErrorCode::comp_limit: return {403, "COMP_LIMIT_REACHED"};
    case ErrorCode::payment: break;
  }
  return {500, "INTERNAL_ERROR"};
}

json::value json_or_null(const std::optional<std::string>& v) { return v ? json::value(*v) : json::value(nullptr); }

}  // namespace

http::Error http_error(const Error& e) {
  if (e.code == ErrorCode::payment) return payments::http_error(e.payment);
  if (e.code == ErrorCode::invalid_field) return http::Error::invalid_field(e.field.value_or("body"), e.reason.value_or(""));
  if (e.code == ErrorCode::price_changed && e.price)  // the data is the price now
    return {409, "PRICE_CHANGED", e.message, json::value_from(MoneyDto{e.price->amount, e.price->currency})};
  if (e.code == ErrorCode::identity_fields_missing)
    return {404, "REQUIRED_IDENTITY_FIELD_NOT_FOUND", e.message, json::value_from(IdentityFieldsData{e.fields})};
  const Shape shape = shape_of(e.code);
  json::object data;
  if (e.field) data["field"] = *e.field;
  if (e.subscription_id) data["subscriptionId"] = json_or_null(*e.subscription_id);
  if (e.type_id) data["subscriptionTypeId"] = *e.type_id;
  if (e.from_type_id) data["fromTypeId"] = *e.from_type_id;
  if (e.to_type_id) data["toTypeId"] = *e.to_type_id;
  if (e.url) data["url"] = *e.url;
  if (!e.fields.empty()) data["fields"] = json::value_from(e.fields);
  if (e.days_left) data["daysLeft"] = *e.days_left;
  return {shape.status, shape.code, e.message, data.empty() ? json::value(nullptr) : json::value(std::move(data))};
}

UserSubscriptionDto view_dto(const SubscriptionView& v, std::string_view lang) {
  return subscription_dto(*v.plans, v.subscription, lang, false, v.active_types);
}

CheckoutOfferDto offer_dto(const CheckoutOffer& offer) {
  CheckoutOfferDto dto{offer.type, offer.purchase_id, offer.url, {}};
  for (const auto& o : offer.options) dto.options.push_back({o.uuid, o.code, o.name, o.flow, o.redirection_url});
  return dto;
}

std::vector<EventDto> event_dtos(const std::vector<SubscriptionEvent>& events) {
  std::vector<EventDto> out;
  for (const auto& e : events)
    out.push_back({e.from_state, e.from_sub_state, e.to_state, e.to_sub_state, e.reason, e.actor, e.at});
  return out;
}

http::Error pending_error(const Pending& p, std::string_view lang) {
  PendingDto data{p.url, p.payment_id, std::nullopt};
  if (p.view) data.subscription = view_dto(*p.view, lang);
  return {202, "SUBSCRIPTION_PENDING", p.message, json::value_from(data)};
}

http::Response purchase_response(const http::RequestContext& ctx, const Result<Purchase>& r, std::string_view lang) {
  if (!r) return http::error_response(ctx.req, http_error(r.error()), ctx.request_id);
  if (const auto* p = std::get_if<Pending>(&*r)) return http::error_response(ctx.req, pending_error(*p, lang), ctx.request_id);
  json::value data;
  http::Status status = http::Status::ok;
  if (const auto* s = std::get_if<Subscribed>(&*r)) {
    data = json::value_from(SubscribedDto{view_dto(s->view, lang)});
    status = http::Status::created;
  } else if (const auto* o = std::get_if<CheckoutOpened>(&*r)) {
    data = json::value_from(offer_dto(o->offer));
  } else if (const auto* paid = std::get_if<Paid>(&*r)) {
    PaidDto dto;
    dto.url = paid->url;
    if (paid->view) dto.subscription = view_dto(*paid->view, lang);
    data = json::value_from(dto);
    status = http::Status::created;
  } else if (const auto* pin = std::get_if<PinSent>(&*r)) {
    data = json::value_from(PinSentDto{"PIN", pin->message, pin->sandbox_pin});
  }
  auto res = http::data_response(ctx, data, status);
  res.set(field::cache_control, "no-store");
  return res;
}

}  // namespace portal::subscriptions
