#pragma once
// The one place where subscriptions meets HTTP: the service's errors as the
// one error shape with their status and code (docs/contracts.md
// "Subscriptions"), and its typed values as the DTOs of subscriptions_dto.hpp.
#include <string_view>
#include <utility>
#include <vector>

#include "domains/subscriptions/service_types.hpp"
#include "domains/subscriptions/subscriptions_dto.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"
#include "http/error.hpp"
#include "http/respond.hpp"
#include "http/context.hpp"

namespace portal::subscriptions {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

UserSubscriptionDto view_dto(const SubscriptionView& v, std::string_view lang);
CheckoutOfferDto offer_dto(const CheckoutOffer& offer);
std::vector<EventDto> event_dtos(const std::vector<SubscriptionEvent>& events);
// 202 SUBSCRIPTION_PENDING: the error shape, with PendingDto as its data.
http::Error pending_error(const Pending& p, std::string_view lang);

// A purchase's answer (no-store): 200 CheckoutOfferDto or PinSentDto, 201
// SubscribedDto or PaidDto, 202 SUBSCRIPTION_PENDING; an error in the one shape.
http::Response purchase_response(const http::RequestContext& ctx, const Result<Purchase>& r, std::string_view lang);

}  // namespace portal::subscriptions
