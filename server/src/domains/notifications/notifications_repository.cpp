#include "domains/notifications/notifications_repository.hpp"

#include <boost/json.hpp>

#include "domains/notifications/notifications_sql.hpp"

namespace portal::notifications {
namespace json = boost::json;

namespace {

db::Params insert_params(std::int64_t tenant_id, const NotificationRecord& n, const std::string& source) {
  json::object params;
  for (const auto& [k, v] : n.params) params[k] = v;
  return {tenant_id, n.id, n.user_uuid, n.kind, json::serialize(params), n.target,
          source.empty() ? db::Value(nullptr) : db::Value(source), n.created_at};
}

// params was written by insert_params: an object of strings. Anything else
// (a hand-edited row) reads as no params rather than failing the page.
std::map<std::string, std::string> read_params(const std::string& text) {
  std::map<std::string, std::string> out;
  boost::system::error_code ec;
  auto value = json::parse(text, ec);
  if (ec || !value.is_object()) return out;
  for (const auto& [k, v] : value.as_object())
    if (v.is_string()) out.emplace(std::string(k), std::string(v.as_string()));
  return out;
}

}  // namespace

void NotificationsRepository::insert(db::Session& s, std::int64_t tenant_id, const NotificationRecord& n,
                                     const std::string& source) {
  s.execute(sql::kInsert, insert_params(tenant_id, n, source));
}

void NotificationsRepository::insert(std::int64_t tenant_id, const NotificationRecord& n, const std::string& source) {
  db_.execute(sql::kInsert, insert_params(tenant_id, n, source));
}

std::vector<NotificationRecord> NotificationsRepository::page(std::int64_t tenant_id, const std::string& user_uuid,
                                                              std::int64_t limit, std::int64_t offset) {
  std::vector<NotificationRecord> out;
  for (const auto& row : db_.query(sql::kPage, {tenant_id, user_uuid, limit, offset}))
    out.push_back({row.text(0), row.text(1), row.text(2), read_params(row.text(3)), row.text(4), row.text(5),
                   row.optional_text(6)});
  return out;
}

std::int64_t NotificationsRepository::count(std::int64_t tenant_id, const std::string& user_uuid) {
  return db_.query(sql::kCount, {tenant_id, user_uuid})[0].integer(0);
}

std::int64_t NotificationsRepository::unread(std::int64_t tenant_id, const std::string& user_uuid) {
  return db_.query(sql::kUnreadCount, {tenant_id, user_uuid})[0].integer(0);
}

bool NotificationsRepository::exists(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id) {
  return !db_.query(sql::kExists, {tenant_id, user_uuid, id}).empty();
}

std::int64_t NotificationsRepository::mark_read(std::int64_t tenant_id, const std::string& user_uuid,
                                                const std::string& id, const std::string& now) {
  return db_.execute(sql::kMarkRead, {tenant_id, user_uuid, id, now});
}

std::int64_t NotificationsRepository::mark_all_read(std::int64_t tenant_id, const std::string& user_uuid,
                                                    const std::string& now) {
  return db_.execute(sql::kMarkAllRead, {tenant_id, user_uuid, now});
}

}  // namespace portal::notifications
