#pragma once
// The events call on the wire, as a described struct (its OpenAPI schema comes
// from http::schema_of).
#include <boost/describe/class.hpp>
#include <string>

namespace portal::events {

// A recorded event: the body itself is free-form JSON (events_service bounds its size).
struct EventAcceptedDto {
  std::string id;
  std::string name;
};
BOOST_DESCRIBE_STRUCT(EventAcceptedDto, (), (id, name))

}  // namespace portal::events
