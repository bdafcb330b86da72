// The demo structures under data/ are complete: every text in six
// languages, every image present, every click a portal route.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "domains/structure/structure_types.hpp"

namespace portal::structure {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

fs::path data_dir() { return fs::path(PORTAL_SOURCE_DIR).parent_path() / "data"; }

struct Counts {
  int nodes = 0, rated = 0, pre_live = 0;
};

void check_node(const json::value& node, const std::string& where, Counts& counts) {
  ++counts.nodes;
  const auto& data = node.at("data").as_object();
  for (const char* key : {"title", "subTitle"}) {
    const auto& v = data.at(key);
    if (v.is_object()) {
      for (auto lang : kLanguages) {
        const auto* text = v.as_object().if_contains(lang);
        EXPECT_TRUE(text && text->is_string() && !text->as_string().empty())
            << where << " " << key << " lacks " << lang;
      }
    }
  }
  std::string image(data.at("imageUrl").as_string());
  if (!image.empty()) {
    ASSERT_TRUE(image.starts_with("/media/")) << where;
    EXPECT_TRUE(fs::exists(data_dir() / "media" / image.substr(7))) << where << " " << image;
  }
  std::string click(data.at("clickUrl").as_string());
  if (!click.empty()) EXPECT_TRUE(click.starts_with("/") && !click.starts_with("//")) << where << " " << click;
  const auto& cp = data.at("customProperties").as_object();
  if (cp.contains("rating")) ++counts.rated;
  if (cp.contains("preLive")) ++counts.pre_live;
  for (const auto& child : node.at("substructure").as_array()) {
    check_node(child, where + "/" + std::string(child.at("name").as_string()), counts);
  }
}

TEST(StructureData, DemoStructuresAreComplete) {
  int tenants = 0;
  for (const auto& dir : fs::directory_iterator(data_dir() / "structures")) {
    ++tenants;
    for (const char* name : {"home", "header", "footer"}) {
      fs::path file = dir.path() / (std::string(name) + ".json");
      std::ifstream in(file);
      ASSERT_TRUE(in) << file;
      std::stringstream text;
      text << in.rdbuf();
      json::value tree = json::parse(text.str());
      Counts counts;
      check_node(tree, file.string(), counts);
      if (std::string(name) == "home") {
        EXPECT_GE(counts.rated, 5) << file;
        EXPECT_EQ(counts.pre_live, 1) << file;
      }
    }
  }
  EXPECT_EQ(tenants, 3);
}

}  // namespace
}  // namespace portal::structure
