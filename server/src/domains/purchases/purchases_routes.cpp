#include "domains/purchases/purchases_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/purchases/request_caller.hpp"
#include "domains/catalog/request_rating.hpp"
#include "domains/hosted/card_checkout.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "domains/purchases/purchases_answers.hpp"
#include "domains/purchases/purchases_dto.hpp"
#include "domains/payments/payments_dto.hpp"
#include "domains/catalog/catalog_answers.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/parental_control/request_limit.hpp"
#include "http/body.hpp"
#include "http/on_pool.hpp"
#include "http/compression.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"
#include "http/params.hpp"
#include "http/private_answer.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::purchases {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

// A catalog media URL, or the catalog's refusal as it answers it.
http::Result<catalog::MediaUrl> media_answer(catalog::Result<catalog::MediaUrl> r) {
  if (!r) return catalog::http_error(r.error());
  return std::move(*r);
}

PurchaseOptionsDto options_dto(const Decided& d, bool dto_only) {
  PurchaseOptionsDto out;
  out.articleId = d.article.id;
  out.contentType = d.article.content_type;
  const auto& e = d.entitlement;
  for (const auto& w : e.consume)
    out.consume.push_back({std::string(to_string(w.kind)), w.subscription_id, w.type_id, w.remaining});
  for (const auto& u : e.unavailable) {
    std::optional<std::string> sub_state;
    if (u.subscription.pending) sub_state = "PENDING";
    out.unavailable.push_back({{u.subscription.id, u.subscription.type_id, u.subscription.state, sub_state, u.name}});
  }
  for (const auto& o : e.purchase) {
    if (dto_only && o.type != PurchaseOffer::Type::dto) continue;
    out.purchase.push_back(purchase_option_dto(o));
  }
  for (const auto& c : e.upgrade_to) out.upgradeTo.push_back({c.from_subscription_id, plan_dto(c.to)});
  for (const auto& c : e.downgrade_to) out.downgradeTo.push_back({c.from_subscription_id, plan_dto(c.to)});
  return out;
}

using purchases::caller_of;  // domains/purchases/request_caller.hpp

using catalog::rating_of;  // domains/catalog/request_rating.hpp

std::optional<std::string> device_of(const http::RequestContext& ctx, std::string_view key) {
  auto d = ctx.query(key);
  if (d && d->size() > 128) throw http::ErrorException(http::Error::invalid_field(std::string(key), "must be at most 128 characters"));
  return d;
}

// 202, 402 and 490 of a charge use the error shape with data.url, like the
// subscriptions API flow (docs/contracts.md).
http::Response charged_answer(const http::RequestContext& ctx, const Charged& c) {
  if (c.outcome == Charged::Outcome::paid)
    return http::private_answer(
        ctx, json::value_from(PaidDto{200, c.purchase.article_id, purchase_type(c.purchase.content_type), c.purchase.id, c.url}),
        http::Status::created);
  return http::error_answer(ctx, charge_error(c));
}

}  // namespace

std::vector<http::Route> purchases_routes(const RouteDeps& deps) {
  auto& service = deps.service;
  auto& pool = deps.db_pool;

  // Both answer the same decision; the user variant is for signed-in callers.
  auto article_options = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
    const auto rating = rating_of(ctx);
    const auto device = device_of(ctx, "deviceId");
    const bool dto_only = ctx.query("isDTO").value_or("") == "true";
    const auto c = caller_of(ctx);
    auto d = value_or_throw(co_await db::offload(pool, [&] { return service.decide(c, id, device, rating); }));
    if (!d.entitlement.device_supported)
      throw http::ErrorException(
          http_error(Error::of(ErrorCode::device_not_supported, "The article does not run on this device")));
    co_return http::private_answer(ctx, json::value_from(options_dto(d, dto_only)));
  };
  auto user_options = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    const auto id = http::id_or_400(ctx.query("articleId").value_or(""), "articleId");
    const auto rating = rating_of(ctx);
    const auto device = device_of(ctx, "deviceId");
    const auto c = caller_of(ctx);
    auto d = value_or_throw(co_await db::offload(pool, [&] { return service.decide(c, id, device, rating); }));
    if (!d.entitlement.device_supported)
      throw http::ErrorException(
          http_error(Error::of(ErrorCode::device_not_supported, "The article does not run on this device")));
    co_return http::private_answer(ctx, json::value_from(options_dto(d, false)));
  };
  auto start = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    const auto id = http::id_or_400(ctx.query("articleId").value_or(""), "articleId");
    const auto rating = rating_of(ctx);
    const auto c = caller_of(ctx);
    auto s = value_or_throw(co_await db::offload(pool, [&] { return service.start(c, id, rating); }));
    co_return http::private_answer(ctx, json::value_from(StartedDto{s.purchase.id, s.purchase.article_id,
                                                              s.purchase.content_type, s.title, money_dto(s.purchase.amount)}));
  };
  auto payment_options = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<PaymentOptionsBody>(ctx);
    const auto c = caller_of(ctx, body.lang ? std::optional<std::string>(body.lang->value) : std::nullopt);
    auto choice = value_or_throw(co_await db::offload(
        pool, [&] { return service.payment_options(c, body.transactionId.value, body.redirectionUrl.value); }));
    PaymentOptionsDto dto{choice.purchase.id, {}};
    for (const auto& o : choice.options) dto.options.push_back({o.option.uuid, o.option.code, o.name, o.option.flow, o.url});
    co_return http::private_answer(ctx, json::value_from(dto));
  };
  auto pay = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<OneTimePurchaseBody>(ctx);
    const auto c = caller_of(ctx);
    std::optional<std::string> msisdn;
    if (body.msisdn) msisdn = body.msisdn->value;
    co_return co_await http::on_pool(ctx, pool, [&] {
    auto step = value_or_throw(service.pay(c, body.paymentOptionUUID.value, msisdn));
    PurchaseStepDto dto;
    dto.paymentTransactionUuid = step.purchase_id;
    if (step.redirect_url) {
      dto.type = "redirect";
      dto.url = step.redirect_url;
    } else {
      dto.nextApiFlowStep = "PIN";
      dto.purchaseToken = step.purchase_token;
      dto.message = step.message;
      dto.sandboxPin = step.sandbox_pin;
    }
    return http::private_answer(ctx, json::value_from(dto));
    });
  };
  auto verify = [&service, &pool](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<VerifyPinBody>(ctx);
    const auto c = caller_of(ctx);
    co_return co_await http::on_pool(ctx, pool, [&] {
      auto charged = value_or_throw(service.verify_pin(c, body.paymentTransactionUuid.value, body.articleId.value,
                                                             body.pin.value, body.purchaseToken.value));
      return charged_answer(ctx, charged);
    });
  };
  // Preview: public. Full: the decision, which spends a credit only with consume=true.
  auto media = [&service, &pool, &catalog = deps.catalog](http::RequestContext& ctx) -> Awaitable {
    const auto id = http::id_or_404(ctx.param("articleId"), "ARTICLE_NOT_FOUND", "Article");
    const std::string kind = ctx.query("kind").value_or("preview");
    if (kind != "preview" && kind != "full")
      throw http::ErrorException(http::Error::invalid_field("kind", "must be preview or full"));
    const std::string consume_text = ctx.query("consume").value_or("false");
    if (consume_text != "true" && consume_text != "false")
      throw http::ErrorException(http::Error::invalid_field("consume", "must be true or false"));
    const bool consume = consume_text == "true";
    const auto rating = rating_of(ctx);
    const auto device = device_of(ctx, "deviceId");
    const auto c = caller_of(ctx);
    auto url = http::value_or_throw(co_await db::offload(pool, [&]() -> http::Result<catalog::MediaUrl> {
      auto preview = [&]() -> http::Result<catalog::MediaUrl> {
        auto record = catalog.article_record(c.tenant->id, id, rating);
        if (!record) return catalog::http_error(record.error());
        auto p = catalog.preview_media(*record);
        // Unconfirmed credit: as /song, the preview ("" when there is none).
        if (!p && kind == "full") return catalog::MediaUrl{"", true, 0};
        return media_answer(std::move(p));
      };
      if (kind == "preview") return preview();
      auto grant = service.consume(c, id, device, rating, consume);
      if (!grant) {
        // Only a credit would play it and the user did not confirm: nothing
        // is spent, the answer is the one /song gives (the preview).
        if (grant.error().code == ErrorCode::confirmation_required) return preview();
        return http_error(grant.error());
      }
      return media_answer(catalog.full_media(c.tenant->id, grant->record));
    }));
    std::optional<std::int64_t> expires;
    if (url.expires) expires = url.expires;
    auto res = http::data_response(ctx, json::value_from(MediaDto{url.url, url.preview, expires}));
    res.set(boost::beast::http::field::cache_control, "no-store");
    co_return res;
  };
  // song/download and game/download: a signed, expiring attachment link, saved under the item's titles in the
  // caller's language; an album or an audiobook: one zip of its files (catalog download_media).
  auto download = [&service, &pool, &catalog = deps.catalog](http::RequestContext& ctx) -> Awaitable {
    auto body = http::read_body<DownloadBody>(ctx);
    std::optional<std::string> device;
    if (body.deviceId) device = body.deviceId->value;
    const auto rating = rating_of(ctx);
    const auto c = caller_of(ctx);
    auto url = http::value_or_throw(co_await db::offload(pool, [&]() -> http::Result<catalog::MediaUrl> {
      auto grant = service.consume(c, body.articleId.value, device, rating, body.consume.value_or(false));
      if (!grant) return http_error(grant.error());
      return media_answer(catalog.download_media(c.tenant->id, grant->record, c.lang));
    }));
    co_return http::private_answer(ctx, json::value_from(DownloadDto{url.url, url.expires}));
  };

  using http::schema_of;
  const auto user = http::Access::user;
  const auto header = http::TenantFrom::header;
  auto routes = http::with_docs(
      {
          {http::Verb::get, "/backend/purchase/ArticlePurchaseOptions/{id}", article_options},
          {http::Verb::get, "/backend/purchase/user/purchaseOptions", user_options, header, user},
          {http::Verb::get, "/backend/purchase/ArticleOneTimePurchase", start, header, user},
          {http::Verb::post, "/backend/subscription/oneTimePaymentOptions", payment_options, header, user},
          {http::Verb::post, "/backend/subscription/oneTimePurchase", pay, header, user, http::Idempotency::key_one_trip},
          {http::Verb::post, "/backend/purchase/VerifyOneTimePurchasePin", verify, header, user, http::Idempotency::key_one_trip},
          {http::Verb::get, "/backend/media/{articleId}", media},
          {http::Verb::post, "/backend/song/download", download, header, user},
          {http::Verb::post, "/backend/game/download", download, header, user},
      },
      {
          {"GET /backend/purchase/ArticlePurchaseOptions/{id}",
           {"How the caller may consume an article, and what would let them (query isDTO, contentType, deviceId, "
            "externalProviderCode)",
            "purchases", {}, schema_of<PurchaseOptionsDto>, {"404 ARTICLE_NOT_FOUND", "404 DEVICE_NOT_SUPPORTED"},
            {{"isDTO", "true: of the purchase offers, only the single purchases (DTO)", "boolean"},
             {"contentType", "the article's content type as the client knows it (the server reads the article's own)"},
             {"deviceId", "the device (GET /device) the article would run on"}}}},
          {"GET /backend/purchase/user/purchaseOptions",
           {"The caller's purchase options for an article (query articleId, contentType, deviceId)", "purchases", {},
            schema_of<PurchaseOptionsDto>, {"404 ARTICLE_NOT_FOUND", "404 DEVICE_NOT_SUPPORTED"},
            {{"articleId", "the article", "integer", true},
             {"contentType", "the article's content type as the client knows it (the server reads the article's own)"},
             {"deviceId", "the device (GET /device) the article would run on"}}}},
          {"GET /backend/purchase/ArticleOneTimePurchase",
           {"Open a single purchase of an article at its own price (query articleId)", "purchases", {},
            schema_of<StartedDto>, {"404 ARTICLE_NOT_FOUND", "404 ARTICLE_NOT_FOR_SALE", "409 ALREADY_OWNED"}}},
          {"POST /backend/subscription/oneTimePaymentOptions",
           {"The payment options of a single purchase", "purchases", schema_of<PaymentOptionsBody>,
            schema_of<PaymentOptionsDto>, {"400 INVALID_REDIRECT", "404 PURCHASE_NOT_FOUND", "410 PURCHASE_CLOSED"}}},
          {"POST /backend/subscription/oneTimePurchase",
           {"Pay a single purchase: the hosted card page (WEB) or a PIN to the MSISDN (API)", "purchases",
            schema_of<OneTimePurchaseBody>, schema_of<PurchaseStepDto>,
            {"400 INVALID_MSISDN", "404 PAYMENT_OPTION_NOT_FOUND", "410 PURCHASE_CLOSED"}}},
          {"POST /backend/purchase/VerifyOneTimePurchasePin",
           {"Confirm a single purchase with the operator PIN and charge it", "purchases", schema_of<VerifyPinBody>,
            schema_of<PaidDto>,
            {"202 PURCHASE_PENDING", "400 INVALID_PIN", "400 INVALID_PURCHASE_TOKEN", "402 INSUFFICIENT_FUNDS",
             "404 PURCHASE_NOT_FOUND", "409 ALREADY_OWNED", "410 PURCHASE_CLOSED", "490 PAYMENT_DECLINED"}}},
          {"GET /backend/media/{articleId}",
           {"A media URL: the public preview (kind=preview), or the full media when the entitlement decision allows "
            "it (kind=full). Where only a credit plays it, the credit is spent with consume=true (the user confirmed); "
            "without it nothing is spent and the answer is the preview (isPreview true, url \"\" when none), as /song",
            "purchases", {}, schema_of<MediaDto>,
            {"400 VALIDATION_ERROR", "401 UNAUTHORIZED", "403 NOT_ENTITLED", "404 ARTICLE_NOT_FOUND",
             "404 MEDIA_NOT_FOUND", "404 DEVICE_NOT_SUPPORTED"},
            {{"kind", "preview (default) or full", "string"},
             {"consume", "true: the user confirmed spending a credit (kind=full)", "boolean"},
             {"deviceId", "the device (GET /device) the media plays on", "string"}}}},
          {"POST /backend/song/download",
           {"A signed, expiring download link of a track, an album or an audiobook the caller may consume (the "
            "entitlement decision of that article); an album or an audiobook is one zip of its tracks or chapters, "
            "each named by its position and title. The file is saved under the item's titles in the caller's "
            "language (Content-Disposition filename and filename*). A credit is spent only with "
            "consume: true (else 409 CONFIRMATION_REQUIRED, nothing spent)",
            "purchases", schema_of<DownloadBody>, schema_of<DownloadDto>,
            {"403 NOT_ENTITLED", "404 ARTICLE_NOT_FOUND", "404 MEDIA_NOT_FOUND", "409 CONFIRMATION_REQUIRED"},
            {{"lang", "the language of the saved file's name (else Accept-Language, else the tenant's)"}}}},
          {"POST /backend/game/download",
           {"A signed, expiring download link of a game the caller may consume, saved as its title (\"<title>.zip\"); "
            "a credit is spent only with "
            "consume: true (else 409 CONFIRMATION_REQUIRED, nothing spent)",
            "purchases", schema_of<DownloadBody>, schema_of<DownloadDto>,
            {"403 NOT_ENTITLED", "404 ARTICLE_NOT_FOUND", "404 DEVICE_NOT_SUPPORTED", "404 MEDIA_NOT_FOUND",
             "409 CONFIRMATION_REQUIRED"},
            {{"lang", "the language of the saved file's name (else Accept-Language, else the tenant's)"}}}},
      });
  routes = http::with_error_data(
      std::move(routes), {http::error_data<payments::InvalidPinData>("INVALID_PIN", "InvalidPinData"),
                          http::error_data<ConfirmationRequiredData>("CONFIRMATION_REQUIRED", "ConfirmationRequiredData"),
                          http::error_data<ChargeData>("PURCHASE_PENDING", "ChargeData"),
                          http::error_data<ChargeData>("INSUFFICIENT_FUNDS", "ChargeData"),
                          http::error_data<ChargeData>("PAYMENT_DECLINED", "ChargeData"),
                          http::error_data<FieldReasonData>("INVALID_REDIRECT", "FieldReasonData"),
                          http::error_data<FieldReasonData>("INVALID_PURCHASE_TOKEN", "FieldReasonData")});
  auto checkout = hosted::card_checkout_routes(
      "/backend/checkout/purchase/{uuid}", deps.i18n, pool,
      [&service](const std::string& uuid) { return service.checkout_view(uuid); },
      [&service](const std::string& uuid, const hosted::CheckoutSubmit& s) { return answered(service.checkout_submit(uuid, s)); });
  for (auto& r : checkout) routes.push_back(std::move(r));
  for (auto& r : hosted::provider_return_routes(
           "/backend/checkout/purchase/return/{uuid}", hosted::kPurchaseReturn, pool,
           [&service](const std::string& uuid, bool cancelled) { return answered(service.checkout_returned(uuid, cancelled)); },
           "the buyer of a single purchase", "purchases", "PURCHASE_NOT_FOUND"))
    routes.push_back(std::move(r));
  return routes;
}

}  // namespace portal::purchases
