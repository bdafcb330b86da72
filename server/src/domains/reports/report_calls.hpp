#pragma once
// What the reports' route files (reports_routes.cpp, usage_routes.cpp) share for a call: a report's
// range as the query carries it, and a service's result as its value or the one error shape.
#include <string>
#include <utility>

#include "core/languages.hpp"
#include "domains/reports/reports_answers.hpp"
#include "domains/reports/reports_service.hpp"
#include "domains/reports/usage_types.hpp"
#include "http/context.hpp"
#include "http/respond.hpp"

namespace portal::reports {

// from, to and granularity as sent (checked by the service).
inline RangeQuery range_query(const http::RequestContext& ctx) {
  return {ctx.query("from"), ctx.query("to"), ctx.query("granularity")};
}

// The reader's language, `lang` as every console call sends it: one of the six, else English. The reports name plans
// and articles in it as the storefront does (docs/reports.md "Names in the reader's language").
inline std::string reader_language(const http::RequestContext& ctx) {
  std::string lang = ctx.query("lang").value_or("en");
  return core::is_language(lang) ? lang : std::string("en");
}

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::reports
