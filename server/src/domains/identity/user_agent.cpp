#include "domains/identity/user_agent.hpp"

#include <string>

#include "core/text.hpp"

namespace portal::identity {
namespace {

bool has(const std::string& ua, std::string_view token) { return ua.find(token) != std::string::npos; }

}  // namespace

DeviceAttributes parse_user_agent(std::string_view user_agent) {
  const std::string ua = core::lower(user_agent);
  DeviceAttributes a;

  // Mobile systems first: their UAs also name "Mac OS X", "Android" or "Linux".
  const bool ipad = has(ua, "ipad");
  const bool iphone = has(ua, "iphone") || has(ua, "ipod");
  const bool android = has(ua, "android");
  const bool feature_phone = has(ua, "kaios") || has(ua, "opera mini") || has(ua, "j2me") || has(ua, "midp") ||
                             has(ua, "series40") || has(ua, "nokia");
  if (iphone || ipad) a.operatingSystem = "iOS";
  else if (has(ua, "kaios")) a.operatingSystem = "KaiOS";
  else if (has(ua, "windows phone")) a.operatingSystem = "Windows Phone";
  else if (android) a.operatingSystem = "Android";
  else if (has(ua, "windows")) a.operatingSystem = "Windows";
  else if (has(ua, "cros")) a.operatingSystem = "ChromeOS";
  else if (has(ua, "mac os x") || has(ua, "macintosh")) a.operatingSystem = "macOS";
  else if (has(ua, "linux") || has(ua, "x11")) a.operatingSystem = "Linux";
  else a.operatingSystem = "Unknown";

  // Android tablets leave out "Mobile"; Kindle/Silk and "Tablet" tokens are tablets too.
  a.tablet = ipad || (android && !has(ua, "mobile")) || has(ua, "tablet") || has(ua, "kindle") || has(ua, "silk");
  const bool phone = !a.tablet && (iphone || android || has(ua, "windows phone") || has(ua, "mobile"));
  a.modernPhone = phone && !feature_phone;
  a.desktop = !a.tablet && !phone && !feature_phone;
  return a;
}

}  // namespace portal::identity
