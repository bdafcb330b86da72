#include "domains/hosted/hosted_frame.hpp"

#include <algorithm>
#include <boost/url.hpp>
#include <mutex>

#include "core/crypto.hpp"
#include "core/shared_key.hpp"
#include "core/ids.hpp"
#include "core/text.hpp"
#include "domains/tenants/settings_entries.hpp"
#include "domains/tenants/tenants_service.hpp"
#include "http/html_shell.hpp"
#include "http/security_headers.hpp"
#include "http/utf8.hpp"

namespace portal::hosted {
namespace urls = boost::urls;
using http::bhttp::field;
using core::escape_html;

namespace {

// The tenant's colour text was validated at seed; a '<' still could never close <style>.
std::string style_safe(std::string_view css) {
  std::string out;
  for (char c : css)
    if (c != '<') out += c;
  return out;
}

}  // namespace

const std::string_view kBaseStyle = R"CSS(
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light}
html[data-theme=dark]{color-scheme:dark}
body{margin:0;min-block-size:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem 1rem;
background:var(--color-bg);color:var(--color-text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",sans-serif}
)CSS";

Frame frame_for(const tenants::Tenant& t, const std::string& lang, const http::Cookies& cookies,
                const std::vector<std::string>& return_origins) {
  Frame f;
  const bool alternate = http::cookie(cookies, "alternat_theme") == "1";
  f.lang = lang;
  f.dir = lang == "ar" ? "rtl" : "ltr";
  f.theme = (t.default_theme == "dark") != alternate ? "dark" : "light";
  f.site = t.site_name();
  f.colors_css = t.colors;
  f.custom_style = t.custom_style;
  if (auto* images = t.settings.if_contains("images"); images && images->is_object())
    if (auto* logo = images->as_object().if_contains("logo"); logo && logo->is_string())
      f.logo = std::string(logo->as_string());
  f.icon = tenants::icon_url(t);
  f.nonce = http::csp_nonce();
  // Chromium applies form-action to the redirect a form's answer makes: the
  // origins a redirect may go to, each with its port, no wildcard.
  for (const auto& allowed : return_origins)
    if (auto origin = http::csp_origin(allowed); !origin.empty() &&
        std::find(f.form_targets.begin(), f.form_targets.end(), origin) == f.form_targets.end())
      f.form_targets.push_back(std::move(origin));
  return f;
}

void use_operator_head(Frame& frame, const tenants::Tenant& tenant, std::string_view area) {
  frame.head_title = tenants::settings_text(tenant, {area, "title"}, frame.lang);
  frame.description = tenants::settings_text(tenant, {area, "description"}, frame.lang);
}

Texts texts_for(const i18n::I18nService& i18n, const std::string& lang, const std::string& site) {
  return [&i18n, lang, site](std::string_view key) {
    const std::string full = "hosted." + std::string(key);
    return core::replace_all(i18n.text(lang, full).value_or(full), "{{site}}", site);
  };
}

std::string document(const Frame& f, std::string_view style, std::string_view title, std::string_view body,
                     bool wide) {
  std::string html;
  html.reserve(8192);
  html += "<!doctype html>\n<html lang=\"" + escape_html(f.lang) + "\" dir=\"" + escape_html(f.dir) +
          "\" data-theme=\"" + escape_html(f.theme) + "\"" + (f.theme == "dark" ? " class=\"dark\"" : "") + ">\n<head>";
  html += "<meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  html += "<meta name=\"robots\" content=\"noindex\">";
  html += "<title>" + (f.head_title.empty() ? escape_html(title) + " · " + escape_html(f.site) : escape_html(f.head_title)) +
          "</title>";
  if (!f.description.empty()) html += "<meta name=\"description\" content=\"" + escape_html(f.description) + "\">";
  if (!f.icon.empty()) html += "<link rel=\"icon\" href=\"" + escape_html(f.icon) + "\">";
  const std::string nonce = f.nonce.empty() ? "" : " nonce=\"" + escape_html(f.nonce) + "\"";
  html += "<style id=\"tenant-colors\"" + nonce + ">" + style_safe(f.colors_css) + "</style>";
  html += "<style" + nonce + ">";
  html += kBaseStyle;
  html += style;
  html += "</style>";
  if (!f.custom_style.empty()) html += "<link rel=\"stylesheet\" href=\"" + escape_html(f.custom_style) + "\">";
  html += "</head>\n<body>\n<main" + std::string(wide ? " class=\"wide\"" : "") + ">";
  html += "<div class=\"brand\">";
  if (!f.logo.empty()) html += "<img src=\"" + escape_html(f.logo) + "\" alt=\"\">";
  html += "<span>" + escape_html(f.site) + "</span></div>\n";
  html += body;
  html += "</main>\n</body>\n</html>\n";
  return html;
}

http::Response html_response(const http::RequestContext& ctx, http::Status status, const Frame& frame,
                             std::string body) {
  http::Response res{status, ctx.req.version()};
  res.set(field::content_type, "text/html; charset=utf-8");
  res.set(field::cache_control, "no-store");
  res.set("X-Frame-Options", "DENY");
  std::vector<std::string> style_origins;
  if (auto origin = http::csp_origin(frame.custom_style); !origin.empty()) style_origins.push_back(std::move(origin));
  // The pages carry the redirect address and the form token in their URLs: no referrer leaves the site.
  http::set_document_headers(res, http::hosted_policy(frame.nonce, frame.form_targets, style_origins), "same-origin");
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

namespace {
core::SharedKey& form_key() {
  static core::SharedKey key;  // until set_form_key: one process's own key
  return key;
}
std::string signed_field(std::string_view session, std::string_view scope) {
  std::string text = "form|";
  text.append(scope).append("|").append(session);
  return core::hmac_sha256_hex(form_key().get(), text);
}
}  // namespace

void set_form_key(std::string key) { form_key().set(std::move(key)); }

FormToken form_token(const http::Cookies& cookies, std::string_view scope) {
  std::string session = http::cookie(cookies, kCsrfCookie);
  if (session.size() != 64) session = core::random_hex(32);
  std::string field = signed_field(session, scope);
  return {std::move(session), std::move(field)};
}

void set_csrf_cookie(http::Response& res, const http::RequestContext& ctx, const FormToken& token) {
  http::CookieOptions o;
  o.path = "/backend";
  o.same_site = "Strict";
  o.http_only = true;
  o.secure = ctx.secure;
  res.set(field::set_cookie, http::set_cookie(std::string(kCsrfCookie), token.cookie, o));
}

Form parse_form(const http::Request& req) {
  Form form;
  try {
    // Decoded fields are echoed into the page (the e-mail typed): valid UTF-8 only (http/utf8.hpp).
    for (auto p : urls::params_view(req.body(), urls::encoding_opts(true)))
      form[http::valid_utf8(p.key)] = http::valid_utf8(p.value);
  } catch (const std::exception&) {
    // A malformed body is an empty form: the page says what is missing.
  }
  return form;
}

std::string form_value(const Form& form, std::string_view key) {
  auto it = form.find(key);
  return it == form.end() ? std::string() : it->second;
}

bool form_trusted(const http::RequestContext& ctx, const http::Cookies& cookies, const Form& form,
                  std::string_view scope, std::string_view own_origin) {
  const std::string session = http::cookie(cookies, kCsrfCookie);
  if (session.size() != 64 || !core::equal_constant_time(form_value(form, "csrf"), signed_field(session, scope)))
    return false;
  auto origin = ctx.req.find(field::origin);
  if (origin == ctx.req.end()) return true;
  return core::lower(origin->value()) ==
         core::lower(own_origin);
}

}  // namespace portal::hosted
