#pragma once
// "/a/b//c/" → {"a", "b", "c"}: the segments of a URL path, empty ones
// dropped. Shared by the backend router and the page-route manifest.
#include <string_view>
#include <vector>

namespace portal::http {

inline std::vector<std::string_view> path_segments(std::string_view path) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < path.size()) {
    if (path[i] == '/') {
      ++i;
      continue;
    }
    std::size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    out.push_back(path.substr(i, j - i));
    i = j;
  }
  return out;
}

}  // namespace portal::http
