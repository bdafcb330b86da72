#pragma once
// The parental-control calls (commerce §7; contracts.md "Parental control"):
// GET/PUT /backend/parental-control, POST .../verify/parentalpassword,
// POST .../sendEmail and POST .../resetPasscode.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/parental_control/parental_control_service.hpp"
#include "http/router.hpp"

namespace portal::parental_control {

std::vector<http::Route> parental_control_routes(ParentalControlService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::parental_control
