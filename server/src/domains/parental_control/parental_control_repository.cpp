#include "domains/parental_control/parental_control_repository.hpp"

#include <boost/describe/class.hpp>

#include "db/row_reads.hpp"
#include "domains/parental_control/parental_control_sql.hpp"

namespace portal::parental_control {

BOOST_DESCRIBE_STRUCT(Account, (), (password_hash, max_age_group, is_active, failed_attempts, locked_until, updated_at))

std::optional<Account> ParentalControlRepository::account(std::int64_t tenant_id, const std::string& user_uuid) {
  return db::read_first<Account>(db_.query(sql::kAccount, {tenant_id, user_uuid}));
}

std::optional<int> ParentalControlRepository::active_limit(std::int64_t tenant_id, const std::string& user_uuid) {
  return db::read_value<int>(db_.query(sql::kActiveLimit, {tenant_id, user_uuid}));
}

bool ParentalControlRepository::insert(std::int64_t tenant_id, const std::string& user_uuid, const Account& a,
                                       const std::string& now) {
  return db_.execute(sql::kInsert, {tenant_id, user_uuid, a.password_hash, std::int64_t{a.max_age_group},
                                    std::int64_t{a.is_active ? 1 : 0}, now}) > 0;
}

void ParentalControlRepository::save(std::int64_t tenant_id, const std::string& user_uuid, const Account& a,
                                     const std::string& now) {
  db_.execute(sql::kUpsert, {tenant_id, user_uuid, a.password_hash, std::int64_t{a.max_age_group},
                             std::int64_t{a.is_active ? 1 : 0}, now});
}

bool ParentalControlRepository::take_attempt(std::int64_t tenant_id, const std::string& user_uuid,
                                             const std::string& now, int max_attempts, const std::string& lock_until) {
  return db_.execute(sql::kTakeAttempt, {tenant_id, user_uuid, now, std::int64_t{max_attempts}, lock_until}) > 0;
}

void ParentalControlRepository::clear_attempts(std::int64_t tenant_id, const std::string& user_uuid) {
  db_.execute(sql::kClearAttempts, {tenant_id, user_uuid});
}

std::int64_t ParentalControlRepository::codes_since(std::int64_t tenant_id, const std::string& user_uuid,
                                                    const std::string& since) {
  return db_.query(sql::kCountCodesSince, {tenant_id, user_uuid, since})[0].integer(0);
}

void ParentalControlRepository::replace_code(std::int64_t tenant_id, const std::string& user_uuid,
                                             const std::string& code_hash, const std::string& now,
                                             const std::string& expires_at) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kRetireCodes, {tenant_id, user_uuid, now});
    s.execute(sql::kInsertCode, {tenant_id, user_uuid, code_hash, now, expires_at});
  });
}

bool ParentalControlRepository::use_code_and_set_password(std::int64_t tenant_id, const std::string& user_uuid,
                                                          const std::string& code_hash,
                                                          const std::string& password_hash, const std::string& now) {
  bool used = false;
  db_.transaction([&](db::Session& s) {
    used = s.execute(sql::kUseCode, {tenant_id, user_uuid, code_hash, now}) > 0;
    if (used) s.execute(sql::kSetPassword, {tenant_id, user_uuid, password_hash, now});
  });
  return used;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(Account, sql::kAccount);
}  // namespace portal::parental_control
