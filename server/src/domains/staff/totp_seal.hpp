#pragma once
// Staff TOTP secrets at rest (docs/security.md "Staff TOTP secrets at rest"):
// sealed with libsodium's secretbox (identity::seal_with, XSalsa20-Poly1305)
// under a key that lives in the configuration, never in the database
// (PORTAL_STAFF_SECRET_KEY or the config file's staffSecretKey; the dev stage
// has a dev key). A database backup alone then holds no member's second
// factor. A stored value is "sealed:v1:" and the box in hex; "" stays ""
// (not enrolled).
#include <optional>
#include <string>
#include <string_view>

namespace portal::staff {

inline constexpr std::string_view kSealedPrefix = "sealed:v1:";
// The dev stage's key (docs/operations.md): never for production.
inline constexpr std::string_view kDevStaffSecretKey = "dev-staff-secret-key-not-for-production";
inline constexpr std::size_t kMinStaffSecretKeyLength = 32;

class TotpSeal {
 public:
  explicit TotpSeal(std::string key) : key_(std::move(key)) {}
  // The stored form of a base32 secret ("" for "").
  std::string seal(std::string_view secret) const;
  // The base32 secret of a stored value; nullopt when it is not sealed, or
  // not under this key, or damaged.
  std::optional<std::string> open(std::string_view stored) const;
  static bool sealed(std::string_view stored) { return stored.starts_with(kSealedPrefix); }

 private:
  std::string key_;
};

}  // namespace portal::staff
