#pragma once
// The sign-in by the operator's network as identity asks for it (identity/network_login.hpp), answered by the tenant's
// CAMARA operator (payments/camara_login.hpp): the composition root joins the two, so neither domain includes the other.
#include <memory>

#include "domains/identity/network_login.hpp"
#include "domains/payments/camara_login.hpp"

namespace portal::app {

std::unique_ptr<identity::NetworkLogin> network_login(payments::CamaraLogin& camara);

}  // namespace portal::app
