#include "domains/staff/totp_seal.hpp"

#include "domains/identity/credentials.hpp"

namespace portal::staff {

std::string TotpSeal::seal(std::string_view secret) const {
  if (secret.empty()) return {};
  return std::string(kSealedPrefix) + identity::seal_with(key_, secret);
}

std::optional<std::string> TotpSeal::open(std::string_view stored) const {
  if (stored.empty()) return std::string();
  if (!sealed(stored)) return std::nullopt;
  return identity::open_sealed(key_, stored.substr(kSealedPrefix.size()));
}

}  // namespace portal::staff
