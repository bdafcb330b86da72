#pragma once
// Reads of the customers read model (customers_sql.hpp) over the other domains' tables.
// Blocking: call on the database pool.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/customers/customers_types.hpp"

namespace portal::customers {

class CustomersRepository {
 public:
  explicit CustomersRepository(db::Database& db) : db_(db) {}

  // Search statements, each of one key shape (nullopt tenant: every tenant).
  std::vector<Match> by_email(const Scope& scope, const std::string& email);
  std::vector<Match> by_email_prefix(const Scope& scope, const std::string& prefix);
  std::vector<Match> by_msisdn(const Scope& scope, const std::string& msisdn);
  std::vector<Match> by_user_id(const Scope& scope, const std::string& user_id);
  std::vector<Match> by_uuid(const Scope& scope, const std::string& uuid);
  std::vector<Match> by_payment_id(const Scope& scope, const std::string& id);
  std::vector<Match> by_payment_reference(const Scope& scope, const std::string& reference);
  std::vector<Match> by_provider_ref(const Scope& scope, const std::string& ref);            // pi_…, cs_…
  std::vector<Match> by_provider_customer(const Scope& scope, const std::string& customer);  // cus_…
  std::vector<Match> by_voucher_hash(const Scope& scope, const std::string& code_hash);

  std::optional<std::int64_t> tenant_id(const std::string& name);

  // The profile of the user with this uuid (any tenant: the caller checks it).
  std::optional<Profile> profile(const std::string& uuid);
  // Everything else of the page (the profile's tenant and uuid); `now` and `window_start` as ISO UTC.
  void fill(Customer& c, const std::string& now, const std::string& window_start, std::int64_t account_ceiling);

  // The statements of the search, with their parameters' count (the EXPLAIN test walks them).
  static std::vector<std::string> search_statements(bool scoped);

 private:
  std::vector<Match> search(std::string_view from_where, MatchKey key, const Scope& scope, db::Params params);
  db::Database& db_;
};

}  // namespace portal::customers
