#pragma once
// Cookies through Poco::Net: parsing the Cookie header and writing Set-Cookie
// (Max-Age, Path, SameSite, HttpOnly, Secure) are a library's job, not ours.
#include <Poco/Net/NameValueCollection.h>

#include <chrono>
#include <string>

#include "http/context.hpp"

namespace portal::http {

using Cookies = Poco::Net::NameValueCollection;

Cookies parse_cookies(const Request& req);
// The value of a cookie, "" when absent.
std::string cookie(const Cookies& cookies, std::string_view name);

struct CookieOptions {
  std::chrono::seconds max_age{-1};  // negative: a session cookie
  std::string path = "/";
  std::string same_site = "Lax";     // Lax | Strict | None
  bool http_only = false;
  bool secure = false;
};

// A Set-Cookie header value.
std::string set_cookie(const std::string& name, const std::string& value, const CookieOptions& options);

}  // namespace portal::http
