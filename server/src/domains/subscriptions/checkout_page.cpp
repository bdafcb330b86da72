// The hosted sandbox checkout: GET shows the plan, the price and the test
// cards in the tenant's colours and the checkout's language; POST (form
// token checked) charges the chosen card and answers 303 to the subscribe
// redirect with the purchase-return parameters. No script runs on the page.
#include "db/blocking.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/subscriptions/subscriptions_routes.hpp"
#include "http/cookies.hpp"
#include "http/origin.hpp"
#include "http/html_shell.hpp"

namespace portal::subscriptions {
namespace asio = boost::asio;
using http::bhttp::field;
using http::escape_html;

namespace {

using hosted::replace_all;

// The checkout's layout after hosted::kBaseStyle.
constexpr std::string_view kStyle = R"CSS(main{inline-size:100%;max-inline-size:30rem;background:var(--color-surface);border:1px solid var(--color-border);
border-radius:1rem;padding:2rem 1.75rem;box-shadow:0 10px 30px rgb(0 0 0 / .12)}
.brand{display:flex;align-items:center;gap:.75rem;margin-block-end:1.25rem;font-weight:600;color:var(--color-muted)}
.brand img{block-size:2.5rem;inline-size:auto}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem}
.price{font-size:1.25rem;font-weight:700;margin:.25rem 0 1rem}
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
a{color:var(--color-primary)}
)CSS";

struct Page {
  std::shared_ptr<const tenants::Tenant> tenant;
  hosted::Frame frame;
  hosted::Texts t;
  http::Cookies cookies;
  std::string request_origin;  // compared with the browser's Origin on submit
};

Page frame(const RouteDeps& deps, const http::RequestContext& ctx, const CheckoutView& v) {
  Page p;
  p.tenant = v.tenant;
  auto lang = ctx.query("lang");
  p.cookies = http::parse_cookies(ctx.req);
  p.frame = hosted::frame_for(*v.tenant, lang && i18n::is_supported(*lang) ? *lang : v.checkout.lang, p.cookies);
  p.t = hosted::texts_for(deps.i18n, p.frame.lang, p.frame.site);
  p.request_origin = http::request_origin(ctx);
  return p;
}

std::string price_text(const tenants::Tenant& t, const payments::Money& m) {
  int decimals = 2;
  if (auto* pf = t.settings.if_contains("priceFormat"); pf && pf->is_object())
    if (auto* d = pf->as_object().if_contains("decimals"); d && d->is_int64()) decimals = static_cast<int>(d->as_int64());
  std::int64_t scale = 1;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  std::string out = std::to_string(m.amount / scale);
  if (decimals > 0) {
    std::string frac = std::to_string(m.amount % scale);
    out += "." + std::string(static_cast<std::size_t>(decimals) - frac.size(), '0') + frac;
  }
  return out + " " + m.currency;
}

std::string document(const Page& p, std::string_view title, const std::string& body) {
  return hosted::document(p.frame, kStyle, title, body);
}

std::string render_checkout(const Page& p, const CheckoutView& v, const std::string& action, const std::string& csrf,
                            const std::string& error) {
  auto& t = p.t;
  std::string cycle = t("checkout.cycle." + v.billing_cycle);
  if (cycle.rfind("hosted.", 0) == 0) cycle = v.billing_cycle;
  std::string body = "<h1>" + escape_html(t("checkout.title")) + "</h1>";
  body += "<p>" + escape_html(replace_all(t("checkout.intro"), "{{plan}}", v.type_name)) + "</p>";
  body += "<p class=\"price\" id=\"price\">" + escape_html(price_text(*p.tenant, v.checkout.amount)) + " <small>" +
          escape_html(cycle) + "</small></p>";
  body += "<p class=\"sandbox\">" + escape_html(t("checkout.sandbox")) + "</p>";
  if (!error.empty()) body += "<p class=\"alert\" role=\"alert\" id=\"form-error\">" + escape_html(error) + "</p>";
  body += "<form method=\"post\" action=\"" + escape_html(action) + "\"><input type=\"hidden\" name=\"csrf\" value=\"" +
          escape_html(csrf) + "\">";
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
  body += "</fieldset><button type=\"submit\">" + escape_html(replace_all(t("checkout.pay"), "{{price}}", price_text(*p.tenant, v.checkout.amount))) +
          "</button></form>";
  body += "<form method=\"post\" action=\"" + escape_html(action) + "\"><input type=\"hidden\" name=\"csrf\" value=\"" +
          escape_html(csrf) + "\"><input type=\"hidden\" name=\"cancel\" value=\"1\"><button class=\"secondary\" type=\"submit\">" +
          escape_html(t("checkout.cancel")) + "</button></form>";
  return document(p, t("checkout.title"), body);
}

std::string message_page(const Page& p, std::string_view title, std::string_view text) {
  return document(p, title, "<h1>" + escape_html(title) + "</h1><p>" + escape_html(text) + "</p>");
}

// No checkout, so no tenant: a bare page without styles, under the same headers.
http::Response not_found_page(const RouteDeps& deps, const http::RequestContext& ctx) {
  const std::string lang = ctx.query("lang").value_or("en");
  auto t = [&](std::string_view key) { return deps.i18n.text(i18n::is_supported(lang) ? lang : "en", "hosted.checkout." + std::string(key)).value_or(""); };
  return hosted::html_response(ctx, http::Status::not_found, hosted::Frame{},
                               "<!doctype html><html lang=\"" + escape_html(lang) + "\"><meta charset=\"utf-8\"><title>" +
                                   escape_html(t("notFoundTitle")) + "</title><h1>" + escape_html(t("notFoundTitle")) +
                                   "</h1><p>" + escape_html(t("notFound")) + "</p></html>");
}

}  // namespace

std::vector<http::Route> checkout_routes(const RouteDeps& deps) {
  using http::RequestContext;
  using Answer_ = asio::awaitable<http::Response>;

  auto show = [deps](RequestContext& ctx) -> Answer_ {
    const std::string uuid(ctx.param("uuid"));
    auto view = co_await db::offload(deps.db_pool, [&] { return deps.service.checkout_view(uuid); });
    if (!view) co_return not_found_page(deps, ctx);
    ctx.tenant = view->tenant;
    Page p = frame(deps, ctx, *view);
    if (view->checkout.status != "OPEN")
      co_return hosted::html_response(ctx, http::Status::gone, p.frame,
                                      message_page(p, p.t("checkout.closedTitle"), p.t("checkout.closed")));
    const auto csrf = hosted::form_token(p.cookies, "checkout:" + uuid);
    const std::string action = "/backend/checkout/" + uuid + "?lang=" + p.frame.lang;
    auto res = hosted::html_response(ctx, http::Status::ok, p.frame, render_checkout(p, *view, action, csrf.field, ""));
    hosted::set_csrf_cookie(res, ctx, csrf);
    co_return res;
  };

  auto submit = [deps](RequestContext& ctx) -> Answer_ {
    const std::string uuid(ctx.param("uuid"));
    auto view = co_await db::offload(deps.db_pool, [&] { return deps.service.checkout_view(uuid); });
    if (!view) co_return not_found_page(deps, ctx);
    ctx.tenant = view->tenant;
    Page p = frame(deps, ctx, *view);
    const auto form = hosted::parse_form(ctx.req);
    const std::string action = "/backend/checkout/" + uuid + "?lang=" + p.frame.lang;
    const auto csrf = hosted::form_token(p.cookies, "checkout:" + uuid);  // the cookie's, or a fresh one for a 403 page
    if (!hosted::form_trusted(ctx, p.cookies, form, "checkout:" + uuid, p.request_origin)) {
      auto res = hosted::html_response(ctx, http::Status::forbidden, p.frame,
                                       render_checkout(p, *view, action, csrf.field, p.t("errors.formExpired")));
      hosted::set_csrf_cookie(res, ctx, csrf);
      co_return res;
    }
    const bool cancel = hosted::form_value(form, "cancel") == "1";
    const std::string card = hosted::form_value(form, "card");
    const std::string lang = p.frame.lang;
    auto where = co_await db::offload(deps.db_pool, [&] { return deps.service.checkout_submit(uuid, card, cancel, lang); });
    if (!where) {
      const std::string message = where.error().code == "INVALID_CARD" ? p.t("checkout.invalidCard") : p.t("errors.title");
      const auto status = static_cast<http::Status>(where.error().status < 500 ? where.error().status : 400);
      co_return hosted::html_response(ctx, status, p.frame, render_checkout(p, *view, action, csrf.field, message));
    }
    http::Response res{http::Status::see_other, ctx.req.version()};
    res.set(field::location, *where);
    res.set(field::cache_control, "no-store");
    res.prepare_payload();
    co_return res;
  };

  return {{http::Verb::get, "/backend/checkout/{uuid}", show, http::TenantFrom::none},
          {http::Verb::post, "/backend/checkout/{uuid}", submit, http::TenantFrom::none}};
}

}  // namespace portal::subscriptions
