#pragma once
// A described member's name on the wire: its C++ name, less one trailing underscore, so that a field may be named
// as a C++ keyword (`explicit_` is "explicit", `new_` is "new"). The readers (core/from_json.hpp), the writer of
// described objects (core/described_json.hpp) and the schemas (http/schema.hpp) all use it.
#include <string_view>

namespace portal::core {

constexpr std::string_view wire_name(std::string_view member) {
  return member.size() > 1 && member.back() == '_' ? member.substr(0, member.size() - 1) : member;
}

}  // namespace portal::core
