#include "http/cookies.hpp"

#include <Poco/Net/HTTPCookie.h>
#include <Poco/Net/MessageHeader.h>

namespace portal::http {

Cookies parse_cookies(const Request& req) {
  Cookies cookies;
  for (const auto& f : req) {
    if (f.name() != bhttp::field::cookie) continue;
    const std::string header(f.value());
    Poco::Net::MessageHeader::splitParameters(header.begin(), header.end(), cookies);
  }
  return cookies;
}

std::string cookie(const Cookies& cookies, std::string_view name) {
  return cookies.get(std::string(name), "");
}

std::string set_cookie(const std::string& name, const std::string& value, const CookieOptions& options) {
  Poco::Net::HTTPCookie c(name, value);
  c.setVersion(0);
  c.setPath(options.path);
  if (options.max_age.count() >= 0) c.setMaxAge(static_cast<int>(options.max_age.count()));
  c.setHttpOnly(options.http_only);
  c.setSecure(options.secure);
  if (options.same_site == "Strict") c.setSameSite(Poco::Net::HTTPCookie::SAME_SITE_STRICT);
  else if (options.same_site == "None") c.setSameSite(Poco::Net::HTTPCookie::SAME_SITE_NONE);
  else c.setSameSite(Poco::Net::HTTPCookie::SAME_SITE_LAX);
  return c.toString();
}

}  // namespace portal::http
