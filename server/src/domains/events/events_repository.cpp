#include "domains/events/events_repository.hpp"

#include <boost/json/serialize.hpp>

#include "domains/events/events_sql.hpp"

namespace portal::events {

namespace {
db::Params event_params(std::int64_t tenant_id, const Event& e) {
  return {e.id, tenant_id, e.name, boost::json::serialize(e.payload),
          e.user_id ? db::Value(*e.user_id) : db::Value(nullptr), e.created_at,
          std::string(origin_name(e.origin)), e.client ? db::Value(*e.client) : db::Value(nullptr)};
}
}  // namespace

void EventsRepository::insert(std::int64_t tenant_id, const Event& e) {
  db_.execute(sql::kInsert, event_params(tenant_id, e));
}

void EventsRepository::insert(db::Session& s, std::int64_t tenant_id, const Event& e) {
  s.execute(sql::kInsert, event_params(tenant_id, e));
}

std::int64_t EventsRepository::count(std::int64_t tenant_id, std::string_view name) {
  return db_.query(sql::kCountByName, {tenant_id, std::string(name)})[0].integer(0);
}

}  // namespace portal::events
