#pragma once
// Webhooks out (issue 78 item 1) as the composition root assembles it: the endpoints' console service and the
// delivery worker over one repository, with the HTTP sender. What the owners are told when an endpoint is disabled
// is the app's (on_disabled: the mail), so this domain depends on no other but audit.
#include <memory>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/webhooks/webhooks_delivery.hpp"
#include "domains/webhooks/webhooks_repository.hpp"
#include "domains/webhooks/webhooks_sender.hpp"
#include "domains/webhooks/webhooks_service.hpp"

namespace portal::webhooks {

struct Webhooks {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
    std::string seal_key;  // seals the endpoints' secrets at rest (the staff secret key)
    bool dev_stage = false;
    DeliveryPolicy policy = {};
    WebhookDelivery::OnDisabled on_disabled = {};
  };
  explicit Webhooks(Deps deps)
      : repository(deps.database),
        service(repository, deps.clock, deps.seal_key, deps.dev_stage),
        delivery(repository, sender, deps.clock, deps.seal_key, deps.dev_stage, deps.policy,
                 std::move(deps.on_disabled)) {}

  WebhooksRepository repository;
  WebhooksService service;
  HttpSender sender;
  WebhookDelivery delivery;
};

inline std::unique_ptr<Webhooks> make_webhooks(Webhooks::Deps deps) { return std::make_unique<Webhooks>(std::move(deps)); }

}  // namespace portal::webhooks
