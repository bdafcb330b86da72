#include "app/no_tenant_page.hpp"

#include "core/languages.hpp"
#include "core/text.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "http/security_headers.hpp"

namespace portal::app {

namespace {

constexpr std::string_view kStyle =
    "pre{direction:ltr;text-align:left;white-space:pre-wrap;overflow-wrap:anywhere;padding:.75rem;border-radius:.5rem;"
    "background:color-mix(in srgb,currentColor 8%,transparent);font-size:.9rem}"
    "code{direction:ltr;unicode-bidi:isolate}";

// The commands as an operator types them (never translated): the names in capitals are theirs to choose.
constexpr std::string_view kCreate = "portal tenant create NAME --host HOST --public-origin https://HOST";
constexpr std::string_view kInvite =
    "portal staff invite --tenant NAME --email EMAIL --role owner --base-url https://HOST";

}  // namespace

http::Response no_tenant_page(const http::RequestContext& ctx, const i18n::I18nService& i18n) {
  const auto accept = ctx.req.find(http::bhttp::field::accept_language);
  const std::string lang =
      accept == ctx.req.end() ? "en" : core::accept_language_choice(accept->value()).value_or("en");
  hosted::Frame frame;
  frame.lang = lang;
  frame.dir = lang == "ar" ? "rtl" : "ltr";
  frame.site = "Portal";
  frame.nonce = http::csp_nonce();
  const auto t = hosted::texts_for(i18n, lang, frame.site);
  const auto command = [](std::string_view text) { return "<pre><code>" + core::escape_html(text) + "</code></pre>\n"; };
  std::string body = "<h1>" + core::escape_html(t("noTenant.title")) + "</h1>\n";
  body += "<p>" + core::escape_html(t("noTenant.lead")) + "</p>\n";
  body += "<p>" + core::escape_html(t("noTenant.createStep")) + "</p>\n" + command(kCreate);
  body += "<p>" + core::escape_html(t("noTenant.inviteStep")) + "</p>\n" + command(kInvite);
  body += "<p>" + core::escape_html(t("noTenant.asService")) + "</p>\n";
  body += "<p>" + core::escape_html(t("noTenant.soon")) + "</p>\n";
  auto res = hosted::html_response(ctx, http::Status::service_unavailable, frame,
                                   hosted::document(frame, kStyle, t("noTenant.title"), body, true));
  res.set(http::bhttp::field::retry_after, "10");
  return res;
}

}  // namespace portal::app
