#include "app/page_tables.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include <boost/json.hpp>

#include "app/portal_face.hpp"

namespace portal::app {
namespace {
namespace json = boost::json;

TEST(PageTables, ReadsTheFileReactReads) {
  const PageTables& t = page_tables();
  EXPECT_GT(t.cards_per_list, 0u);
  EXPECT_EQ(t.shape_of("album"), Shape::square);
  EXPECT_EQ(t.shape_of("full_length_video"), Shape::landscape);
  EXPECT_EQ(t.aspect(Shape::square), "aspect-square");
  EXPECT_NE(t.grid_columns_of(Shape::landscape).find("grid-cols-1"), std::string_view::npos);
  EXPECT_EQ(t.section("premium_article"), "articles");
  EXPECT_EQ(t.section("no_such_type"), "other");
  ASSERT_FALSE(t.section_order.empty());
  EXPECT_EQ(t.section_order.front(), "music");
  // Every section a content type maps to has its place in the order.
  for (const auto& [type, section] : t.section_of)
    EXPECT_NE(std::find(t.section_order.begin(), t.section_order.end(), section), t.section_order.end()) << type;
}

// The client's src/lib/__tests__/image-url.test.ts checks the same examples against toImageUrl and
// withImageWidth: the two spellings of an image URL cannot drift apart.
TEST(PageTables, ImageUrlsAreSpeltAsTheClientSpellsThem) {
  const json::value doc = json::parse(page_tables_json());
  const json::object& images = doc.at("images").as_object();
  for (const auto& example : images.at("examples").as_array()) {
    const auto& pair = example.as_array();
    EXPECT_EQ(client_image_url(pair.at(0).as_string()), std::string_view(pair.at(1).as_string())) << pair.at(0);
  }
  for (const auto& example : images.at("widthExamples").as_array()) {
    const auto& triple = example.as_array();
    EXPECT_EQ(with_image_width(triple.at(0).as_string(), static_cast<int>(triple.at(1).as_int64())),
              std::string_view(triple.at(2).as_string()))
        << triple.at(0);
  }
}

TEST(PageTables, AMalformedFileNamesWhatIsMissing) {
  try {
    parse_page_tables(R"({"cardsPerList": 6})");
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("shapes"), std::string::npos);
  }
}

}  // namespace
}  // namespace portal::app
