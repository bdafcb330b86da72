#include "domains/subscriptions/subscriptions_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <boost/url.hpp>

#include "db/blocking.hpp"
#include "domains/identity/redirects.hpp"
#include "domains/payments/payments_dto.hpp"
#include "domains/subscriptions/subscriptions_answers.hpp"
#include "domains/subscriptions/route_caller.hpp"
#include "domains/subscriptions/subscription_dtos.hpp"
#include "http/handle.hpp"
#include "http/on_pool.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/origin.hpp"
#include "http/params.hpp"
#include "http/schema.hpp"

namespace portal::subscriptions {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Answer_ = asio::awaitable<http::Response>;

// The request bodies are in subscriptions_dto.hpp; rules read_body cannot say are
// checked right after it, with the same 400 VALIDATION_ERROR naming the field.

json::value subscribe_schema() {
  json::value schema = http::object_schema_of<SubscribeBody>();
  schema.as_object()["properties"].as_object()["marketingCampaign"] = {
      {"type", json::array{"string", "object", "null"}},
      {"description", "A campaign id or its parameters, kept with the subscription (at most 4096 bytes as JSON)."}};
  return schema;
}

// What the API step sends: an MSISDN (a PIN is sent to it) or the PIN; neither: the saved card.
[[noreturn]] void invalid(std::string field, std::string reason) {
  throw http::ErrorException(http::Error::invalid_field(std::move(field), std::move(reason)));
}

std::optional<std::string> non_empty(std::optional<std::string> text) {
  if (text && text->empty()) return std::nullopt;
  return text;
}

// from_json<T>, where a failure inside the member `whole` names `whole` (the
// contract says "price", not "price.amount").
template <class T>
T read_naming(const json::value& body, std::string_view whole, std::string_view reason) {
  try {
    return http::from_json<T>(body);
  } catch (const http::ErrorException& e) {
    const auto* data = e.error.data.if_object();
    const auto* name = data ? data->if_contains("field") : nullptr;
    if (name && name->is_string() && name->as_string().starts_with(std::string(whole) + "."))
      invalid(std::string(whole), std::string(reason));
    throw;
  }
}


std::int64_t path_id(const http::RequestContext& ctx, std::string_view name) {
  if (auto id = http::parse_id(ctx.param(name))) return *id;
  throw http::ErrorException(http::Error::not_found("SUBSCRIPTION_TYPE_NOT_FOUND", "No such subscription type"));
}

// What a subscribe call says about where the user came from: kept as sent,
// within limits (a row is no place for a megabyte of tracking data).
constexpr std::size_t kMaxCampaignBytes = 4096;
constexpr std::size_t kMaxConsentsBytes = 8192;

// marketingCampaign: a campaign id (string) or its parameters (object); null or "" is none.
json::value marketing_campaign(const json::value& body) {
  const json::value* v = body.as_object().if_contains("marketingCampaign");
  if (!v || v->is_null() || (v->is_string() && v->as_string().empty())) return nullptr;
  if (!v->is_string() && !v->is_object()) invalid("marketingCampaign", "must be a string or an object");
  if (json::serialize(*v).size() > kMaxCampaignBytes) invalid("marketingCampaign", "must be at most 4096 bytes as JSON");
  return *v;
}

json::array consent_list(std::optional<json::array> list) {
  if (!list) return {};
  for (const auto& item : *list)
    if (!item.is_string() && !item.is_object()) invalid("subscriptionConsentList", "entries must be strings or objects");
  if (list->size() > kMaxConsents || json::serialize(*list).size() > kMaxConsentsBytes)
    invalid("subscriptionConsentList", "at most 50 entries and 8192 bytes as JSON");
  return std::move(*list);
}

ApiStep api_step(const std::optional<http::Text>& msisdn, const std::optional<http::Text>& pin) {
  ApiStep step;
  if (msisdn) step.msisdn = msisdn->value;
  if (pin) step.pin = pin->value;
  return step;
}

}  // namespace

std::vector<http::Route> subscriptions_routes(const RouteDeps& deps) {
  using http::Call;
  using http::handle;
  using http::NoBody;
  using http::RequestContext;
  auto& svc = deps.service;
  auto& pool = deps.db_pool;
  const http::Answer shared{.no_store = false};  // the same for every caller of the tenant, or a dev call

  auto types = [deps, &svc](RequestContext& ctx) -> Answer_ {
    Caller c = caller(ctx);
    auto found = co_await db::offload(deps.db_pool, [&] { return svc.types(c); });
    std::vector<SubscriptionTypeDto> list;
    for (const auto* t : found.types) list.push_back(type_dto(*found.plans, *t, c.lang, found.active_types));
    auto res = http::data_response(ctx, json::value_from(list));
    // Revalidated on every read: an operator's plan change shows on the plan cards within the poll.
    res.set(field::cache_control, c.guest() ? "public, no-cache" : "private, no-cache");
    res.set(field::vary, "X-Tenant-ID, Authorization, Accept-Language");
    co_return res;
  };

  auto enabled = handle(pool, [&svc](const Call<NoBody>& c) {
    const std::int64_t id = http::parse_id(c.ctx.param("id")).value_or(0);  // no such id: not enabled
    return EnabledDto{id, svc.enabled(caller(c.ctx), id)};
  }, shared);

  auto list = handle(pool, [&svc](const Call<NoBody>& call) {
    const Caller c = caller(call.ctx);
    const bool cancelled = call.ctx.query("inclCancelled").value_or("false") == "true";
    const bool with_type = call.ctx.query("inclSubscriptionType").value_or("false") == "true";
    auto held = svc.list(c, cancelled);
    std::vector<UserSubscriptionDto> data;
    for (const auto& s : held.subscriptions)
      data.push_back(subscription_dto(*held.plans, s, c.lang, with_type, held.active_types));
    return data;
  });

  auto subscribe = [deps, &svc](RequestContext& ctx) -> Answer_ {
    const json::value raw = http::parse_json_value(ctx.req);
    auto body = read_naming<SubscribeBody>(raw, "price", "must be {amount, currency} in minor units");
    SubscribeInput in;
    in.type_id = body.subscriptionTypeId.value;
    in.redirect = required(std::move(body.redirect), "redirect");
    const std::string lang = *supported_lang(required(std::move(body.lang), "lang"));
    if (body.price) {
      if (body.price->amount < 0) invalid("price", "must be {amount, currency} in minor units");
      in.price = payments::Money{body.price->amount, body.price->currency};
    }
    in.migrate_sub_id = non_empty(std::move(body.migrateSubId));
    if (body.upgradeTo) in.upgrade_to = body.upgradeTo->value;
    in.marketing_campaign = marketing_campaign(raw);  // an object: from_json said so
    in.consents = consent_list(std::move(body.subscriptionConsentList));
    // Who subscribes is the token's user; a body naming another one is a client's mistake, said as such.
    if (auto user = non_empty(std::move(body.userId)); user && ctx.user && *user != ctx.user->uuid)
      invalid("userId", "is not the signed-in user");
    if (body.selectedOptions) {
      if (body.selectedOptions->size() > 10) invalid("selectedOptions", "at most 10 entries");
      in.selected_options = std::move(*body.selectedOptions);
    }
    Caller c = caller(ctx, lang);
    co_return co_await http::on_pool(ctx, deps.db_pool,
                                     [&] { return purchase_response(ctx, svc.checkout().subscribe(c, in), c.lang); });
  };

  auto api = [deps, &svc](RequestContext& ctx) -> Answer_ {
    auto body = http::read_body<ApiBody>(ctx);
    const std::string uuid = required(std::move(body.paymentOptionUUID), "paymentOptionUUID");
    const ApiStep step = body.body ? api_step(body.body->msisdn, body.body->pin) : ApiStep{};
    Caller c = caller(ctx);
    co_return co_await http::on_pool(ctx, deps.db_pool,
                                     [&] { return purchase_response(ctx, svc.api().step(c, uuid, step), c.lang); });
  };

  auto api_type = [deps, &svc](RequestContext& ctx) -> Answer_ {
    auto body = http::read_body<ApiTypeBody>(ctx);
    const ApiTypeStepBody inner = body.body.value_or(ApiTypeStepBody{});
    const ApiStep step = api_step(inner.msisdn, inner.pin);
    Caller c = caller(ctx);
    if (auto uuid = non_empty(body.paymentOptionUUID)) {
      co_return co_await http::on_pool(ctx, deps.db_pool,
                                       [&] { return purchase_response(ctx, svc.api().step(c, *uuid, step), c.lang); });
    }
    const std::string redirect = required(body.redirectionUrl.value_or(""), "redirectionUrl");
    const bool any = ctx.param("type") == "any";
    if (any && !inner.subscriptionTypeId) invalid("subscriptionTypeId", "must be a subscription type id");
    const std::int64_t type_id = any ? inner.subscriptionTypeId->value : path_id(ctx, "type");
    co_return co_await http::on_pool(ctx, deps.db_pool, [&] {
      return purchase_response(ctx, svc.api().for_type(c, type_id, redirect, step, any), c.lang);
    });
  };

  auto cancel = handle(pool, [&svc](const Call<NoBody>& call) {
    const Caller c = caller(call.ctx);
    auto done = value_or_throw(svc.cancellation().cancel(c, call.param("id"), call.ctx.query("redirectionUrl")));
    return CancelDto{view_dto(done.view, c.lang), done.redirection_url};
  });

  auto trial_eligible = handle(pool, [&svc](const Call<NoBody>& c) {
    auto ids = svc.trials().eligibility(caller(c.ctx));
    return TrialEligibilityDto{!ids.empty(), std::move(ids)};
  });

  auto trial = [deps, &svc](RequestContext& ctx) -> Answer_ {
    auto body = http::read_body<TrialBody>(ctx);
    const std::string redirect = required(std::move(body.redirect), "redirect");
    const auto lang = supported_lang(std::move(body.lang));
    std::optional<std::int64_t> type_id;
    if (body.subscriptionTypeId) type_id = body.subscriptionTypeId->value;
    Caller c = caller(ctx, lang);
    co_return co_await http::on_pool(ctx, deps.db_pool, [&] {
      auto started = value_or_throw(svc.trials().start(c, redirect, type_id));
      return http::no_store(http::data_response(ctx, json::value_from(TrialDto{view_dto(started.view, c.lang), started.url}),
                                          http::Status::created));
    });
  };

  auto voucherbook = handle(pool, [&svc](const Call<NoBody>& c) {
    const Caller who = caller(c.ctx);
    // Absent or 0: no plan named (the service answers for none).
    const std::string text = c.ctx.query("subsTypeId").value_or("0");
    const std::int64_t id = text == "0" ? 0 : http::id_or_400(text, "subsTypeId");
    return VoucherbookDto{svc.partners().voucherbook_eligible(who, id)};
  }, shared);

  auto partner_metadata = handle<PartnerMetadataBody>(pool, [&svc](const Call<PartnerMetadataBody>& call) {
    const Caller c = caller(call.ctx);
    return view_dto(value_or_throw(svc.partners().merge_metadata(c, call.param("id"), call.body.value)), c.lang);
  });

  auto validate_external = handle<ExternalCodeBody>(pool, [&svc](const Call<ExternalCodeBody>& c) {
    const std::string code = required(c.body.externalProviderCode, "externalProviderCode");
    auto found = svc.partners().validate_external(caller(c.ctx), code);
    return ExternalCodeDto{found.validity, found.type_id};
  }, shared);

  auto partner_redirection = [deps, &svc](RequestContext& ctx) -> Answer_ {
    auto body = http::read_body<PartnerRedirectionBody>(ctx);
    if (body.subTypeIds.empty()) invalid("subTypeIds", "must list at least one subscription type id");
    std::vector<std::int64_t> ids;
    for (const auto& id : body.subTypeIds) ids.push_back(id.value);
    const auto code = non_empty(std::move(body.externalProviderCode));
    const auto redirection = non_empty(std::move(body.redirectionUrl));
    Caller c = caller(ctx);
    auto next = value_or_throw(co_await db::offload(
        deps.db_pool, [&] { return svc.partners().redirection(c, ids, code, redirection); }));
    if (const auto* pending = std::get_if<Pending>(&next))
      co_return http::error_response(ctx.req, pending_error(*pending, c.lang), ctx.request_id);
    co_return http::no_store(http::data_response(ctx, json::value_from(UrlDto{std::get<std::string>(next)})));
  };

  auto mss_signup = [deps](RequestContext& ctx) -> Answer_ {
    auto body = http::read_body<MssSignupBody>(ctx);
    const std::string redirect = required(std::move(body.redirectionUrl), "redirectionUrl");
    Caller c = caller(ctx, std::move(body.lang));
    if (!identity::allowed_redirect(redirect, c.return_origins))
      invalid("redirectionUrl", "is not an address of this tenant");
    // The sign-in by the operator's network (identity/hosted_routes.cpp): the tenant's CAMARA operator when it
    // recognises subscribers, else (dev stage) the demo's operator page, else the hosted sign-in.
    boost::urls::url url(c.backend_base + "/login/" + c.tenant->name + "/network");
    url.params().set("lang", c.lang);
    url.params().set("redirectUrl", redirect);
    co_return http::data_response(ctx, json::value_from(UrlDto{std::string(url.buffer())}));
  };

  using http::Verb;
  using http::schema_of;
  constexpr auto header = http::TenantFrom::header;
  constexpr auto user = http::Access::user;
  constexpr auto key = http::Idempotency::key_one_trip;  // money and redemption writes
  // A purchase answers one of these (202 SUBSCRIPTION_PENDING carries PendingDto as its data).
  const auto purchase_schema = [] {
    return json::value{{"anyOf", json::array{schema_of<CheckoutOfferDto>(), schema_of<SubscribedDto>(),
                                             schema_of<PaidDto>(), schema_of<PinSentDto>(), schema_of<PendingDto>()}}};
  };
  const std::vector<std::string> purchase_errors{
      "202 SUBSCRIPTION_PENDING", "402 INSUFFICIENT_FUNDS", "490 PAYMENT_DECLINED",
      "404 SUBSCRIPTION_TYPE_NOT_FOUND", "410 SUBSCRIPTION_TYPE_RETIRED", "409 USER_ALREADY_SUBSCRIBED",
      "409 NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE", "409 NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE"};
  auto with = [](std::vector<std::string> list, std::initializer_list<std::string> more) {
    list.insert(list.end(), more);
    return list;
  };
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
                                          "subscriptions", {}, schema_of<std::vector<SubscriptionTypeDto>>, {}}},
      {"GET /backend/subscription/enabled/{id}", {"Whether a subscription type exists and may be subscribed",
                                                  "subscriptions", {}, schema_of<EnabledDto>, {}}},
      {"GET /backend/subscription", {"The caller's subscriptions", "subscriptions", {},
                                     schema_of<std::vector<UserSubscriptionDto>>, {}}},
      {"POST /backend/subscription",
       {"Subscribe to a type (starts the payment flow)", "subscriptions", subscribe_schema, purchase_schema,
        with(purchase_errors, {"400 INVALID_REDIRECT", "404 REQUIRED_IDENTITY_FIELD_NOT_FOUND", "409 PRICE_CHANGED"})}},
      {"POST /backend/subscription/api",
       {"Subscribe through the API flow", "subscriptions", schema_of<ApiBody>, purchase_schema,
        with(purchase_errors, {"400 INVALID_MSISDN", "400 INVALID_PIN", "400 NO_SAVED_CARD", "400 PAYMENT_OPTION_UNAVAILABLE",
                               "404 PAYMENT_OPTION_NOT_FOUND", "410 CHECKOUT_CLOSED"})}},
      {"POST /backend/subscription/api/{type}",
       {"Subscribe to the given type (or body.subscriptionTypeId for \"any\") through the API flow", "subscriptions",
        schema_of<ApiTypeBody>, purchase_schema,
        with(purchase_errors, {"400 INVALID_REDIRECT", "400 INVALID_MSISDN", "400 NO_SAVED_CARD",
                               "400 PAYMENT_OPTION_UNAVAILABLE", "404 PAYMENT_OPTION_NOT_FOUND"})}},
      {"DELETE /backend/subscription/{id}",
       {"Cancel a subscription", "subscriptions", {}, schema_of<CancelDto>,
        {"404 NO_SUBSCRIPTION_FOUND", "409 SUBSCRIPTION_NOT_ACTIVE"}}},
      {"GET /backend/subscription/isFreeTrialEligible", {"Whether the caller may start a free trial, and of which types",
                                                        "subscriptions", {}, schema_of<TrialEligibilityDto>, {}}},
      {"POST /backend/subscription/subscribeToFreeTrial",
       {"Start a free trial", "subscriptions", schema_of<TrialBody>, schema_of<TrialDto>,
        {"400 INVALID_REDIRECT", "400 NOT_ELIGIBLE", "409 USER_ALREADY_SUBSCRIBED", "409 TRIAL_ALREADY_USED",
         "409 NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE", "409 NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE"}}},
      {"GET /backend/subscription/isVoucherbookEligible", {"Whether the caller may use the voucher book",
                                                          "subscriptions", {}, schema_of<VoucherbookDto>, {}}},
      {"PUT /backend/subscription/{id}/partnerMetadata/attributes",
       {"Merge attributes into a subscription's partner metadata", "subscriptions", schema_of<PartnerMetadataBody>,
        schema_of<UserSubscriptionDto>, {"404 NO_SUBSCRIPTION_FOUND", "409 CONCURRENT_UPDATE"}}},
      {"POST /backend/subscription/validate/external",
       {"Validate an external (partner) code: 1 valid, 2 unknown, 3 expired, 4 in use by a pending subscription",
        "subscriptions", schema_of<ExternalCodeBody>, schema_of<ExternalCodeDto>, {}}},
      {"POST /backend/partner/getRedirectionUrl",
       {"Open the checkout of the first type for a partner's user: the address to continue at", "subscriptions",
        schema_of<PartnerRedirectionBody>,
        [] { return json::value{{"anyOf", json::array{schema_of<UrlDto>(), schema_of<PendingDto>()}}}; },
        {"202 SUBSCRIPTION_PENDING", "400 INVALID_REDIRECT", "400 PAYMENT_OPTION_UNAVAILABLE", "402 INSUFFICIENT_FUNDS",
         "404 SUBSCRIPTION_TYPE_NOT_FOUND", "409 USER_ALREADY_SUBSCRIBED"}}},
      {"POST /backend/monsooq/mss-login/api/session/signup",
       {"Operator (MSS) sign-up of a subscriber: the operator page to continue at", "subscriptions",
        schema_of<MssSignupBody>, schema_of<UrlDto>, {}}},
  });
  routes = http::with_error_data(std::move(routes),
                                 {http::error_data<IdentityFieldsData>("REQUIRED_IDENTITY_FIELD_NOT_FOUND", "IdentityFieldsData"),
                                  http::error_data<MoneyDto>("PRICE_CHANGED", "PriceChangedData"),
                                  http::error_data<payments::InvalidPinData>("INVALID_PIN", "InvalidPinData")});
  if (!deps.dev_stage) return routes;

  // Dev stage: run the scheduler now; move the clock (only with --dev-clock);
  // a subscription's audit trail; a checkout's charges.
  auto run_scheduler = handle(pool, [&svc](const Call<NoBody>&) {
    auto r = svc.run_scheduler();
    return SchedulerReportDto{r.renewed, r.failed, r.ended, r.settled, r.trials_ended};
  }, shared);
  routes.push_back({Verb::post, "/backend/dev/scheduler/run", run_scheduler, http::TenantFrom::none, http::Access::guest,
                    http::Idempotency::none,
                    {"Dev stage: run the subscription scheduler now", "dev", {}, schema_of<SchedulerReportDto>, {}}});
  auto events = [deps, &svc](RequestContext& ctx) -> Answer_ {
    Caller c = caller(ctx);
    const std::string id(ctx.param("id"));
    auto list = co_await db::offload(deps.db_pool, [&]() -> http::Result<std::vector<SubscriptionEvent>> {
      if (!svc.owned(c, id)) return http::Error::not_found("NO_SUBSCRIPTION_FOUND", "No such subscription");
      return svc.events(c.tenant->id, id);
    });
    if (!list) co_return http::error_response(ctx.req, list.error(), ctx.request_id);
    co_return http::data_response(ctx, json::value_from(event_dtos(*list)));
  };
  routes.push_back({Verb::get, "/backend/dev/subscription/{id}/events", events, header, user, http::Idempotency::none,
                    {"Dev stage: a subscription's audit trail", "dev", {}, schema_of<std::vector<EventDto>>,
                     {"404 NO_SUBSCRIPTION_FOUND"}}});
  auto payments = handle(pool, [&svc](const Call<NoBody>& c) {
    auto found = value_or_throw(svc.payments_of(caller(c.ctx), c.ctx.query("purchaseID").value_or("")));
    std::vector<PaymentDto> list;
    for (const auto& p : found)
      list.push_back({p.id, std::string(payments::to_string(p.status)), {p.amount.amount, p.amount.currency}, p.instrument,
                      p.created_at, p.refunded});
    return list;
  }, shared);
  routes.push_back({Verb::get, "/backend/dev/payments", payments, header, user, http::Idempotency::none,
                    {"Dev stage: the charges of the caller's checkout or single purchase (purchaseID), with what is refunded", "dev", {},
                     schema_of<std::vector<PaymentDto>>, {"404 CHECKOUT_NOT_FOUND"}}});
  if (deps.advance_clock) {
    auto clock = [deps](RequestContext& ctx) -> Answer_ {
      const auto body = http::read_body<ClockBody>(ctx);
      // At most ten years a call: a huge value would overflow the clock.
      constexpr std::int64_t kMaxAdvance = 10LL * 366 * 24 * 3600;
      if (body.advanceSeconds < 0 || body.advanceSeconds > kMaxAdvance)
        invalid("advanceSeconds", "must be a whole number of seconds from 0 to 316224000");
      co_return http::data_response(ctx, json::value_from(ClockDto{deps.advance_clock(body.advanceSeconds)}));
    };
    routes.push_back({Verb::post, "/backend/dev/clock", clock, http::TenantFrom::none, http::Access::guest,
                      http::Idempotency::none,
                      {"Dev stage (--dev-clock): move the server clock forward", "dev", schema_of<ClockBody>,
                       schema_of<ClockDto>, {}}});
  }
  return routes;
}

}  // namespace portal::subscriptions
