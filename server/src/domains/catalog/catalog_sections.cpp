// The sections of the content types: page-tables.json's sectionOf and
// sectionOrder, the one table React and the first view read too.
#include <algorithm>
#include <boost/json.hpp>  // free-form: page-tables.json, the table React shares, read once
#include <map>
#include <string>
#include <vector>

#include "core/page_tables_json.hpp"  // web/src/config/page-tables.json, embedded at build (server/CMakeLists.txt)
#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

struct Sections {
  std::map<std::string, std::string, std::less<>> of;  // content type -> section
  std::vector<std::string> order;
};

const Sections& sections() {
  static const Sections tables = [] {
    const auto root = json::parse(core::kPageTablesJson);
    Sections s;
    s.of = json::value_to<std::map<std::string, std::string, std::less<>>>(root.at("sectionOf"));
    s.order = json::value_to<std::vector<std::string>>(root.at("sectionOrder"));
    return s;
  }();
  return tables;
}

}  // namespace

std::string_view section_of(std::string_view content_type) {
  const auto& of = sections().of;
  const auto it = of.find(content_type);
  return it == of.end() ? std::string_view() : std::string_view(it->second);
}

bool known_content_type(std::string_view content_type) { return !section_of(content_type).empty(); }

bool known_section(std::string_view section) {
  const auto& order = sections().order;
  return std::find(order.begin(), order.end(), section) != order.end();
}

}  // namespace portal::catalog
