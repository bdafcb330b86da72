#pragma once
// Staff as the composition root assembles it (app/app.cpp): the operators' accounts and their mails (texts of the
// hosted pages' "staff." keys), and the audit log of their writes.
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/audit_service.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/staff/staff_repository.hpp"
#include "domains/staff/staff_service.hpp"

namespace portal::staff {

struct Staff {
  struct Deps {
    db::Database& database;
    identity::Mailer& mailer;
    const i18n::I18nService& i18n;
    const core::Clock& clock;
  };
  explicit Staff(Deps deps);

  StaffRepository repository;
  audit::AuditRepository audit_repository;
  audit::AuditService audit;
  StaffService service;
};

std::unique_ptr<Staff> make_staff(Staff::Deps deps);

}  // namespace portal::staff
