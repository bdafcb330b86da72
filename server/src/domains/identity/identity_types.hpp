#pragma once
// Identity: users of one tenant, their sessions and tokens (docs/contracts.md
// "Identity"). Database rows and wire shapes (the *Dto structs, serialised
// by Boost.Describe) are kept apart.
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>  // userInformation: the client's own object, free-form
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::identity {

using namespace std::chrono_literals;

// Lifetimes of the contract; the service takes them from Lifetimes so unit
// tests can shorten them.
struct Lifetimes {
  std::chrono::seconds access{15min};
  std::chrono::seconds refresh{std::chrono::hours(24 * 30)};
  std::chrono::seconds code{60s};
  std::chrono::seconds password_reset{1h};
  std::chrono::seconds confirmation{24h};   // the link of a registration or an e-mail change
  // A refresh token used again this soon answers the same successor pair
  // (RFC 9700 4.14.2: two tabs refreshing at once); later reuse revokes.
  std::chrono::seconds refresh_grace{10s};
};

// Throttling (OWASP ASVS V2.2): failed sign-ins of one account from one
// address earn a growing delay (so an attacker elsewhere cannot lock the owner
// out); one account from everywhere and one address for every account have
// ceilings; registrations and reset mails are limited per address and e-mail.
struct ThrottleLimits {
  int pair_free = 5;                        // failures of one pair before the delay starts
  std::chrono::seconds pair_delay{30};      // then 30 s, doubled per further failure, up to `window`
  int per_account = 100;                    // failures of one account from all addresses
  int per_address = 20;                     // failures from one address, any account
  int per_device = 5;                       // failures of one device cookie before it is trusted no more
  std::chrono::seconds window{15min};
  int registrations_per_address = 20;       // in `request_window` (mobile networks share addresses)
  int resets_per_address = 10;
  int resets_per_email = 3;
  int confirmations_per_email = 3;          // registration and e-mail-change mails to one address
  std::chrono::seconds request_window{1h};
};

struct User {
  std::string uuid;
  std::int64_t tenant_id = 0;
  std::string user_id;
  std::string email;        // lower case; "" for operator (MSISDN) users
  std::string msisdn;       // "" unless signed in by the operator network
  std::string name;
  std::string last_name;
  boost::json::object user_information;
  std::vector<std::string> roles{"user"};
  std::string password_hash;  // "" when the user has no password
  std::optional<bool> alternat_theme;
  std::optional<std::string> selected_lang;
  std::string created_at;
  std::string updated_at;
  // A new address waiting for its link (not a column of users; filled by
  // IdentityService::profile and update_profile).
  std::optional<std::string> pending_email;
};

// Fresh secrets handed to the client once; only their hashes are stored.
struct TokenPair {
  std::string access_token;
  std::string refresh_token;
  std::int64_t expires = 0;  // epoch ms when the access token expires
  std::string session_id;
};

// The caller behind a valid access token.
struct Authenticated {
  User user;
  std::string session_id;
};

struct ProfileInput {
  std::string name;
  std::string last_name;
  std::string email;
  boost::json::object user_information;
};

struct DeviceAttributes {
  bool desktop = false;
  bool tablet = false;
  bool modernPhone = false;
  std::string operatingSystem;
};

struct Mail {
  std::string recipient;
  std::string subject;
  std::string body;  // plain text
  std::string html{};  // an HTML alternative of body, or "" (text only)
};

// Wire shapes.
struct TokenDto {
  std::string access_token;
  std::string refresh_token;
  std::int64_t expires = 0;
};
BOOST_DESCRIBE_STRUCT(TokenDto, (), (access_token, refresh_token, expires))

struct ProfileDto {
  std::string uuid;
  std::string userId;
  std::string name;
  std::string lastName;
  std::string email;
  boost::json::object userInformation;
  std::vector<std::string> roles;
  // The address an e-mail change waits to confirm by its mailed link; null when none.
  std::optional<std::string> pendingEmail;
  // The mobile number the operator network signed the account in with (international digits, no "+"); null for an
  // account of an e-mail address. The client shows it as the account's name when there is none, and pays the mobile
  // bill with it (issue 72 item 8).
  std::optional<std::string> msisdn;
};
BOOST_DESCRIBE_STRUCT(ProfileDto, (), (uuid, userId, name, lastName, email, userInformation, roles, pendingEmail, msisdn))
BOOST_DESCRIBE_STRUCT(DeviceAttributes, (), (desktop, tablet, modernPhone, operatingSystem))

struct DeviceDto {
  std::string id;
  DeviceAttributes deviceAttributes;
};
BOOST_DESCRIBE_STRUCT(DeviceDto, (), (id, deviceAttributes))

// {"ok": true}: the call did what it was asked (userToken, password reset).
struct OkDto {
  bool ok = true;
};
BOOST_DESCRIBE_STRUCT(OkDto, (), (ok))

// Where the client goes next (logout, partner sign-in).
struct UrlDto {
  std::string url;
};
BOOST_DESCRIBE_STRUCT(UrlDto, (), (url))

// The theme and language choices; null while the user has made none.
struct ThemeDto {
  std::optional<bool> alternatTheme;
};
BOOST_DESCRIBE_STRUCT(ThemeDto, (), (alternatTheme))
struct LanguageDto {
  std::optional<std::string> selectedLang;
};
BOOST_DESCRIBE_STRUCT(LanguageDto, (), (selectedLang))

inline TokenDto to_dto(const TokenPair& t) { return {t.access_token, t.refresh_token, t.expires}; }
// GET /backend/partner/loginOptions/{tenant}: the sign-in ways the tenant's partner offers (partner_login_options.hpp),
// in the partner's order; the client keeps the answer in session storage as loginOptionsObject.
struct PartnerLoginOptionDto {
  std::string id;                    // "email", "operator" or "partner"
  std::optional<std::string> label;  // the partner's words for it in `lang`; null: the storefront's own
};
BOOST_DESCRIBE_STRUCT(PartnerLoginOptionDto, (), (id, label))
struct PartnerLoginOptionsDto {
  std::string tenant;
  std::string lang;
  std::vector<PartnerLoginOptionDto> options;
};
BOOST_DESCRIBE_STRUCT(PartnerLoginOptionsDto, (), (tenant, lang, options))

inline ProfileDto to_dto(const User& u) {
  return {u.uuid, u.user_id, u.name, u.last_name, u.email, u.user_information, u.roles, u.pending_email,
          u.msisdn.empty() ? std::nullopt : std::optional<std::string>(u.msisdn)};
}

inline constexpr std::size_t kMaxNameLength = 64;
inline constexpr std::size_t kMaxEmailLength = 254;
inline constexpr std::size_t kMinPasswordLength = 8;
inline constexpr std::size_t kMaxPasswordLength = 128;
inline constexpr std::size_t kMaxUserInformationBytes = 8 * 1024;

}  // namespace portal::identity
