#include "core/content_types.hpp"

#include <gtest/gtest.h>

namespace portal::core {
namespace {

TEST(ContentTypes, KnownAndUnknown) {
  EXPECT_EQ(content_type_for("a.js"), "application/javascript; charset=utf-8");
  EXPECT_EQ(content_type_for("b.CSS"), "text/css; charset=utf-8");
  EXPECT_EQ(content_type_for("c.m3u8"), "application/vnd.apple.mpegurl");
  EXPECT_EQ(content_type_for("tenants/1/media/7/job/preview.mp3"), "audio/mpeg");
  EXPECT_EQ(content_type_for("d.unknown"), "application/octet-stream");
}

}  // namespace
}  // namespace portal::core
