#pragma once
// The voucher calls (commerce §7; docs/contracts.md "Vouchers and cart"):
// redeem a code for a subscription, buy voucher products, resend their codes.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/vouchers/vouchers_service.hpp"
#include "http/router.hpp"

namespace portal::vouchers {

std::vector<http::Route> vouchers_routes(VouchersService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::vouchers
