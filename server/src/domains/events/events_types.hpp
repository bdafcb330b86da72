#pragma once
#include <boost/json/object.hpp>  // payload: what the client sent or the server recorded, free-form
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::events {

// Who says it happened: a client (POST /kafka/event/{name}: anyone may send
// anything) or the server itself (a game session it opened, a report it
// counted). Only server events are facts; rewards count nothing else.
enum class Origin { client, server };

struct Event {
  std::string id;
  std::string name;             // e.g. "pageView", "instantPlay"
  boost::json::object payload;  // what the client sent, or what the server recorded
  std::optional<std::string> user_id;
  std::string created_at;       // ISO-8601 UTC
  Origin origin = Origin::client;
  // Origin::client: who sent it, as a key that names no one: "user:<public id>" when signed in, else
  // "address:" and a keyed hash of the address. The rate limit and the report's visit cap count by it.
  std::optional<std::string> client;
};

std::string_view origin_name(Origin o);

inline constexpr std::size_t kMaxNameLength = 64;
inline constexpr std::size_t kMaxPayloadBytes = 16 * 1024;
// What one client may send in a minute (page views, player progress, error displays): a person browsing and
// playing sends a few; more is a script. Counted per instance (events/client_window.hpp).
inline constexpr std::int64_t kClientEventsPerMinute = 120;

}  // namespace portal::events
