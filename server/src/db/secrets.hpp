#pragma once
// Server-wide signing keys, made once and kept in the database so every
// portal instance behind a load balancer signs and verifies with the same
// key (table catalog_secrets, named for its first user: media URLs).
#include <string>
#include <string_view>

#include "db/database.hpp"

namespace portal::db {

// The key called `name` (64 hex characters), created on first use; a
// concurrent first use by another instance keeps whichever was written first.
std::string shared_secret(Database& db, std::string_view name);

}  // namespace portal::db
