#pragma once
// A page structure on the wire (a ConfigNode, shaped by structure_rules.cpp
// shape_node), as described structs for the OpenAPI document (http::schema_of).
// A node's children have the same shape; the schema leaves them free-form (a
// described struct cannot name itself).
#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <optional>
#include <string>

namespace portal::structure {

// Texts in the asked language; "" when the node has none.
struct NodeDataDto {
  std::string title;
  std::string subTitle;
  std::string imageUrl;
  std::string clickUrl;
  boost::json::object customProperties;  // `type` says what the node is (page, banner, slide, ...)
};
BOOST_DESCRIBE_STRUCT(NodeDataDto, (), (title, subTitle, imageUrl, clickUrl, customProperties))

struct ConfigNodeDto {
  std::optional<boost::json::value> id;  // as the structure file names it; absent when it names none
  std::string name;
  NodeDataDto data;
  boost::json::array substructure;  // child nodes, each a ConfigNodeDto
};
BOOST_DESCRIBE_STRUCT(ConfigNodeDto, (), (id, name, data, substructure))

}  // namespace portal::structure
