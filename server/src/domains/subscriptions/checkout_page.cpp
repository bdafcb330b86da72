// The hosted sandbox checkout: GET shows the plan, the price and the test
// cards in the tenant's colours and the checkout's language; POST (form
// token checked) charges the chosen card and answers 303 to the subscribe
// redirect with the purchase-return parameters. No script runs on the page.
#include <boost/algorithm/string/case_conv.hpp>
#include <boost/url.hpp>

#include "db/blocking.hpp"
#include "domains/identity/credentials.hpp"
#include "domains/identity/hosted_pages.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/subscriptions/subscriptions_routes.hpp"
#include "http/cookies.hpp"
#include "http/html_shell.hpp"

namespace portal::subscriptions {
namespace asio = boost::asio;
namespace urls = boost::urls;
using http::bhttp::field;
using http::escape_html;

namespace {

constexpr std::string_view kCsrfCookie = "portal_csrf";  // shared with the identity pages

constexpr std::string_view kStyle = R"CSS(
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light}
html[data-theme=dark]{color-scheme:dark}
body{margin:0;min-block-size:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem 1rem;
background:var(--color-bg);color:var(--color-text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",sans-serif}
main{inline-size:100%;max-inline-size:30rem;background:var(--color-surface);border:1px solid var(--color-border);
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

std::string replace_all(std::string text, std::string_view key, std::string_view value) {
  for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
  return text;
}

std::string style_safe(std::string_view css) {
  std::string out;
  for (char c : css)
    if (c != '<') out += c;
  return out;
}

struct Page {
  std::shared_ptr<const tenants::Tenant> tenant;
  std::string lang;
  std::string theme;
  std::function<std::string(std::string_view)> t;
  http::Cookies cookies;
  std::string own_origin;
};

Page frame(const RouteDeps& deps, const http::RequestContext& ctx, const CheckoutView& v) {
  Page p;
  p.tenant = v.tenant;
  auto lang = ctx.query("lang");
  p.lang = lang && i18n::is_supported(*lang) ? *lang : v.checkout.lang;
  p.cookies = http::parse_cookies(ctx.req);
  const bool alternate = http::cookie(p.cookies, "alternat_theme") == "1";
  p.theme = (v.tenant->default_theme == "dark") != alternate ? "dark" : "light";
  const std::string site = v.tenant->display_name.empty() ? v.tenant->name : v.tenant->display_name;
  p.t = [&i18n = deps.i18n, lang = p.lang, site](std::string_view key) {
    const std::string full = "hosted." + std::string(key);
    return replace_all(i18n.text(lang, full).value_or(full), "{{site}}", site);
  };
  p.own_origin = identity::own_origin(ctx.req);
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
  const auto& t = *p.tenant;
  const std::string site = t.display_name.empty() ? t.name : t.display_name;
  std::string html = "<!doctype html>\n<html lang=\"" + escape_html(p.lang) + "\" dir=\"" +
                     (p.lang == "ar" ? "rtl" : "ltr") + "\" data-theme=\"" + p.theme + "\"" +
                     (p.theme == "dark" ? " class=\"dark\"" : "") + ">\n<head>";
  html += "<meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  html += "<meta name=\"robots\" content=\"noindex\"><title>" + escape_html(title) + " · " + escape_html(site) + "</title>";
  html += "<style id=\"tenant-colors\">" + style_safe(t.colors) + "</style><style>" + std::string(kStyle) + "</style>";
  if (!t.custom_style.empty()) html += "<link rel=\"stylesheet\" href=\"" + escape_html(t.custom_style) + "\">";
  html += "</head>\n<body>\n<main><div class=\"brand\"><span>" + escape_html(site) + "</span></div>\n" + body;
  return html + "</main>\n</body>\n</html>\n";
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

http::Response html(const http::RequestContext& ctx, http::Status status, std::string body) {
  http::Response res{status, ctx.req.version()};
  res.set(field::content_type, "text/html; charset=utf-8");
  res.set(field::cache_control, "no-store");
  res.set("X-Frame-Options", "DENY");
  res.set("Content-Security-Policy", "frame-ancestors 'none'; script-src 'none'; object-src 'none'; base-uri 'none'");
  res.set("Referrer-Policy", "same-origin");
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

void set_csrf(http::Response& res, const http::RequestContext& ctx, const std::string& token) {
  http::CookieOptions o;
  o.path = "/backend";
  o.same_site = "Strict";
  o.http_only = true;
  auto proto = ctx.req.find("X-Forwarded-Proto");
  o.secure = proto != ctx.req.end() && proto->value() == "https";
  res.set(field::set_cookie, http::set_cookie(std::string(kCsrfCookie), token, o));
}

std::map<std::string, std::string, std::less<>> parse_form(const http::Request& req) {
  std::map<std::string, std::string, std::less<>> form;
  try {
    for (auto p : urls::params_view(req.body(), urls::encoding_opts(true))) form[std::string(p.key)] = std::string(p.value);
  } catch (const std::exception&) {
  }
  return form;
}

std::string message_page(const Page& p, std::string_view title, std::string_view text) {
  return document(p, title, "<h1>" + escape_html(title) + "</h1><p>" + escape_html(text) + "</p>");
}

http::Response not_found_page(const RouteDeps& deps, const http::RequestContext& ctx) {
  http::Response res{http::Status::not_found, ctx.req.version()};
  res.set(field::content_type, "text/html; charset=utf-8");
  res.set(field::cache_control, "no-store");
  const std::string lang = ctx.query("lang").value_or("en");
  auto t = [&](std::string_view key) { return deps.i18n.text(i18n::is_supported(lang) ? lang : "en", "hosted.checkout." + std::string(key)).value_or(""); };
  res.body() = "<!doctype html><html lang=\"" + escape_html(lang) + "\"><meta charset=\"utf-8\"><title>" +
               escape_html(t("notFoundTitle")) + "</title><h1>" + escape_html(t("notFoundTitle")) + "</h1><p>" +
               escape_html(t("notFound")) + "</p></html>";
  res.prepare_payload();
  return res;
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
      co_return html(ctx, http::Status::gone, message_page(p, p.t("checkout.closedTitle"), p.t("checkout.closed")));
    std::string csrf = http::cookie(p.cookies, kCsrfCookie);
    if (csrf.size() != 64) csrf = identity::new_secret();
    const std::string action = "/backend/checkout/" + uuid + "?lang=" + p.lang;
    auto res = html(ctx, http::Status::ok, render_checkout(p, *view, action, csrf, ""));
    set_csrf(res, ctx, csrf);
    co_return res;
  };

  auto submit = [deps](RequestContext& ctx) -> Answer_ {
    const std::string uuid(ctx.param("uuid"));
    auto view = co_await db::offload(deps.db_pool, [&] { return deps.service.checkout_view(uuid); });
    if (!view) co_return not_found_page(deps, ctx);
    ctx.tenant = view->tenant;
    Page p = frame(deps, ctx, *view);
    const auto form = parse_form(ctx.req);
    auto value = [&](std::string_view k) {
      auto it = form.find(k);
      return it == form.end() ? std::string() : it->second;
    };
    const std::string cookie = http::cookie(p.cookies, kCsrfCookie);
    bool trusted = cookie.size() == 64 && value("csrf") == cookie;
    if (auto origin = ctx.req.find(field::origin); trusted && origin != ctx.req.end())
      trusted = boost::algorithm::to_lower_copy(std::string(origin->value())) == boost::algorithm::to_lower_copy(p.own_origin);
    const std::string action = "/backend/checkout/" + uuid + "?lang=" + p.lang;
    if (!trusted) {
      const std::string fresh = cookie.size() == 64 ? cookie : identity::new_secret();
      auto res = html(ctx, http::Status::forbidden, render_checkout(p, *view, action, fresh, p.t("errors.formExpired")));
      set_csrf(res, ctx, fresh);
      co_return res;
    }
    const bool cancel = value("cancel") == "1";
    const std::string card = value("card");
    const std::string lang = p.lang;
    auto where = co_await db::offload(deps.db_pool, [&] { return deps.service.checkout_submit(uuid, card, cancel, lang); });
    if (!where) {
      const std::string message = where.error().code == "INVALID_CARD" ? p.t("checkout.invalidCard") : p.t("errors.title");
      co_return html(ctx, static_cast<http::Status>(where.error().status < 500 ? where.error().status : 400),
                     render_checkout(p, *view, action, cookie, message));
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
