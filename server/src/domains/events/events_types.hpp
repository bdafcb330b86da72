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
};

std::string_view origin_name(Origin o);

inline constexpr std::size_t kMaxNameLength = 64;
inline constexpr std::size_t kMaxPayloadBytes = 16 * 1024;

}  // namespace portal::events
