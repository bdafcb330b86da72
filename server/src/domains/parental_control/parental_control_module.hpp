#pragma once
// Parental control as the composition root assembles it (app/app.cpp): its mails go to the user's e-mail address
// (identity's users), and its active limit is what the page shell and every signed-in call ask.
#include <memory>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/parental_control/parental_control_repository.hpp"
#include "domains/parental_control/parental_control_service.hpp"

namespace portal::parental_control {

struct ParentalControl {
  struct Deps {
    db::Database& database;
    identity::Mailer& mailer;
    identity::UsersRepository& users;
    const core::Clock& clock;
  };
  explicit ParentalControl(Deps deps);

  ParentalControlRepository repository;
  ParentalControlService service;
};

std::unique_ptr<ParentalControl> make_parental_control(ParentalControl::Deps deps);

}  // namespace portal::parental_control
