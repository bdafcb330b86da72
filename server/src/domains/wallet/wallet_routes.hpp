#pragma once
// GET /backend/wallet/userarticles and /wallet/walletarticle/article/{id}.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/wallet/wallet_service.hpp"
#include "http/router.hpp"

namespace portal::wallet {

std::vector<http::Route> wallet_routes(WalletService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::wallet
