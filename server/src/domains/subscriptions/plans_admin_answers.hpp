#pragma once
// The one place where plans from the console meet the wire: the service's values made the answers of
// plans_admin_dto.hpp (/backend/admin/plans, plans_admin_routes.hpp) and the errors of plans_admin.hpp with their
// status.
#include <string>
#include <vector>

#include "domains/subscriptions/plans_admin.hpp"
#include "domains/subscriptions/plans_admin_dto.hpp"
#include "http/error.hpp"

namespace portal::subscriptions {

AdminPlanDto admin_plan_dto(const PlanView& v);
AdminPlansDto admin_plans_dto(const PlansOverview& o);
AdminPaymentOptionDto payment_option_dto(const PaymentOption& o);
AdminPaymentOptionsDto payment_options_dto(const std::vector<PaymentOption>& options, const std::vector<ProviderChoice>& providers);
PaymentOption payment_option_from(const std::string& code, const AdminPaymentOptionBody& body);

// 400 VALIDATION_ERROR (field, reason), 404 SUBSCRIPTION_TYPE_NOT_FOUND (PAYMENT_OPTION_NOT_FOUND for an option's
// code), 409 PLAN_VERSION_CONFLICT (data.version: the current one), PLAN_ID_TAKEN (field id), PAYMENT_OPTION_IN_USE.
http::Error http_error(const PlanEditError& e);

}  // namespace portal::subscriptions
