#pragma once
// The console's rules for webhook endpoints (issue 78 item 1): the URL through the one link rule (core/links.hpp),
// http(s) only and https outside the dev stage; the events from kEventTypes; a whsec_ secret made here, sealed at
// rest and shown once, on creation and on rotation (the previous one signs too for kRotationOverlap); private
// addresses only for an endpoint that allows them, and only in the dev stage. Each write hands its before and after
// to the caller's audit callback inside its transaction.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/webhooks/webhooks_errors.hpp"
#include "domains/webhooks/webhooks_repository.hpp"
#include "domains/webhooks/webhooks_types.hpp"

namespace portal::webhooks {

inline constexpr std::chrono::hours kRotationOverlap{24};
inline constexpr std::size_t kMaxEndpoints = 20;
inline constexpr std::size_t kMaxDescription = 500;

struct EndpointHistory {
  std::vector<Delivery> deliveries;
  std::vector<Attempt> attempts;
};

class WebhooksService {
 public:
  // before and after of the endpoint a write changed (nullopt: did not exist / is gone), in the write's transaction.
  using Audit = std::function<void(db::Session&, const std::optional<Endpoint>& before,
                                   const std::optional<Endpoint>& after)>;

  WebhooksService(WebhooksRepository& repository, const core::Clock& clock, std::string seal_key, bool dev_stage)
      : repository_(repository), clock_(clock), seal_key_(std::move(seal_key)), dev_stage_(dev_stage) {}

  std::vector<Endpoint> endpoints(std::int64_t tenant_id) { return repository_.endpoints(tenant_id); }
  Result<IssuedSecret> create(std::int64_t tenant_id, EndpointInput in, const Audit& audit);
  Result<Endpoint> update(std::int64_t tenant_id, const std::string& id, EndpointInput in, const Audit& audit);
  Result<IssuedSecret> rotate(std::int64_t tenant_id, const std::string& id, const Audit& audit);
  Result<void> remove(std::int64_t tenant_id, const std::string& id, const Audit& audit);
  Result<EndpointHistory> history(std::int64_t tenant_id, const std::string& id);
  // Due again now; answers the endpoint it belongs to (the audit's object).
  Result<std::string> resend(std::int64_t tenant_id, const std::string& delivery_id,
                             const std::function<void(db::Session&, const std::string& endpoint_id)>& audit);

  // The input checked and normalised (events deduplicated in kEventTypes' order).
  Result<EndpointInput> validate(EndpointInput in) const;
  bool dev_stage() const { return dev_stage_; }

 private:
  WebhooksRepository& repository_;
  const core::Clock& clock_;
  std::string seal_key_;
  bool dev_stage_;
};

}  // namespace portal::webhooks
