#include "http/security_headers.hpp"

#include <algorithm>

#include "core/ids.hpp"
#include "core/url.hpp"

namespace portal::http {
namespace {

// A year: browsers then keep to https for the site between visits.
constexpr std::string_view kHsts = "max-age=31536000";


void append_sources(std::string& policy, const std::vector<std::string>& sources) {
  for (const auto& source : sources) {
    policy += ' ';
    policy += source;
  }
}

}  // namespace

std::string csp_nonce() { return core::random_hex(16); }

void set_transport_headers(Response& res, bool secure) {
  res.set("X-Content-Type-Options", "nosniff");
  if (secure) res.set(bhttp::field::strict_transport_security, kHsts);
}

std::string csp_origin(std::string_view text) {
  auto origin = core::strict_origin(text);
  // Host names and IPv4 only: a bracketed IPv6 source is not worth the parsing risk in a policy.
  if (!origin || origin->find('[') != std::string::npos) return {};
  return *origin;
}

std::string page_policy(std::string_view nonce, const PageSources& extra) {
  const std::string n = "'nonce-" + std::string(nonce) + "'";
  std::string p;
  p.reserve(512);
  p += "default-src 'self'";
  // 'self' only counts in browsers that predate 'strict-dynamic' (which ignore it).
  p += "; script-src " + n + " 'strict-dynamic' 'self'";
  append_sources(p, extra.tracking);
  p += "; style-src 'self' " + n;
  append_sources(p, extra.style);
  if (!extra.style.empty()) {
    p += "; font-src 'self'";
    append_sources(p, extra.style);
  }
  p += "; img-src 'self' data: https:";
  append_sources(p, extra.connect);
  // data: for media only: the audio engine (Howler) silences a released
  // element with a tiny data:audio/wav before reusing it; media cannot run script.
  p += "; media-src 'self' data: blob:";
  append_sources(p, extra.connect);
  p += "; connect-src 'self'";
  append_sources(p, extra.connect);
  append_sources(p, extra.tracking);
  p += "; frame-src 'self'";
  append_sources(p, extra.frames);
  p += "; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";
  return p;
}

std::string hosted_policy(std::string_view nonce, const std::vector<std::string>& form_targets,
                          const std::vector<std::string>& style_origins) {
  std::string p;
  p.reserve(384);
  p += "default-src 'none'; style-src 'self'";
  if (!nonce.empty()) p += " 'nonce-" + std::string(nonce) + "'";
  append_sources(p, style_origins);
  if (!style_origins.empty()) {
    p += "; font-src 'self'";
    append_sources(p, style_origins);
  }
  p += "; img-src 'self' data: https:; form-action 'self'";
  append_sources(p, form_targets);
  p += "; frame-ancestors 'none'; base-uri 'none'";
  return p;
}

std::string game_policy(const std::vector<std::string>& frame_ancestors) {
  std::string p;
  p.reserve(384);
  // allow-pointer-lock: games that steer with the mouse. Full screen is the portal's own (the frame's
  // allow="fullscreen" and the game menu); no allow-same-origin, popups, forms, modals or top navigation.
  p += "sandbox allow-scripts allow-pointer-lock";
  p += "; default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' data: blob:";
  p += "; font-src 'self' data:; connect-src 'none'; worker-src 'none'; frame-src 'none'; object-src 'none'";
  p += "; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
  append_sources(p, frame_ancestors);
  return p;
}

void set_document_headers(Response& res, const std::string& policy, std::string_view referrer_policy) {
  res.set("Content-Security-Policy", policy);
  res.set("Referrer-Policy", referrer_policy);
}

}  // namespace portal::http
