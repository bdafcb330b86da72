#pragma once
// The server-rendered pages of identity: sign-in, registration, "forgot my
// password", a message page (bad link, mail sent), and the dev pages (mail
// outbox, simulated operator network). Pure string rendering: every value
// is HTML-escaped here, texts come translated from the caller, colours are
// the tenant's CSS variables, no script runs on these pages.
#include <string>
#include <string_view>
#include <vector>

#include "domains/hosted/hosted_frame.hpp"
#include "domains/identity/mailer.hpp"

namespace portal::identity {

// The frame and texts are the ones every hosted page shares (domains/hosted).
using Texts = hosted::Texts;
using PageFrame = hosted::Frame;

struct FormPage {
  std::string action;    // the form's target (the page's own URL)
  std::string csrf;      // the form token, also in the page's cookie
  std::string error;     // translated message shown above the form, or empty
  std::string notice;    // translated confirmation, or empty
  std::string email;     // kept after a failed attempt (never the password)
  std::string name;
  std::string last_name;
  std::string login_url;
  std::string register_url;
  std::string forgot_url;
  std::string token;     // a confirmation page's link token (hidden field)
};

std::string render_login(const PageFrame& frame, const FormPage& page, const Texts& t);
// With a notice, the page says only that (and links back to sign-in): a
// registration answers "check your mail" whether the e-mail had an account.
std::string render_register(const PageFrame& frame, const FormPage& page, const Texts& t);
// A mailed link's landing: a title, an intro and one button that posts the
// token back (a link scanner's GET changes nothing).
struct ConfirmTexts {
  std::string title;
  std::string intro;
  std::string button;
};
std::string render_confirm(const PageFrame& frame, const FormPage& page, const ConfirmTexts& texts);
// A titled confirmation (not an error) with an optional link.
std::string render_done(const PageFrame& frame, std::string_view title, std::string_view message,
                        std::string_view link_url = {}, std::string_view link_text = {});
std::string render_forgot(const PageFrame& frame, const FormPage& page, const Texts& t);
// A titled message with an optional link (e.g. a rejected redirect URL).
std::string render_message(const PageFrame& frame, std::string_view title, std::string_view message,
                           std::string_view link_url = {}, std::string_view link_text = {});
// The sign-in by the operator's network when it could not recognise the device (off its mobile network): the
// number to send the operator's code to (`code_to` empty), then the code sent to `code_to`.
struct NetworkCodePage {
  std::string action;
  std::string csrf;
  std::string state;     // the attempt (hidden field)
  std::string error;     // translated, or empty
  std::string msisdn;    // kept after a refused number
  std::string code_to;   // the number the code went to, as shown ("+966 50 123 4567")
  std::string other_url; // sign in another way (e-mail)
};
std::string render_network_code(const PageFrame& frame, const NetworkCodePage& page, const Texts& t);
// Dev stage only: the recent mails of a tenant, links clickable.
std::string render_outbox(const PageFrame& frame, const std::vector<OutboxMail>& mails);
// Dev stage only: the operator network's form (MSISDN -> provider cookie); with `sign_in` the form carries
// signIn=1 on (the page then goes on to the hosted sign-in rather than straight back).
std::string render_operator(const PageFrame& frame, std::string_view action, std::string_view redirect_url,
                            std::string_view cookie_name, bool sign_in, const Texts& t);

}  // namespace portal::identity
