#include "domains/audit/audit_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/row_reads.hpp"

namespace portal::audit {
namespace json = boost::json;

namespace {

constexpr std::string_view kInsert =
    "INSERT INTO audit_log (at, tenant_id, actor_id, actor_email, actor_role, action, call, object_type, object_id,"
    " before_value, after_value, client_address, request_id)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";

constexpr std::string_view kColumns =
    "SELECT id, at, tenant_id, actor_id, actor_email, actor_role, action, call, object_type, object_id,"
    " before_value AS before, after_value AS after, client_address, request_id FROM audit_log";

db::Value json_or_null(const json::value& v) {
  if (v.is_null()) return nullptr;
  return json::serialize(v);
}

json::value parsed(const std::optional<std::string>& text) {
  if (!text) return nullptr;
  boost::system::error_code ec;
  auto v = json::parse(*text, ec);
  return ec ? json::value(*text) : v;
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

// The columns of kColumns (before and after as the JSON text stored).
struct EntryRow {
  std::int64_t id = 0;
  std::string at;
  std::optional<std::int64_t> tenant_id;
  std::string actor_id;
  std::string actor_email;
  std::string actor_role;
  std::string action;
  std::string call;
  std::string object_type;
  std::string object_id;
  std::optional<std::string> before;
  std::optional<std::string> after;
  std::string client_address;
  std::string request_id;
};
BOOST_DESCRIBE_STRUCT(EntryRow, (), (id, at, tenant_id, actor_id, actor_email, actor_role, action, call, object_type,
                                     object_id, before, after, client_address, request_id))

Entry entry_of(const db::Row& row) {
  auto r = db::read_row<EntryRow>(row);
  return {r.id,        r.at,          r.tenant_id,   r.actor_id,         r.actor_email,    r.actor_role,
          r.action,    r.call,        r.object_type, r.object_id,        parsed(r.before), parsed(r.after),
          r.client_address, r.request_id};
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
  page.total = db::read_value<std::int64_t>(db_.query("SELECT COUNT(*) FROM audit_log" + clause, params)).value_or(0);
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


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(EntryRow, kColumns);
}  // namespace portal::audit
