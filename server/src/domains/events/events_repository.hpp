#pragma once
#include <cstdint>

#include "db/database.hpp"
#include "domains/events/events_types.hpp"

namespace portal::events {

class EventsRepository {
 public:
  explicit EventsRepository(db::Database& db) : db_(db) {}
  void insert(std::int64_t tenant_id, const Event& event);
  void insert(db::Session& s, std::int64_t tenant_id, const Event& event);  // in the caller's transaction
  std::int64_t count(std::int64_t tenant_id, std::string_view name);

 private:
  db::Database& db_;
};

}  // namespace portal::events
