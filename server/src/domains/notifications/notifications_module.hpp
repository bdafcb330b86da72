#pragma once
// Notifications as the composition root assembles them (app/app.cpp): tournaments, purchases, vouchers, challenges
// and renewals tell users through the service (a notifications::Notifier).
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/notifications/notifications_repository.hpp"
#include "domains/notifications/notifications_service.hpp"

namespace portal::notifications {

struct Notifications {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
  };
  explicit Notifications(Deps deps) : repository(deps.database), service(repository, deps.clock) {}

  NotificationsRepository repository;
  NotificationsService service;
};

inline std::unique_ptr<Notifications> make_notifications(Notifications::Deps deps) {
  return std::make_unique<Notifications>(deps);
}

}  // namespace portal::notifications
