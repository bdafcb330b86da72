#pragma once
// The staff realm over HTTP (docs/contracts.md "Staff"): sign-in, sign-out,
// who am I, the tenant's staff (list, invite, change a role, end a member's
// sessions), an invitation's acceptance, the audit log with its CSV export;
// the hosted page /admin/login and its two form targets. Each /backend/admin
// call declares its least role in the route table (http::Access::staff).
#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "domains/audit/audit_service.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/staff/staff_service.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/router.hpp"

namespace portal::staff {

inline constexpr std::string_view kStaffCookie = "portal_staff";
// The browser's staff device cookie (identity::SignInGuard): a member's known
// devices pass the e-mail's sign-in limits.
inline constexpr std::string_view kStaffDeviceCookie = "portal_staff_device";

struct RouteDeps {
  StaffService& service;
  audit::AuditService& audit;
  const i18n::I18nService& i18n;
  boost::asio::thread_pool& db_pool;
  std::function<std::shared_ptr<const tenants::Tenant>(std::string_view name)> tenant_by_name;
  std::function<std::vector<std::shared_ptr<const tenants::Tenant>>()> all_tenants;
};

// The /backend/admin calls and the forms' targets (backend face).
std::vector<http::Route> staff_routes(const RouteDeps& deps);
// GET /admin/login (portal face: the tenant by host).
std::vector<http::Route> staff_pages(const RouteDeps& deps);

// The staff authentication hook (http::PipelineHooks::authenticate_staff):
// the token from Authorization: Bearer, else the portal_staff cookie (a write
// authenticated by the cookie must send X-Requested-With: a cross-site form
// cannot). Sets ctx.staff for a live session; leaves it empty otherwise.
boost::asio::awaitable<void> authenticate_staff(StaffService& service, boost::asio::thread_pool& db_pool,
                                                http::RequestContext& ctx);

}  // namespace portal::staff
