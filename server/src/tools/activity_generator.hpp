#pragma once
// `portal generate-activity`: synthetic customers of a tenant and D days of their activity
// (issue 34: find a customer among 100,000; issue 35: reports over a year of activity).
//
// Every row is written in the shape the real flow writes it, through the domain's repository (the
// flow's own method, or the repository's insert_past for a row the flow changes after inserting it;
// see activity_generator.cpp, which names the flow each row mirrors). Deterministic: each customer
// draws from a std::mt19937_64 seeded by (seed, customer number), and times come from `until` (today
// at 00:00 UTC unless given), never the wall clock. Rows go in transactions of about `batch_rows`
// rows, each statement prepared once by the driver (its cache keys on the SQL text).
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>

#include "db/database.hpp"

namespace portal::app {

struct ActivityOptions {
  std::string tenant;                 // the tenant's name (X-Tenant-ID)
  std::int64_t customers = 0;         // 1 .. 10,000,000
  int days = 365;                     // the window ending at `until`
  std::uint64_t seed = 1;
  std::optional<std::string> until;   // YYYY-MM-DD (the window's end, 00:00 UTC); default: today
  std::size_t batch_rows = 5000;      // rows per transaction
  // Connections writing at once, each its share of the customers (n = k, k + jobs, ...) with its own voucher codes
  // and a share of each stock: the rows depend on the seed and on jobs. The database's pool must hold that many.
  int jobs = 1;
  std::string password = "Generated-Customer-1";  // every generated customer's password (hashed once)
};

struct ActivityReport {
  std::map<std::string, std::int64_t> rows;  // table -> rows written
  double seconds = 0;
  std::string from, until;                   // the window, ISO UTC
};

// A request the generator refuses (unknown tenant, seed used already, bad sizes): nothing written.
struct ActivityRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The e-mail of generated customer n (1-based) of a seed: gen-<seed>-<n>@example.test.
std::string generated_email(std::uint64_t seed, std::int64_t n);

// Writes the customers and their activity. Refuses (ActivityRefused) when the tenant is unknown,
// has no plans or no catalog, or customers of this seed exist already (running twice with one
// seed never duplicates). Throws db::Error on a database failure (batches committed before it stay).
ActivityReport generate_activity(db::Database& database, const ActivityOptions& options);

}  // namespace portal::app
