#pragma once
// Payments as the composition root assembles them (app/app.cpp): the repository, and the service with the
// sandbox providers (booking their calls in the sandbox ledger) and its webhook key.
#include <memory>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/payments/payments_repository.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/payments/sandbox_ledger.hpp"

namespace portal::payments {

// The sandbox webhook key: the configured one, else a fixed dev key in the dev stage; other stages without a key
// refuse every webhook call.
std::string webhook_secret(const std::string& configured, bool dev_stage);

struct Payments {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
    std::string webhook_secret;  // configured (--payments-webhook-secret); may be empty
    bool dev_stage = false;
  };
  explicit Payments(Deps deps);

  PaymentsRepository repository;
  SandboxLedger sandbox_ledger;  // the sandbox providers' book of calls by idempotency key
  PaymentsService service;
};

std::unique_ptr<Payments> make_payments(Payments::Deps deps);

}  // namespace portal::payments
