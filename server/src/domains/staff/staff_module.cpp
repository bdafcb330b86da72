#include "domains/staff/staff_module.hpp"

#include "domains/hosted/hosted_frame.hpp"

namespace portal::staff {

Staff::Staff(Deps deps)
    : repository(deps.database),
      audit_repository(deps.database),
      audit(audit_repository),
      service(repository, deps.mailer, deps.clock,
              [&i18n = deps.i18n](const std::string& lang, std::string_view key, const std::string& site) {
                return hosted::texts_for(i18n, lang, site)("staff." + std::string(key));
              }) {}

std::unique_ptr<Staff> make_staff(Staff::Deps deps) { return std::make_unique<Staff>(deps); }

}  // namespace portal::staff
