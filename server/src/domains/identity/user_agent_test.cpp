#include "domains/identity/user_agent.hpp"

#include <gtest/gtest.h>

namespace portal::identity {
namespace {

struct Case {
  const char* ua;
  bool desktop, tablet, phone;
  const char* os;
};

TEST(UserAgent, Table) {
  const Case cases[] = {
      {"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36", true, false, false, "Windows"},
      {"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15", true, false, false, "macOS"},
      {"Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0", true, false, false, "Linux"},
      {"Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 Chrome/124.0 Safari/537.36", true, false, false, "ChromeOS"},
      {"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1", false, false, true, "iOS"},
      {"Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1", false, true, false, "iOS"},
      {"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36", false, false, true, "Android"},
      {"Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 Chrome/124.0 Safari/537.36", false, true, false, "Android"},
      {"Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 Silk/124.1 like Chrome/124.0 Safari/537.36", false, true, false, "Android"},
      {"Mozilla/5.0 (Mobile; LYF/F300B; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5", false, false, false, "KaiOS"},
      {"Opera/9.80 (J2ME/MIDP; Opera Mini/4.2/28.3590; U; en) Presto/2.8.119 Version/11.10", false, false, false, "Unknown"},
      {"Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) Mobile Safari/537.36 Edge/15.15063", false, false, true, "Windows Phone"},
      {"curl/8.5.0", true, false, false, "Unknown"},
      {"", true, false, false, "Unknown"},
  };
  for (const auto& c : cases) {
    const auto a = parse_user_agent(c.ua);
    EXPECT_EQ(a.desktop, c.desktop) << c.ua;
    EXPECT_EQ(a.tablet, c.tablet) << c.ua;
    EXPECT_EQ(a.modernPhone, c.phone) << c.ua;
    EXPECT_EQ(a.operatingSystem, c.os) << c.ua;
  }
}

}  // namespace
}  // namespace portal::identity
