#pragma once
// The bulk actions of the console's lists (issue 78 item 3): POST makes a job (202, its progress; Idempotency-Key),
// GET reads its progress and the rows it refused. Each list's calls take the role its single-row actions take:
// the catalog's (content editor and above) under /backend/admin/catalog/bulk, the plans' retirement (finance, admin
// and above) under /backend/admin/plans/bulk, the customers' end of sessions (support,
// admin and above) under /backend/admin/customers/bulk, the voucher codes' void (content editor and above) under
// /backend/admin/vouchers/bulk.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/bulk/bulk_service.hpp"
#include "domains/catalog/catalog_admin_service.hpp"
#include "domains/identity/identity_service.hpp"
#include "domains/subscriptions/plans_admin.hpp"
#include "domains/vouchers/vouchers_service.hpp"
#include "http/router.hpp"

namespace portal::bulk {

struct BulkRouteDeps {
  BulkService& service;
  catalog::admin::AdminService& catalog;
  subscriptions::PlansAdmin& plans;
  identity::IdentityService& identity;
  vouchers::VouchersService& vouchers;
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> bulk_routes(const BulkRouteDeps& deps);

}  // namespace portal::bulk
