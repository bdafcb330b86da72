#include "domains/subscriptions/subscriptions_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/identity/redirects.hpp"
#include "domains/subscriptions/subscriptions_mapping.hpp"
#include "http/json.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"
#include "http/params.hpp"
#include "http/language.hpp"
#include "http/schema.hpp"

namespace portal::subscriptions {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Answer_ = asio::awaitable<http::Response>;

Caller caller(const RouteDeps& deps, const http::RequestContext& ctx, std::optional<std::string> lang = std::nullopt) {
  Caller c;
  c.tenant = ctx.tenant;
  if (!c.tenant) (void)ctx.require_tenant();
  if (ctx.user) c.user_uuid = ctx.user->uuid;
  // The body's or query's language, else Accept-Language, else the tenant's default.
  c.lang = http::api_language(ctx, lang);
  c.request_origin = http::tenant_origin(*c.tenant, ctx);
  c.backend_base = c.request_origin + "/backend";
  return c;
}

core::Error invalid(std::string field, std::string reason) {
  return core::Error::invalid_field(std::move(field), std::move(reason));
}

std::int64_t require_id(const json::object& body, std::string_view key) {
  auto* v = body.if_contains(key);
  if (v && v->is_int64() && v->as_int64() > 0) return v->as_int64();
  if (v && v->is_uint64() && v->as_uint64() > 0 && v->as_uint64() < (1ull << 62)) return static_cast<std::int64_t>(v->as_uint64());
  if (v && v->is_string())
    if (auto id = http::parse_id(v->as_string())) return *id;
  throw core::ErrorException(invalid(std::string(key), "must be a subscription type id"));
}

std::int64_t path_id(const http::RequestContext& ctx, std::string_view name, std::string_view code) {
  if (auto id = http::parse_id(ctx.param(name))) return *id;
  throw core::ErrorException(core::Error::not_found(std::string(code), "No such subscription type"));
}

std::string required_text(const json::object& body, std::string_view key) {
  auto* v = body.if_contains(key);
  if (!v || !v->is_string() || v->as_string().empty()) throw core::ErrorException(invalid(std::string(key), "is required"));
  return std::string(v->as_string());
}

// What the subscribe call says about where the user came from: kept as sent,
// within limits (a row is no place for a megabyte of tracking data).
constexpr std::size_t kMaxCampaignBytes = 4096;
constexpr std::size_t kMaxConsents = 50;
constexpr std::size_t kMaxConsentsBytes = 8192;

// marketingCampaign: a campaign id (string) or its parameters (object); null or "" is none.
json::value marketing_campaign(const json::object& body) {
  auto* v = body.if_contains("marketingCampaign");
  if (!v || v->is_null() || (v->is_string() && v->as_string().empty())) return nullptr;
  if (!v->is_string() && !v->is_object())
    throw core::ErrorException(invalid("marketingCampaign", "must be a string or an object"));
  if (json::serialize(*v).size() > kMaxCampaignBytes)
    throw core::ErrorException(invalid("marketingCampaign", "must be at most 4096 bytes as JSON"));
  return *v;
}

// subscriptionConsentList: consent ids (strings) or consent records (objects); null is none.
json::array consent_list(const json::object& body) {
  auto* v = body.if_contains("subscriptionConsentList");
  if (!v || v->is_null()) return {};
  if (!v->is_array()) throw core::ErrorException(invalid("subscriptionConsentList", "must be a list"));
  const auto& list = v->as_array();
  for (const auto& item : list)
    if (!item.is_string() && !item.is_object())
      throw core::ErrorException(invalid("subscriptionConsentList", "entries must be strings or objects"));
  if (list.size() > kMaxConsents || json::serialize(list).size() > kMaxConsentsBytes)
    throw core::ErrorException(invalid("subscriptionConsentList", "at most 50 entries and 8192 bytes as JSON"));
  return list;
}

http::Response no_store(http::Response res) {
  res.set(field::cache_control, "no-store");
  return res;
}

http::Response answer(const http::RequestContext& ctx, const core::Result<Answer>& r) {
  if (!r) return http::error_response(ctx.req, r.error(), ctx.request_id);
  auto res = http::data_response(ctx, r->data, r->kind == Answer::created ? http::Status::created : http::Status::ok);
  res.set(field::cache_control, "no-store");
  return res;
}

}  // namespace

std::vector<http::Route> subscriptions_routes(const RouteDeps& deps) {
  using http::RequestContext;
  auto& svc = deps.service;

  auto types = [deps, &svc](RequestContext& ctx) -> Answer_ {
    Caller c = caller(deps, ctx);
    auto found = co_await db::offload(deps.db_pool, [&] { return svc.types(c); });
    std::vector<SubscriptionTypeDto> list;
    for (const auto* t : found.types) list.push_back(type_dto(*found.plans, *t, c.lang, found.active_types));
    auto res = http::data_response(ctx, json::value_from(list));
    res.set(field::cache_control, c.guest() ? "public, max-age=60" : "private, max-age=60");
    res.set(field::vary, "X-Tenant-ID, Authorization, Accept-Language");
    co_return res;
  };

  auto enabled = [deps, &svc](RequestContext& ctx) -> Answer_ {
    Caller c = caller(deps, ctx);
    const std::int64_t id = http::parse_id(ctx.param("id")).value_or(0);  // no such id: not enabled
    const bool ok = co_await db::offload(deps.db_pool, [&] { return svc.enabled(c, id); });
    co_return http::data_response(ctx, json::value_from(EnabledDto{id, ok}));
  };

  auto list = [deps, &svc](RequestContext& ctx) -> Answer_ {
    Caller c = caller(deps, ctx);
    const bool cancelled = ctx.query("inclCancelled").value_or("false") == "true";
    const bool with_type = ctx.query("inclSubscriptionType").value_or("false") == "true";
    auto held = co_await db::offload(deps.db_pool, [&] { return svc.list(c, cancelled); });
    json::array data;
    for (const auto& s : held.subscriptions)
      data.push_back(subscription_json(*held.plans, s, c.lang, with_type, held.active_types));
    auto res = http::data_response(ctx, data);
    res.set(field::cache_control, "no-store");
    co_return res;
  };

  auto subscribe = [deps, &svc](RequestContext& ctx) -> Answer_ {
    const auto body = http::parse_json_object(ctx.req);
    SubscribeInput in;
    in.type_id = require_id(body, "subscriptionTypeId");
    in.redirect = required_text(body, "redirect");
    const std::string lang = required_text(body, "lang");
    if (!i18n::is_supported(lang)) throw core::ErrorException(invalid("lang", "must be one of en ar fr de es ro"));
    if (auto* p = body.if_contains("price"); p && !p->is_null()) {
      const auto* o = p->if_object();
      const auto* amount = o ? o->if_contains("amount") : nullptr;
      const auto* currency = o ? o->if_contains("currency") : nullptr;
      if (!amount || !amount->is_int64() || amount->as_int64() < 0 || !currency || !currency->is_string())
        throw core::ErrorException(invalid("price", "must be {amount, currency} in minor units"));
      in.price = payments::Money{amount->as_int64(), std::string(currency->as_string())};
    }
    if (auto* m = body.if_contains("migrateSubId"); m && m->is_string() && !m->as_string().empty())
      in.migrate_sub_id = std::string(m->as_string());
    if (auto* u = body.if_contains("upgradeTo"); u && !u->is_null()) {
      if (u->is_int64()) in.upgrade_to = u->as_int64();
      else if (u->is_string() && !u->as_string().empty()) in.upgrade_to = require_id(body, "upgradeTo");
    }
    in.marketing_campaign = marketing_campaign(body);
    in.consents = consent_list(body);
    Caller c = caller(deps, ctx, lang);
    co_return answer(ctx, co_await db::offload(deps.db_pool, [&] { return svc.subscribe(c, in); }));
  };

  auto api = [deps, &svc](RequestContext& ctx) -> Answer_ {
    const auto body = http::parse_json_object(ctx.req);
    const std::string uuid = required_text(body, "paymentOptionUUID");
    json::object step;
    if (auto* b = body.if_contains("body"); b && b->is_object()) step = b->as_object();
    else if (b && !b->is_null()) throw core::ErrorException(invalid("body", "must be an object"));
    Caller c = caller(deps, ctx);
    co_return answer(ctx, co_await db::offload(deps.db_pool, [&] { return svc.api_step(c, uuid, step); }));
  };

  auto api_type = [deps, &svc](RequestContext& ctx) -> Answer_ {
    const auto body = http::parse_json_object(ctx.req);
    json::object step;
    if (auto* b = body.if_contains("body"); b && b->is_object()) step = b->as_object();
    Caller c = caller(deps, ctx);
    if (auto uuid = http::optional_string(body, "paymentOptionUUID"); uuid && !uuid->empty())
      co_return answer(ctx, co_await db::offload(deps.db_pool, [&] { return svc.api_step(c, *uuid, step); }));
    const std::string redirect = required_text(body, "redirectionUrl");
    const bool any = ctx.param("type") == "any";
    const std::int64_t type_id = any ? require_id(step, "subscriptionTypeId") : path_id(ctx, "type", "SUBSCRIPTION_TYPE_NOT_FOUND");
    step.erase("subscriptionTypeId");
    co_return answer(ctx, co_await db::offload(deps.db_pool,
                                               [&] { return svc.api_for_type(c, type_id, redirect, step, any); }));
  };

  auto cancel = [deps, &svc](RequestContext& ctx) -> Answer_ {
    Caller c = caller(deps, ctx);
    const std::string id(ctx.param("id"));
    const auto redirection = ctx.query("redirectionUrl");
    auto done = co_await db::offload(deps.db_pool, [&] { return svc.cancel(c, id, redirection); });
    if (!done) co_return http::error_response(ctx.req, done.error(), ctx.request_id);
    const auto& v = done->view;
    co_return no_store(http::data_response(
        ctx, json::value_from(CancelDto{subscription_json(*v.plans, v.subscription, c.lang, false, v.active_types),
                                        done->redirection_url})));
  };

  auto trial_eligible = [deps, &svc](RequestContext& ctx) -> Answer_ {
    Caller c = caller(deps, ctx);
    auto ids = co_await db::offload(deps.db_pool, [&] { return svc.trial_eligibility(c); });
    auto res = http::data_response(ctx, json::value_from(TrialEligibilityDto{!ids.empty(), std::move(ids)}));
    res.set(field::cache_control, "no-store");
    co_return res;
  };

  auto trial = [deps, &svc](RequestContext& ctx) -> Answer_ {
    const auto body = http::parse_json_object(ctx.req);
    const std::string redirect = required_text(body, "redirect");
    std::optional<std::string> lang = http::optional_string(body, "lang");
    if (lang && !i18n::is_supported(*lang)) throw core::ErrorException(invalid("lang", "must be one of en ar fr de es ro"));
    std::optional<std::int64_t> type_id;
    if (auto* t = body.if_contains("subscriptionTypeId"); t && !t->is_null()) type_id = require_id(body, "subscriptionTypeId");
    Caller c = caller(deps, ctx, lang);
    auto started = co_await db::offload(deps.db_pool, [&] { return svc.subscribe_trial(c, redirect, type_id); });
    if (!started) co_return http::error_response(ctx.req, started.error(), ctx.request_id);
    const auto& v = started->view;
    co_return no_store(http::data_response(
        ctx, json::value_from(TrialDto{subscription_json(*v.plans, v.subscription, c.lang, false, v.active_types), started->url}),
        http::Status::created));
  };

  auto voucherbook = [deps, &svc](RequestContext& ctx) -> Answer_ {
    Caller c = caller(deps, ctx);
    // Absent or 0: no plan named (the service answers for none).
    const std::string text = ctx.query("subsTypeId").value_or("0");
    const std::int64_t id = text == "0" ? 0 : http::id_or_400(text, "subsTypeId");
    auto eligible = co_await db::offload(deps.db_pool, [&] { return svc.voucherbook_eligible(c, id); });
    co_return http::data_response(ctx, json::object{{"eligible", eligible}});
  };

  auto partner_metadata = [deps, &svc](RequestContext& ctx) -> Answer_ {
    const auto body = http::parse_json_object(ctx.req);
    auto* v = body.if_contains("value");
    if (!v || !v->is_object()) throw core::ErrorException(invalid("value", "must be an object"));
    Caller c = caller(deps, ctx);
    const std::string id(ctx.param("id"));
    const json::object value = v->as_object();
    auto merged = co_await db::offload(deps.db_pool, [&] { return svc.merge_partner_metadata(c, id, value); });
    if (!merged) co_return http::error_response(ctx.req, merged.error(), ctx.request_id);
    co_return no_store(http::data_response(
        ctx, subscription_json(*merged->plans, merged->subscription, c.lang, false, merged->active_types)));
  };

  auto validate_external = [deps, &svc](RequestContext& ctx) -> Answer_ {
    const auto body = http::parse_json_object(ctx.req);
    const std::string code = required_text(body, "externalProviderCode");
    Caller c = caller(deps, ctx);
    auto found = co_await db::offload(deps.db_pool, [&] { return svc.validate_external(c, code); });
    co_return http::data_response(ctx, json::value_from(ExternalCodeDto{found.validity, found.type_id}));
  };

  auto partner_redirection = [deps, &svc](RequestContext& ctx) -> Answer_ {
    const auto body = http::parse_json_object(ctx.req);
    std::vector<std::int64_t> ids;
    auto* list = body.if_contains("subTypeIds");
    if (!list || !list->is_array() || list->as_array().empty())
      throw core::ErrorException(invalid("subTypeIds", "must list at least one subscription type id"));
    for (const auto& v : list->as_array()) {
      if (v.is_int64()) ids.push_back(v.as_int64());
      else if (v.is_string()) ids.push_back(require_id(json::object{{"subTypeIds", v}}, "subTypeIds"));
      else throw core::ErrorException(invalid("subTypeIds", "must list subscription type ids"));
    }
    auto code = http::optional_string(body, "externalProviderCode");
    if (code && code->empty()) code.reset();
    auto redirection = http::optional_string(body, "redirectionUrl");
    if (redirection && redirection->empty()) redirection.reset();
    Caller c = caller(deps, ctx);
    auto url = co_await db::offload(deps.db_pool, [&] { return svc.partner_redirection(c, ids, code, redirection); });
    if (!url) co_return http::error_response(ctx.req, url.error(), ctx.request_id);
    co_return no_store(http::data_response(ctx, json::value_from(UrlDto{*url})));
  };

  auto mss_signup = [deps](RequestContext& ctx) -> Answer_ {
    const auto body = http::parse_json_object(ctx.req);
    const std::string redirect = required_text(body, "redirectionUrl");
    Caller c = caller(deps, ctx, http::optional_string(body, "lang"));
    if (!identity::allowed_redirect(*c.tenant, redirect, c.request_origin))
      throw core::ErrorException(invalid("redirectionUrl", "is not an address of this tenant"));
    boost::urls::url url(c.backend_base + "/operator/" + c.tenant->name);
    url.params().set("lang", c.lang);
    url.params().set("redirectUrl", redirect);
    co_return http::data_response(ctx, json::object{{"url", url.buffer()}});
  };

  using http::Verb;
  constexpr auto header = http::TenantFrom::header;
  constexpr auto user = http::Access::user;
  constexpr auto key = http::Idempotency::key;  // money and redemption writes
  auto routes = http::with_docs({
      {Verb::get, "/backend/subscription/type", types},
      {Verb::get, "/backend/subscription/enabled/{id}", enabled},
      {Verb::get, "/backend/subscription", list},
      {Verb::post, "/backend/subscription", subscribe, header, user, key},
      {Verb::post, "/backend/subscription/api", api, header, user, key},
      {Verb::post, "/backend/subscription/api/{type}", api_type, header, user, key},
      {Verb::delete_, "/backend/subscription/{id}", cancel, header, user},
      {Verb::get, "/backend/subscription/isFreeTrialEligible", trial_eligible},
      {Verb::post, "/backend/subscription/subscribeToFreeTrial", trial, header, user, key},
      {Verb::get, "/backend/subscription/isVoucherbookEligible", voucherbook},
      {Verb::put, "/backend/subscription/{id}/partnerMetadata/attributes", partner_metadata, header, user},
      {Verb::post, "/backend/subscription/validate/external", validate_external},
      {Verb::post, "/backend/partner/getRedirectionUrl", partner_redirection, header, user},
      {Verb::post, "/backend/monsooq/mss-login/api/session/signup", mss_signup},
  }, {
      {"GET /backend/subscription/type", {"The tenant's subscription types (plans) in the asked language",
                                          "subscriptions", {}, http::schema_of<std::vector<SubscriptionTypeDto>>, {}}},
      {"GET /backend/subscription/enabled/{id}", {"Whether a subscription type exists and may be subscribed",
                                                  "subscriptions", {}, {}, {}}},
      {"GET /backend/subscription", {"The caller's subscriptions", "subscriptions", {}, {}, {}}},
      {"POST /backend/subscription", {"Subscribe to a type (starts the payment flow)", "subscriptions", {}, {}, {}}},
      {"POST /backend/subscription/api", {"Subscribe through the API flow", "subscriptions", {}, {}, {}}},
      {"POST /backend/subscription/api/{type}", {"Subscribe to the given type through the API flow", "subscriptions",
                                                 {}, {}, {}}},
      {"DELETE /backend/subscription/{id}", {"Cancel a subscription", "subscriptions", {}, {}, {}}},
      {"GET /backend/subscription/isFreeTrialEligible", {"Whether the caller may start a free trial, and of which types",
                                                        "subscriptions", {}, {}, {}}},
      {"POST /backend/subscription/subscribeToFreeTrial", {"Start a free trial", "subscriptions", {}, {}, {}}},
      {"GET /backend/subscription/isVoucherbookEligible", {"Whether the caller may use the voucher book",
                                                          "subscriptions", {}, {}, {}}},
      {"PUT /backend/subscription/{id}/partnerMetadata/attributes", {"Set a subscription's partner metadata",
                                                                     "subscriptions", {}, {}, {}}},
      {"POST /backend/subscription/validate/external", {"Validate an external (partner) code", "subscriptions", {}, {},
                                                        {}}},
      {"POST /backend/partner/getRedirectionUrl", {"The partner's address to continue at", "subscriptions", {}, {}, {}}},
      {"POST /backend/monsooq/mss-login/api/session/signup", {"Operator (MSS) sign-up of a subscriber", "subscriptions",
                                                              {}, {}, {}}},
  });
  if (!deps.dev_stage) return routes;

  // Dev stage: run the scheduler now; move the clock (only with --dev-clock);
  // a subscription's audit trail.
  auto run_scheduler = [deps, &svc](RequestContext& ctx) -> Answer_ {
    auto r = co_await db::offload(deps.db_pool, [&] { return svc.run_scheduler(); });
    co_return http::data_response(ctx, json::object{{"renewed", r.renewed}, {"failed", r.failed}, {"ended", r.ended},
                                                    {"settled", r.settled}, {"trialsEnded", r.trials_ended}});
  };
  routes.push_back({Verb::post, "/backend/dev/scheduler/run", run_scheduler, http::TenantFrom::none});
  auto events = [deps, &svc](RequestContext& ctx) -> Answer_ {
    Caller c = caller(deps, ctx);
    const std::string id(ctx.param("id"));
    auto list = co_await db::offload(deps.db_pool, [&]() -> core::Result<json::array> {
      auto mine = svc.owned(c, id);
      if (!mine) return core::Error::not_found("NO_SUBSCRIPTION_FOUND", "No such subscription");
      json::array out;
      for (auto& e : svc.events(c.tenant->id, id)) out.push_back(std::move(e));
      return out;
    });
    if (!list) co_return http::error_response(ctx.req, list.error(), ctx.request_id);
    co_return http::data_response(ctx, *list);
  };
  routes.push_back({Verb::get, "/backend/dev/subscription/{id}/events", events, header, user});
  auto payments = [deps, &svc](RequestContext& ctx) -> Answer_ {
    Caller c = caller(deps, ctx);
    const std::string id = ctx.query("purchaseID").value_or("");
    auto list = co_await db::offload(deps.db_pool, [&] { return svc.payments_of(c, id); });
    if (!list) co_return http::error_response(ctx.req, list.error(), ctx.request_id);
    co_return http::data_response(ctx, *list);
  };
  routes.push_back({Verb::get, "/backend/dev/payments", payments, header, user});
  if (deps.advance_clock) {
    auto clock = [deps](RequestContext& ctx) -> Answer_ {
      const auto body = http::parse_json_object(ctx.req);
      auto* s = body.if_contains("advanceSeconds");
      // At most ten years a call: a huge value would overflow the clock.
      constexpr std::int64_t kMaxAdvance = 10LL * 366 * 24 * 3600;
      if (!s || !s->is_int64() || s->as_int64() < 0 || s->as_int64() > kMaxAdvance)
        throw core::ErrorException(invalid("advanceSeconds", "must be a whole number of seconds from 0 to 316224000"));
      co_return http::data_response(ctx, json::object{{"now", deps.advance_clock(s->as_int64())}});
    };
    routes.push_back({Verb::post, "/backend/dev/clock", clock, http::TenantFrom::none});
  }
  return routes;
}

}  // namespace portal::subscriptions
