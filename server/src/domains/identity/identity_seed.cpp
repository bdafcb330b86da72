#include "domains/identity/identity_seed.hpp"

#include <boost/json.hpp>
#include <filesystem>
#include <stdexcept>

#include "core/ids.hpp"
#include "core/json_file.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/identity_service.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::identity {
namespace json = boost::json;
namespace {

json::object read_file(const std::filesystem::path& data_dir) {
  const auto file = data_dir / "users" / "demo.json";
  if (!std::filesystem::exists(file)) return {};  // no demo users: nothing to seed
  auto v = core::read_json_file(file);
  if (!v || !v->is_object()) throw std::runtime_error(file.string() + ": not a JSON object");
  return std::move(v->as_object());
}

std::string text_of(const json::object& o, std::string_view key) {
  auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

}  // namespace

std::vector<DemoAccount> demo_accounts(const std::filesystem::path& data_dir) {
  const json::object file = read_file(data_dir);
  std::vector<DemoAccount> out;
  const std::string password = text_of(file, "password");
  if (auto* users = file.if_contains("users"); users && users->is_array())
    for (const auto& u : users->as_array())
      if (u.is_object()) out.push_back({normalize_email(text_of(u.as_object(), "email")), password});
  return out;
}

std::vector<DemoAccount> seed_demo_users(db::Database& db, const std::filesystem::path& data_dir,
                                         const core::Clock& clock, const std::vector<tenants::Tenant>& tenants) {
  const json::object file = read_file(data_dir);
  const auto accounts = demo_accounts(data_dir);
  if (accounts.empty()) return accounts;
  auto* users = file.if_contains("users");
  UsersRepository repo(db);
  std::string hash;  // one hash for all demo accounts: the password is public anyway
  for (const auto& tenant : tenants) {
    for (const auto& entry : users->as_array()) {
      const auto& u = entry.as_object();
      const std::string email = normalize_email(text_of(u, "email"));
      if (!valid_email(email)) throw std::runtime_error("data/users/demo.json: invalid e-mail " + email);
      if (repo.by_email(tenant.id, email)) continue;
      if (hash.empty()) hash = hash_password(text_of(file, "password"));
      User user;
      user.uuid = core::new_uuid();
      user.tenant_id = tenant.id;
      user.user_id = core::random_hex(8);
      user.email = email;
      user.name = text_of(u, "name");
      user.last_name = text_of(u, "lastName");
      if (auto* info = u.if_contains("userInformation"); info && info->is_object()) user.user_information = info->as_object();
      if (auto* roles = u.if_contains("roles"); roles && roles->is_array()) {
        user.roles.clear();
        for (const auto& role : roles->as_array())
          if (role.is_string()) user.roles.emplace_back(role.as_string());
      }
      user.password_hash = hash;
      user.created_at = user.updated_at = db::utc_timestamp(clock.now());
      repo.insert(tenant.id, user);
    }
  }
  return accounts;
}

}  // namespace portal::identity
