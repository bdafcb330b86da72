#include "app/page_tables.hpp"

#include <stdexcept>

#include <boost/json.hpp>

#include "core/page_tables_json.hpp"

namespace portal::app {
namespace json = boost::json;

namespace {

std::string_view shape_name(Shape shape) {
  switch (shape) {
    case Shape::square: return "square";
    case Shape::portrait: return "portrait";
    case Shape::landscape: break;
  }
  return "landscape";
}

const json::value& at(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  if (!v) throw std::runtime_error("page-tables.json: \"" + std::string(key) + "\" is missing");
  return *v;
}

const json::object& object_at(const json::object& o, std::string_view key) {
  const json::value& v = at(o, key);
  if (!v.is_object()) throw std::runtime_error("page-tables.json: \"" + std::string(key) + "\" is not an object");
  return v.as_object();
}

std::vector<std::string> strings_at(const json::object& o, std::string_view key) {
  return json::value_to<std::vector<std::string>>(at(o, key));
}

std::map<std::string, std::string, std::less<>> map_at(const json::object& o, std::string_view key) {
  std::map<std::string, std::string, std::less<>> out;
  for (const auto& [name, value] : object_at(o, key)) out.emplace(name, json::value_to<std::string>(value));
  return out;
}

std::string_view find_or(const std::map<std::string, std::string, std::less<>>& m, std::string_view key,
                         std::string_view fallback) {
  const auto it = m.find(key);
  return it == m.end() ? fallback : std::string_view(it->second);
}

}  // namespace

Shape PageTables::shape_of(std::string_view content_type) const {
  if (square_types.contains(content_type)) return Shape::square;
  if (portrait_types.contains(content_type)) return Shape::portrait;
  return Shape::landscape;
}

std::string_view PageTables::aspect(Shape shape) const { return find_or(aspect_class, shape_name(shape), ""); }

std::string_view PageTables::grid_columns_of(Shape shape) const { return find_or(grid_columns, shape_name(shape), ""); }

std::string_view PageTables::section(std::string_view content_type) const {
  return find_or(section_of, content_type, "other");
}

PageTables parse_page_tables(std::string_view json_text) {
  const json::value document = json::parse(json_text);
  if (!document.is_object()) throw std::runtime_error("page-tables.json: not an object");
  const json::object& root = document.as_object();
  PageTables t;
  t.cards_per_list = json::value_to<std::size_t>(at(root, "cardsPerList"));
  const json::object& shapes = object_at(root, "shapes");
  for (auto& type : strings_at(shapes, "square")) t.square_types.insert(std::move(type));
  for (auto& type : strings_at(shapes, "portrait")) t.portrait_types.insert(std::move(type));
  t.aspect_class = map_at(root, "aspectClass");
  t.grid_columns = map_at(root, "gridColumns");
  t.section_order = strings_at(root, "sectionOrder");
  t.section_of = map_at(root, "sectionOf");
  const json::object& images = object_at(root, "images");
  t.image_format = json::value_to<std::string>(at(images, "format"));
  t.backdrop_width = json::value_to<int>(at(images, "backdropWidth"));
  return t;
}

std::string_view page_tables_json() { return core::kPageTablesJson; }

const PageTables& page_tables() {
  static const PageTables tables = parse_page_tables(core::kPageTablesJson);
  return tables;
}

}  // namespace portal::app
