#pragma once
// The staff realm's hosted page (/admin/login) and its form targets, and the
// two staff cookies the JSON sign-in sets as well (docs/contracts.md "Staff").
// staff_routes.cpp puts the form targets in its table.
#include <chrono>
#include <string>

#include "domains/staff/staff_routes.hpp"
#include "http/context.hpp"

namespace portal::staff {

// Set-Cookie of the staff session (an empty token clears it).
std::string staff_cookie(const http::RequestContext& ctx, const std::string& token, std::chrono::seconds life);
// Set-Cookie of the browser's staff device (a known device passes the e-mail's sign-in limits).
std::string device_cookie(const http::RequestContext& ctx, const std::string& value);
// The request's staff device cookie ("" when none).
std::string device_of(const http::RequestContext& ctx);

// POST /backend/admin/{signin,forgot,reset,enrol}/{tenant}: the forms of the hosted page (the tenant in the path).
http::Handler signin_form(const RouteDeps& deps);
http::Handler forgot_form(const RouteDeps& deps);
http::Handler reset_form(const RouteDeps& deps);
http::Handler enrol_form(const RouteDeps& deps);

}  // namespace portal::staff
