#pragma once
// Finding a customer and reading their account for staff (docs/staff.md "Customers").
// Knows nothing of HTTP: answers domain types and customers::Error. Blocking: call on the pool.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/customers/customers_repository.hpp"
#include "domains/customers/customers_types.hpp"

namespace portal::customers {

// Who asks: the request's tenant, and whether the member works for every tenant.
struct Caller {
  std::int64_t tenant_id = 0;
  bool platform = false;
};

class CustomersService {
 public:
  struct Deps {
    db::Database& db;
    CustomersRepository& repository;
    const core::Clock& clock;
    std::string voucher_key;  // the server's voucher key: a code is looked up by its keyed hash
  };
  explicit CustomersService(Deps deps) : d_(std::move(deps)) {}

  // Where a search looks: the caller's tenant; a platform administrator may name another
  // tenant, or "all". Anyone else naming a tenant other than their own: invalid_query.
  Result<Scope> scope(const Caller& caller, const std::optional<std::string>& tenant);
  // The customers that `q` names by e-mail (exact, then as a prefix), MSISDN, user id, uuid,
  // payment id or reference, or voucher code; each once, at most kMaxMatches.
  Result<std::vector<Match>> search(const Scope& scope, std::string_view q);
  // The customer's page. A customer of another tenant than the caller's is customer_not_found
  // (a platform administrator sees any). `viewed` runs in a transaction after the read (the audit entry).
  using Viewed = std::function<void(db::Session&, const Customer&)>;
  Result<Customer> customer(const Caller& caller, const std::string& uuid, const Viewed& viewed = {});

 private:
  Deps d_;
};

}  // namespace portal::customers
