#pragma once
// Customers as the composition root assembles them (app/app.cpp): staff find a customer and read their account, and
// support's actions on it (each domain's own call, audited).
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "db/secrets.hpp"
#include "domains/customers/customer_actions_service.hpp"
#include "domains/customers/customers_repository.hpp"
#include "domains/customers/customers_service.hpp"
#include "domains/identity/users_repository.hpp"

namespace portal::customers {

struct Customers {
  struct Deps {
    db::Database& database;
    identity::UsersRepository& users;
    const core::Clock& clock;
  };
  explicit Customers(Deps deps)
      : repository(deps.database),
        service({deps.database, repository, deps.clock, db::shared_secret(deps.database, "vouchers")}),
        actions(deps.database, deps.users) {}

  CustomersRepository repository;
  CustomersService service;
  CustomerActions actions;
};

inline std::unique_ptr<Customers> make_customers(Customers::Deps deps) { return std::make_unique<Customers>(deps); }

}  // namespace portal::customers
