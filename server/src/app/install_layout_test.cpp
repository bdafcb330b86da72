// An installed binary finds its files under <prefix>/share/portal; one in a build folder uses the source tree's.
#include "app/install_layout.hpp"

#include <gtest/gtest.h>

#include <random>

namespace portal::app {
namespace {

namespace fs = std::filesystem;

TEST(InstallLayout, AnInstalledBinaryFindsItsShareFolder) {
  const fs::path prefix = fs::temp_directory_path() / ("portal-layout-" + std::to_string(std::random_device{}()));
  fs::create_directories(prefix / "bin");
  const auto checkout = layout_for(prefix / "bin" / "portal");
  EXPECT_FALSE(checkout.share);
  EXPECT_EQ(checkout.migrations_dir, "server/migrations");
  EXPECT_EQ(checkout.web_root, "web/dist");

  fs::create_directories(prefix / "share" / "portal" / "migrations");
  const auto installed = layout_for(prefix / "bin" / "portal");
  ASSERT_TRUE(installed.share);
  EXPECT_EQ(*installed.share, (prefix / "share" / "portal").lexically_normal());
  EXPECT_EQ(installed.web_root, (prefix / "share" / "portal" / "web").lexically_normal().string());
  EXPECT_EQ(installed.data_dir, (prefix / "share" / "portal" / "data").lexically_normal().string());
  EXPECT_EQ(installed.locales_dir, (prefix / "share" / "portal" / "locales").lexically_normal().string());
  EXPECT_EQ(installed.migrations_dir, (prefix / "share" / "portal" / "migrations").lexically_normal().string());
  fs::remove_all(prefix);
}

}  // namespace
}  // namespace portal::app
