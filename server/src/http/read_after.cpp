#include "http/read_after.hpp"

#include "db/replicas.hpp"
#include "http/cookies.hpp"

namespace portal::http {

std::uint64_t read_after_of(const Request& req) {
  if (req.find(bhttp::field::cookie) == req.end()) return 0;
  const std::string value = cookie(parse_cookies(req), kReadAfterCookie);
  if (value.empty() || value.size() > 17) return 0;
  return db::parse_lsn(value).value_or(0);
}

void set_read_after(Response& res, std::uint64_t lsn, bool secure, int max_age) {
  CookieOptions options;
  options.max_age = std::chrono::seconds(max_age);
  options.http_only = true;  // no script of the page needs it
  options.secure = secure;
  res.insert(bhttp::field::set_cookie, set_cookie(std::string(kReadAfterCookie), db::format_lsn(lsn), options));
}

}  // namespace portal::http
