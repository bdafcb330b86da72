#pragma once
// The apps marketplace (portal §2 /apps/*; issue 15; docs/decisions.md "Apps
// marketplace"). A signed-in user registers an app in the tenant and alone
// reads, edits, pauses, deletes it and rotates its client secret (another
// user's app is APP_NOT_FOUND, as if it did not exist); every user of the
// tenant grants or refuses an app's requested access and revokes a grant.
// Expected failures are apps::Error values (apps_errors.hpp; the statuses
// below are what apps_answers.cpp answers them with); blocking (database pool). Knows no HTTP.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "domains/apps/apps_errors.hpp"
#include "domains/apps/apps_repository.hpp"
#include "domains/apps/apps_types.hpp"

namespace portal::apps {

// The register / update checks, trimming the texts and putting the scopes in
// canonical order: VALIDATION_ERROR naming name, publisher, description,
// redirectUri (read strictly: redirect_uri.hpp), scopes (at least one, each
// from kScopes) or status (update only: active or paused);
// APP_NAME_INVISIBLE_CHARACTERS naming name (app_names.hpp has_invisible_characters).
Result<AppInput> validate(AppInput in, bool with_status);
// Whether text has the shape of an app id ("app_" + 16 lower-case hex digits).
bool is_app_id(std::string_view text);
// The host of an https URL ("" when it has none).
std::string host_of(std::string_view url);

class AppsService {
 public:
  AppsService(AppsRepository& repository, const core::Clock& clock) : repository_(repository), clock_(clock) {}

  // The owner registers an app: active, with a new client secret answered once.
  // Invalid as validate() says; APP_NAME_TAKEN naming name (the same name
  // whatever its case), APP_NAME_CONFUSABLE naming name (one that looks like
  // another app's: the same name skeleton, app_names.hpp); APP_LIMIT_REACHED.
  Result<IssuedAppDto> register_app(std::int64_t tenant_id, const std::string& owner_uuid, AppInput input);
  // The owner's apps, newest first.
  std::vector<AppDto> owned(std::int64_t tenant_id, const std::string& owner_uuid);
  // APP_NOT_FOUND unless the caller owns it.
  Result<AppDto> owned_app(std::int64_t tenant_id, const std::string& owner_uuid, const std::string& id);
  // Replaces the editable fields (status too). Invalid, APP_NOT_FOUND and APP_NAME_TAKEN / _CONFUSABLE as above.
  Result<AppDto> update(std::int64_t tenant_id, const std::string& owner_uuid, const std::string& id,
                        AppInput input);
  // A new client secret (the old one stops matching at once), answered once. APP_NOT_FOUND.
  Result<IssuedAppDto> rotate_secret(std::int64_t tenant_id, const std::string& owner_uuid,
                                     const std::string& id);
  // Deletes the app with every consent to it. APP_NOT_FOUND.
  Result<DeletedAppDto> remove(std::int64_t tenant_id, const std::string& owner_uuid, const std::string& id);
  // Whether secret is the app's current client secret (for the token exchange to come).
  bool secret_matches(std::int64_t tenant_id, const std::string& id, std::string_view secret);

  // The consent screen: the app as users see it and the caller's decision.
  // APP_NOT_FOUND for an id that is no app of the tenant.
  Result<ConsentDto> consent(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id);
  // decision "granted" (the app's scopes as they are now) or "refused"; a new
  // decision replaces the one before. A validation error naming decision; APP_NOT_FOUND;
  // APP_PAUSED when granting an app its owner paused.
  Result<ConsentDto> decide(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id,
                            std::string_view decision);
  // Withdraws a grant. APP_NOT_FOUND; CONSENT_NOT_FOUND when nothing is granted.
  Result<ConsentDto> revoke(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id);
  // The apps the caller granted access to, most recent first (/apps/profile).
  std::vector<ConsentDto> granted(std::int64_t tenant_id, const std::string& user_uuid);

  // At start-up, across tenants: the name skeleton of every app stored before
  // there was one (migration 0026). An app whose name looks like an older one's
  // keeps none (logged): both stay, and a new look-alike meets the older one.
  // Returns how many were filled.
  std::size_t fill_name_skeletons();

 private:
  Result<AppRecord> owned_record(std::int64_t tenant_id, const std::string& owner_uuid, const std::string& id);
  Result<AppRecord> any_record(std::int64_t tenant_id, const std::string& id);

  AppsRepository& repository_;
  const core::Clock& clock_;
};

}  // namespace portal::apps
