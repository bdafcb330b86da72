#pragma once
// Privacy as the composition root assembles it (app/app.cpp): a customer's data downloaded or deleted; the
// confirmation mail's texts are the hosted pages' "accountDeletedMail." keys, signed with the tenant's site name.
#include <functional>
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/privacy/privacy_repository.hpp"
#include "domains/privacy/privacy_service.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::privacy {

struct Privacy {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
    const i18n::I18nService& i18n;
    std::function<std::shared_ptr<const tenants::Tenant>(std::int64_t id)> tenant_by_id;
    bool deliver_mail = false;           // SMTP configured: the outbox is the delivery queue
    std::function<void()> mail_queued;   // wakes the delivery
  };
  explicit Privacy(Deps deps);

  PrivacyRepository repository;
  PrivacyService service;
};

std::unique_ptr<Privacy> make_privacy(Privacy::Deps deps);

}  // namespace portal::privacy
