#pragma once
// Staff as the composition root assembles it (app/app.cpp): the operators' accounts and their mails (texts of the
// hosted pages' "staff." keys), their sign-in throttle (identity's SignInGuard, realm "staff", device cookies signed
// with a key of their own), the seal of their TOTP secrets (a key from the configuration, never the database), and
// the audit log of their writes. Building it seals the secrets still stored plain.
#include <memory>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/audit_service.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/sign_in_guard.hpp"
#include "domains/identity/throttle_repository.hpp"
#include "domains/staff/staff_repository.hpp"
#include "domains/staff/staff_service.hpp"
#include "domains/staff/totp_seal.hpp"

namespace portal::staff {

struct Staff {
  struct Deps {
    db::Database& database;
    identity::Mailer& mailer;
    const i18n::I18nService& i18n;
    const core::Clock& clock;
    std::string secret_key;  // seals the TOTP secrets (app::staff_secret_key)
  };
  explicit Staff(Deps deps);

  StaffRepository repository;
  identity::ThrottleRepository throttle;
  identity::SignInGuard guard;
  TotpSeal seal;
  audit::AuditRepository audit_repository;
  audit::AuditService audit;
  StaffService service;
};

std::unique_ptr<Staff> make_staff(Staff::Deps deps);

// The texts of the staff mails: language, key below "hosted.staff.", {{site}} filled.
StaffService::Text staff_texts(const i18n::I18nService& i18n);

}  // namespace portal::staff
