#include "http/file_cache.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

std::shared_ptr<const std::string> text(std::size_t n) { return std::make_shared<const std::string>(n, 'x'); }

TEST(LruBytes, NeverHoldsMoreThanItsBudget) {
  LruBytes<std::string> cache(1000);
  // A walk over many files (HLS segments, artwork) of 300 bytes each.
  for (int i = 0; i < 500; ++i) {
    cache.put("file-" + std::to_string(i), text(300), 300);
    EXPECT_LE(cache.bytes(), 1000u);
  }
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.bytes(), 900u);
  EXPECT_TRUE(cache.get("file-499"));
  EXPECT_FALSE(cache.get("file-0"));
}

TEST(LruBytes, TheLeastRecentlyUsedGoesFirst) {
  LruBytes<std::string> cache(300);
  cache.put("app.js", text(100), 100);
  cache.put("app.css", text(100), 100);
  cache.put("logo.svg", text(100), 100);
  ASSERT_TRUE(cache.get("app.js"));  // the hot asset, used again
  cache.put("segment-1.ts", text(100), 100);
  EXPECT_TRUE(cache.get("app.js"));
  EXPECT_FALSE(cache.get("app.css"));
  EXPECT_TRUE(cache.get("logo.svg"));
  EXPECT_TRUE(cache.get("segment-1.ts"));
}

TEST(LruBytes, ReplacingAnEntryCountsItOnceAndTooHeavyIsNotKept) {
  LruBytes<std::string> cache(500);
  cache.put("a", text(100), 100);
  cache.put("a", text(200), 200);
  EXPECT_EQ(cache.bytes(), 200u);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_FALSE(cache.put("huge", text(501), 501));
  EXPECT_FALSE(cache.get("huge"));
  EXPECT_EQ(cache.bytes(), 200u);
  cache.erase("a");
  EXPECT_EQ(cache.bytes(), 0u);
  EXPECT_EQ(cache.size(), 0u);
}

}  // namespace
}  // namespace portal::http
