#pragma once
// Information services as the composition root assembles them (app/app.cpp).
#include <filesystem>
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/info_services/info_services_repository.hpp"
#include "domains/info_services/info_services_seed.hpp"
#include "domains/info_services/info_services_service.hpp"

namespace portal::info_services {

struct InfoServices {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
  };
  explicit InfoServices(Deps deps) : repository(deps.database), service(repository, deps.clock) {}

  InfoServicesRepository repository;
  InfoServicesService service;
};

inline std::unique_ptr<InfoServices> make_info_services(InfoServices::Deps deps) {
  return std::make_unique<InfoServices>(deps);
}

}  // namespace portal::info_services
