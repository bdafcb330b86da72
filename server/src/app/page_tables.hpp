#pragma once
// The tables the server's first view shares with React (web/src/config/page-tables.json, embedded at
// build time; the client imports the same file through src/config/page-tables.ts): which content types
// draw square, a card's aspect and a grid's columns per shape, the sections' order and each content
// type's section, the image format and a backdrop's width.
#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace portal::app {

enum class Shape { square, landscape, portrait };

struct PageTables {
  std::size_t cards_per_list = 0;
  std::set<std::string, std::less<>> square_types, portrait_types;
  std::map<std::string, std::string, std::less<>> aspect_class, grid_columns;  // by shape name
  std::vector<std::string> section_order;
  std::map<std::string, std::string, std::less<>> section_of;  // content type → section
  std::string image_format;
  int backdrop_width = 0;

  Shape shape_of(std::string_view content_type) const;
  std::string_view aspect(Shape shape) const;
  std::string_view grid_columns_of(Shape shape) const;
  // The content type's section, "other" when it has none.
  std::string_view section(std::string_view content_type) const;
};

// Parsed once; a malformed file fails the first use (and the unit tests), not a request later.
const PageTables& page_tables();

// The embedded text of page-tables.json (the unit tests read its shared examples).
std::string_view page_tables_json();

// The tables of a JSON text in page-tables.json's shape (throws std::runtime_error naming what is missing).
PageTables parse_page_tables(std::string_view json_text);

}  // namespace portal::app
