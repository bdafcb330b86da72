#include "domains/audit/audit_repository.hpp"

#include <boost/json.hpp>


namespace portal::audit {
namespace json = boost::json;

namespace {

constexpr std::string_view kInsert =
    "INSERT INTO audit_log (at, tenant_id, actor_id, actor_email, actor_role, action, call, object_type, object_id,"
    " before_value, after_value, client_address, request_id)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";

constexpr std::string_view kColumns =
    "SELECT id, at, tenant_id, actor_id, actor_email, actor_role, action, call, object_type, object_id,"
    " before_value, after_value, client_address, request_id FROM audit_log";

db::Value json_or_null(const json::value& v) {
  if (v.is_null()) return nullptr;
  return json::serialize(v);
}

json::value parsed(const db::Row& row, std::size_t i) {
  if (row.is_null(i)) return nullptr;
  boost::system::error_code ec;
  auto v = json::parse(row.text(i), ec);
  return ec ? json::value(row.text(i)) : v;
}

// The WHERE clause of a filter, its parameters after the tenant's ($1).
std::string where(const Filter& f, db::Params& params) {
  std::string sql = " WHERE tenant_id = $1";
  auto add = [&](std::string_view clause, db::Value value) {
    params.push_back(std::move(value));
    sql += " AND ";
    sql += clause;
    sql += "$" + std::to_string(params.size());
  };
  if (f.actor) {
    params.push_back(*f.actor);
    const std::string n = "$" + std::to_string(params.size());
    sql += " AND (actor_id = " + n + " OR actor_email = " + n + ")";
  }
  if (f.action) add("action = ", *f.action);
  if (f.object_type) add("object_type = ", *f.object_type);
  if (f.object_id) add("object_id = ", *f.object_id);
  if (f.from) add("at >= ", *f.from);
  if (f.to) add("at <= ", *f.to);
  return sql;
}

Entry entry_of(const db::Row& r) {
  Entry e;
  e.id = r.integer(0);
  e.at = r.text(1);
  if (!r.is_null(2)) e.tenant_id = r.integer(2);
  e.actor_id = r.text(3);
  e.actor_email = r.text(4);
  e.actor_role = r.text(5);
  e.action = r.text(6);
  e.call = r.text(7);
  e.object_type = r.text(8);
  e.object_id = r.text(9);
  e.before = parsed(r, 10);
  e.after = parsed(r, 11);
  e.client_address = r.text(12);
  e.request_id = r.text(13);
  return e;
}

}  // namespace

void AuditRepository::append(db::Session& session, const Entry& e) {
  session.execute(kInsert, {e.at, e.tenant_id ? db::Value(*e.tenant_id) : db::Value(nullptr), e.actor_id, e.actor_email,
                            e.actor_role, e.action, e.call, e.object_type, e.object_id, json_or_null(e.before),
                            json_or_null(e.after), e.client_address, e.request_id});
}

Page AuditRepository::list(std::int64_t tenant_id, const Filter& filter) {
  db::Params params{tenant_id};
  const std::string clause = where(filter, params);
  Page page;
  page.page = filter.page;
  page.size = filter.size;
  page.total = db_.query("SELECT COUNT(*) FROM audit_log" + clause, params)[0].integer(0);
  params.push_back(filter.size);
  params.push_back((filter.page - 1) * filter.size);
  const std::string sql = std::string(kColumns) + clause + " ORDER BY id DESC LIMIT $" +
                          std::to_string(params.size() - 1) + " OFFSET $" + std::to_string(params.size());
  for (const auto& r : db_.query(sql, params)) page.items.push_back(entry_of(r));
  return page;
}

std::vector<Entry> AuditRepository::all(std::int64_t tenant_id, const Filter& filter, std::int64_t limit) {
  db::Params params{tenant_id};
  const std::string clause = where(filter, params);
  params.push_back(limit);
  std::vector<Entry> out;
  for (const auto& r : db_.query(std::string(kColumns) + clause + " ORDER BY id DESC LIMIT $" +
                                     std::to_string(params.size()),
                                 params))
    out.push_back(entry_of(r));
  return out;
}

}  // namespace portal::audit
