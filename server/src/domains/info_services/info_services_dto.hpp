#pragma once
// The wire shapes of the info_services calls: request bodies (http::read_body) and answers
// (described structs serialised by boost::json::value_from; their JSON Schema documents the calls).
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"

namespace portal::info_services {

struct SubscribeBody {
  http::Id serviceId;
  std::optional<bool> subscribe;  // false unsubscribes; missing or true subscribes
};
BOOST_DESCRIBE_STRUCT(SubscribeBody, (), (serviceId, subscribe))

}  // namespace portal::info_services
