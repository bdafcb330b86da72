#pragma once
// The wire shapes of the apps calls: request bodies (http::read_body) and answers
// (described structs serialised by boost::json::value_from; their JSON Schema documents the calls).
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"

namespace portal::apps {

// POST /backend/apps and PUT /backend/apps/mine/{id} (status: the update's only).
struct AppBody {
  std::string name;
  std::string publisher;
  std::string description;
  std::string redirectUri;
  std::vector<std::string> scopes;
  std::optional<std::string> status;
};
BOOST_DESCRIBE_STRUCT(AppBody, (), (name, publisher, description, redirectUri, scopes, status))
struct DecisionBody {
  std::string decision;
};
BOOST_DESCRIBE_STRUCT(DecisionBody, (), (decision))

}  // namespace portal::apps
