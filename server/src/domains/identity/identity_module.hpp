#pragma once
// Identity as the composition root assembles it (app/app.cpp): users, tokens, sign-in throttles and devices, the
// service over them with the device cookies' shared key. The outbox (and the mail system over it) is built first:
// the service mails through it.
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/identity/devices_repository.hpp"
#include "domains/identity/identity_service.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/partner_login_service.hpp"
#include "domains/identity/throttle_repository.hpp"
#include "domains/identity/tokens_repository.hpp"
#include "domains/identity/users_repository.hpp"

namespace portal::identity {

struct Identity {
  struct Deps {
    db::Database& database;
    Mailer& mailer;
    const core::Clock& clock;
    int registrations_per_address;  // per tenant and hour (--registrations-per-hour)
  };
  explicit Identity(Deps deps);

  UsersRepository users;
  TokensRepository tokens;
  ThrottleRepository throttle;
  DevicesRepository devices;
  IdentityService service;
  PartnerLoginService partner_login;  // partner tenants' sign-in options, asked of their partners
};

std::unique_ptr<Identity> make_identity(Identity::Deps deps);

}  // namespace portal::identity
