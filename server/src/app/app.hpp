#pragma once
#include <cstdint>
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

// `portal issue-vouchers --tenant NAME --type SUBSCRIPTION_TYPE_ID --count N
// [--valid-days D] [--note TEXT]`: mints a batch of N voucher codes of a type the
// tenant sells and prints one per line (only their hashes are stored; the batch
// id goes to stderr). Returns the exit code.
struct IssueVouchers {
  std::string tenant;
  std::int64_t type_id = 0;
  int count = 0;
  int valid_days = 365;
  std::string note;  // the batch's note (--note)
};
int run_issue_vouchers(const Config& config, const IssueVouchers& args);

}  // namespace portal::app
