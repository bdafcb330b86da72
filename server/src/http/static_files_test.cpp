#include "http/static_files.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace portal::http {
namespace {
namespace fs = std::filesystem;

TEST(PathSafety, RejectsTraversalAndOddPaths) {
  EXPECT_TRUE(is_safe_path("assets/app-1234abcd.js"));
  EXPECT_TRUE(is_safe_path("favicon.svg"));
  EXPECT_FALSE(is_safe_path("../etc/passwd"));
  EXPECT_FALSE(is_safe_path("assets/../../etc/passwd"));
  EXPECT_FALSE(is_safe_path("assets/.."));
  EXPECT_FALSE(is_safe_path("./x"));
  EXPECT_FALSE(is_safe_path("a\\..\\b"));
  EXPECT_FALSE(is_safe_path(std::string_view("a\0b", 3)));
  EXPECT_FALSE(is_safe_path("//evil.example/x"));
  EXPECT_FALSE(is_safe_path(".env"));
  EXPECT_FALSE(is_safe_path("assets/.git/config"));
}

TEST(ContentTypes, KnownAndUnknown) {
  EXPECT_EQ(content_type_for("a.js"), "application/javascript; charset=utf-8");
  EXPECT_EQ(content_type_for("b.CSS"), "text/css; charset=utf-8");
  EXPECT_EQ(content_type_for("c.m3u8"), "application/vnd.apple.mpegurl");
  EXPECT_EQ(content_type_for("d.unknown"), "application/octet-stream");
}

class StaticFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("portal-static-" + std::to_string(::getpid()));
    fs::create_directories(root_ / "assets");
    std::ofstream(root_ / "assets" / "app-abcdef12.js") << "console.log('hello');";
    std::ofstream(root_ / "media.bin") << "0123456789";
    fs::create_directories(root_ / "dir");
  }
  void TearDown() override { fs::remove_all(root_); }
  Request get(std::string target) {
    Request req{Verb::get, target, 11};
    return req;
  }
  fs::path root_;
};

TEST_F(StaticFilesTest, ServesHashedAssetsImmutable) {
  StaticFiles files(root_);
  auto res = files.serve(get("/assets/app-abcdef12.js"), "assets/app-abcdef12.js");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->result(), Status::ok);
  EXPECT_EQ(res->body(), "console.log('hello');");
  EXPECT_EQ((*res)[bhttp::field::cache_control], "public, max-age=31536000, immutable");
}

TEST_F(StaticFilesTest, NoDirectoriesNoMissingFilesNoEscape) {
  StaticFiles files(root_);
  EXPECT_FALSE(files.serve(get("/dir"), "dir"));
  EXPECT_FALSE(files.serve(get("/nope"), "nope"));
  EXPECT_FALSE(files.serve(get("/x"), "../" + root_.filename().string() + "/media.bin"));
}

TEST_F(StaticFilesTest, ByteRanges) {
  StaticFiles files(root_);
  auto req = get("/media.bin");
  req.set(bhttp::field::range, "bytes=2-5");
  auto res = files.serve(req, "media.bin");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->result(), Status::partial_content);
  EXPECT_EQ(res->body(), "2345");
  EXPECT_EQ((*res)[bhttp::field::content_range], "bytes 2-5/10");

  req.set(bhttp::field::range, "bytes=-3");
  res = files.serve(req, "media.bin");
  EXPECT_EQ(res->body(), "789");

  req.set(bhttp::field::range, "bytes=20-");
  res = files.serve(req, "media.bin");
  EXPECT_EQ(res->result(), Status::range_not_satisfiable);
  EXPECT_EQ((*res)[bhttp::field::content_range], "bytes */10");
}

TEST_F(StaticFilesTest, ConditionalGet) {
  StaticFiles files(root_);
  auto first = files.serve(get("/media.bin"), "media.bin");
  auto req = get("/media.bin");
  req.set(bhttp::field::if_none_match, (*first)[bhttp::field::etag]);
  auto second = files.serve(req, "media.bin");
  EXPECT_EQ(second->result(), Status::not_modified);
  EXPECT_TRUE(second->body().empty());
}

TEST_F(StaticFilesTest, PrecompressedTwinWhenAccepted) {
  std::ofstream(root_ / "assets" / "app-abcdef12.js.br") << "BROTLI";
  StaticFiles files(root_);
  auto req = get("/assets/app-abcdef12.js");
  req.set(bhttp::field::accept_encoding, "gzip, deflate, br");
  auto res = files.serve(req, "assets/app-abcdef12.js");
  EXPECT_EQ(res->body(), "BROTLI");
  EXPECT_EQ((*res)[bhttp::field::content_encoding], "br");
  req.set(bhttp::field::accept_encoding, "gzip");
  res = files.serve(req, "assets/app-abcdef12.js");
  EXPECT_EQ(res->body(), "console.log('hello');");
}

}  // namespace
}  // namespace portal::http
