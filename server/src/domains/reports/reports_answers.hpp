#pragma once
// The reports' domain types as their described answers (reports_dto.hpp), as JSON, and the
// errors (reports_errors.hpp) with their HTTP status.
#include <boost/json/value.hpp>

#include "http/error.hpp"
#include "domains/reports/reports_dto.hpp"
#include "domains/reports/reports_errors.hpp"
#include "domains/reports/reports_types.hpp"
#include "domains/reports/usage_types.hpp"

namespace portal::reports {

RevenueReportDto revenue_dto(const RevenueReport& r);
SubscribersReportDto subscribers_dto(const SubscribersReport& r);
RefreshDto refresh_dto(const RefreshAnswer& a);
// The reports' errors: 400 VALIDATION_ERROR naming the field, 409 MONTH_NOT_ENDED, EARLIER_MONTH_OPEN,
// ALREADY_ISSUED.
http::Error http_error(const Error& e);
// A member named after a C++ keyword ("new_") under its JSON name ("new") in an answer Boost.JSON wrote (the
// schemas and described_object use core::wire_name).
void rename_keyword_members(boost::json::value& v);

}  // namespace portal::reports
