#include "domains/subscriptions/contingents_column.hpp"

// free-form: not free-form; the column stores the contingents as JSON text and this file is that
// codec, so no repository or service handles the JSON.
#include <boost/json.hpp>

#include "db/database.hpp"

namespace portal::subscriptions {
namespace json = boost::json;

std::vector<Contingent> contingents_from_json(const json::value& v) {
  std::vector<Contingent> out;
  if (v.is_null()) return out;
  for (const auto& item : v.as_array()) {
    const auto& o = item.as_object();
    Contingent c;
    for (const auto& t : o.at("contentTypes").as_array()) c.content_types.emplace_back(t.as_string());
    c.amount = o.at("amount").to_number<std::int64_t>();
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Contingent> contingents_from_column(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  if (ec) throw db::Error("subscription contingents are not JSON");
  try {
    return contingents_from_json(v);
  } catch (const std::exception&) {
    throw db::Error("subscription contingents are broken");
  }
}

std::string contingents_column(const std::vector<Contingent>& list) {
  json::array out;
  for (const auto& c : list) {
    json::array types;
    for (const auto& t : c.content_types) types.emplace_back(t);
    out.push_back(json::object{{"contentTypes", std::move(types)}, {"amount", c.amount}});
  }
  return json::serialize(out);
}

}  // namespace portal::subscriptions
