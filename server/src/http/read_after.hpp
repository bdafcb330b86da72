#pragma once
// Read-your-writes across instances (docs/decisions.md "Read replicas"): the answer to a write carries the primary's
// WAL position after it in a cookie, and the caller's next requests, on whichever instance, read from a replica only
// once it has replayed that position (db/replicas.hpp), else from the primary. The cookie is believed for nothing
// else: a forged or stale value can only send its own reads to the primary (a position past the primary's), or let
// them read a moment-old replica (a smaller one, as a guest does) — never another caller's data, never a write.
#include <cstdint>
#include <string_view>

#include "http/context.hpp"

namespace portal::http {

inline constexpr std::string_view kReadAfterCookie = "portal_read_after";

// The position the request's cookie names; 0 when it names none (or something that is no position).
std::uint64_t read_after_of(const Request& req);
// Sets the cookie to `lsn` for max_age seconds (long past any lag a replica may have and stay in rotation).
void set_read_after(Response& res, std::uint64_t lsn, bool secure, int max_age);

}  // namespace portal::http
