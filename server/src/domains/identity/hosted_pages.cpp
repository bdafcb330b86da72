#include "domains/identity/hosted_pages.hpp"

#include "core/text.hpp"
#include "http/html_shell.hpp"

namespace portal::identity {
namespace {

using core::escape_html;
using core::replace_all;

// Layout and look after hosted::kBaseStyle; colours only through the tenant's
// variables, logical properties only, so Arabic needs no second stylesheet.
constexpr std::string_view kStyle = R"CSS(main{inline-size:100%;max-inline-size:26rem;background:var(--color-surface);border:1px solid var(--color-border);
border-radius:1rem;padding:2rem 1.75rem;box-shadow:0 10px 30px rgb(0 0 0 / .12)}
main.wide{max-inline-size:52rem}
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
button{font:inherit;font-weight:600;cursor:pointer;border:0;border-radius:.6rem;padding:.8rem 1rem;
background:var(--color-primary);color:var(--color-primary-contrast)}
button:hover{filter:brightness(1.08)}
a{color:var(--color-primary);text-underline-offset:.2em}
.alert{border:1px solid currentColor;border-radius:.6rem;padding:.7rem .85rem;margin-block:1rem 0;
color:#b42318;background:rgb(180 35 24 / .08)}
html[data-theme=dark] .alert{color:#fda29b;background:rgb(253 162 155 / .1)}
.notice{border:1px solid var(--color-border);border-radius:.6rem;padding:.7rem .85rem;margin-block:1rem 0;background:var(--color-bg)}
.links{display:grid;gap:.35rem;margin-block-start:1.25rem;font-size:.95rem}
.mail{border-block-start:1px solid var(--color-border);padding-block:1rem}
.mail pre{white-space:pre-wrap;word-break:break-word;font:inherit;background:var(--color-bg);padding:.75rem;border-radius:.5rem}
.meta{color:var(--color-muted);font-size:.85rem}
)CSS";

std::string page(const PageFrame& f, std::string_view title, const std::string& body, bool wide = false) {
  return hosted::document(f, kStyle, title, body, wide);
}

std::string alerts(const FormPage& p) {
  std::string out;
  if (!p.error.empty()) out += "<p class=\"alert\" role=\"alert\" id=\"form-error\">" + escape_html(p.error) + "</p>";
  if (!p.notice.empty()) out += "<p class=\"notice\" role=\"status\">" + escape_html(p.notice) + "</p>";
  return out;
}

std::string form_open(const FormPage& p) {
  return "<form method=\"post\" action=\"" + escape_html(p.action) + "\" novalidate>"
         "<input type=\"hidden\" name=\"csrf\" value=\"" + escape_html(p.csrf) + "\">";
}

struct Field {
  std::string_view id;
  std::string_view type;
  std::string_view autocomplete;
  std::string label;
  std::string value;
  std::string hint;
  bool autofocus = false;
};

std::string field(const Field& f, bool invalid) {
  std::string out = "<div class=\"field\"><label for=\"" + std::string(f.id) + "\">" + escape_html(f.label) + "</label>";
  out += "<input id=\"" + std::string(f.id) + "\" name=\"" + std::string(f.id) + "\" type=\"" + std::string(f.type) +
         "\" autocomplete=\"" + std::string(f.autocomplete) + "\" required";
  if (f.type == "email") out += " inputmode=\"email\" spellcheck=\"false\" autocapitalize=\"none\"";
  if (!f.value.empty()) out += " value=\"" + escape_html(f.value) + "\"";
  if (f.autofocus) out += " autofocus";
  if (invalid) out += " aria-invalid=\"true\" aria-describedby=\"form-error\"";
  else if (!f.hint.empty()) out += " aria-describedby=\"" + std::string(f.id) + "-hint\"";
  out += ">";
  if (!f.hint.empty())
    out += "<span class=\"hint\" id=\"" + std::string(f.id) + "-hint\">" + escape_html(f.hint) + "</span>";
  return out + "</div>";
}

std::string link(std::string_view href, const std::string& text) {
  return "<a href=\"" + escape_html(href) + "\">" + escape_html(text) + "</a>";
}

}  // namespace

std::string render_login(const PageFrame& frame, const FormPage& p, const Texts& t) {
  const bool invalid = !p.error.empty();
  std::string body = "<h1>" + escape_html(t("signInTitle")) + "</h1><p class=\"intro\">" +
                     escape_html(t("signInIntro")) + "</p>" + alerts(p) + form_open(p);
  body += field({"email", "email", "username", t("email"), p.email, {}, p.email.empty()}, invalid);
  body += field({"password", "password", "current-password", t("password"), {}, {}, !p.email.empty()}, invalid);
  body += "<button type=\"submit\">" + escape_html(t("signInButton")) + "</button></form>";
  body += "<div class=\"links\"><p>" + link(p.forgot_url, t("forgotLink")) + "</p><p>" + escape_html(t("noAccount")) +
          " " + link(p.register_url, t("registerLink")) + "</p></div>";
  return page(frame, t("signInTitle"), body);
}

std::string render_register(const PageFrame& frame, const FormPage& p, const Texts& t) {
  if (!p.notice.empty()) {
    std::string body = "<h1>" + escape_html(t("registerSentTitle")) + "</h1>" + alerts(p);
    body += "<div class=\"links\"><p>" + link(p.login_url, t("backToSignIn")) + "</p></div>";
    return page(frame, t("registerSentTitle"), body);
  }
  const bool invalid = !p.error.empty();
  std::string body = "<h1>" + escape_html(t("registerTitle")) + "</h1><p class=\"intro\">" +
                     escape_html(t("registerIntro")) + "</p>" + alerts(p) + form_open(p);
  body += field({"name", "text", "given-name", t("name"), p.name, {}, true}, false);
  body += field({"lastName", "text", "family-name", t("lastName"), p.last_name, {}, false}, false);
  body += field({"email", "email", "email", t("email"), p.email, {}, false}, invalid);
  body += field({"password", "password", "new-password", t("password"), {}, t("passwordHint"), false}, invalid);
  body += "<button type=\"submit\">" + escape_html(t("registerButton")) + "</button></form>";
  body += "<div class=\"links\"><p>" + escape_html(t("haveAccount")) + " " + link(p.login_url, t("signInLink")) +
          "</p></div>";
  return page(frame, t("registerTitle"), body);
}

std::string render_forgot(const PageFrame& frame, const FormPage& p, const Texts& t) {
  std::string body = "<h1>" + escape_html(t("forgotTitle")) + "</h1>";
  if (p.notice.empty()) body += "<p class=\"intro\">" + escape_html(t("forgotIntro")) + "</p>";
  body += alerts(p);
  if (p.notice.empty()) {
    body += form_open(p);
    body += field({"email", "email", "email", t("email"), p.email, {}, true}, !p.error.empty());
    body += "<button type=\"submit\">" + escape_html(t("forgotButton")) + "</button></form>";
  }
  body += "<div class=\"links\"><p>" + link(p.login_url, t("backToSignIn")) + "</p></div>";
  return page(frame, t("forgotTitle"), body);
}

std::string render_confirm(const PageFrame& frame, const FormPage& p, const ConfirmTexts& texts) {
  std::string body = "<h1>" + escape_html(texts.title) + "</h1><p class=\"intro\">" + escape_html(texts.intro) + "</p>" +
                     alerts(p) + form_open(p);
  body += "<input type=\"hidden\" name=\"token\" value=\"" + escape_html(p.token) + "\">";
  body += "<button type=\"submit\">" + escape_html(texts.button) + "</button></form>";
  return page(frame, texts.title, body);
}

std::string render_done(const PageFrame& frame, std::string_view title, std::string_view message,
                        std::string_view link_url, std::string_view link_text) {
  std::string body = "<h1>" + escape_html(title) + "</h1><p class=\"notice\" role=\"status\">" + escape_html(message) + "</p>";
  if (!link_url.empty()) body += "<div class=\"links\"><p>" + link(link_url, std::string(link_text)) + "</p></div>";
  return page(frame, title, body);
}

std::string render_message(const PageFrame& frame, std::string_view title, std::string_view message,
                           std::string_view link_url, std::string_view link_text) {
  std::string body = "<h1>" + escape_html(title) + "</h1><p class=\"alert\" role=\"alert\">" + escape_html(message) + "</p>";
  if (!link_url.empty()) body += "<div class=\"links\"><p>" + link(link_url, std::string(link_text)) + "</p></div>";
  return page(frame, title, body);
}

std::string render_outbox(const PageFrame& frame, const std::vector<OutboxMail>& mails) {
  std::string body = "<h1>Outbox</h1><p class=\"intro\">Mail sent by " + escape_html(frame.site) +
                     " (dev stage only; newest first).</p>";
  if (mails.empty()) body += "<p class=\"notice\">No mail yet.</p>";
  for (const auto& m : mails) {
    body += "<article class=\"mail\"><h2>" + escape_html(m.subject) + "</h2><p class=\"meta\">To " +
            escape_html(m.recipient) + " · " + escape_html(m.created_at);
    if (m.sent_at) body += " · delivered by SMTP " + escape_html(*m.sent_at);
    else if (m.next_attempt_at) body += " · SMTP delivery due " + escape_html(*m.next_attempt_at);
    if (m.attempts > 1 || (m.attempts == 1 && !m.sent_at)) body += " · attempts: " + std::to_string(m.attempts);
    if (m.last_error) body += " · SMTP failed" + std::string(m.next_attempt_at ? "" : " (given up)") + ": " +
                              escape_html(*m.last_error);
    body += "</p><pre>";
    // Links in the body become clickable; everything else stays text.
    std::string_view rest = m.body;
    while (!rest.empty()) {
      auto at = rest.find("http");
      if (at == std::string_view::npos) {
        body += escape_html(rest);
        break;
      }
      body += escape_html(rest.substr(0, at));
      auto end = rest.find_first_of(" \n\r\t", at);
      auto url = rest.substr(at, end == std::string_view::npos ? rest.size() - at : end - at);
      if (url.starts_with("http://") || url.starts_with("https://")) body += link(url, std::string(url));
      else body += escape_html(url);
      rest = rest.substr(at + url.size());
    }
    body += "</pre></article>";
  }
  return page(frame, "Outbox", body, true);
}

std::string render_network_code(const PageFrame& frame, const NetworkCodePage& p, const Texts& t) {
  const bool code_step = !p.code_to.empty();  // the number is isolated left to right (LRI … PDI) in any page
  std::string body = "<h1>" + escape_html(t("networkTitle")) + "</h1><p class=\"intro\">";
  body += code_step ? escape_html(replace_all(t("networkCodeIntro"), "{{number}}", "\xE2\x81\xA6" + p.code_to + "\xE2\x81\xA9"))
                    : escape_html(t("networkOffIntro"));
  body += "</p>";
  if (!p.error.empty()) body += "<p class=\"alert\" role=\"alert\" id=\"form-error\">" + escape_html(p.error) + "</p>";
  body += "<form method=\"post\" action=\"" + escape_html(p.action) + "\" novalidate>";
  body += "<input type=\"hidden\" name=\"csrf\" value=\"" + escape_html(p.csrf) + "\">";
  body += "<input type=\"hidden\" name=\"state\" value=\"" + escape_html(p.state) + "\">";
  if (code_step) {
    body += field({"code", "text", "one-time-code", t("networkCode"), {}, {}, true}, !p.error.empty());
    body += "<button type=\"submit\">" + escape_html(t("networkConfirm")) + "</button></form>";
  } else {
    body += field({"msisdn", "tel", "tel", t("msisdn"), p.msisdn, t("networkMsisdnHint"), true}, !p.error.empty());
    body += "<button type=\"submit\">" + escape_html(t("networkSend")) + "</button></form>";
  }
  if (!p.other_url.empty()) body += "<p>" + link(p.other_url, t("networkOther")) + "</p>";
  return page(frame, t("networkTitle"), body);
}

std::string render_operator(const PageFrame& frame, std::string_view action, std::string_view redirect_url,
                            std::string_view cookie_name, bool sign_in, const Texts& t) {
  std::string body = "<h1>" + escape_html(t("operatorTitle")) + "</h1><p class=\"intro\">" +
                     escape_html(t("operatorIntro")) + " <code>" + escape_html(cookie_name) + "</code></p>";
  body += "<form method=\"get\" action=\"" + escape_html(action) + "\">";
  body += "<input type=\"hidden\" name=\"redirectUrl\" value=\"" + escape_html(redirect_url) + "\">";
  body += "<input type=\"hidden\" name=\"lang\" value=\"" + escape_html(frame.lang) + "\">";
  if (sign_in) body += "<input type=\"hidden\" name=\"signIn\" value=\"1\">";
  body += field({"msisdn", "tel", "tel", t("msisdn"), "+971500000001", {}, true}, false);
  body += "<button type=\"submit\">" + escape_html(t("operatorButton")) + "</button></form>";
  return page(frame, t("operatorTitle"), body);
}

}  // namespace portal::identity
