#include "domains/streaming/streaming_module.hpp"

namespace portal::streaming {

namespace {

TicketLimits ticket_limits(int per_window) {
  TicketLimits limits;
  limits.per_window = per_window;
  return limits;
}

}  // namespace

Streaming::Streaming(Deps deps)
    : repository(deps.database),
      service(deps.purchases, deps.catalog, repository, &deps.events, deps.clock,
              ticket_limits(deps.tickets_per_window)) {}

std::unique_ptr<Streaming> make_streaming(Streaming::Deps deps) { return std::make_unique<Streaming>(deps); }

}  // namespace portal::streaming
