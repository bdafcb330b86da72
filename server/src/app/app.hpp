#pragma once
#include "app/config.hpp"

namespace portal::app {

// Opens and migrates the database, seeds when asked, wires the domains into
// the two routers, serves until SIGINT/SIGTERM, then drains in-flight
// requests. Returns the process exit code.
int run(const Config& config);

}  // namespace portal::app
