#include "domains/parental_control/parental_control_module.hpp"

namespace portal::parental_control {

ParentalControl::ParentalControl(Deps deps)
    : repository(deps.database),
      service(
          repository, deps.mailer,
          [&users = deps.users](std::int64_t tenant_id, const std::string& uuid) -> std::optional<std::string> {
            auto u = users.by_uuid(tenant_id, uuid);
            if (!u || u->email.empty()) return std::nullopt;
            return u->email;
          },
          deps.clock) {}

std::unique_ptr<ParentalControl> make_parental_control(ParentalControl::Deps deps) {
  return std::make_unique<ParentalControl>(deps);
}

}  // namespace portal::parental_control
