#include "domains/apps/apps_service.hpp"

#include <algorithm>
#include <boost/url.hpp>

#include "core/log.hpp"
#include "core/text.hpp"
#include "db/timestamp.hpp"
#include "domains/apps/app_names.hpp"
#include "domains/apps/redirect_uri.hpp"
#include "domains/identity/credentials.hpp"

namespace portal::apps {

namespace urls = boost::urls;

namespace {

// UTF-8 code points (continuation bytes are not counted).
std::size_t length_of(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

bool has_control(std::string_view s, bool allow_newlines) {
  return std::any_of(s.begin(), s.end(), [&](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    if (allow_newlines && (c == '\n' || c == '\r')) return false;
    return c < 0x20 || c == 0x7f;
  });
}

// Trims text and checks its length and characters; the error names field.
Result<std::string> text_field(std::string_view field, std::string_view value, std::size_t min, std::size_t max,
                               bool multiline = false) {
  const std::string t(core::trim(value));
  if (t.empty()) return Error::invalid(std::string(field), "is required");
  const auto n = length_of(t);
  if (n < min || n > max)
    return Error::invalid(std::string(field),
                          "must be " + std::to_string(min) + " to " + std::to_string(max) + " characters");
  if (has_control(t, multiline)) return Error::invalid(std::string(field), "must not contain control characters");
  return t;
}

// Lower case of the ASCII letters: the name's key, unique in a tenant; and its look-alike key.
NameKeys name_keys(std::string_view name) {
  return {core::lower(name), name_skeleton(name)};
}

Error app_not_found(const std::string& id) { return Error::of(ErrorCode::app_not_found, "App " + id + " not found"); }

// A refusal of the name: the code, the message and the reason given with field "name".
Error name_refused(ErrorCode code, std::string message, std::string reason) {
  Error e = Error::of(code, std::move(message));
  e.field = "name";
  e.reason = std::move(reason);
  return e;
}

Error name_taken() {
  return name_refused(ErrorCode::name_taken, "name: another app of this portal has this name",
                      "is taken by another app");
}

// The other app's name is not told: the caller may not own it.
Error name_confusable() {
  return name_refused(ErrorCode::name_confusable, "name: looks like the name of another app of this portal",
                      "looks like the name of another app");
}

Error name_conflict(WriteOutcome outcome) {
  return outcome == WriteOutcome::name_confusable ? name_confusable() : name_taken();
}

std::string new_app_id() { return "app_" + identity::new_secret().substr(0, 16); }

AppDto owner_view(const AppRecord& a) {
  return {a.id, a.name, a.publisher, a.description, a.redirect_uri, a.scopes, a.status, a.granted_count,
          a.created_at, a.updated_at};
}

PublicAppDto public_view(const AppRecord& a) {
  return {a.id, a.name, a.publisher, a.description, a.redirect_uri, host_of(a.redirect_uri), a.scopes, a.status};
}

ConsentDto consent_view(const AppRecord& a, const std::optional<ConsentRecord>& c) {
  ConsentDto dto;
  dto.app = public_view(a);
  if (!c) return dto;
  dto.decision = c->decision;
  dto.scopes = c->scopes;
  dto.decidedAt = c->decided_at;
  dto.current = c->decision == kGranted && std::all_of(a.scopes.begin(), a.scopes.end(), [&](const auto& s) {
                  return std::find(c->scopes.begin(), c->scopes.end(), s) != c->scopes.end();
                });
  return dto;
}

}  // namespace

bool is_app_id(std::string_view text) {
  if (text.size() != 20 || text.substr(0, 4) != "app_") return false;
  return std::all_of(text.begin() + 4, text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::string host_of(std::string_view url) {
  auto parsed = urls::parse_uri(url);
  if (!parsed || !parsed->has_authority()) return {};
  return std::string(parsed->encoded_host());
}

Result<AppInput> validate(AppInput in, bool with_status) {
  auto name = text_field("name", in.name, kNameMin, kNameMax);
  if (!name) return name.error();
  if (has_invisible_characters(*name))
    return name_refused(ErrorCode::name_invisible_characters,
                        "name: must not contain invisible or formatting characters (such as a zero-width space)",
                        "must not contain invisible or formatting characters");
  in.name = std::move(*name);
  auto publisher = text_field("publisher", in.publisher, kPublisherMin, kPublisherMax);
  if (!publisher) return publisher.error();
  in.publisher = std::move(*publisher);
  auto description = text_field("description", in.description, kDescriptionMin, kDescriptionMax, true);
  if (!description) return description.error();
  in.description = std::move(*description);

  auto uri = redirect_uri(std::string(core::trim(in.redirect_uri)));
  if (!uri) return uri.error();
  in.redirect_uri = std::move(*uri);

  if (in.scopes.empty()) return Error::invalid("scopes", "must ask for at least one access");
  std::vector<std::string> scopes;
  for (const auto& s : in.scopes)
    if (std::find(std::begin(kScopes), std::end(kScopes), s) == std::end(kScopes))
      return Error::invalid("scopes", "unknown scope '" + s + "' (profile, email, favorites, history, purchases)");
  for (auto scope : kScopes)
    if (std::find(in.scopes.begin(), in.scopes.end(), scope) != in.scopes.end()) scopes.emplace_back(scope);
  in.scopes = std::move(scopes);

  if (with_status) {
    if (!in.status) return Error::invalid("status", "is required");
    if (*in.status != kActive && *in.status != kPaused)
      return Error::invalid("status", "must be active or paused");
  } else {
    in.status.reset();
  }
  return in;
}

std::size_t AppsService::fill_name_skeletons() {
  std::size_t filled = 0;
  for (const auto& app : repository_.apps_without_skeleton()) {
    if (repository_.set_skeleton(app.tenant_id, app.id, name_skeleton(app.name))) {
      ++filled;
      continue;
    }
    core::log_json(spdlog::level::warn, "app name looks like another app's: kept without a skeleton",
                   {{"tenant", app.tenant_id}, {"app", app.id}});
  }
  return filled;
}


Result<AppRecord> AppsService::owned_record(std::int64_t tenant_id, const std::string& owner_uuid,
                                            const std::string& id) {
  if (!is_app_id(id)) return app_not_found(id);
  auto app = repository_.app(tenant_id, id);
  if (!app || app->owner_uuid != owner_uuid) return app_not_found(id);
  return *app;
}

Result<AppRecord> AppsService::any_record(std::int64_t tenant_id, const std::string& id) {
  if (!is_app_id(id)) return app_not_found(id);
  auto app = repository_.app(tenant_id, id);
  if (!app) return app_not_found(id);
  return *app;
}

Result<IssuedAppDto> AppsService::register_app(std::int64_t tenant_id, const std::string& owner_uuid,
                                               AppInput input) {
  auto in = validate(std::move(input), false);
  if (!in) return in.error();
  const auto keys = name_keys(in->name);
  if (const auto clash = repository_.name_clash(tenant_id, keys, ""); clash != WriteOutcome::done)
    return name_conflict(clash);
  const auto at = clock_.now_text();
  AppRecord app{new_app_id(), owner_uuid,  in->name, in->publisher, in->description, in->redirect_uri,
                in->scopes,   std::string(kActive), at, at, 0};
  const auto secret = identity::new_secret();
  switch (const auto outcome = repository_.insert(tenant_id, app, keys, identity::sha256_hex(secret), kMaxAppsPerOwner)) {
    case WriteOutcome::done:
      break;
    case WriteOutcome::limit_reached:
      return Error::of(ErrorCode::app_limit_reached,
                       "An owner holds at most " + std::to_string(kMaxAppsPerOwner) + " apps");
    default:
      return name_conflict(outcome);
  }
  return IssuedAppDto{owner_view(app), secret};
}

std::vector<AppDto> AppsService::owned(std::int64_t tenant_id, const std::string& owner_uuid) {
  std::vector<AppDto> out;
  for (const auto& a : repository_.owner_apps(tenant_id, owner_uuid)) out.push_back(owner_view(a));
  return out;
}

Result<AppDto> AppsService::owned_app(std::int64_t tenant_id, const std::string& owner_uuid,
                                      const std::string& id) {
  auto app = owned_record(tenant_id, owner_uuid, id);
  if (!app) return app.error();
  app->granted_count = repository_.granted_count(tenant_id, id);
  return owner_view(*app);
}

Result<AppDto> AppsService::update(std::int64_t tenant_id, const std::string& owner_uuid, const std::string& id,
                                   AppInput input) {
  auto app = owned_record(tenant_id, owner_uuid, id);
  if (!app) return app.error();
  auto in = validate(std::move(input), true);
  if (!in) return in.error();
  const auto keys = name_keys(in->name);
  if (const auto clash = repository_.name_clash(tenant_id, keys, id); clash != WriteOutcome::done)
    return name_conflict(clash);
  app->name = in->name;
  app->publisher = in->publisher;
  app->description = in->description;
  app->redirect_uri = in->redirect_uri;
  app->scopes = in->scopes;
  app->status = *in->status;
  app->updated_at = clock_.now_text();
  switch (const auto outcome = repository_.update(tenant_id, owner_uuid, *app, keys)) {
    case WriteOutcome::done:
      break;
    case WriteOutcome::name_taken:
    case WriteOutcome::name_confusable:
      return name_conflict(outcome);
    default:
      return app_not_found(id);  // deleted meanwhile
  }
  app->granted_count = repository_.granted_count(tenant_id, id);
  return owner_view(*app);
}

Result<IssuedAppDto> AppsService::rotate_secret(std::int64_t tenant_id, const std::string& owner_uuid,
                                                const std::string& id) {
  auto app = owned_record(tenant_id, owner_uuid, id);
  if (!app) return app.error();
  const auto secret = identity::new_secret();
  app->updated_at = clock_.now_text();
  if (!repository_.set_secret(tenant_id, owner_uuid, id, identity::sha256_hex(secret), app->updated_at))
    return app_not_found(id);
  app->granted_count = repository_.granted_count(tenant_id, id);
  return IssuedAppDto{owner_view(*app), secret};
}

Result<DeletedAppDto> AppsService::remove(std::int64_t tenant_id, const std::string& owner_uuid,
                                          const std::string& id) {
  if (!is_app_id(id) || !repository_.remove(tenant_id, owner_uuid, id)) return app_not_found(id);
  return DeletedAppDto{id, true};
}

bool AppsService::secret_matches(std::int64_t tenant_id, const std::string& id, std::string_view secret) {
  if (!is_app_id(id)) return false;
  auto hash = repository_.secret_hash(tenant_id, id);
  return hash && *hash == identity::sha256_hex(secret);
}

Result<ConsentDto> AppsService::consent(std::int64_t tenant_id, const std::string& user_uuid,
                                        const std::string& id) {
  auto app = any_record(tenant_id, id);
  if (!app) return app.error();
  return consent_view(*app, repository_.consent(tenant_id, id, user_uuid));
}

Result<ConsentDto> AppsService::decide(std::int64_t tenant_id, const std::string& user_uuid,
                                       const std::string& id, std::string_view decision) {
  if (decision != kGranted && decision != kRefused)
    return Error::invalid("decision", "must be granted or refused");
  auto app = any_record(tenant_id, id);
  if (!app) return app.error();
  if (decision == kGranted && app->status != kActive)
    return Error::of(ErrorCode::app_paused, "The app's owner paused it: it takes no new grants");
  const std::vector<std::string> scopes = decision == kGranted ? app->scopes : std::vector<std::string>{};
  repository_.decide(tenant_id, id, user_uuid, std::string(decision), scopes, clock_.now_text());
  return consent_view(*app, repository_.consent(tenant_id, id, user_uuid));
}

Result<ConsentDto> AppsService::revoke(std::int64_t tenant_id, const std::string& user_uuid,
                                       const std::string& id) {
  auto app = any_record(tenant_id, id);
  if (!app) return app.error();
  if (!repository_.revoke(tenant_id, id, user_uuid, clock_.now_text()))
    return Error::of(ErrorCode::consent_not_found, "No access granted to app " + id);
  return consent_view(*app, repository_.consent(tenant_id, id, user_uuid));
}

std::vector<ConsentDto> AppsService::granted(std::int64_t tenant_id, const std::string& user_uuid) {
  std::vector<ConsentDto> out;
  for (const auto& [consent, app] : repository_.granted(tenant_id, user_uuid)) out.push_back(consent_view(app, consent));
  return out;
}

}  // namespace portal::apps
