#pragma once
// Client-reported events (page views, error-page displays, play tracking).
// The rules: a short plain name, a JSON object payload of bounded size.
#include <functional>
#include <string_view>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "domains/events/events_types.hpp"

namespace portal::events {

// Validates and builds the event; no storage.
core::Result<Event> make_event(std::string_view name, boost::json::object payload, std::optional<std::string> user_id,
                               const core::Clock& clock);

class EventsRepository;

class EventsService {
 public:
  EventsService(EventsRepository& repository, const core::Clock& clock) : repository_(repository), clock_(clock) {}
  // Blocking: run on the database pool.
  core::Result<Event> record(std::int64_t tenant_id, std::string_view name, boost::json::object payload,
                             std::optional<std::string> user_id);

 private:
  EventsRepository& repository_;
  const core::Clock& clock_;
};

}  // namespace portal::events
