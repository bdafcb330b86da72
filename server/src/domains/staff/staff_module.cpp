#include "domains/staff/staff_module.hpp"

#include "db/secrets.hpp"
#include "domains/hosted/hosted_frame.hpp"

namespace portal::staff {

StaffService::Text staff_texts(const i18n::I18nService& i18n) {
  return [&i18n](const std::string& lang, std::string_view key, const std::string& site) {
    return hosted::texts_for(i18n, lang, site)("staff." + std::string(key));
  };
}

Staff::Staff(Deps deps)
    : repository(deps.database),
      throttle(deps.database),
      guard(throttle, deps.clock, staff_sign_in_limits(), "staff"),
      seal(std::move(deps.secret_key)),
      audit_repository(deps.database),
      audit(audit_repository),
      service(repository, guard, seal, deps.mailer, deps.clock, staff_texts(deps.i18n)) {
  guard.set_device_key(db::shared_secret(deps.database, "staff-device-cookies"));
  service.seal_stored_secrets();  // rows written before the secrets were sealed (migration 0029's plain base32)
}

std::unique_ptr<Staff> make_staff(Staff::Deps deps) { return std::make_unique<Staff>(std::move(deps)); }

}  // namespace portal::staff
