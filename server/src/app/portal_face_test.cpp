#include "app/portal_face.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

namespace portal::app {
namespace {

TEST(PortalFace, ConsolePathsAreTheConsolesPagesNotItsFilesOrOtherPaths) {
  EXPECT_TRUE(is_console_path("/admin"));
  EXPECT_TRUE(is_console_path("/admin/"));
  EXPECT_TRUE(is_console_path("/admin/settings"));
  EXPECT_TRUE(is_console_path("/admin/staff/abc"));
  EXPECT_FALSE(is_console_path("/admin/assets/main-0a1b2c3d.js"));
  EXPECT_FALSE(is_console_path("/admin/admin.html"));
  EXPECT_FALSE(is_console_path("/administration"));
  EXPECT_FALSE(is_console_path("/ar/admin"));
  EXPECT_FALSE(is_console_path("/"));
}

TEST(PortalFace, SpellsImageUrlsAsTheClientAsksForThem) {
  // The rules of web/src/lib/image-url.ts (its tests: web/src/lib/__tests__/image-url.test.ts).
  EXPECT_EQ(client_image_url("/media/art/a.svg"), "/media/art/a.svg?format=webp");
  EXPECT_EQ(client_image_url(" //cdn.example/a.png "), "https://cdn.example/a.png?format=webp");
  EXPECT_EQ(client_image_url("HTTPS://cdn.example/a.png?w=2#top"), "HTTPS://cdn.example/a.png?w=2&format=webp#top");
  EXPECT_EQ(client_image_url("/a.png?format=png"), "/a.png?format=png");
  EXPECT_EQ(client_image_url("/a.png?x=1&format=png"), "/a.png?x=1&format=png");
  EXPECT_EQ(client_image_url("data:image/png;base64,AA"), "data:image/png;base64,AA");
  EXPECT_EQ(client_image_url("   "), "");
  // withImageWidth: the width before the format, query and hash kept, a named width kept.
  EXPECT_EQ(client_image_url(with_image_width("/media/art/b.svg", 64)), "/media/art/b.svg?width=64&format=webp");
  EXPECT_EQ(with_image_width("https://cdn.test/b.jpg?v=2#top", 64), "https://cdn.test/b.jpg?v=2&width=64#top");
  EXPECT_EQ(with_image_width("/b.svg?width=300", 64), "/b.svg?width=300");
  EXPECT_EQ(with_image_width("/b.svg?maxwidth=300", 64), "/b.svg?maxwidth=300&width=64");
}

TEST(PortalFace, FirstViewImageOfDetailsListsAndPagesOpeningWithABanner) {
  EXPECT_EQ(first_view_image(boost::json::parse(R"({"structures":{},"article":{"id":1,"imageUrl":"/media/a.svg"}})")),
            "/media/a.svg?format=webp");
  EXPECT_EQ(first_view_image(boost::json::parse(R"({"list":{"entries":[{"imageUrl":"/media/l.svg"},{"imageUrl":"/media/m.svg"}]}})")),
            "/media/l.svg?format=webp");
  EXPECT_EQ(first_view_image(boost::json::parse(R"({"list":{"entries":[]}})")), "");
  // A list kept serialised: its first entry, whatever follows it.
  const http::JsonMembers kept{{"list", R"({"entries": [ {"id":1,"description":"say \"imageUrl\":\"/x\"","imageUrl":"/media/k.svg","artists":[{"imageUrl":"/a.svg"}]},{"imageUrl":"/media/n.svg"}],"total":2})"}};
  EXPECT_EQ(first_view_image(boost::json::parse(R"({"structures":{}})"), kept), "/media/k.svg?format=webp");
  EXPECT_EQ(first_view_image(boost::json::object{}, {{"list", R"({"entries":[],"total":0})"}}), "");
  EXPECT_EQ(first_view_image(boost::json::object{}, {{"list", R"({"entries":[{"imageUrl":)"}}), "");
  EXPECT_EQ(first_view_image(boost::json::parse(R"({"structures":{
      "header":{"substructure":[{"data":{"customProperties":{"type":"banner"}},"substructure":[{"data":{"imageUrl":"/h.svg"}}]}]},
      "home":{"substructure":[
        {"data":{"customProperties":{"type":"banner"}},"substructure":[{"data":{"imageUrl":"/hero-1.svg"}},{"data":{"imageUrl":"/hero-2.svg"}}]},
        {"data":{"customProperties":{"type":"rail"}}}]}}})")),
            "/hero-1.svg?format=webp");
  // A page that opens with a rail: its first paint is text and small cards, nothing to single out.
  EXPECT_EQ(first_view_image(boost::json::parse(R"({"structures":{"home":{"substructure":[
      {"data":{"customProperties":{"type":"rail"}},"substructure":[{"data":{"imageUrl":"/c.svg"}}]}]}}})")),
            "");
  EXPECT_EQ(first_view_image(boost::json::parse(R"({"article":{"imageUrl":null}})")), "");
  EXPECT_EQ(first_view_image(boost::json::parse("null")), "");
}

}  // namespace
}  // namespace portal::app
