#pragma once
// Parental control (commerce §3 "Parental control account", §5, §7): one
// account per user with a parental password (argon2id), the highest rating
// the profile may see (maxAgeGroup) and whether it is on; its password check
// locks after repeated failures; a forgotten password is reset with a
// single-use code sent by mail.
#include <boost/describe/class.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace portal::parental_control {

inline constexpr int kMaxFailedAttempts = 5;                   // wrong passwords or codes before the lock
inline constexpr std::chrono::minutes kLockDuration{15};       // how long the lock holds
inline constexpr std::chrono::minutes kResetCodeLifetime{15};  // a mailed code expires after
inline constexpr int kResetMailsPerHour = 3;                   // mails one user may ask for per hour
inline constexpr std::size_t kMinPasswordLength = 4;           // a passcode: digits or letters
inline constexpr std::size_t kMaxPasswordLength = 64;

struct Account {
  std::string password_hash;
  int max_age_group = 0;
  bool is_active = false;
  int failed_attempts = 0;
  std::optional<std::string> locked_until;
  std::string updated_at;
};

// PUT /backend/parental-control. A first PUT needs password; changing an
// account that has one needs currentPassword (so a child cannot turn it off).
struct Settings {
  std::optional<std::string> password;         // the new parental password
  std::optional<std::string> current_password;
  std::optional<int> max_age_group;
  std::optional<bool> is_active;
};

// Wire shapes.
// GET answer (commerce §7 getParntalControlAcount: password, maxAgeGroup,
// isActive): the password itself is never answered, only whether one is set.
struct AccountDto {
  bool hasPassword = false;
  int maxAgeGroup = 0;
  bool isActive = false;
  int maxRating = 0;                        // the effective limit of this user now
  std::optional<std::string> lockedUntil;   // while the password check is locked
};
BOOST_DESCRIBE_STRUCT(AccountDto, (), (hasPassword, maxAgeGroup, isActive, maxRating, lockedUntil))

struct VerifiedDto {
  bool verified = true;
};
BOOST_DESCRIBE_STRUCT(VerifiedDto, (), (verified))

struct MailSentDto {
  bool sent = true;
  std::string recipient;     // the address, partly hidden (a***@example.com)
  int expiresInSeconds = 0;
};
BOOST_DESCRIBE_STRUCT(MailSentDto, (), (sent, recipient, expiresInSeconds))

}  // namespace portal::parental_control
