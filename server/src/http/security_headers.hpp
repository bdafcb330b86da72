#pragma once
// The security headers (docs/security.md, "Security headers and CSP").
// Every answer: nosniff, and HSTS when the browser reached us over TLS.
// Every HTML document: a Content-Security-Policy whose nonce is fresh for
// that response, and a Referrer-Policy. The policies are built here from the
// origins a caller names; an origin from configuration is admitted only in the
// plain form "scheme://host[:port]", so no setting can add or widen a directive.
#include <string>
#include <string_view>
#include <vector>

#include "http/context.hpp"

namespace portal::http {

// 128 bits from the CSPRNG, hex: the nonce of one response.
std::string csp_nonce();

// The placeholder the client build writes wherever the nonce goes (Vite's
// html.cspNonce: its script and link tags and <meta property="csp-nonce">).
inline constexpr std::string_view kNoncePlaceholder = "__PORTAL_CSP_NONCE__";

// nosniff on every answer; Strict-Transport-Security when `secure` (ctx.secure).
void set_transport_headers(Response& res, bool secure);

// "scheme://host[:port]" of an absolute http(s) URL, lower-cased; "" for a
// relative URL or anything that is not safe inside a policy.
std::string csp_origin(std::string_view url);

// What a portal page may load besides its own origin.
struct PageSources {
  std::vector<std::string> connect;  // backend origins (envFile's URLs when on another host)
  std::vector<std::string> style;    // the tenant stylesheet's origin when on another host
  // The tenant's tag manager and its beacons (tenants::tag_manager_origins): scripts and
  // connections, only for a tenant that configured one. The client still loads it only
  // after the visitor's analytics consent (features/analytics).
  std::vector<std::string> tracking;
  // The frames the tenant's ads open (tenants::google_ads_origins), only for a tenant that shows ads; the
  // client loads them only after the visitor's marketing consent.
  std::vector<std::string> frames;
};
// The portal's pages: scripts by nonce ('strict-dynamic' lets them load
// their chunks), styles from our origin or by nonce, images also from data:
// and any https host (catalog artwork), media also from blob: (MSE players),
// frames from our origin only (games), framed by our origin only.
std::string page_policy(std::string_view nonce, const PageSources& extra);

// The hosted pages (sign-in, checkout): no script at all, styles by nonce or
// from our origin, forms sent to our origin or `form_targets` (CSP sources:
// where the form's answer may redirect), never framed. An empty nonce: no inline style.
std::string hosted_policy(std::string_view nonce, const std::vector<std::string>& form_targets,
                          const std::vector<std::string>& style_origins);

// A game's files (HTML5 games an operator supplies, served from our origin
// under /media/…/games/<dir>/): the CSP `sandbox` without allow-same-origin,
// so the game's document runs in an opaque origin, in the dialog's frame and
// in a window of its own alike: no access to the portal's storage (the stored
// tokens), cookies or pages. Scripts, styles, images, media and fonts from our
// origin only, no connections at all (connect-src 'none': it cannot call the
// API, with a token or without), no frames, forms or plugins; framed only by
// `frame_ancestors` ('self' and the tenant's origins). Its scores reach the
// portal page by postMessage, which the page checks and posts itself.
std::string game_policy(const std::vector<std::string>& frame_ancestors);

// Content-Security-Policy and Referrer-Policy of a document.
void set_document_headers(Response& res, const std::string& policy, std::string_view referrer_policy);

}  // namespace portal::http
