#pragma once
// A JSON value passed on as it is, documented as T: its schema (http/schema.hpp) is T's, so the OpenAPI document
// and the client's generated types name its shape, while the server keeps the text it holds (a kept answer spliced
// from pieces, a stored document checked by its own rules with every field error listed) instead of reading it
// into T and writing it back.
#include <boost/describe/members.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <string>
#include <utility>

#include "core/from_json.hpp"

namespace portal::core {

template <class T>
struct JsonOf {
  using schema_type = T;
  boost::json::value value;

  // Any JSON value reads as itself (core/from_json.hpp), an object where T is a described struct; the rules of T
  // are the reader's to apply.
  static JsonOf from_json(const boost::json::value& v, const std::string& field) {
    if constexpr (boost::describe::has_describe_members<T>::value)
      if (!v.is_object()) json_field_error(field, "must be an object");
    return JsonOf{v};
  }
  bool operator==(const JsonOf&) const = default;
};

template <class T>
void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const JsonOf<T>& json) {
  jv = json.value;
}

}  // namespace portal::core
