#pragma once
// The wire shapes of the identity calls: request bodies (http::read_body) and answers
// (described structs serialised by boost::json::value_from; their JSON Schema documents the calls).
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"

namespace portal::identity {

// Request bodies (http::read_body): the type says what each call takes; the
// service still checks what a type cannot say (empty, length, format).
struct CodeExchangeBody {
  std::string code;
  std::string redirectUrl;
};
BOOST_DESCRIBE_STRUCT(CodeExchangeBody, (), (code, redirectUrl))
struct SignInBody {
  std::string email;
  std::string password;
};
BOOST_DESCRIBE_STRUCT(SignInBody, (), (email, password))
struct UserTokenBody {
  std::optional<std::string> accessToken;  // missing or "": clears the cookie
};
BOOST_DESCRIBE_STRUCT(UserTokenBody, (), (accessToken))
struct RefreshBody {
  std::string refreshToken;
};
BOOST_DESCRIBE_STRUCT(RefreshBody, (), (refreshToken))
struct LogoutBody {
  std::optional<std::string> lang;
  std::optional<std::string> redirectUrl;
};
BOOST_DESCRIBE_STRUCT(LogoutBody, (), (lang, redirectUrl))
struct PartnerLoginBody {
  std::string redirectUrl;
  std::optional<std::string> lang;
};
BOOST_DESCRIBE_STRUCT(PartnerLoginBody, (), (redirectUrl, lang))
struct ProfileBody {
  std::string name;
  std::string lastName;
  std::string email;
  std::optional<boost::json::object> userInformation;
  // Needed when `email` is not the account's address (the new one waits for its link).
  std::optional<std::string> currentPassword;
};
BOOST_DESCRIBE_STRUCT(ProfileBody, (), (name, lastName, email, userInformation, currentPassword))
struct ThemeBody {
  bool alternatTheme = false;
};
BOOST_DESCRIBE_STRUCT(ThemeBody, (), (alternatTheme))
struct LanguageBody {
  std::string selectedLang;
};
BOOST_DESCRIBE_STRUCT(LanguageBody, (), (selectedLang))
struct PasswordResetBody {
  std::string session;
  std::string password;
};
BOOST_DESCRIBE_STRUCT(PasswordResetBody, (), (session, password))

}  // namespace portal::identity
