#pragma once
// The apps marketplace (portal §2 /apps/*; issue 15; docs/decisions.md "Apps
// marketplace"): third-party apps that a signed-in user (the app's owner)
// registers in a tenant, and each user's consent to an app's requested access.
// Rows as stored, service inputs and wire shapes; no SQL or HTTP types.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::apps {

// Field bounds (characters, i.e. UTF-8 code points). The client checks the same.
inline constexpr std::size_t kNameMin = 3;
inline constexpr std::size_t kNameMax = 60;
inline constexpr std::size_t kPublisherMin = 2;
inline constexpr std::size_t kPublisherMax = 60;
inline constexpr std::size_t kDescriptionMin = 10;
inline constexpr std::size_t kDescriptionMax = 500;
inline constexpr std::size_t kRedirectUriMax = 300;
// How many apps one owner may hold in a tenant.
inline constexpr std::int64_t kMaxAppsPerOwner = 20;

// The access an app may ask for, in their canonical order (the order stored
// and answered). Nothing else is accepted.
inline constexpr std::string_view kScopes[] = {"profile", "email", "favorites", "history", "purchases"};

inline constexpr std::string_view kActive = "active";
inline constexpr std::string_view kPaused = "paused";

inline constexpr std::string_view kGranted = "granted";
inline constexpr std::string_view kRefused = "refused";
inline constexpr std::string_view kRevoked = "revoked";

// As stored (table apps, migration 0020).
struct AppRecord {
  std::string id;  // "app_" + 16 hex digits; also the app's client id
  std::string owner_uuid;
  std::string name;
  std::string publisher;
  std::string description;
  std::string redirect_uri;
  std::vector<std::string> scopes;
  std::string status;  // active | paused
  std::string created_at;
  std::string updated_at;
  std::int64_t granted_count = 0;  // users whose consent is granted now (read with the owner's list)
};

// As stored (table app_consents): one row per user and app.
struct ConsentRecord {
  std::string app_id;
  std::string decision;  // granted | refused | revoked
  std::vector<std::string> scopes;  // what was granted (empty unless granted)
  std::string decided_at;
};

// Register and update (the owner's form). status only on update.
struct AppInput {
  std::string name;
  std::string publisher;
  std::string description;
  std::string redirect_uri;
  std::vector<std::string> scopes;
  std::optional<std::string> status;
};

// Wire shapes.

// The owner's view of an app.
struct AppDto {
  std::string id;
  std::string name;
  std::string publisher;
  std::string description;
  std::string redirectUri;
  std::vector<std::string> scopes;
  std::string status;
  std::int64_t grantedCount = 0;
  std::string createdAt;
  std::string updatedAt;
};
BOOST_DESCRIBE_STRUCT(AppDto, (), (id, name, publisher, description, redirectUri, scopes, status, grantedCount,
                                   createdAt, updatedAt))

// Register and secret rotation: the client secret in clear, this once only.
struct IssuedAppDto {
  AppDto app;
  std::string clientSecret;
};
BOOST_DESCRIBE_STRUCT(IssuedAppDto, (), (app, clientSecret))

// What a user sees of someone else's app (the consent screen, /apps/profile).
struct PublicAppDto {
  std::string id;
  std::string name;
  std::string publisher;
  std::string description;
  std::string redirectUri;   // where the user goes back after deciding (with consent and app in the query)
  std::string redirectHost;  // its host, to show
  std::vector<std::string> scopes;
  std::string status;
};
BOOST_DESCRIBE_STRUCT(PublicAppDto, (), (id, name, publisher, description, redirectUri, redirectHost, scopes, status))

// A user's decision on an app. decision null: not decided yet. current: granted
// and covering every scope the app asks for now (false after the owner added one).
struct ConsentDto {
  PublicAppDto app;
  std::optional<std::string> decision;
  std::vector<std::string> scopes;
  std::optional<std::string> decidedAt;
  bool current = false;
};
BOOST_DESCRIBE_STRUCT(ConsentDto, (), (app, decision, scopes, decidedAt, current))

struct DeletedAppDto {
  std::string id;
  bool deleted = true;
};
BOOST_DESCRIBE_STRUCT(DeletedAppDto, (), (id, deleted))

}  // namespace portal::apps
