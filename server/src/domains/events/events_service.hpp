#pragma once
// Client-reported events (page views, error-page displays, play tracking).
// The rules: a short plain name, a JSON object payload of bounded size.
// Expected failures are events::Error values (events_errors.hpp: a field and
// why); events_answers.cpp answers them as 400 VALIDATION_ERROR.
#include <functional>
#include <string_view>

#include "core/clock.hpp"
#include "domains/events/events_errors.hpp"
#include "domains/events/events_types.hpp"

namespace portal::events {

// Validates and builds the event; no storage.
Result<Event> make_event(std::string_view name, boost::json::object payload, std::optional<std::string> user_id,
                         const core::Clock& clock, Origin origin = Origin::client);

class EventsRepository;

// Told of every event once it is stored (the challenges domain counts plays).
// Blocking, on the caller's thread; must not throw: the event is kept anyway.
class EventListener {
 public:
  virtual ~EventListener() = default;
  virtual void on_event(std::int64_t tenant_id, const Event& event) noexcept = 0;
};

class EventsService {
 public:
  EventsService(EventsRepository& repository, const core::Clock& clock) : repository_(repository), clock_(clock) {}
  // Blocking: run on the database pool. `origin`: who says it happened (the
  // events route: client; a domain recording what it did: server).
  Result<Event> record(std::int64_t tenant_id, std::string_view name, boost::json::object payload,
                       std::optional<std::string> user_id, Origin origin);
  // At most one listener; nullptr: nobody is told.
  void listen(EventListener* listener) { listener_ = listener; }

 private:
  EventsRepository& repository_;
  const core::Clock& clock_;
  EventListener* listener_ = nullptr;
};

}  // namespace portal::events
