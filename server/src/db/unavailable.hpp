#pragma once
// The database cannot be reached: the connection was refused, lost mid-call
// (a failover, a restart, a network cut) or the server is shutting down. Not
// the caller's fault and not this instance's: the HTTP boundary answers 503
// SERVICE_UNAVAILABLE with Retry-After, so a load balancer or client tries
// again (elsewhere) instead of taking a 500 as the answer.
#include "db/database.hpp"

namespace portal::db {

struct Unavailable : Error {
  using Error::Error;
};

}  // namespace portal::db
