#include "http/schema.hpp"

#include <cctype>

namespace portal::http {
namespace {

thread_local SchemaComponents* collecting = nullptr;

}  // namespace

SchemaComponents::SchemaComponents() : outer_(collecting) { collecting = this; }
SchemaComponents::~SchemaComponents() { collecting = outer_; }
SchemaComponents* SchemaComponents::current() { return collecting; }

namespace schema_detail {

std::string component_name(std::string_view spelled) {
  std::string text(spelled);
  for (std::string_view drop : {"(anonymous namespace)::", "portal::"})
    for (auto at = text.find(drop); at != std::string::npos; at = text.find(drop)) text.erase(at, drop.size());
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ':' && i + 1 < text.size() && text[i + 1] == ':') {
      out += '.';
      ++i;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_') {
      out += c;
    } else if (c != ' ') {
      out += '_';
    }
  }
  return out;
}

}  // namespace schema_detail
}  // namespace portal::http
