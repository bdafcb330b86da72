#include "domains/events/events_service.hpp"

#include <boost/json/serialize.hpp>  // an event's payload: what the client sent, free-form

#include "core/crypto.hpp"
#include "core/ids.hpp"
#include "db/timestamp.hpp"
#include "domains/events/events_repository.hpp"

namespace portal::events {

std::string_view origin_name(Origin o) { return o == Origin::server ? "server" : "client"; }

Result<Event> make_event(std::string_view name, boost::json::object payload, std::optional<std::string> user_id,
                         const core::Clock& clock, Origin origin) {
  if (name.empty() || name.size() > kMaxNameLength)
    return Error::invalid("name", "must be 1 to " + std::to_string(kMaxNameLength) + " characters");
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.')
      return Error::invalid("name", "may hold only letters, digits, '_', '-' and '.'");
  if (boost::json::serialize(payload).size() > kMaxPayloadBytes)
    return Error::invalid("body", "must be at most " + std::to_string(kMaxPayloadBytes) + " bytes");
  return Event{core::new_uuid(), std::string(name), std::move(payload), std::move(user_id),
               db::utc_timestamp(clock.now()), origin};
}

std::string EventsService::client_key(std::int64_t tenant_id, const std::optional<std::string>& user_id,
                                     std::string_view client_address) const {
  if (user_id) return "user:" + *user_id;
  return "address:" + core::hmac_sha256_hex(address_key_, std::to_string(tenant_id) + "|" + std::string(client_address))
                          .substr(0, 32);
}

Result<Event> EventsService::record_from_client(std::int64_t tenant_id, std::string_view name,
                                                boost::json::object payload, std::optional<std::string> user_id,
                                                std::string_view client_address) {
  std::string client = client_key(tenant_id, user_id, client_address);
  const auto taken_at = clock_.now();
  if (auto wait = window_.take(tenant_id, client, taken_at)) {
    auto e = Error::of(ErrorCode::too_many_requests, "Too many events from this client; try again in " +
                                                         std::to_string(*wait) + " s");
    e.retry_after = *wait;
    return e;
  }
  auto event = make_event(name, std::move(payload), std::move(user_id), clock_, Origin::client);
  if (!event) return event;
  event->client = client;
  try {
    repository_.insert(tenant_id, *event);
  } catch (...) {  // not stored (the database away): it does not count against the client's minute
    window_.give_back(tenant_id, client, taken_at);
    throw;
  }
  if (listener_) listener_->on_event(tenant_id, *event);
  return event;
}

Result<Event> EventsService::record(std::int64_t tenant_id, std::string_view name, boost::json::object payload,
                                    std::optional<std::string> user_id, Origin origin) {
  auto event = make_event(name, std::move(payload), std::move(user_id), clock_, origin);
  if (!event) return event;
  repository_.insert(tenant_id, *event);
  if (listener_) listener_->on_event(tenant_id, *event);
  return event;
}

}  // namespace portal::events
