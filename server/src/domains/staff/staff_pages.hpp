#pragma once
// The staff realm's server-rendered pages at /admin/login: sign-in (e-mail,
// password, authenticator code), and the first sign-in of an invited member
// (choose a password, enrol the authenticator), a password-reset request and
// the new password of a reset link. Pure string rendering in the
// hosted frame (domains/hosted): every value HTML-escaped, texts translated
// by the caller ("hosted.staff." keys), no script.
#include <string>

#include "domains/hosted/hosted_frame.hpp"

namespace portal::staff {

struct LoginPage {
  std::string action;  // the form's target
  std::string csrf;
  std::string error;   // translated, or empty
  std::string email;   // kept after a failed attempt (never the password or code)
  std::string forgot_url;  // the reset request page
};

struct ForgotPage {
  std::string action;
  std::string csrf;
  std::string error;
  std::string email;
  std::string login_url;
};

struct ResetPage {
  std::string action;
  std::string csrf;
  std::string error;
  std::string reset;  // the link's token (hidden field)
};

struct EnrolPage {
  std::string action;
  std::string csrf;
  std::string error;
  std::string invitation;  // the link's token (hidden field)
  std::string email;
  std::string role;        // translated role name
  std::string secret;      // base32
  std::string otpauth_uri;
};

std::string render_staff_login(const hosted::Frame& frame, const LoginPage& page, const hosted::Texts& t);
std::string render_staff_enrol(const hosted::Frame& frame, const EnrolPage& page, const hosted::Texts& t);
// Ask for a password-reset mail (an e-mail address).
std::string render_staff_forgot(const hosted::Frame& frame, const ForgotPage& page, const hosted::Texts& t);
// Choose a new password (twice) with a reset link.
std::string render_staff_reset(const hosted::Frame& frame, const ResetPage& page, const hosted::Texts& t);
// A titled message with a link (a spent invitation, set-up done).
std::string render_staff_message(const hosted::Frame& frame, const std::string& title, const std::string& message,
                                 const std::string& link_url, const std::string& link_text);

}  // namespace portal::staff
