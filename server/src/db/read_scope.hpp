#pragma once
// Where the reads of the work under way may go (docs/operations.md "Read replicas"): a request the route table
// marks as reading what may be a moment old (http::Reads::replica) may read from a streaming replica that has
// replayed at least `after` (a write position of the primary, pg_lsn as a number); anything else reads from the
// primary. The pipeline sets it per request; db::offload carries it to the database thread that runs the work
// and back (db/blocking.hpp), so the read handle (db/read_database.hpp) decides per statement without any
// repository or handler naming it. Outside a request (background work, start-up) it is the default: primary.
#include <cstdint>

namespace portal::db {

struct ReadScope {
  bool replica = false;     // false: the primary only
  std::uint64_t after = 0;  // a replica must have replayed this position (0: any healthy replica)
  // The replica this request read from first (its index + 1; 0: none yet): its later reads stay there while it
  // may serve them, so one answer is not assembled from two replicas at different positions.
  std::uint32_t pinned = 0;
};

// The scope of the work this thread runs now.
inline ReadScope& current_read_scope() {
  thread_local ReadScope scope;
  return scope;
}

}  // namespace portal::db
