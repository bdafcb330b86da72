#pragma once
// Each tenant's CAMARA operator (migration 0061, docs/decisions.md "CAMARA carrier billing"): where its APIs are
// (the API root, and the OpenID Connect issuer when apart), the client the operator registered for the tenant with
// its secret sealed at rest (core::seal_with under the configuration's secret key: a PEM private key for
// private_key_jwt, the CAMARA profile's client authentication, or a shared secret for client_secret_jwt), the
// merchant identifier and currency of its charges, one or two steps, and whether its network identifies
// subscribers for sign-in (Number Verification). The console sees the secret's last four characters only; it is
// replaced by entering a new one. Blocking (SQL): call on the database pool.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/payments/payments_errors.hpp"

namespace portal::payments {

// The account opened, for calls to the operator.
struct CamaraAccount {
  std::int64_t tenant_id = 0;
  std::string operator_name;
  std::string api_root;  // no trailing slash
  std::string issuer;    // the OpenID Connect issuer: the configured one, else the API root
  std::string client_id;
  std::string client_secret;
  std::string merchant_identifier;
  std::string currency;
  int steps = 2;
  bool number_verification = false;
  std::int64_t version = 0;
};

// What the console shows: never the secret.
struct CamaraAccountView {
  std::string operator_name;
  std::string api_root;
  std::optional<std::string> issuer;
  std::string client_id;
  std::string client_secret_hint;  // "…4f2a"
  std::string auth_method;         // private_key_jwt, client_secret_jwt
  std::string merchant_identifier;
  std::string currency;
  int steps = 2;
  bool number_verification = false;
  std::int64_t version = 0;
  std::string updated_at;
};

// What the console sends: the secret only when it changes (absent: kept).
struct CamaraSettings {
  std::string operator_name;
  std::string api_root;
  std::optional<std::string> issuer;
  std::string client_id;
  std::optional<std::string> client_secret;
  std::string merchant_identifier;
  std::string currency;
  int steps = 2;
  bool number_verification = false;
  std::optional<std::int64_t> version;  // the version read (absent for the first save)
};

class CamaraAccounts {
 public:
  // allow_http: API roots on http:// too (the dev stage: the tests' operator); otherwise https only.
  CamaraAccounts(db::Database& db, const core::Clock& clock, std::string seal_key, bool allow_http);

  std::optional<CamaraAccount> find(std::int64_t tenant_id) const;
  std::optional<CamaraAccountView> view(std::int64_t tenant_id) const;
  // Checks the fields' shapes (field named on invalid_key), then new credentials with `check` (the operator asked
  // for a token: CamaraClient::check), and writes them in one transaction with `audit` (before, after). Errors:
  // invalid_key (field), account_version_conflict, what `check` answers.
  using Audit = std::function<void(db::Session&, const std::optional<CamaraAccountView>& before, const CamaraAccountView& after)>;
  using Check = std::function<std::optional<Error>(const CamaraAccount& candidate)>;
  Result<CamaraAccountView> save(std::int64_t tenant_id, const CamaraSettings& settings, const std::string& staff_id,
                                 const Audit& audit, const Check& check = {});
  // Removes the account; false when there was none. `in_use` runs in the transaction: true refuses
  // (provider_in_use) while a payment option still bills through the operator.
  Result<bool> remove(std::int64_t tenant_id, const std::function<bool(db::Session&)>& in_use,
                      const std::function<void(db::Session&, const CamaraAccountView&)>& audit);

 private:
  std::optional<CamaraAccountView> view(db::Session& s, std::int64_t tenant_id) const;
  db::Database& db_;
  const core::Clock& clock_;
  std::string seal_key_;
  bool allow_http_;
};

}  // namespace portal::payments
