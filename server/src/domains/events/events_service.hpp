#pragma once
// Client-reported events (page views, error-page displays, play tracking).
// The rules: a short plain name, a JSON object payload of bounded size.
// Expected failures are events::Error values (events_errors.hpp: a field and
// why); events_answers.cpp answers them as VALIDATION_ERROR.
#include <functional>
#include <string_view>

#include "core/clock.hpp"
#include "domains/events/client_window.hpp"
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
  // `address_key`: the key of client_key's hash (db::shared_secret "events-client": the same on every instance).
  EventsService(EventsRepository& repository, const core::Clock& clock, std::string address_key)
      : repository_(repository), clock_(clock), address_key_(std::move(address_key)), window_(kClientEventsPerMinute) {}
  // Blocking: run on the database pool. `origin`: who says it happened (the
  // events route: client; a domain recording what it did: server).
  Result<Event> record(std::int64_t tenant_id, std::string_view name, boost::json::object payload,
                       std::optional<std::string> user_id, Origin origin);
  // An event a client sent (the events call), kept with its client key: more than kClientEventsPerMinute from
  // one client in a minute is too_many_requests, and nothing is kept.
  Result<Event> record_from_client(std::int64_t tenant_id, std::string_view name, boost::json::object payload,
                                   std::optional<std::string> user_id, std::string_view client_address);
  // Who sent it, naming no one: "user:<public id>" when signed in, else "address:" and 16 bytes of an HMAC of
  // the tenant and the address (a bare hash of an IPv4 address is undone by trying them all).
  std::string client_key(std::int64_t tenant_id, const std::optional<std::string>& user_id,
                         std::string_view client_address) const;
  // At most one listener; nullptr: nobody is told.
  void listen(EventListener* listener) { listener_ = listener; }

 private:
  EventsRepository& repository_;
  const core::Clock& clock_;
  std::string address_key_;
  ClientWindow window_;
  EventListener* listener_ = nullptr;
};

}  // namespace portal::events
