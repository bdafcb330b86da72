#pragma once
// The reports' domain types as their described answers (reports_dto.hpp), as JSON.
#include <boost/json/value.hpp>

#include "domains/reports/reports_dto.hpp"
#include "domains/reports/reports_types.hpp"

namespace portal::reports {

RevenueReportDto revenue_dto(const RevenueReport& r);
SubscribersReportDto subscribers_dto(const SubscribersReport& r);
RefreshDto refresh_dto(const RefreshAnswer& a);
// A member named after a C++ keyword ("new_") under its JSON name ("new"), in an answer or a schema.
void rename_keyword_members(boost::json::value& v);

}  // namespace portal::reports
