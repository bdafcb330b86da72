#pragma once
// Demo accounts (data/users/demo.json) in each of the demo's tenants (never an operator's: issue 74 item 3). Idempotent: an
// account that exists is left alone (its password too). The one argon2id
// hash is computed only when an account is missing. Blocking; start-up only.
#include <filesystem>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::identity {

struct DemoAccount {
  std::string email;
  std::string password;
};

// Returns the accounts of the file (for the start banner); none when the file is absent.
std::vector<DemoAccount> seed_demo_users(db::Database& db, const std::filesystem::path& data_dir,
                                         const core::Clock& clock, const std::vector<tenants::Tenant>& tenants);

// The accounts the file lists, without touching the database.
std::vector<DemoAccount> demo_accounts(const std::filesystem::path& data_dir);

}  // namespace portal::identity
