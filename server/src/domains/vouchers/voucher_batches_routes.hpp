#pragma once
// The console's voucher calls under /backend/admin/vouchers (issue 33 item 5;
// docs/decisions.md "Voucher batches"): batches with their counts, minting a
// batch (its codes shown once), a batch's redemptions, finding a code, voiding
// a code or a batch. Editors and above; every write appends an audit entry in
// its transaction.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/vouchers/vouchers_service.hpp"
#include "http/router.hpp"

namespace portal::vouchers {

struct BatchRouteDeps {
  VouchersService& service;
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> voucher_batch_routes(BatchRouteDeps deps);

}  // namespace portal::vouchers
