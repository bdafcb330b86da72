#include "domains/identity/identity_module.hpp"

#include "db/secrets.hpp"

namespace portal::identity {

namespace {

ThrottleLimits limits_of(int registrations_per_address) {
  ThrottleLimits limits;
  limits.registrations_per_address = registrations_per_address;
  return limits;
}

}  // namespace

Identity::Identity(Deps deps)
    : users(deps.database),
      tokens(deps.database),
      throttle(deps.database),
      devices(deps.database),
      service({users, tokens, throttle, devices}, deps.mailer, deps.clock, Lifetimes{},
              limits_of(deps.registrations_per_address)) {
  service.set_device_key(db::shared_secret(deps.database, "device-cookies"));
}

std::unique_ptr<Identity> make_identity(Identity::Deps deps) { return std::make_unique<Identity>(deps); }

}  // namespace portal::identity
