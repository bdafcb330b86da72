#pragma once
// The parental-control calls (commerce §7; contracts.md "Parental control"):
// GET/PUT /backend/parental-control, POST .../verify/parentalpassword,
// POST .../sendEmail and POST .../resetPasscode.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/i18n/i18n_service.hpp"
#include "domains/parental_control/parental_control_service.hpp"
#include "http/router.hpp"

namespace portal::parental_control {

// i18n: the reset mail's texts (parentalControl.mail.* of the web bundles) in the caller's language.
std::vector<http::Route> parental_control_routes(ParentalControlService& service, const i18n::I18nService& i18n,
                                                 boost::asio::thread_pool& db_pool);

}  // namespace portal::parental_control
