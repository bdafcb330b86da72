#pragma once
#include <string>

#include "app/config.hpp"

namespace portal::app {

// Opens and migrates the database, seeds when asked, wires the domains into
// the two routers, serves until SIGINT/SIGTERM, then drains in-flight
// requests. Returns the process exit code.
int run(const Config& config);

// `portal import-catalog|import-subscriptions FILE --tenant NAME`: migrates the
// database, loads one file into the tenant, prints what it did. Returns the exit code.
int run_import(const Config& config, const std::string& file, const std::string& tenant, bool prune = false);

}  // namespace portal::app
