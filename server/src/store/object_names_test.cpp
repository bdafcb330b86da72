// Object names in a bucket: each tenant's media under tenants/<id>/, the shared demo media under shared/.
#include "store/object_names.hpp"

#include <gtest/gtest.h>

namespace portal::store {
namespace {

TEST(ObjectNames, ATenantsMediaIsUnderItsOwnPrefix) {
  EXPECT_EQ(object_name("audio/7/20001/j-1/track.mp3"), "tenants/7/audio/20001/j-1/track.mp3");
  EXPECT_EQ(object_name("hls/12/30002/j-2/master.m3u8"), "tenants/12/hls/30002/j-2/master.m3u8");
  EXPECT_EQ(object_name("art/7/20001/j-1/cover-800.webp"), "tenants/7/art/20001/j-1/cover-800.webp");
  EXPECT_EQ(object_name("games/7-20001-j-1/index.html"), "tenants/7/games/7-20001-j-1/index.html");
  EXPECT_EQ(object_name("staging/uploads/7/u1/0-ab"), "tenants/7/staging/uploads/u1/0-ab");
  EXPECT_EQ(tenant_of_key("games/7-20001-j-1/lib/a.js"), "7");
  EXPECT_EQ(tenant_of_key("staging/uploads/3/u/0-x"), "3");
}

// Issue 71 item 7: a tenant's logo and icon are its own objects, under its prefix like the rest (they were
// shared/brand/<tenant>/…, outside it).
TEST(ObjectNames, BrandImagesAreUnderTheirTenantsPrefix) {
  EXPECT_EQ(object_name("brand/1/logo/ab12-1/logo.webp"), "tenants/1/brand/logo/ab12-1/logo.webp");
  EXPECT_EQ(object_name("brand/7/icon/cd34-2/icon-512.webp"), "tenants/7/brand/icon/cd34-2/icon-512.webp");
  EXPECT_EQ(tenant_of_key("brand/7/icon/cd34-2/icon-192.webp"), "7");
  EXPECT_EQ(object_name("brand/x/logo.webp"), "shared/brand/x/logo.webp") << "no tenant: a shared name";
}

TEST(ObjectNames, SharedMediaAndLookalikesAreUnderShared) {
  EXPECT_EQ(object_name("audio/midnight-drive/preview.mp3"), "shared/audio/midnight-drive/preview.mp3");
  EXPECT_EQ(object_name("games/lane-racer-4504/index.html"), "shared/games/lane-racer-4504/index.html");
  EXPECT_EQ(object_name("audio/7"), "shared/audio/7") << "a tenant segment with nothing after it";
  EXPECT_EQ(object_name("games/7-x"), "shared/games/7-x");
  EXPECT_EQ(object_name("staging/jobs/7/x"), "shared/staging/jobs/7/x");
  EXPECT_EQ(object_name("cover.jpg"), "shared/cover.jpg");
  EXPECT_FALSE(tenant_of_key("art/x7/1/a.jpg"));
}

TEST(ObjectNames, DifferentKeysNeverShareAName) {
  const char* keys[] = {"audio/7/1/a", "hls/7/1/a", "art/7/1/a", "staging/uploads/7/1/a", "games/7-1-a/x",
                        "audio/8/1/a", "audio/x/1/a", "shared/audio/7/1/a", "tenants/7/audio/1/a",
                        "brand/7/1/a", "shared/brand/7/1/a", "tenants/7/brand/1/a"};
  for (const char* a : keys)
    for (const char* b : keys)
      if (std::string_view(a) != b) EXPECT_NE(object_name(a), object_name(b)) << a << " / " << b;
}

}  // namespace
}  // namespace portal::store
