#include "domains/staff/staff_types.hpp"

#include <utility>

namespace portal::staff {

namespace {
constexpr std::pair<Role, std::string_view> kNames[] = {
    {Role::platform_admin, "platform_admin"}, {Role::owner, "owner"},     {Role::admin, "admin"},
    {Role::editor, "editor"},                 {Role::support, "support"}, {Role::finance, "finance"}};

int rank(Role r) {
  switch (r) {
    case Role::platform_admin: return 3;
    case Role::owner: return 2;
    case Role::admin: return 1;
    default: return 0;
  }
}
}  // namespace

std::string_view role_name(Role role) {
  for (const auto& [r, name] : kNames)
    if (r == role) return name;
  return "support";
}

std::optional<Role> parse_role(std::string_view name) {
  for (const auto& [r, n] : kNames)
    if (n == name) return r;
  return std::nullopt;
}

bool may_grant(Role role, Role granted) {
  if (granted == Role::platform_admin) return role == Role::platform_admin;
  if (role == Role::platform_admin || role == Role::owner) return true;
  return role == Role::admin && rank(granted) <= rank(Role::admin);
}

}  // namespace portal::staff
