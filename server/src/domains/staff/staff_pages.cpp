#include "domains/staff/staff_pages.hpp"

#include "core/text.hpp"
#include "domains/staff/totp_qr.hpp"
#include "http/html_shell.hpp"

namespace portal::staff {
namespace {

using core::escape_html;

// After hosted::kBaseStyle: colours only through the tenant's variables,
// logical properties only, so Arabic needs no second stylesheet.
constexpr std::string_view kStyle = R"CSS(main{inline-size:100%;max-inline-size:28rem;background:var(--color-surface);
border:1px solid var(--color-border);border-radius:1rem;padding:2rem 1.75rem;box-shadow:0 10px 30px rgb(0 0 0 / .12)}
.brand{display:flex;align-items:center;gap:.75rem;margin-block-end:1.25rem}
.brand img{block-size:2.5rem;inline-size:auto}
.brand span{font-weight:600;color:var(--color-muted)}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem}
p{margin:.5rem 0}
.intro{color:var(--color-muted)}
form{display:grid;gap:1rem;margin-block-start:1.25rem}
.field{display:grid;gap:.35rem}
label{font-weight:600;font-size:.925rem}
input{font:inherit;color:var(--color-text);background:var(--color-bg);border:1px solid var(--color-border);
border-radius:.6rem;padding:.7rem .85rem;inline-size:100%}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--color-accent);outline-offset:2px}
.hint{font-size:.85rem;color:var(--color-muted)}
.qr{inline-size:12rem;block-size:12rem;border:1px solid var(--color-border);border-radius:.6rem}
.secret{font-family:ui-monospace,monospace;font-size:1.05rem;letter-spacing:.08em;direction:ltr;unicode-bidi:isolate;
word-break:break-all;background:var(--color-bg);border:1px dashed var(--color-border);border-radius:.6rem;padding:.7rem .85rem}
button{font:inherit;font-weight:600;cursor:pointer;border:0;border-radius:.6rem;padding:.8rem 1rem;
background:var(--color-primary);color:var(--color-primary-contrast)}
button:hover{filter:brightness(1.08)}
a{color:var(--color-primary);text-underline-offset:.2em;word-break:break-all}
.alert{border:1px solid currentColor;border-radius:.6rem;padding:.7rem .85rem;margin-block:1rem 0;
color:#b42318;background:rgb(180 35 24 / .08)}
html[data-theme=dark] .alert{color:#fda29b;background:rgb(253 162 155 / .1)}
)CSS";

std::string alert(const std::string& error) {
  return error.empty() ? "" : "<p class=\"alert\" role=\"alert\" id=\"form-error\">" + escape_html(error) + "</p>";
}

struct Field {
  std::string_view id;
  std::string_view type;
  std::string_view autocomplete;
  std::string label;
  std::string value = {};
  std::string hint = {};
  std::string_view extra = {};  // further attributes
};

std::string field(const Field& f, bool invalid) {
  std::string out = "<div class=\"field\"><label for=\"" + std::string(f.id) + "\">" + escape_html(f.label) + "</label>";
  out += "<input id=\"" + std::string(f.id) + "\" name=\"" + std::string(f.id) + "\" type=\"" + std::string(f.type) +
         "\" autocomplete=\"" + std::string(f.autocomplete) + "\" required";
  if (!f.extra.empty()) out += " " + std::string(f.extra);
  if (!f.value.empty()) out += " value=\"" + escape_html(f.value) + "\"";
  if (invalid) out += " aria-invalid=\"true\" aria-describedby=\"form-error\"";
  else if (!f.hint.empty()) out += " aria-describedby=\"" + std::string(f.id) + "-hint\"";
  out += ">";
  if (!f.hint.empty())
    out += "<span class=\"hint\" id=\"" + std::string(f.id) + "-hint\">" + escape_html(f.hint) + "</span>";
  return out + "</div>";
}

constexpr std::string_view kCodeAttributes =
    "inputmode=\"numeric\" pattern=\"[0-9]{6}\" maxlength=\"6\" dir=\"ltr\"";

std::string form_open(const std::string& action, const std::string& csrf) {
  return "<form method=\"post\" action=\"" + escape_html(action) + "\" novalidate>"
         "<input type=\"hidden\" name=\"csrf\" value=\"" + escape_html(csrf) + "\">";
}

}  // namespace

std::string render_staff_login(const hosted::Frame& frame, const LoginPage& p, const hosted::Texts& t) {
  const bool invalid = !p.error.empty();
  std::string body = "<h1>" + escape_html(t("staff.signInTitle")) + "</h1><p class=\"intro\">" +
                     escape_html(t("staff.signInIntro")) + "</p>" + alert(p.error) + form_open(p.action, p.csrf);
  body += field({"email", "email", "username", t("staff.email"), p.email, {},
                 "inputmode=\"email\" spellcheck=\"false\" autocapitalize=\"none\" autofocus"},
                invalid);
  body += field({"password", "password", "current-password", t("staff.password")}, invalid);
  body += field({"totp", "text", "one-time-code", t("staff.totp"), {}, t("staff.totpHint"), kCodeAttributes}, invalid);
  body += "<button type=\"submit\">" + escape_html(t("staff.signInButton")) + "</button></form>";
  if (!p.forgot_url.empty())
    body += "<p><a href=\"" + escape_html(p.forgot_url) + "\">" + escape_html(t("staff.forgotLink")) + "</a></p>";
  return hosted::document(frame, kStyle, t("staff.signInTitle"), body);
}

std::string render_staff_forgot(const hosted::Frame& frame, const ForgotPage& p, const hosted::Texts& t) {
  const bool invalid = !p.error.empty();
  std::string body = "<h1>" + escape_html(t("staff.forgotTitle")) + "</h1><p class=\"intro\">" +
                     escape_html(t("staff.forgotIntro")) + "</p>" + alert(p.error) + form_open(p.action, p.csrf);
  body += field({"email", "email", "username", t("staff.email"), p.email, {},
                 "inputmode=\"email\" spellcheck=\"false\" autocapitalize=\"none\" autofocus"},
                invalid);
  body += "<button type=\"submit\">" + escape_html(t("staff.forgotButton")) + "</button></form>";
  body += "<p><a href=\"" + escape_html(p.login_url) + "\">" + escape_html(t("staff.toSignIn")) + "</a></p>";
  return hosted::document(frame, kStyle, t("staff.forgotTitle"), body);
}

std::string render_staff_reset(const hosted::Frame& frame, const ResetPage& p, const hosted::Texts& t) {
  const bool invalid = !p.error.empty();
  std::string body = "<h1>" + escape_html(t("staff.resetTitle")) + "</h1><p class=\"intro\">" +
                     escape_html(t("staff.resetIntro")) + "</p>" + alert(p.error) + form_open(p.action, p.csrf);
  body += "<input type=\"hidden\" name=\"reset\" value=\"" + escape_html(p.reset) + "\">";
  body += field({"password", "password", "new-password", t("staff.password"), {}, t("staff.passwordHint"),
                 "minlength=\"10\" maxlength=\"128\" autofocus"},
                invalid);
  body += field({"password2", "password", "new-password", t("staff.passwordAgain")}, invalid);
  body += "<button type=\"submit\">" + escape_html(t("staff.resetButton")) + "</button></form>";
  return hosted::document(frame, kStyle, t("staff.resetTitle"), body);
}

std::string render_staff_enrol(const hosted::Frame& frame, const EnrolPage& p, const hosted::Texts& t) {
  const bool invalid = !p.error.empty();
  std::string intro = core::replace_all(t("staff.enrolIntro"), "{{role}}", p.role);
  std::string body = "<h1>" + escape_html(t("staff.enrolTitle")) + "</h1><p class=\"intro\">" + escape_html(intro) +
                     "</p>" + alert(p.error) + form_open(p.action, p.csrf);
  body += "<input type=\"hidden\" name=\"invitation\" value=\"" + escape_html(p.invitation) + "\">";
  body += field({"email", "email", "username", t("staff.email"), p.email, {}, "readonly"}, false);
  body += field({"password", "password", "new-password", t("staff.password"), {}, t("staff.passwordHint"),
                 "minlength=\"10\" maxlength=\"128\""},
                invalid);
  body += field({"password2", "password", "new-password", t("staff.passwordAgain")}, invalid);
  body += "<div class=\"field\"><span id=\"secret-label\"><strong>" + escape_html(t("staff.secretLabel")) +
          "</strong></span><p class=\"hint\">" + escape_html(t("staff.secretHint")) + "</p>" +
          qr_svg(p.otpauth_uri, t("staff.qrLabel")) + "<p class=\"secret\" aria-labelledby=\"secret-label\">" + escape_html(p.secret) + "</p><a href=\"" +
          escape_html(p.otpauth_uri) + "\">" + escape_html(t("staff.uriLink")) + "</a></div>";
  body += field({"totp", "text", "one-time-code", t("staff.totp"), {}, t("staff.totpHint"), kCodeAttributes}, invalid);
  body += "<button type=\"submit\">" + escape_html(t("staff.enrolButton")) + "</button></form>";
  return hosted::document(frame, kStyle, t("staff.enrolTitle"), body);
}

std::string render_staff_message(const hosted::Frame& frame, const std::string& title, const std::string& message,
                                 const std::string& link_url, const std::string& link_text) {
  std::string body = "<h1>" + escape_html(title) + "</h1><p>" + escape_html(message) + "</p>";
  if (!link_url.empty()) body += "<p><a href=\"" + escape_html(link_url) + "\">" + escape_html(link_text) + "</a></p>";
  return hosted::document(frame, kStyle, title, body);
}

}  // namespace portal::staff
