#pragma once
// What this binary is (issue 74 item 2): its version and the commit it was built from, from the project's one
// version source (scripts/version: the release in server/CMakeLists.txt, plus the commits since and the commit
// for a build between releases). `portal --version`, /healthz, the portal_build_info metric and the Debian
// package's version all say this. Defined in a file the build writes (server/cmake/build_info.cmake).
#include <string_view>

namespace portal::core {

std::string_view build_version();  // "0.49.0", or "0.49.0+165.g1a2b3c4d5e6f" between releases
std::string_view build_commit();   // 40 hex digits, or "unknown" (a build outside a git checkout)

}  // namespace portal::core
