#include "domains/hosted/card_checkout.hpp"

#include "core/money_format.hpp"
#include "core/text.hpp"
#include "db/blocking.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "http/cookies.hpp"
#include "http/html_shell.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"

namespace portal::hosted {
namespace asio = boost::asio;
using http::bhttp::field;
using core::escape_html;
using core::replace_all;

namespace {

// The checkout's layout after hosted::kBaseStyle.
constexpr std::string_view kStyle = R"CSS(main{inline-size:100%;max-inline-size:30rem;background:var(--color-surface);border:1px solid var(--color-border);
border-radius:1rem;padding:2rem 1.75rem;box-shadow:0 10px 30px rgb(0 0 0 / .12)}
.brand{display:flex;align-items:center;gap:.75rem;margin-block-end:1.25rem;font-weight:600;color:var(--color-muted)}
.brand img{block-size:2.5rem;inline-size:auto}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem}
.price{font-size:1.25rem;font-weight:700;margin:.25rem 0 1rem}
.item,.amount{unicode-bidi:isolate}
.sandbox{font-size:.85rem;color:var(--color-muted);border:1px dashed var(--color-border);border-radius:.6rem;padding:.5rem .75rem}
fieldset{border:0;padding:0;margin:1rem 0;display:grid;gap:.5rem}
legend{font-weight:600;margin-block-end:.5rem}
label.card{display:flex;gap:.75rem;align-items:center;border:1px solid var(--color-border);border-radius:.6rem;padding:.6rem .8rem;cursor:pointer;background:var(--color-bg)}
label.card:has(input:checked){border-color:var(--color-primary)}
.num{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;direction:ltr;unicode-bidi:isolate}
.what{color:var(--color-muted);font-size:.875rem;margin-inline-start:auto}
button{font:inherit;font-weight:600;cursor:pointer;border:0;border-radius:.6rem;padding:.8rem 1rem;inline-size:100%;
background:var(--color-primary);color:var(--color-primary-contrast)}
button.secondary{background:transparent;color:var(--color-primary);border:1px solid var(--color-border);margin-block-start:.5rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--color-accent);outline-offset:2px}
.alert{border:1px solid currentColor;border-radius:.6rem;padding:.7rem .85rem;margin-block:1rem 0;color:#b42318;background:rgb(180 35 24 / .08)}
html[data-theme=dark] .alert{color:#fda29b;background:rgb(253 162 155 / .1)}
)CSS";

struct Page {
  Frame frame;
  Texts t;
  http::Cookies cookies;
};

Page page_for(const i18n::I18nService& i18n, const http::RequestContext& ctx, const CheckoutPageView& v) {
  Page p;
  auto lang = ctx.query("lang");
  p.cookies = http::parse_cookies(ctx.req);
  auto targets = http::return_origins(*v.tenant, ctx);
  if (!v.provider_origin.empty()) targets.push_back(v.provider_origin);  // the form's answer sends the payer there
  p.frame = frame_for(*v.tenant, lang && i18n::is_supported(*lang) && tenants::offers_language(*v.tenant, *lang) ? *lang : v.lang, p.cookies,
                      targets);
  use_operator_head(p.frame, *v.tenant, "paymentMetaData");
  p.t = texts_for(i18n, p.frame.lang, p.frame.site);
  return p;
}

// A price inside a sentence: isolated in its own direction (FSI…PDI: "€0.99" left to right, an Arabic "‏٠٫٩٩ €" right
// to left, as the storefront shows it), so a button keeps its order in either language.
std::string isolated(const std::string& price) { return "\u2068" + price + "\u2069"; }

std::string render(const Page& p, const CheckoutPageView& v, const std::string& action, const std::string& csrf,
                   const std::string& error) {
  auto& t = p.t;
  const std::string price = price_text(*v.tenant, v.amount, p.frame.lang);
  std::string body = "<h1>" + escape_html(t("checkout.title")) + "</h1>";
  body += "<p>" + replace_all(escape_html(t(v.renewal ? "checkout.introRenewal" : v.subscription ? "checkout.intro" : "checkout.introPurchase")), "{{plan}}", "<span class=\"item\">" + escape_html(v.item) + "</span>") + "</p>";
  body += "<p class=\"price\" id=\"price\"><span class=\"amount\">" + escape_html(price) + "</span>";
  if (!v.price_suffix.empty()) body += " <small>" + escape_html(v.price_suffix) + "</small>";
  body += "</p>";
  if (!v.provider_page || v.test_mode)
    body += "<p class=\"sandbox\">" + escape_html(t(v.provider_page ? "checkout.stripeTest" : "checkout.sandbox")) + "</p>";
  if (!error.empty()) body += "<p class=\"alert\" role=\"alert\" id=\"form-error\">" + escape_html(error) + "</p>";
  const std::string token = "<input type=\"hidden\" name=\"csrf\" value=\"" + escape_html(csrf) + "\">";
  body += "<form method=\"post\" action=\"" + escape_html(action) + "\">" + token;
  if (v.provider_page) {
    body += "<p>" + escape_html(t("checkout.stripeNote")) + "</p><button type=\"submit\">" +
            escape_html(replace_all(t("checkout.continue"), "{{price}}", isolated(price))) + "</button></form>";
  } else {
    body += "<fieldset><legend>" + escape_html(t("checkout.testCards")) + "</legend>";
    bool first = true;
    for (const auto& card : v.test_cards) {
      std::string digits;
      for (char c : card.number)
        if (c != ' ') digits += c;
      body += "<label class=\"card\"><input type=\"radio\" name=\"card\" value=\"" + digits + "\"" +
              (first ? " checked" : "") + "><span class=\"num\">" + escape_html(card.number) +
              "</span><span class=\"what\">" + escape_html(t("checkout.outcome." + card.outcome)) + "</span></label>";
      first = false;
    }
    body += "</fieldset><button type=\"submit\">" + escape_html(replace_all(t("checkout.pay"), "{{price}}", isolated(price))) +
            "</button></form>";
  }
  body += "<form method=\"post\" action=\"" + escape_html(action) + "\">" + token +
          "<input type=\"hidden\" name=\"cancel\" value=\"1\"><button class=\"secondary\" type=\"submit\">" +
          escape_html(t("checkout.cancel")) + "</button></form>";
  return document(p.frame, kStyle, t("checkout.title"), body);
}

// No checkout, so no tenant: a bare page without styles, under the same headers.
http::Response not_found_page(const i18n::I18nService& i18n, const http::RequestContext& ctx) {
  const std::string q = ctx.query("lang").value_or("en");
  const std::string lang = i18n::is_supported(q) ? q : "en";
  auto t = [&](std::string_view key) { return i18n.text(lang, "hosted.checkout." + std::string(key)).value_or(""); };
  return html_response(ctx, http::Status::not_found, Frame{},
                       "<!doctype html><html lang=\"" + lang + "\"><meta charset=\"utf-8\"><title>" +
                           escape_html(t("notFoundTitle")) + "</title><h1>" + escape_html(t("notFoundTitle")) +
                           "</h1><p>" + escape_html(t("notFound")) + "</p></html>");
}

std::string action_of(const std::string& pattern, const std::string& uuid, const std::string& lang) {
  return replace_all(pattern, "{uuid}", uuid) + "?lang=" + lang;
}

}  // namespace

std::string price_text(const tenants::Tenant& tenant, const payments::Money& m, std::string_view lang) {
  int decimals = 2;
  if (auto* pf = tenant.settings.if_contains("priceFormat"); pf && pf->is_object())
    if (auto* d = pf->as_object().if_contains("decimals"); d && d->is_int64()) decimals = static_cast<int>(d->as_int64());
  return core::format_money(lang, m.amount, m.currency, decimals);
}

std::vector<http::Route> card_checkout_routes(std::string pattern, const i18n::I18nService& i18n,
                                              asio::thread_pool& db_pool, CheckoutViewCall view,
                                              CheckoutSubmitCall submit) {
  using Answer = asio::awaitable<http::Response>;
  auto show = [&i18n, &db_pool, view, pattern](http::RequestContext& ctx) -> Answer {
    const std::string uuid(ctx.param("uuid"));
    auto v = co_await db::offload(db_pool, [&] { return view(uuid); });
    if (!v) co_return not_found_page(i18n, ctx);
    ctx.tenant = v->tenant;
    Page p = page_for(i18n, ctx, *v);
    if (!v->open)
      co_return html_response(ctx, http::Status::gone, p.frame,
                              document(p.frame, kStyle, p.t("checkout.closedTitle"),
                                       "<h1>" + escape_html(p.t("checkout.closedTitle")) + "</h1><p>" +
                                           escape_html(p.t("checkout.closed")) + "</p>"));
    const auto csrf = form_token(p.cookies, "checkout:" + uuid);
    auto res = html_response(ctx, http::Status::ok, p.frame,
                             render(p, *v, action_of(pattern, uuid, p.frame.lang), csrf.field, ""));
    set_csrf_cookie(res, ctx, csrf);
    co_return res;
  };
  auto post = [&i18n, &db_pool, view, submit, pattern](http::RequestContext& ctx) -> Answer {
    const std::string uuid(ctx.param("uuid"));
    auto v = co_await db::offload(db_pool, [&] { return view(uuid); });
    if (!v) co_return not_found_page(i18n, ctx);
    ctx.tenant = v->tenant;
    Page p = page_for(i18n, ctx, *v);
    const auto form = parse_form(ctx.req);
    const std::string action = action_of(pattern, uuid, p.frame.lang);
    const auto csrf = form_token(p.cookies, "checkout:" + uuid);  // the cookie's, or a fresh one for a 403 page
    if (!form_trusted(ctx, p.cookies, form, "checkout:" + uuid, http::request_origin(ctx))) {
      auto res = html_response(ctx, http::Status::forbidden, p.frame,
                               render(p, *v, action, csrf.field, p.t("errors.formExpired")));
      set_csrf_cookie(res, ctx, csrf);
      co_return res;
    }
    CheckoutSubmit s{form_value(form, "card"), form_value(form, "cancel") == "1", p.frame.lang,
                     http::tenant_origin(*v->tenant, ctx) + "/backend"};
    auto where = co_await db::offload(db_pool, [&] { return submit(uuid, s); });
    if (!where) {
      const std::string message = where.error().code == "INVALID_CARD" ? p.t("checkout.invalidCard") : p.t("errors.title");
      const auto status = static_cast<http::Status>(where.error().status < 500 ? where.error().status : 400);
      co_return html_response(ctx, status, p.frame, render(p, *v, action, csrf.field, message));
    }
    http::Response res{http::Status::see_other, ctx.req.version()};
    res.set(field::location, *where);
    res.set(field::cache_control, "no-store");
    res.prepare_payload();
    co_return res;
  };
  return {{http::Verb::get, pattern, show, http::TenantFrom::none},
          {http::Verb::post, pattern, post, http::TenantFrom::none}};
}

std::vector<http::Route> provider_return_routes(std::string pattern, std::string_view scope, asio::thread_pool& db_pool,
                                                CheckoutReturnedCall returned, std::string what, std::string tag,
                                                std::string not_found) {
  auto back = [&db_pool, returned, scope, not_found](http::RequestContext& ctx) -> asio::awaitable<http::Response> {
    const std::string uuid(ctx.param("uuid"));
    if (!return_state_ok(scope, uuid, ctx.query("state")))
      co_return http::error_response(ctx.req, http::Error::not_found(not_found, "Not found"), ctx.request_id);
    const bool cancelled = ctx.query("cancelled").value_or("") == "1";
    auto where = co_await db::offload(db_pool, [&] { return returned(uuid, cancelled); });
    if (!where) co_return http::error_response(ctx.req, where.error(), ctx.request_id);
    http::Response res{http::Status::see_other, ctx.req.version()};
    res.set(field::location, *where);
    res.set(field::cache_control, "no-store");
    res.prepare_payload();
    co_return res;
  };
  const std::string doc = "GET " + pattern;
  return http::with_docs({{http::Verb::get, pattern, back, http::TenantFrom::none}},
                         {{doc,
                           {"Where a payment provider's own page (Stripe Checkout) sends " + what +
                                " back (with the state the portal gave the provider, else 404): 303 to its redirect with "
                                "the purchase-return parameters of what the provider's "
                                "webhook settled (status 200 paid, 202 pending, 490 declined, 400 PAYMENT_CANCELLED with "
                                "cancelled=1, which declines a payment not made)",
                            std::move(tag), {}, {}, {"404 " + not_found}}}});
}

}  // namespace portal::hosted
