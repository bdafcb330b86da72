#include "domains/structure/structure_pages.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "domains/tenants/tenants_types.hpp"

namespace portal::structure {
namespace {
namespace json = boost::json;

TEST(StructurePages, ContentPagesShowTheStructureOfTheirName) {
  EXPECT_EQ(content_structure("/:name", "/vouchers"), "vouchers");
  EXPECT_EQ(content_structure("/main/:name", "/main/news"), "news");
  EXPECT_EQ(content_structure("/info/:name", "/info/faq"), "info-faq");
  EXPECT_EQ(content_structure("/marketing/:name", "/marketing/summer"), "marketing-summer");
  EXPECT_EQ(content_structure("/impressum", "/impressum"), "impressum");
  EXPECT_EQ(content_structure("/launch", "/launch"), "launch");
  EXPECT_EQ(content_structure("/music/tracks", "/music/tracks"), std::nullopt);
}

TEST(StructurePages, EveryPageHasHeaderAndFooterTheHomeItsOwnAndAContentPageItsStructure) {
  EXPECT_EQ(page_structures("/", "/"), (std::vector<std::string>{"header", "footer", "home"}));
  EXPECT_EQ(page_structures("/info/:name", "/info/faq"), (std::vector<std::string>{"header", "footer", "info-faq"}));
  EXPECT_EQ(page_structures("/music/tracks", "/music/tracks"), (std::vector<std::string>{"header", "footer"}));
  // The header's and footer's structures the settings name (issue 72 item 6).
  EXPECT_EQ(page_structures("/", "/", {"top-bar", "footer-winter"}), (std::vector<std::string>{"top-bar", "footer-winter", "home"}));
  EXPECT_EQ(page_structures("/music", "/music", {"links", "links"}), (std::vector<std::string>{"links"}));
  tenants::Tenant t;
  t.settings = json::parse(R"({"footer":{"structure":"footer-winter"}})").as_object();
  EXPECT_EQ(page_chrome(t).header, "header");
  EXPECT_EQ(page_chrome(t).footer, "footer-winter");
}

TEST(StructurePages, ContentHeadAndGlobalSettingsReadTheNode) {
  auto node = json::parse(R"({"data":{"title":"FAQ","subTitle":"Answers","customProperties":{"links":[]}}})");
  EXPECT_EQ(content_head(node).title, "FAQ");
  EXPECT_EQ(content_head(node).description, "Answers");
  EXPECT_EQ(global_settings(node), json::parse(R"({"links":[]})"));
  EXPECT_EQ(global_settings(nullptr), json::object{});
}

}  // namespace
}  // namespace portal::structure
