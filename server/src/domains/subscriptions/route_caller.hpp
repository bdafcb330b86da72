#pragma once
// The caller of a subscriptions route, as the service takes it: the tenant, the signed-in user, the language
// (the body's or query's, else Accept-Language, else the tenant's default) and the tenant's origins.
#include <memory>
#include <optional>
#include <string>

#include "domains/subscriptions/service_types.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "http/context.hpp"
#include "http/error.hpp"
#include "http/language.hpp"
#include "http/origin.hpp"

namespace portal::subscriptions {

// `tenant`: the tenant the call is for (a route that finds it itself); else the request's.
inline Caller caller(const http::RequestContext& ctx, std::optional<std::string> lang = std::nullopt,
                     std::shared_ptr<const tenants::Tenant> tenant = nullptr) {
  Caller c;
  c.tenant = tenant ? std::move(tenant) : ctx.tenant;
  if (!c.tenant) (void)ctx.require_tenant();
  if (ctx.user) c.user_uuid = ctx.user->uuid;
  c.lang = http::api_language(ctx, lang);
  c.request_origin = http::tenant_origin(*c.tenant, ctx);
  c.return_origins = http::return_origins(*c.tenant, ctx);
  c.backend_base = c.request_origin + "/backend";
  return c;
}

// A body's text that must not be empty; 400 naming `field` when it is.
inline std::string required(std::string text, std::string_view field) {
  if (text.empty()) throw http::ErrorException(http::Error::invalid_field(std::string(field), "is required"));
  return text;
}

// A body's language, when it gives one: one the portal speaks, else 400 naming "lang".
inline std::optional<std::string> supported_lang(std::optional<std::string> lang) {
  if (lang && !i18n::is_supported(*lang))
    throw http::ErrorException(http::Error::invalid_field("lang", "must be one of en ar fr de es ro"));
  return lang;
}

}  // namespace portal::subscriptions
