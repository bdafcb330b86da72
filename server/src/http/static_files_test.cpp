#include "http/static_files.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_future.hpp>
#include <fstream>

namespace portal::http {
namespace {
namespace fs = std::filesystem;
namespace asio = boost::asio;

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

TEST(ByteRange, SingleRangesAndPositionsPast64Bits) {
  using R = std::pair<std::uint64_t, std::uint64_t>;
  EXPECT_EQ(parse_range("bytes=2-5", 10), (R{2, 5}));
  EXPECT_EQ(parse_range("bytes=2-", 10), (R{2, 9}));
  EXPECT_EQ(parse_range("bytes=-3", 10), (R{7, 9}));
  EXPECT_EQ(parse_range("bytes=-30", 10), (R{0, 9}));
  EXPECT_EQ(parse_range("bytes=5-99", 10), (R{5, 9}));
  // The issue's probe answered 500: std::stoull threw out_of_range.
  const auto beyond = parse_range("bytes=99999999999999999999999-", 10);
  ASSERT_TRUE(beyond);
  EXPECT_GT(beyond->first, beyond->second);  // unsatisfiable: 416
  EXPECT_EQ(parse_range("bytes=3-99999999999999999999999", 10), (R{3, 9}));
  EXPECT_EQ(parse_range("bytes=-99999999999999999999999", 10), (R{0, 9}));
  EXPECT_EQ(parse_range("bytes=18446744073709551615-", 10)->first, 1u);  // UINT64_MAX: beyond the file
  for (std::string_view unsatisfiable : {"bytes=10-", "bytes=5-3", "bytes=-0"}) {
    const auto r = parse_range(unsatisfiable, 10);
    ASSERT_TRUE(r) << unsatisfiable;
    EXPECT_GT(r->first, r->second) << unsatisfiable;
  }
  for (std::string_view whole : {"bytes=0-1,3-4", "bytes=-", "bytes=a-b", "items=0-1", "bytes= 1-2", ""})
    EXPECT_FALSE(parse_range(whole, 10)) << whole;
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
  static std::optional<Response> serve(StaticFiles& files, const Request& req, std::string_view rel) {
    asio::io_context ioc;
    auto future = asio::co_spawn(ioc, files.serve(req, rel), asio::use_future);
    ioc.run();
    return future.get();
  }
  // The body as the session sends it: the text, or the stream read to its end.
  static std::string body_of(const Response& res) {
    if (!res.body().stream) return res.body();
    asio::io_context ioc;
    auto read_all = [](std::shared_ptr<BodyStream> stream) -> asio::awaitable<std::string> {
      std::string out;
      std::array<char, 1000> piece;
      while (out.size() < stream->size()) {
        const std::size_t n = co_await stream->read(asio::buffer(piece));
        if (n == 0) break;
        out.append(piece.data(), n);
      }
      co_return out;
    };
    auto future = asio::co_spawn(ioc, read_all(res.body().stream), asio::use_future);
    ioc.run();
    return future.get();
  }
  void write(const fs::path& file, std::size_t bytes, char fill = 'v') {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << std::string(bytes, fill);
  }
  fs::path root_;
};

TEST_F(StaticFilesTest, ServesHashedAssetsImmutable) {
  StaticFiles files(root_);
  auto res = serve(files, get("/assets/app-abcdef12.js"), "assets/app-abcdef12.js");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->result(), Status::ok);
  EXPECT_EQ(res->body(), "console.log('hello');");
  EXPECT_FALSE(res->body().stream);  // small and hot: from memory
  EXPECT_EQ((*res)[bhttp::field::cache_control], "public, max-age=31536000, immutable");
}

TEST_F(StaticFilesTest, ServesTheConsolesHashedAssetsImmutableAndItsOtherFilesRevalidated) {
  fs::create_directories(root_ / "admin" / "assets");
  std::ofstream(root_ / "admin" / "assets" / "main-0a1b2c3d.js") << "console.log('console');";
  std::ofstream(root_ / "admin" / "admin.html") << "<!doctype html>";
  StaticFiles files(root_);
  auto asset = serve(files, get("/admin/assets/main-0a1b2c3d.js"), "admin/assets/main-0a1b2c3d.js");
  ASSERT_TRUE(asset);
  EXPECT_EQ((*asset)[bhttp::field::cache_control], "public, max-age=31536000, immutable");
  auto html = serve(files, get("/admin/admin.html"), "admin/admin.html");
  ASSERT_TRUE(html);
  EXPECT_EQ((*html)[bhttp::field::cache_control], "public, max-age=0, must-revalidate");
  // Only the console's own assets directory: another folder's hashed-looking file is not immutable.
  fs::create_directories(root_ / "other" / "assets");
  std::ofstream(root_ / "other" / "assets" / "main-0a1b2c3d.js") << "x";
  auto other = serve(files, get("/other/assets/main-0a1b2c3d.js"), "other/assets/main-0a1b2c3d.js");
  ASSERT_TRUE(other);
  EXPECT_EQ((*other)[bhttp::field::cache_control], "public, max-age=0, must-revalidate");
}

TEST(SourceMaps, MapsAndTheirPrecompressedTwinsInAnyCase) {
  for (std::string_view map : {"assets/index-abcdef12.js.map", "admin/assets/main-0a1b2c3d.js.map", "x.css.map",
                               "assets/index-abcdef12.js.map.br", "assets/index-abcdef12.js.map.gz", "A.JS.MAP", "sw.js.map"})
    EXPECT_TRUE(is_source_map(map)) << map;
  for (std::string_view file : {"assets/index-abcdef12.js", "assets/index-abcdef12.js.br", "assets/map-abcdef12.js",
                                "maps/a.json", "sitemap.xml", "a.mapx", "map", ""})
    EXPECT_FALSE(is_source_map(file)) << file;
}

// Issue 71 item 12: outside the dev stage the client build's source maps (and their twins, asked for by name) are
// files the portal does not have; the scripts they map are served as before.
TEST_F(StaticFilesTest, SourceMapsOnlyWhereServed) {
  std::ofstream(root_ / "assets" / "app-abcdef12.js.map") << R"({"version":3,"sources":["src/app.ts"]})";
  std::ofstream(root_ / "assets" / "app-abcdef12.js.map.gz") << "gz";
  std::ofstream(root_ / "assets" / "app-abcdef12.js.map.br") << "br";
  StaticFiles files(root_);
  ASSERT_TRUE(serve(files, get("/assets/app-abcdef12.js.map"), "assets/app-abcdef12.js.map"));  // the default: served
  files.serve_source_maps(false);
  for (std::string_view rel : {"assets/app-abcdef12.js.map", "assets/app-abcdef12.js.map.gz", "assets/app-abcdef12.js.map.br"})
    EXPECT_FALSE(serve(files, get("/" + std::string(rel)), rel)) << rel;
  Request gzip = get("/assets/app-abcdef12.js.map");
  gzip.set(bhttp::field::accept_encoding, "br, gzip");
  EXPECT_FALSE(serve(files, gzip, "assets/app-abcdef12.js.map"));  // kept in the cache from before: still refused
  auto script = serve(files, get("/assets/app-abcdef12.js"), "assets/app-abcdef12.js");
  ASSERT_TRUE(script);
  EXPECT_EQ(script->result(), Status::ok);
  files.serve_source_maps(true);
  auto map = serve(files, get("/assets/app-abcdef12.js.map"), "assets/app-abcdef12.js.map");
  ASSERT_TRUE(map);
  EXPECT_EQ((*map)[bhttp::field::content_type], "application/json");
}

TEST_F(StaticFilesTest, NoDirectoriesNoMissingFilesNoEscape) {
  StaticFiles files(root_);
  EXPECT_FALSE(serve(files, get("/dir"), "dir"));
  EXPECT_FALSE(serve(files, get("/nope"), "nope"));
  EXPECT_FALSE(serve(files, get("/x"), "../" + root_.filename().string() + "/media.bin"));
  fs::create_symlink("/etc/hostname", root_ / "outside.txt");
  EXPECT_FALSE(serve(files, get("/outside.txt"), "outside.txt"));
}

TEST_F(StaticFilesTest, ByteRanges) {
  StaticFiles files(root_);
  auto req = get("/media.bin");
  req.set(bhttp::field::range, "bytes=2-5");
  auto res = serve(files, req, "media.bin");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->result(), Status::partial_content);
  EXPECT_EQ(res->body(), "2345");
  EXPECT_EQ((*res)[bhttp::field::content_range], "bytes 2-5/10");

  req.set(bhttp::field::range, "bytes=-3");
  res = serve(files, req, "media.bin");
  EXPECT_EQ(res->body(), "789");

  req.set(bhttp::field::range, "bytes=20-");
  res = serve(files, req, "media.bin");
  EXPECT_EQ(res->result(), Status::range_not_satisfiable);
  EXPECT_EQ((*res)[bhttp::field::content_range], "bytes */10");

  req.set(bhttp::field::range, "bytes=99999999999999999999999-");
  res = serve(files, req, "media.bin");
  EXPECT_EQ(res->result(), Status::range_not_satisfiable);
  EXPECT_EQ((*res)[bhttp::field::content_range], "bytes */10");
}

TEST_F(StaticFilesTest, ConditionalGet) {
  StaticFiles files(root_);
  auto first = serve(files, get("/media.bin"), "media.bin");
  auto req = get("/media.bin");
  req.set(bhttp::field::if_none_match, (*first)[bhttp::field::etag]);
  auto second = serve(files, req, "media.bin");
  EXPECT_EQ(second->result(), Status::not_modified);
  EXPECT_TRUE(second->body().empty());
}

TEST_F(StaticFilesTest, PrecompressedTwinWhenAccepted) {
  std::ofstream(root_ / "assets" / "app-abcdef12.js.br") << "BROTLI";
  StaticFiles files(root_);
  auto req = get("/assets/app-abcdef12.js");
  req.set(bhttp::field::accept_encoding, "gzip, deflate, br");
  auto res = serve(files, req, "assets/app-abcdef12.js");
  EXPECT_EQ(res->body(), "BROTLI");
  EXPECT_EQ((*res)[bhttp::field::content_encoding], "br");
  req.set(bhttp::field::accept_encoding, "gzip");
  res = serve(files, req, "assets/app-abcdef12.js");
  EXPECT_EQ(res->body(), "console.log('hello');");
  req.set(bhttp::field::accept_encoding, "br;q=x");  // a malformed weight is ignored
  res = serve(files, req, "assets/app-abcdef12.js");
  EXPECT_EQ(res->body(), "BROTLI");
}

TEST_F(StaticFilesTest, AChangedFileIsReadAgain) {
  StaticFiles files(root_);
  EXPECT_EQ(serve(files, get("/media.bin"), "media.bin")->body(), "0123456789");
  std::ofstream(root_ / "media.bin") << "changed, and longer";
  EXPECT_EQ(serve(files, get("/media.bin"), "media.bin")->body(), "changed, and longer");
}

TEST_F(StaticFilesTest, VideoAndLargeFilesAreStreamedNeverKept) {
  write(root_ / "hls" / "segment-001.ts", 300 * 1024, 's');
  write(root_ / "big.png", kKeptFileBytes + 1, 'p');
  asio::thread_pool pool(1);  // opening and reading happen there, as in the server
  auto cache = std::make_shared<FileCache>(kFileCacheBytes);
  StaticFiles files(root_, cache, &pool);

  auto segment = serve(files, get("/hls/segment-001.ts"), "hls/segment-001.ts");
  ASSERT_TRUE(segment);
  ASSERT_TRUE(segment->body().stream);
  EXPECT_TRUE(segment->body().empty());
  EXPECT_EQ((*segment)[bhttp::field::content_length], std::to_string(300 * 1024));
  EXPECT_EQ(body_of(*segment), std::string(300 * 1024, 's'));

  auto big = serve(files, get("/big.png"), "big.png");
  ASSERT_TRUE(big && big->body().stream);
  EXPECT_EQ(body_of(*big).size(), kKeptFileBytes + 1);

  // A range of a streamed file is a stream of that range.
  auto req = get("/hls/segment-001.ts");
  req.set(bhttp::field::range, "bytes=1000-1999");
  auto part = serve(files, req, "hls/segment-001.ts");
  ASSERT_TRUE(part && part->body().stream);
  EXPECT_EQ(part->result(), Status::partial_content);
  EXPECT_EQ((*part)[bhttp::field::content_range], "bytes 1000-1999/307200");
  EXPECT_EQ(body_of(*part), std::string(1000, 's'));

  EXPECT_LT(cache->bytes(), 4096u);  // the big image's description at most; no bytes of either file
}

TEST_F(StaticFilesTest, WalkingManyFilesKeepsTheCacheWithinItsBudget) {
  // Artwork and segments of a whole catalog, through a cache of 1 MiB.
  for (int i = 0; i < 40; ++i) {
    write(root_ / "art" / ("cover-" + std::to_string(i) + ".webp"), 100 * 1024, 'a');
    write(root_ / "hls" / ("segment-" + std::to_string(i) + ".ts"), 100 * 1024, 's');
  }
  auto cache = std::make_shared<FileCache>(1024 * 1024);
  StaticFiles files(root_, cache, nullptr);
  for (int i = 0; i < 40; ++i) {
    for (std::string rel : {"art/cover-" + std::to_string(i) + ".webp", "hls/segment-" + std::to_string(i) + ".ts"}) {
      auto res = serve(files, get("/" + rel), rel);
      ASSERT_TRUE(res) << rel;
      EXPECT_EQ(body_of(*res).size(), 100u * 1024) << rel;
      EXPECT_LE(cache->bytes(), 1024u * 1024);
    }
  }
  EXPECT_GE(cache->size(), 5u);   // the most recent covers stay
  EXPECT_LE(cache->size(), 10u);  // and no segment
  EXPECT_EQ(body_of(*serve(files, get("/art/cover-39.webp"), "art/cover-39.webp")), std::string(100 * 1024, 'a'));
}

TEST_F(StaticFilesTest, ReadGivesAWholeFileAndKeepsASmallOne) {
  StaticFiles files(root_);
  auto text = files.read("assets/app-abcdef12.js");
  ASSERT_TRUE(text);
  EXPECT_EQ(*text, "console.log('hello');");
  EXPECT_EQ(files.read("assets/app-abcdef12.js"), text);  // the kept copy
  EXPECT_FALSE(files.read("nope.html"));
  EXPECT_FALSE(files.read("../etc/passwd"));
}

}  // namespace
}  // namespace portal::http
