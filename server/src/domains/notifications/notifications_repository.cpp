#include "domains/notifications/notifications_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/row_reads.hpp"
#include "domains/notifications/notifications_sql.hpp"

namespace portal::notifications {
namespace json = boost::json;

// params was written by insert_params: an object of strings. Anything else
// (a hand-edited row) reads as no params rather than failing the page.
static void read_column(const db::Row& r, std::size_t i, std::map<std::string, std::string>& out,
                        const NotificationRecord*) {
  out.clear();
  boost::system::error_code ec;
  auto value = json::parse(r.text(i), ec);
  if (ec || !value.is_object()) return;
  for (const auto& [k, v] : value.as_object())
    if (v.is_string()) out.emplace(std::string(k), std::string(v.as_string()));
}

BOOST_DESCRIBE_STRUCT(NotificationRecord, (), (id, user_uuid, kind, params, target, created_at, read_at))

namespace {

db::Params insert_params(std::int64_t tenant_id, const NotificationRecord& n, const std::string& source) {
  json::object params;
  for (const auto& [k, v] : n.params) params[k] = v;
  return {tenant_id, n.id, n.user_uuid, n.kind, json::serialize(params), n.target,
          source.empty() ? db::Value(nullptr) : db::Value(source), n.created_at};
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
  return db::read_rows<NotificationRecord>(db_.query(sql::kPage, {tenant_id, user_uuid, limit, offset}));
}

std::int64_t NotificationsRepository::count(std::int64_t tenant_id, const std::string& user_uuid) {
  return db::read_value<std::int64_t>(db_.query(sql::kCount, {tenant_id, user_uuid})).value_or(0);
}

std::int64_t NotificationsRepository::unread(std::int64_t tenant_id, const std::string& user_uuid) {
  return db::read_value<std::int64_t>(db_.query(sql::kUnreadCount, {tenant_id, user_uuid})).value_or(0);
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


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(NotificationRecord, sql::kPage);
}  // namespace portal::notifications
