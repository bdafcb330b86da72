#include "domains/catalog/catalog_pages.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace portal::catalog {
namespace {
namespace json = boost::json;

TEST(CatalogPages, DetailArticleIdIsTheLastNumericSegment) {
  EXPECT_EQ(detail_article_id("/music/tracks/:title/:track", "/music/tracks/neon-skyline/2101"), 2101);
  EXPECT_EQ(detail_article_id("/music/tracks/:title/:track", "/music/tracks/stale-slug/2101"), 2101);
  EXPECT_EQ(detail_article_id("/music/tracks/:track", "/music/tracks/2101"), 2101);
  EXPECT_EQ(detail_article_id("/music/albums/:artist/:artistName/:albumName/:album", "/music/albums/a/1/b/2050"), 2050);
  EXPECT_EQ(detail_article_id("/video/series/details/:name/:id", "/video/series/details/x/3001"), 3001);
  EXPECT_FALSE(detail_article_id("/music/tracks/category", "/music/tracks/category"));
  EXPECT_FALSE(detail_article_id("/music/tracks/:title/:track", "/music/tracks/x/abc"));
  EXPECT_FALSE(detail_article_id("/music/list", "/music/list"));
  EXPECT_FALSE(detail_article_id("/games/publisher/:name", "/games/publisher/42"));
  // News and articles (issue 72 items 5 and 16): their details pages, also where a list's pattern ends in an id.
  EXPECT_EQ(detail_article_id("/news/:category/:subcategory/:articlename/:article", "/news/news-culture/all/x/7001"), 7001);
  EXPECT_EQ(detail_article_id("/articles/premium/:category/:subcategory/:article", "/articles/premium/p/all/7201"), 7201);
  EXPECT_EQ(detail_article_id("/articles/:category/:subcategory", "/articles/articles-guides/7101"), 7101);
  EXPECT_EQ(detail_article_id("/articles/:category", "/articles/7101"), 7101);
  EXPECT_FALSE(detail_article_id("/articles/:category/:subcategory", "/articles/articles-guides/all"));
  EXPECT_FALSE(page_list("/articles/:category/:subcategory", "/articles/articles-guides/7101", ""));
}

TEST(CatalogPages, ListRoutes) {
  auto tracks = page_list("/music/tracks", "/music/tracks", "category=music-pop&x=1");
  ASSERT_TRUE(tracks);
  EXPECT_EQ(tracks->content_type, "full_track_music");
  EXPECT_EQ(tracks->category, "music-pop");
  auto genre = page_list("/music/genre/:name", "/music/genre/music-rock", "");
  ASSERT_TRUE(genre);
  EXPECT_EQ(genre->section, "music");
  EXPECT_EQ(genre->category, "music-rock");
  auto games = page_list("/games/category/:name/:id", "/games/category/arcade/games-arcade", "genre=games-runner");
  EXPECT_EQ(games->category, "games-runner");
  auto all = page_list("/video/list/:name", "/video/list/all", "");
  EXPECT_EQ(all->section, "video");
  EXPECT_EQ(all->category, "");
  // Named lists are orders: /video/list/featured is every video, most popular first.
  auto featured = page_list("/video/list/:name", "/video/list/featured", "");
  EXPECT_EQ(featured->category, "");
  EXPECT_EQ(featured->sort, "popular");
  EXPECT_EQ(page_list("/games/list/:name", "/games/list/latest", "")->sort, "new");
  EXPECT_EQ(page_list("/video/list/:name", "/video/list/video-drama", "")->category, "video-drama");
  EXPECT_EQ(page_list("/music/tracks", "/music/tracks", "sort=title")->sort, "title");
  EXPECT_EQ(page_list("/music/tracks", "/music/tracks", "sort=bogus")->sort, "");
  EXPECT_FALSE(page_list("/music/tracks/:title/:track", "/music/tracks/x/1", ""));
  // A subcategory of "all" is the whole category, as the client reads it.
  EXPECT_EQ(page_list("/news/:category/:subcategory", "/news/news-culture/all", "")->category, "news-culture");
  EXPECT_EQ(page_list("/news/:category/:subcategory", "/news/news-world/news-local", "")->category, "news-local");
  EXPECT_EQ(page_list("/news/:category/:subcategory", "/news/news/all", "")->category, "");
}

TEST(CatalogPages, ArticleHead) {
  json::object article{{"title", "Neon Skyline"},     {"description", "Synth"},          {"imageUrl", "/a.svg"},
                       {"contentType", "album"},      {"releaseDate", "2024-01-01"},    {"durationSeconds", 60},
                       {"gradingLabel", "all ages"}, {"artists", json::array{json::object{{"id", 1}, {"title", "Luna"}}}}};
  auto head = article_head(article, "/music/albums/luna/1/neon/2");
  EXPECT_EQ(head.title, "Neon Skyline");
  EXPECT_EQ(head.og_type, "music.album");
  EXPECT_EQ(head.json_ld.at("@type"), "MusicAlbum");
  EXPECT_EQ(head.json_ld.at("byArtist").at(0).at("name"), "Luna");
  EXPECT_EQ(head.json_ld.at("duration"), "PT60S");
  article["contentType"] = "videocollection";
  EXPECT_EQ(article_head(article, "/x").json_ld.at("@type"), "TVSeries");
  article["contentType"] = "online_game";
  EXPECT_EQ(article_head(article, "/x").json_ld.at("@type"), "VideoGame");
  article["contentType"] = "audiobook";
  EXPECT_EQ(article_head(article, "/x").json_ld.at("@type"), "Audiobook");
}

TEST(CatalogPages, ASearchPagesWordsAreItsQAsTheClientReadsThem) {
  EXPECT_EQ(page_search("/search", "q=golden+hour"), "golden hour");
  EXPECT_EQ(page_search("/search-q", "lang=en&q=%20neon%09"), "neon");
  EXPECT_EQ(page_search("/search", "q=caf%C3%A9"), "caf\xC3\xA9");
  EXPECT_EQ(page_search("/search", "q=+++"), std::nullopt);
  EXPECT_EQ(page_search("/search", ""), std::nullopt);
  EXPECT_EQ(page_search("/search", "q=" + std::string(201, 'a')), std::nullopt);
  EXPECT_EQ(page_search("/music/tracks", "q=neon"), std::nullopt);
}

}  // namespace
}  // namespace portal::catalog
