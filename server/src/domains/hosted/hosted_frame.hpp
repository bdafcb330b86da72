#pragma once
// What every server-rendered page of the backend shares (identity's sign-in,
// registration and reset pages, the dev pages, the sandbox checkout): the
// document frame (lang/dir, theme, tenant colours and stylesheet, brand), the
// translated texts below "hosted.", the HTML response headers, and the form
// token (CSRF) with its same-origin check. Each page keeps its own body and
// its own stylesheet; pure string work, every value HTML-escaped here.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "domains/i18n/i18n_service.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/context.hpp"
#include "http/cookies.hpp"

namespace portal::hosted {

// A translated text by key below "hosted." ({{site}} already filled).
using Texts = std::function<std::string(std::string_view key)>;

struct Frame {
  std::string lang = "en";
  std::string dir = "ltr";
  std::string theme = "light";  // the tenant default, or its alternate by the theme cookie
  std::string site;             // tenant display name
  std::string logo;             // image URL, or empty
  std::string colors_css;       // tenant colour variables (light and dark)
  std::string custom_style;     // stylesheet URL, or empty
  std::string nonce;            // the response's CSP nonce, on the inline styles (none when empty)
  std::string icon;             // the tenant's icon URL, or empty
  std::vector<std::string> form_targets;  // CSP sources a form's answer may redirect to, besides 'self'
  std::string head_title;   // the operator's whole tab title for the page (empty: the page's own · site)
  std::string description;  // the operator's <meta name="description"> (empty: none)
};

// The frame of a tenant's page in `lang` (a supported language): direction by
// language, theme by the tenant default and the `alternat_theme` cookie, a
// fresh nonce, and `return_origins` (http::return_origins: the exact origins
// identity::allowed_redirect lets the form's answer go to) as the forms' targets.
Frame frame_for(const tenants::Tenant& tenant, const std::string& lang, const http::Cookies& cookies,
                const std::vector<std::string>& return_origins = {});
// The operator's title and description for the page from settings.<area> (loginMetaData, paymentMetaData;
// docs/tenants.md "The other named settings") in the frame's language.
void use_operator_head(Frame& frame, const tenants::Tenant& tenant, std::string_view area);
// "hosted.<key>" in `lang`, the key itself when missing, {{site}} replaced.
Texts texts_for(const i18n::I18nService& i18n, const std::string& lang, const std::string& site);

// The rules every page starts with (box model, colour scheme, body font and
// colours); a page's own stylesheet follows them.
extern const std::string_view kBaseStyle;
// The whole document: head (title · site, the tenant icon, tenant colours and
// `style` under the frame's nonce, the tenant stylesheet), the brand line,
// then `body` inside <main> (class "wide" if asked).
std::string document(const Frame& frame, std::string_view style, std::string_view title, std::string_view body,
                     bool wide = false);

// An HTML answer: no-store, no framing, no script, styles by the frame's
// nonce, forms to the frame's targets, same-origin referrer (http/security_headers).
http::Response html_response(const http::RequestContext& ctx, http::Status status, const Frame& frame,
                             std::string body);

// ---- the form token (CSRF): a random session value in an HttpOnly
// SameSite=Strict cookie on /backend, and in the form a token signed for that
// session and the form's scope (the tenant) with the server's form key. A
// cross-site page can neither read nor send the pair, and a cookie and field
// made up by someone else do not verify.
inline constexpr std::string_view kCsrfCookie = "portal_csrf";
// The key tokens are signed with (db::shared_secret, so every instance agrees);
// set once at start-up. Until then a random key of this process.
void set_form_key(std::string key);
struct FormToken {
  std::string cookie;  // the session value: the request's when well formed, else fresh
  std::string field;   // the form's hidden "csrf" value (64 hex)
};
FormToken form_token(const http::Cookies& cookies, std::string_view scope);
void set_csrf_cookie(http::Response& res, const http::RequestContext& ctx, const FormToken& token);

using Form = std::map<std::string, std::string, std::less<>>;
// An urlencoded body; a malformed one is an empty form.
Form parse_form(const http::Request& req);
std::string form_value(const Form& form, std::string_view key);
// Same-origin posts only: the form's token is the one signed for its cookie
// and scope, and a browser's Origin header (when sent) is `own_origin`.
bool form_trusted(const http::RequestContext& ctx, const http::Cookies& cookies, const Form& form,
                  std::string_view scope, std::string_view own_origin);

}  // namespace portal::hosted
