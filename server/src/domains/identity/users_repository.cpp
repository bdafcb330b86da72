#include "domains/identity/users_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/json_column.hpp"
#include "db/row_reads.hpp"
#include "domains/identity/identity_sql.hpp"
#include "domains/webhooks/webhooks_outbox.hpp"

namespace portal::identity {
namespace json = boost::json;
namespace {

db::Value nullable(const std::string& s) { return s.empty() ? db::Value(nullptr) : db::Value(s); }

// The columns of PORTAL_USER_COLUMNS (user_information and roles as stored JSON).
struct UserRow {
  std::string uuid;
  std::int64_t tenant_id = 0;
  std::string user_id;
  std::string email;
  std::string msisdn;
  std::string name;
  std::string last_name;
  std::string user_information;
  std::string roles;
  std::string password_hash;
  std::optional<bool> alternat_theme;
  std::optional<std::string> selected_lang;
  std::string created_at;
  std::string updated_at;
};
BOOST_DESCRIBE_STRUCT(UserRow, (), (uuid, tenant_id, user_id, email, msisdn, name, last_name, user_information, roles,
                                    password_hash, alternat_theme, selected_lang, created_at, updated_at))
static_assert(db::columns_match<UserRow>(PORTAL_USER_COLUMNS));

User from_row(const db::Row& row) {
  auto r = db::read_row<UserRow>(row);
  User u;
  u.uuid = std::move(r.uuid);
  u.tenant_id = r.tenant_id;
  u.user_id = std::move(r.user_id);
  u.email = std::move(r.email);
  u.msisdn = std::move(r.msisdn);
  u.name = std::move(r.name);
  u.last_name = std::move(r.last_name);
  u.user_information = db::json_object_text(r.user_information, "user " + u.uuid + ": userInformation");
  boost::system::error_code ec;
  u.roles.clear();
  if (auto roles = json::parse(r.roles, ec); !ec && roles.is_array())
    for (const auto& role : roles.as_array())
      if (role.is_string()) u.roles.emplace_back(role.as_string());
  u.password_hash = std::move(r.password_hash);
  u.alternat_theme = r.alternat_theme;
  u.selected_lang = std::move(r.selected_lang);
  u.created_at = std::move(r.created_at);
  u.updated_at = std::move(r.updated_at);
  return u;
}

}  // namespace

Written UsersRepository::insert(std::int64_t tenant_id, const User& u) {
  json::array roles;
  for (const auto& role : u.roles) roles.emplace_back(role);
  try {
    db_.transaction([&](db::Session& s) {
      s.execute(sql::kInsertUser, {tenant_id, u.uuid, u.user_id, nullable(u.email), nullable(u.msisdn), u.name,
                                   u.last_name, json::serialize(u.user_information), json::serialize(roles),
                                   nullable(u.password_hash),
                                   u.selected_lang ? db::Value(*u.selected_lang) : db::Value(nullptr), u.created_at});
      // customer.created (issue 78 item 1), in the registration's transaction.
      webhooks::record(s, tenant_id, "customer.created",
                       webhooks::CustomerEventData{u.uuid, u.email.empty() ? std::nullopt : std::optional(u.email)});
    });
  } catch (const db::ConstraintError&) {  // the e-mail or MSISDN is taken in the tenant (a concurrent write won)
    return Written::already_exists;
  }
  return Written::done;
}

void UsersRepository::insert_past(db::Session& s, const User& u) {
  json::array roles;
  for (const auto& role : u.roles) roles.emplace_back(role);
  s.execute(sql::kInsertPastUser, {u.tenant_id, u.uuid, u.user_id, nullable(u.email), nullable(u.msisdn), u.name,
                                   u.last_name, json::serialize(u.user_information), json::serialize(roles),
                                   nullable(u.password_hash), u.selected_lang ? db::Value(*u.selected_lang) : db::Value(nullptr),
                                   u.created_at, u.updated_at});
}

std::optional<User> UsersRepository::one(std::string_view sql, std::int64_t tenant_id, const std::string& key) {
  auto rows = db_.query(sql, {tenant_id, key});
  if (rows.empty()) return std::nullopt;
  return from_row(rows[0]);
}

std::optional<User> UsersRepository::by_uuid(std::int64_t tenant_id, const std::string& uuid) {
  return one(sql::kUserByUuid, tenant_id, uuid);
}
std::optional<User> UsersRepository::by_email(std::int64_t tenant_id, const std::string& email) {
  return one(sql::kUserByEmail, tenant_id, email);
}
std::optional<User> UsersRepository::by_msisdn(std::int64_t tenant_id, const std::string& msisdn) {
  return one(sql::kUserByMsisdn, tenant_id, msisdn);
}

void UsersRepository::update_profile(std::int64_t tenant_id, const std::string& uuid, const ProfileInput& p,
                                     const std::string& now) {
  db_.execute(sql::kUpdateProfile, {tenant_id, uuid, p.name, p.last_name, json::serialize(p.user_information), now});
}

Written UsersRepository::set_email(std::int64_t tenant_id, const std::string& uuid, const std::string& email,
                                   const std::string& now) {
  try {
    db_.execute(sql::kUpdateEmail, {tenant_id, uuid, email, now});
  } catch (const db::ConstraintError&) {  // another account took the address meanwhile
    return Written::already_exists;
  }
  return Written::done;
}

void UsersRepository::set_password(std::int64_t tenant_id, const std::string& uuid, const std::string& hash,
                                   const std::string& now) {
  db_.execute(sql::kUpdatePassword, {tenant_id, uuid, hash, now});
}

void UsersRepository::set_theme(std::int64_t tenant_id, const std::string& uuid, bool alternate,
                                const std::string& now) {
  db_.execute(sql::kUpdateTheme, {tenant_id, uuid, std::int64_t{alternate ? 1 : 0}, now});
}

void UsersRepository::set_lang(std::int64_t tenant_id, const std::string& uuid, const std::string& lang,
                               const std::string& now) {
  db_.execute(sql::kUpdateLang, {tenant_id, uuid, lang, now});
}

std::int64_t UsersRepository::count_by_email(std::int64_t tenant_id, const std::string& pattern) {
  return db::read_value<std::int64_t>(db_.query(sql::kCountUsersByEmail, {tenant_id, pattern})).value_or(0);
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(UserRow, sql::kUserByUuid);
PORTAL_ROW_READS(UserRow, sql::kUserByEmail);
PORTAL_ROW_READS(UserRow, sql::kUserByMsisdn);
}  // namespace portal::identity
