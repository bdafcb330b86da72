#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/catalog/catalog_answers.hpp"
#include "domains/catalog/catalog_article_document.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "core/from_json.hpp"
#include "domains/catalog/catalog_challenge.hpp"
#include "domains/catalog/catalog_import.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/catalog/catalog_views.hpp"

namespace portal::catalog {
namespace {
namespace json = boost::json;

QueryLookup query(std::map<std::string, std::string> values) {
  return [values](std::string_view key) -> std::optional<std::string> {
    auto it = values.find(std::string(key));
    if (it == values.end()) return std::nullopt;
    return it->second;
  };
}

TEST(CatalogRules, GradingLabels) {
  EXPECT_EQ(grading_label(0), "all ages");
  EXPECT_EQ(grading_label(10), "6+");
  EXPECT_EQ(grading_label(20), "12+");
  EXPECT_EQ(grading_label(30), "16+");
  EXPECT_EQ(grading_label(40), "18+");
  EXPECT_EQ(grading_label(50), "18+");
  EXPECT_EQ(grading_label(15), "18+");
}

TEST(CatalogRules, Slugs) {
  EXPECT_EQ(slugify("Neon Skyline"), "neon-skyline");
  EXPECT_EQ(slugify("  AC/DC: Live!  "), "ac-dc-live");
  EXPECT_EQ(slugify("Straße über"), "stra-e-ber");
  EXPECT_EQ(slugify("أفق النيون"), "");
  EXPECT_EQ(article_slug("أفق النيون", "full_track_music"), "full-track-music");
  EXPECT_EQ(article_slug("", "album"), "album");
}

std::string href(std::string_view type, std::int64_t id, std::string_view slug) {
  HrefParts p;
  p.content_type = type;
  p.id = id;
  p.slug = slug;
  return article_href(p);
}

TEST(CatalogRules, Hrefs) {
  EXPECT_EQ(href("full_track_music", 2101, "neon-skyline"), "/music/tracks/neon-skyline/2101");
  EXPECT_EQ(href("artist", 2001, "luna-waves"), "/music/artists/luna-waves/2001");
  HrefParts album;
  album.content_type = "album";
  album.id = 2050;
  album.slug = "neon-nights";
  album.artist_id = 2001;
  album.artist_slug = "luna-waves";
  EXPECT_EQ(article_href(album),
            "/music/albums/luna-waves/2001/neon-nights/2050");
  EXPECT_EQ(href("playlist", 2201, "summer-mix"), "/music/playlists/summer-mix/2201");
  EXPECT_EQ(href("online_game", 4101, "block-runner"), "/games/details/block-runner/4101");
  EXPECT_EQ(href("publisher", 4001, "pixel-forge"), "/games/publisher/pixel-forge");
  EXPECT_EQ(href("videocollection", 3001, "harbour-lights"), "/video/series/details/harbour-lights/3001");
  EXPECT_EQ(href("full_length_video", 3201, "dark-harvest"), "/video/details/dark-harvest/3201");
  EXPECT_EQ(href("podcastcollection", 5001, "tech-talk"), "/podcast/details/tech-talk/5001");
  EXPECT_EQ(href("podcast", 5101, "ep"), "/podcast/episode/ep/5101");
  EXPECT_EQ(href("audiobook", 6001, "old-sea"), "/audiobook/details/old-sea/6001");
}

// A path segment is never its neighbour again (issue 72 item 16: /news/news-culture/news-culture/…).
TEST(CatalogRules, HrefsRepeatNoSegment) {
  HrefParts news;
  news.content_type = "news";
  news.id = 7001;
  news.slug = "berlin-festival";
  news.category = "news-culture";
  EXPECT_EQ(article_href(news), "/news/news-culture/all/berlin-festival/7001");
  HrefParts premium;
  premium.content_type = "premium_article";
  premium.id = 7201;
  premium.slug = "long-read";
  premium.category = "articles-premium";
  EXPECT_EQ(article_href(premium), "/articles/premium/articles-premium/all/7201");
  HrefParts article;
  article.content_type = "article";
  article.id = 7101;
  article.category = "articles-guides";
  EXPECT_EQ(article_href(article), "/articles/articles-guides/7101");
  // Without a category, the section names the list ("/news/news" is all news).
  news.category = "";
  EXPECT_EQ(article_href(news), "/news/news/all/berlin-festival/7001");
}

TEST(CatalogRules, RatingWindow) {
  // The request's limit (parental_control::max_rating_for): no maxRating is
  // the limit, a higher one is lowered to it, a lower one stays.
  auto r = parse_rating(query({}), 60);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->max, 60);
  EXPECT_EQ(r->min, 0);
  r = parse_rating(query({}), 20);
  EXPECT_EQ(r->max, 20);
  EXPECT_TRUE(r->allows(20));
  EXPECT_FALSE(r->allows(30));
  r = parse_rating(query({{"maxRating", "10"}, {"minRating", "10"}}), 20);
  EXPECT_EQ(r->max, 10);
  EXPECT_FALSE(r->allows(0));
  r = parse_rating(query({{"maxRating", "1000"}}), 20);
  EXPECT_EQ(r->max, 20);
  EXPECT_FALSE(r->allows(40));
  r = parse_rating(query({{"minRating", "40"}}), 20);
  EXPECT_EQ(r->min, 20);
  EXPECT_FALSE(r->allows(40));
  auto bad = parse_rating(query({{"maxRating", "lots"}}), 20);
  ASSERT_FALSE(bad);
  EXPECT_EQ(http_error(bad.error()).status, 400);
}

TEST(CatalogRules, Paging) {
  auto p = parse_paging(query({}));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->first, 0);
  EXPECT_EQ(p->second, 10);
  EXPECT_FALSE(parse_paging(query({{"limit", "51"}})));
  EXPECT_FALSE(parse_paging(query({{"limit", "0"}})));
  EXPECT_FALSE(parse_paging(query({{"offset", "-1"}})));
  EXPECT_TRUE(parse_paging(query({{"limit", "50"}, {"offset", "100"}})));
}

namespace {
// exp and sig of a signed URL (…&exp=<n>&sig=<hex>).
std::pair<std::string, std::string> exp_sig(const std::string& url) {
  const auto e = url.find("&exp=") + 5, s = url.find("&sig=");
  return {url.substr(e, s - e), url.substr(s + 5)};
}
}  // namespace

TEST(CatalogRules, MediaSignatureAndExpiry) {
  core::ManualClock clock;
  MediaSigner signer("secret", clock, std::chrono::seconds(60));
  auto s = signer.sign(2, 2101, "audio/2101.mp3");
  const auto [exp, sig] = exp_sig(s.url);
  EXPECT_TRUE(s.url.starts_with("/media/secure/audio/2101.mp3?tenant=2&article=2101&exp="));
  EXPECT_TRUE(signer.verify(2, 2101, "audio/2101.mp3", exp, sig));
  EXPECT_FALSE(signer.verify(2, 2101, "audio/2102.mp3", exp, sig));       // other file
  EXPECT_FALSE(signer.verify(2, 2102, "audio/2101.mp3", exp, sig));       // other article
  EXPECT_FALSE(signer.verify(3, 2101, "audio/2101.mp3", exp, sig));       // other tenant
  EXPECT_FALSE(signer.verify(2, 2101, "audio/2101.mp3", exp + "0", sig));  // other expiry
  std::string forged = sig;
  forged[0] = forged[0] == 'a' ? 'b' : 'a';
  EXPECT_FALSE(signer.verify(2, 2101, "audio/2101.mp3", exp, forged));
  EXPECT_FALSE(signer.verify(2, 2101, "audio/2101.mp3", exp, ""));
  MediaSigner other("other", clock, std::chrono::seconds(60));
  EXPECT_FALSE(other.verify(2, 2101, "audio/2101.mp3", exp, sig));
  clock.advance(std::chrono::seconds(60));
  EXPECT_TRUE(signer.verify(2, 2101, "audio/2101.mp3", exp, sig));
  clock.advance(std::chrono::seconds(1));
  EXPECT_FALSE(signer.verify(2, 2101, "audio/2101.mp3", exp, sig));
}

TEST(CatalogRules, ALongStreamIsSignedForAtLeastWhatItAsks) {
  core::ManualClock clock;
  MediaSigner signer("secret", clock, std::chrono::seconds(60));
  auto s = signer.sign(1, 3102, "hls/v3102/master.m3u8", std::chrono::seconds(600));
  const auto [exp, sig] = exp_sig(s.url);
  clock.advance(std::chrono::seconds(599));
  EXPECT_TRUE(signer.verify(1, 3102, "hls/v3102/", exp, sig));
  clock.advance(std::chrono::seconds(2));
  EXPECT_FALSE(signer.verify(1, 3102, "hls/v3102/", exp, sig));
  // Shorter than the lifetime: the lifetime wins.
  EXPECT_EQ(signer.sign(1, 2101, "audio/2101.mp3", std::chrono::seconds(5)).expires,
            signer.sign(1, 2101, "audio/2101.mp3").expires);
}

TEST(CatalogRules, AnUploadsPathNamesItsTenantAndIsServedForItOnly) {
  // The media job's folders (MediaService::published_folder).
  EXPECT_EQ(upload_tenant("audio/1/60049/0123456789ab/track.mp3"), "1");
  EXPECT_EQ(upload_tenant("hls/12/20001/0123456789ab/720p/seg_000.ts"), "12");
  EXPECT_EQ(upload_tenant("art/3/20001/0123456789ab/cover.webp"), "3");
  EXPECT_EQ(upload_tenant("games/2-4101-0123456789ab/index.html"), "2");
  // The platform's shared media (the demo seed's and the test fixture's): no tenant.
  for (auto shared : {"audio/20012.mp3", "audio/20012-preview.mp3", "hls/v2605/master.m3u8", "hls/3101/index.m3u8",
                      "hls/3101/720p/index.m3u8", "games/brick-breaker/index.html", "games/4101/game.js",
                      "games/2048-puzzle/index.html", "docs/7020.html"})
    EXPECT_EQ(upload_tenant(shared), "") << shared;
  EXPECT_TRUE(media_of_tenant("audio/1/60049/0123456789ab/track.mp3", 1));
  EXPECT_FALSE(media_of_tenant("audio/1/60049/0123456789ab/track.mp3", 2));
  EXPECT_FALSE(media_of_tenant("games/1-4101-0123456789ab/game.js", 2));
  EXPECT_TRUE(media_of_tenant("audio/20012.mp3", 2));
}

TEST(CatalogRules, AnEditorSetsSharedMediaOrTheArticlesOwnUploadOnly) {
  // Shared media and this article's own uploads.
  for (auto fine : {"audio/20001.mp3", "audio/20001-preview.mp3", "hls/v2605/master.m3u8", "games/snake/index.html",
                    "docs/7020.html", "audio/2/20001/0123456789ab/track.mp3", "hls/2/20001/0123456789ab/master.m3u8",
                    "games/2-20001-0123456789ab/index.html"})
    EXPECT_FALSE(media_path_refusal(fine, 2, 20001)) << fine;
  // Another tenant's upload (issue 45 item 1), or another article's of this tenant.
  for (auto foreign : {"audio/1/60049/0123456789ab/track.mp3", "audio/1/20001/0123456789ab/track-preview.mp3",
                       "audio/2/60049/0123456789ab/track.mp3", "audio/02/20001/0123456789ab/track.mp3",
                       "hls/1/20001/0123456789ab/master.m3u8", "art/1/20001/0123456789ab/cover.webp",
                       "games/1-20001-0123456789ab/index.html", "audio/1/track.mp3", "hls/1/x.m3u8"})
    EXPECT_TRUE(media_path_refusal(foreign, 2, 20001)) << foreign;
  // Not a plain relative path, the staging area, or a grant over a whole kind's folder.
  for (auto bad : {"", "/etc/passwd", "audio/../1/60049/x/track.mp3", "audio//1.mp3", "./audio/1.mp3", "audio/1.mp3/",
                   "audio\\1.mp3", "audio/%31.mp3", "audio/a b.mp3", "audio/x.mp3?x=1", "staging/uploads/1/abc.part",
                   "staging/jobs/abc/track.mp3", "hls/master.m3u8", "games/index.html", "audio/x.m3u8", "x/y.m3u8"})
    EXPECT_TRUE(media_path_refusal(bad, 2, 20001)) << bad;
  EXPECT_TRUE(media_path_refusal(std::string(301, 'a'), 2, 20001));
}

TEST(CatalogRules, PlaylistAndGameGrantsCoverTheirDirectoryOnly) {
  EXPECT_EQ(media_scope("hls/v3101/master.m3u8"), "hls/v3101/");
  EXPECT_EQ(media_scope("games/snake-4403/index.html"), "games/snake-4403/");
  EXPECT_EQ(media_scope("audio/2101.mp3"), "audio/2101.mp3");
  EXPECT_TRUE(within_scope("hls/v3101/master.m3u8", "hls/v3101/"));
  EXPECT_TRUE(within_scope("hls/v3101/720p/seg0.ts", "hls/v3101/"));
  EXPECT_FALSE(within_scope("hls/v3102/master.m3u8", "hls/v3101/"));
  EXPECT_FALSE(within_scope("hls/master.m3u8", "hls/v3101/"));
  EXPECT_FALSE(within_scope("hls/v3101/../v3102/720p/seg0.ts", "hls/v3101/"));  // no way out
  EXPECT_FALSE(within_scope("hls/v3101/./x.ts", "hls/v3101/"));
  EXPECT_FALSE(within_scope("hls/v3101//x.ts", "hls/v3101/"));
  EXPECT_FALSE(within_scope("hls/v3101\\x.ts", "hls/v3101/"));
  // A file's grant does not open its directory, nor a sibling.
  EXPECT_TRUE(within_scope("audio/2101.mp3", "audio/2101.mp3"));
  EXPECT_FALSE(within_scope("audio/2102.mp3", "audio/2101.mp3"));
  EXPECT_FALSE(within_scope("audio/2101.mp3/x", "audio/2101.mp3"));

  core::ManualClock clock;
  MediaSigner signer("secret", clock, std::chrono::seconds(60));
  auto s = signer.sign(1, 4401, "games/snake-4401/index.html");
  // The grant rides in the path, so the page's relative URLs keep it.
  ASSERT_TRUE(s.url.starts_with("/media/secure/~")) << s.url;
  const auto grant = path_grant(std::string_view(s.url).substr(std::string_view("/media/secure/").size()));
  ASSERT_TRUE(grant);
  EXPECT_EQ(grant->path, "games/snake-4401/index.html");
  EXPECT_EQ(s.url, "/media/secure/~1.4401." + grant->exp + "." + grant->sig + "/games/snake-4401/index.html");
  EXPECT_EQ(grant->tenant, "1");
  EXPECT_EQ(grant->article, "4401");
  const auto exp = grant->exp;
  const auto sig = grant->sig;
  EXPECT_TRUE(signer.verify(1, 4401, "games/snake-4401/", exp, sig));
  EXPECT_FALSE(signer.verify(1, 4401, "games/snake-4401/index.html", exp, sig));
  EXPECT_FALSE(signer.verify(1, 4402, "games/snake-4401/", exp, sig));
  EXPECT_FALSE(path_grant("~1.4401.99/games/x/"));         // no signature
  EXPECT_FALSE(path_grant("~1.x.99.ab/games/x/"));         // not digits
  EXPECT_FALSE(path_grant("~99.abc/games/x/index.html"));  // the old form: no tenant or article
  EXPECT_EQ(signer.seconds_left(exp), 60);
  clock.advance(std::chrono::seconds(61));
  EXPECT_FALSE(signer.verify(1, 4401, "games/snake-4401/", exp, sig));
  EXPECT_EQ(signer.seconds_left(exp), 0);
  EXPECT_EQ(signer.seconds_left("soon"), 0);

  EXPECT_EQ(game_directory("games/snake/index.html"), "games/snake/");
  EXPECT_EQ(game_directory("games/snake/lib/a.js"), "games/snake/");
  EXPECT_EQ(game_directory("games/index.html"), "");
  EXPECT_EQ(game_directory("games//x.js"), "");
  EXPECT_EQ(game_directory("audio/2101.mp3"), "");
  EXPECT_TRUE(grant_travels_in_path("games/snake/"));
  EXPECT_FALSE(grant_travels_in_path("games/snake/index.html"));
  EXPECT_FALSE(grant_travels_in_path("video/3001/"));
  EXPECT_FALSE(grant_travels_in_path("games/sn;ake/"));
  EXPECT_FALSE(path_grant("games/snake/index.html"));
  EXPECT_FALSE(path_grant("~1.2.123.abc"));
  EXPECT_FALSE(path_grant("~1.2..abc/games/x/y"));
  EXPECT_FALSE(path_grant("~1.2.12x.abc/games/x/y"));
  EXPECT_FALSE(path_grant("~1.2.12.ABC/games/x/y"));
  EXPECT_FALSE(path_grant("~1.2.12./games/x/y"));
  EXPECT_FALSE(path_grant("~12.ab/games/x/lib/y.js"));
  const auto parsed = path_grant("~1.2.12.ab/games/x/lib/y.js");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->path, "games/x/lib/y.js");
  EXPECT_EQ(parsed->tenant, "1");
  EXPECT_EQ(parsed->article, "2");
  EXPECT_EQ(parsed->exp, "12");
  EXPECT_EQ(parsed->sig, "ab");
}

TEST(CatalogRules, PlaylistQuery) {
  const std::string playlist =
      "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,URI=\"audio/index.m3u8\"\n#EXT-X-STREAM-INF:BANDWIDTH=1\n720p/index.m3u8\n"
      "seg0.ts?x=1\nhttps://cdn/x.ts\n\n";
  EXPECT_EQ(add_playlist_query(playlist, "exp=1&sig=ab"),
            "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,URI=\"audio/index.m3u8?exp=1&sig=ab\"\n#EXT-X-STREAM-INF:BANDWIDTH=1\n"
            "720p/index.m3u8?exp=1&sig=ab\nseg0.ts?x=1&exp=1&sig=ab\nhttps://cdn/x.ts\n\n");
}

TEST(CatalogRules, ArticleAnswer) {
  ArticleRecord a;
  a.id = 2101;
  a.content_type = "full_track_music";
  a.rating = 10;
  a.slug = "neon-skyline";
  a.parent_id = 2050;
  a.doc = json::parse(R"({"title":{"en":"Neon Skyline","ar":"أفق"},"categoryIds":["music-pop"],
    "artworks":[{"artworkClass":"BANNER","url":"/b.svg"},{"artworkClass":"COVER","url":"/c.svg"}],
    "prices":[{"amount":99,"currency":"EUR","businessModel":"SUBSCRIPTION"}]})").as_object();
  auto o = json::value_from(article_dto(a, "ar", {{2001, "Luna", ""}})).as_object();
  EXPECT_EQ(o["title"], "أفق");
  EXPECT_EQ(o["description"], "");
  EXPECT_EQ(o["gradingLabel"], "6+");
  EXPECT_EQ(o["imageUrl"], "/c.svg");
  EXPECT_EQ(o["href"], "/music/tracks/neon-skyline/2101");
  EXPECT_EQ(o["collectionInfo"].at("articleId"), 2050);
  EXPECT_EQ(o["prices"].as_array().size(), 1u);
  EXPECT_EQ(localized(&a.doc["title"], "de"), "Neon Skyline");
}

// The answers kept per language (lists, searches, pages splice them) are the
// Article DTO's own serialisation: the same text value_from makes of the same value.
TEST(CatalogViews, AKeptArticleIsTheSerialisedDto) {
  ArticleRecord artist;
  artist.id = 2001;
  artist.content_type = "artist";
  artist.slug = "luna";
  artist.doc = json::parse(R"({"title":{"en":"Luna","ar":"لونا"}})").as_object();
  ArticleRecord a;
  a.id = 2050;
  a.content_type = "album";
  a.rating = 12;
  a.slug = "neon-nights";
  a.release_date = "2024-03-01";
  a.doc = json::parse(R"({"title":{"en":"Neon Nights"},"categoryIds":["music-pop"],"providerId":"p-1",
    "artworks":[{"artworkClass":"COVER","url":"/c.svg"}],"customProperties":{"label":"X"},"durationSeconds":2400,
    "prices":[{"amount":99,"currency":"EUR","businessModel":"PAY_PER_DOWNLOAD"}]})").as_object();
  for (std::string_view lang : {"en", "ar"}) {
    const auto kept = article_view(a, {artist}, lang);
    const auto dto = article_dto(a, lang, {{2001, localized(artist.doc.if_contains("title"), lang), "luna"}}, "luna");
    EXPECT_EQ(kept, json::serialize(json::value_from(dto))) << lang;
    EXPECT_EQ(json::parse(kept).at("href"), "/music/albums/luna/2001/neon-nights/2050") << lang;
  }
  // A page spliced from kept pieces is the page DTO's serialisation.
  ArticleRecord track = a;
  track.id = 2101;
  track.content_type = "full_track_music";
  track.parent_id = 2050;
  const std::vector<std::string> pieces{article_view(a, {artist}, "en"), article_view(track, {}, "en")};
  ArticlePageDto page{{article_dto(a, "en", {{2001, "Luna", "luna"}}, "luna"), article_dto(track, "en", {})}, 7, 2, 2};
  EXPECT_EQ(page_text(pieces, 7, 2, 2), json::serialize(json::value_from(page)));
  // And a details answer spliced from them: the article's members, then its lists.
  const auto details = json::parse(details_text({pieces[0], "tracks", {pieces[1]}, std::nullopt}));
  auto expected = json::value_from(page.entries[0]);
  expected.as_object()["tracks"] = json::array{json::value_from(page.entries[1])};
  expected.as_object()["related"] = json::array{json::value_from(page.entries[1])};
  EXPECT_EQ(json::serialize(details), json::serialize(expected));
  // The same text is the details DTO's serialisation: the lists of other kinds left out.
  ArticleDetailsDto album;
  static_cast<ArticleDto&>(album) = page.entries[0];
  album.tracks = std::vector{page.entries[1]};
  album.related = {page.entries[1]};
  EXPECT_EQ(details_text({pieces[0], "tracks", {pieces[1]}, std::nullopt}), json::serialize(json::value_from(album)));
  ArticleDetailsDto artist_details;
  static_cast<ArticleDto&>(artist_details) = page.entries[0];
  artist_details.topTracks = std::vector{page.entries[1]};
  artist_details.albums = std::vector{page.entries[0]};
  artist_details.related = {page.entries[0]};
  EXPECT_EQ(details_text({pieces[0], "albums", {pieces[0]}, std::vector{pieces[1]}}),
            json::serialize(json::value_from(artist_details)));
  ArticleDetailsDto alone;
  static_cast<ArticleDto&>(alone) = page.entries[1];
  EXPECT_EQ(details_text({pieces[1], "", {}, std::nullopt}), json::serialize(json::value_from(alone)));
  // A kept piece read back as the DTO (what article_answer and a challenge's game give) serialises to itself.
  for (const auto& piece : pieces)
    EXPECT_EQ(json::serialize(json::value_from(core::from_json<ArticleDto>(json::parse(piece)))), piece);
}

TEST(CatalogImport, ValidatesAndNamesTheArticle) {
  auto none = [](std::string_view) { return false; };
  auto ok = parse_import(json::parse(R"({"categories":[{"id":"music-pop","section":"music","title":{"en":"Pop"}}],
    "articles":[{"id":1,"contentType":"album","title":{"en":"Neon Nights"},"categoryIds":["music-pop"]}]})"), none);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->articles[0].record.slug, "neon-nights");
  EXPECT_EQ(ok->articles[0].record.section, "music");

  auto bad_type = parse_import(json::parse(R"({"articles":[{"id":7,"contentType":"spaceship","title":{"en":"X"}}]})"), none);
  ASSERT_FALSE(bad_type);
  EXPECT_EQ(http_error(bad_type.error()).status, 400);
  EXPECT_NE(bad_type.error().message.find("article 7"), std::string::npos);
  EXPECT_NE(bad_type.error().message.find("contentType"), std::string::npos);
  EXPECT_EQ(http_error(bad_type.error()).data.at("field"), "articles[0].contentType");

  auto bad_category = parse_import(
      json::parse(R"({"articles":[{"id":8,"contentType":"album","title":{"en":"X"},"categoryIds":["nope"]}]})"), none);
  ASSERT_FALSE(bad_category);
  EXPECT_NE(bad_category.error().message.find("nope"), std::string::npos);
  auto known = parse_import(
      json::parse(R"({"articles":[{"id":8,"contentType":"album","title":{"en":"X"},"categoryIds":["nope"]}]})"),
      [](std::string_view id) { return id == "nope"; });
  EXPECT_TRUE(known);

  EXPECT_FALSE(parse_import(json::parse(R"({"articles":[{"id":1,"contentType":"album","title":{"xx":"X"}}]})"), none));
  EXPECT_FALSE(parse_import(json::parse(R"({"articles":[{"id":1,"contentType":"album","title":{"en":"X"},"rating":"old"}]})"), none));
  EXPECT_FALSE(parse_import(json::parse(R"({"articles":[{"id":1,"contentType":"album","title":{"en":"X"}},{"id":1,"contentType":"album","title":{"en":"Y"}}]})"), none));
  EXPECT_FALSE(parse_import(json::parse(R"({"articles":[{"id":1,"contentType":"album","title":{"en":"X"},"media":{"path":"../etc/passwd"}}]})"), none));
  EXPECT_FALSE(parse_import(json::parse(R"({"articles":{}})"), none));
}

TEST(CatalogImport, ReferencesMustExistInTheFileOrTheTenant) {
  auto none = [](std::string_view) { return false; };
  // A reference to an article later in the file is fine.
  auto ok = parse_import(json::parse(R"({"articles":[
    {"id":2,"contentType":"full_track_music","title":{"en":"T"},"parentId":1,"artistIds":[3]},
    {"id":1,"contentType":"album","title":{"en":"A"},"artistIds":[3]},
    {"id":3,"contentType":"artist","title":{"en":"R"}},
    {"id":4,"contentType":"playlist","title":{"en":"P"},"memberIds":[2]}]})"), none);
  ASSERT_TRUE(ok) << ok.error().message;

  auto field_of = [](const Result<ImportSet>& r) { return std::string(http_error(r.error()).data.at("field").as_string()); };
  auto parent = parse_import(json::parse(R"({"articles":[{"id":2,"contentType":"podcast","title":{"en":"T"},"parentId":77}]})"), none);
  ASSERT_FALSE(parent);
  EXPECT_EQ(field_of(parent), "articles[0].parentId");
  EXPECT_NE(parent.error().message.find("article 2: parentId names unknown article 77"), std::string::npos);
  EXPECT_EQ(http_error(parent.error()).data.at("articleId"), 2);
  auto artist = parse_import(json::parse(R"({"articles":[{"id":5,"contentType":"album","title":{"en":"T"},"artistIds":[9]}]})"), none);
  ASSERT_FALSE(artist);
  EXPECT_EQ(field_of(artist), "articles[0].artistIds");
  auto member = parse_import(json::parse(R"({"articles":[{"id":5,"contentType":"playlist","title":{"en":"T"},"memberIds":[9]}]})"), none);
  ASSERT_FALSE(member);
  EXPECT_EQ(field_of(member), "articles[0].memberIds");
  // Known to the tenant already: fine.
  auto known = parse_import(json::parse(R"({"articles":[{"id":5,"contentType":"playlist","title":{"en":"T"},"memberIds":[9]}]})"),
                            none, [](std::int64_t id) { return id == 9; });
  EXPECT_TRUE(known);
  auto category_parent = parse_import(
      json::parse(R"({"categories":[{"id":"a","section":"music","parentId":"b","title":{"en":"A"}}],"articles":[]})"), none);
  ASSERT_FALSE(category_parent);
  EXPECT_EQ(field_of(category_parent), "categories[0].parentId");
}

TEST(CatalogImport, Challenges) {
  auto none = [](std::string_view) { return false; };
  const std::string game = R"({"id":4101,"contentType":"online_game","title":{"en":"Block Runner"}})";
  auto parse = [&](const std::string& challenge) {
    return parse_import(json::parse(R"({"articles":[)" + game + R"(],"challenges":[)" + challenge + "]}"), none);
  };
  auto ok = parse(R"({"id":7001,"gameId":4101,"title":{"en":"Run","de":"Lauf"},"description":{"en":"Go"},"chained":true,
    "startsAt":"2026-01-01T00:00:00Z","endsAt":"2026-02-01T00:00:00Z",
    "challengeSteps":[{"id":1,"title":{"en":"One","de":"Eins"},"goal":{"en":"10 apples","de":"10 Äpfel"},
                       "rewards":[{"currency":"TICKETS","amount":20}]},{"id":2,"title":{"en":"Two"},"rewards":[]}]})");
  ASSERT_TRUE(ok) << ok.error().message;
  ASSERT_EQ(ok->challenges.size(), 1u);
  EXPECT_EQ(ok->challenges[0].record.game_id, 4101);

  ArticleDto game_answer;
  game_answer.id = 4101;
  auto c = challenge_of(ok->challenges[0].record, "de", game_answer, true);
  EXPECT_EQ(c.title, "Lauf");
  EXPECT_EQ(c.description, "Go");  // no German: English
  EXPECT_EQ(c.chained, true);
  EXPECT_EQ(c.game_id, 4101);
  ASSERT_TRUE(c.game);
  EXPECT_EQ(c.game->id, 4101);
  EXPECT_EQ(c.opted_in, true);
  EXPECT_EQ(c.starts_at, "2026-01-01T00:00:00Z");
  const auto& steps = c.steps;
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].title, "Eins");
  EXPECT_EQ(steps[0].goal, "10 Äpfel");
  EXPECT_EQ(steps[0].rewards.at(0).currency, "TICKETS");
  EXPECT_EQ(steps[0].rewards.at(0).amount, 20);
  EXPECT_EQ(steps[1].goal, "");
  auto plain = challenge_of(ok->challenges[0].record, "en", std::nullopt, false);
  EXPECT_FALSE(plain.game);
  EXPECT_EQ(plain.opted_in, false);

  auto fails = [&](const std::string& challenge, std::string_view field) {
    auto r = parse(challenge);
    ASSERT_FALSE(r) << challenge;
    EXPECT_EQ(http_error(r.error()).data.at("field").as_string(), field) << r.error().message;
    EXPECT_NE(r.error().message.find("challenge"), std::string::npos);
  };
  const std::string steps_ok = R"("challengeSteps":[{"id":1,"title":{"en":"S"}}])";
  fails(R"({"id":7001,"gameId":999,"title":{"en":"X"},)" + steps_ok + "}", "challenges[0].gameId");
  fails(R"({"id":0,"gameId":4101,"title":{"en":"X"},)" + steps_ok + "}", "challenges[0].id");
  fails(R"({"id":7001,"gameId":4101,"title":{"xx":"X"},)" + steps_ok + "}", "challenges[0].title");
  fails(R"({"id":7001,"gameId":4101,"title":{"en":"X"},"chained":"yes",)" + steps_ok + "}", "challenges[0].chained");
  fails(R"({"id":7001,"gameId":4101,"title":{"en":"X"},"challengeSteps":[]})", "challenges[0].challengeSteps");
  fails(R"({"id":7001,"gameId":4101,"title":{"en":"X"},"startsAt":"2026-02-01","endsAt":"2026-01-01",)" + steps_ok + "}",
        "challenges[0].endsAt");
  fails(R"({"id":7001,"gameId":4101,"title":{"en":"X"},"challengeSteps":[{"id":1,"title":{"en":"S"},"rewards":[{"currency":"TICKETS","amount":-1}]}]})",
        "challenges[0].challengeSteps[0].rewards");
  // The game may already be in the tenant.
  auto known = parse_import(json::parse(R"({"articles":[],"challenges":[{"id":1,"gameId":55,"title":{"en":"X"},)" + steps_ok + "}]}"),
                            none, [](std::int64_t id) { return id == 55; });
  EXPECT_TRUE(known);
}

TEST(CatalogSearch, Folding) {
  EXPECT_EQ(fold_for_search("Blockläufer"), "Blocklaufer");
  EXPECT_EQ(fold_for_search("Néon ÉTÉ Ștefan Łódź"), "Neon ETE Stefan Lodz");
  EXPECT_EQ(fold_for_search("Straße"), "Straße");
  EXPECT_EQ(fold_for_search("أُفُقٌ"), "أفق");
  EXPECT_EQ(fold_for_search("日本"), "日本");
}

TEST(FreeOnlineGame, OnlyOnlineGamesWithTheFreemiumModel) {
  auto doc = [](const char* model) {
    return boost::json::object{{"prices", boost::json::array{boost::json::object{
                                              {"amount", 0}, {"currency", "EUR"}, {"businessModel", model}}}}};
  };
  EXPECT_TRUE(is_free_online_game("online_game", doc("DOWNLOAD_TO_OWN_FREEMIUM")));
  EXPECT_FALSE(is_free_online_game("online_game", doc("SUBSCRIPTION")));
  EXPECT_FALSE(is_free_online_game("game", doc("DOWNLOAD_TO_OWN_FREEMIUM")));
  EXPECT_FALSE(is_free_online_game("online_game", {}));
}

TEST(PublicMedia, ArtworkPreviewsAndGamesOnly) {
  EXPECT_TRUE(is_public_media_path("art/catalog/2101.webp"));
  EXPECT_TRUE(is_public_media_path("audio/2101-preview.mp3"));
  EXPECT_TRUE(is_public_media_path("hls/v3104/preview.mp4"));
  EXPECT_TRUE(is_public_media_path("games/snake/game.js"));
  EXPECT_FALSE(is_public_media_path("audio/2101.mp3"));
  EXPECT_FALSE(is_public_media_path("hls/v3104/master.m3u8"));
  EXPECT_FALSE(is_public_media_path("hls/v3104/720p/seg0.ts"));
  EXPECT_FALSE(is_public_media_path("docs/7208.html"));
  EXPECT_FALSE(is_public_media_path("previews-dir/audio/2101.mp3"));
}


// The article of a catalog file as one described struct (issue 77 item 1): an import's article reads into it and
// back whole (known and unknown members, customProperties' too), a wrongly typed known member is refused by the
// import naming its field, and a stored document whose member no longer reads still answers.
const auto no_category = [](std::string_view) { return false; };

constexpr const char* kArticle = R"({
  "id": 2101, "contentType": "online_game", "title": {"en": "Neon Run", "ar": "سباق النيون"},
  "description": {"en": "Run"}, "rating": 10, "releaseDate": "2024-03-01", "providerId": 42,
  "licensorName": "Neon Records", "durationSeconds": 185, "episode": 3,
  "prices": [{"amount": 799, "currency": "EUR", "businessModel": "PAY_PER_DOWNLOAD", "note": "launch"}],
  "media": {"path": "games/neon/index.html", "checksum": "abc"},
  "artworks": [{"url": "/media/cover.jpg", "artworkClass": "COVER", "width": 600, "focus": "center"}],
  "customProperties": {"useGameFrame": true, "platforms": ["android", "ios"], "packageName": "com.neon.run",
                       "subscriptionTypeIds": {"acme": 3}, "startDate": "2025-01-01",
                       "gameEngine": "phaser", "gameConfig": {"lives": 3, "mode": "arcade"}},
  "published": false, "availableFrom": "2024-01-01T00:00:00Z",
  "editorNote": {"by": "ops", "tags": ["a", "b"]}
})";

TEST(ArticleDocument, AnImportsArticleReadsAndWritesBackWhole) {
  const json::object file = json::parse(kArticle).as_object();
  const auto doc = core::from_json<ArticleDocument>(file);
  EXPECT_EQ(doc.id, 2101);
  EXPECT_EQ(doc.contentType, "online_game");
  ASSERT_TRUE(doc.customProperties);
  EXPECT_EQ(doc.customProperties->useGameFrame, true);
  EXPECT_EQ(doc.customProperties->platforms, (std::vector<std::string>{"android", "ios"}));
  EXPECT_EQ(doc.customProperties->packageName, "com.neon.run");
  EXPECT_EQ(doc.customProperties->subscriptionTypeIds->at("acme"), 3);
  EXPECT_EQ(doc.customProperties->startDate, "2025-01-01");
  // Unknown members are kept where they came: in customProperties, in an entry, at the top.
  EXPECT_EQ(doc.customProperties->gameEngine, "phaser");
  EXPECT_EQ(doc.customProperties->other.members.at("gameConfig").at("mode"), "arcade");
  EXPECT_EQ(doc.prices->at(0).other.members.at("note"), "launch");
  EXPECT_EQ(doc.media->other.members.at("checksum"), "abc");
  EXPECT_EQ(doc.other.members.at("editorNote").at("by"), "ops");
  EXPECT_EQ(json::value(document_json(doc)), json::value(file)) << json::serialize(document_json(doc));
}

TEST(ArticleDocument, TheImportRefusesAWronglyTypedKnownMemberNamingItsField) {
  auto field_of = [](const Result<ImportSet>& r) { return std::string(http_error(r.error()).data.at("field").as_string()); };
  const auto with = [](std::string_view custom) {
    return json::parse(std::string(R"({"articles":[{"id":7,"contentType":"online_game","title":{"en":"G"},"customProperties":)") +
                       std::string(custom) + "}]}");
  };
  auto frame = parse_import(with(R"({"useGameFrame":"yes"})"), no_category);
  ASSERT_FALSE(frame);
  EXPECT_EQ(field_of(frame), "articles[0].customProperties.useGameFrame");
  EXPECT_NE(frame.error().message.find("article 7: customProperties.useGameFrame must be true or false"), std::string::npos)
      << frame.error().message;
  auto platforms = parse_import(with(R"({"platforms":"android"})"), no_category);
  ASSERT_FALSE(platforms);
  EXPECT_EQ(field_of(platforms), "articles[0].customProperties.platforms");
  auto plan = parse_import(with(R"({"subscriptionTypeIds":{"acme":"three"}})"), no_category);
  ASSERT_FALSE(plan);
  EXPECT_EQ(field_of(plan), "articles[0].customProperties.subscriptionTypeIds");
  // Unknown members may be anything.
  EXPECT_TRUE(parse_import(with(R"({"gameConfig":{"any":[1,"x"]},"useGameFrame":false})"), no_category));
  auto whole = parse_import(json::parse(std::string(R"({"articles":[)") + kArticle + "]}"), no_category);
  ASSERT_TRUE(whole) << whole.error().message;
  EXPECT_EQ(json::value(whole->articles.at(0).record.doc), json::parse(kArticle)) << "the stored document is the file's";
}

TEST(ArticleDocument, AStoredMemberThatNoLongerReadsIsLeftOut) {
  const auto doc = stored_document(json::parse(R"({"id":3,"contentType":"app","title":{"en":"A"},
    "customProperties":{"platforms":"android","packageName":"com.a.b"},"prices":[{"amount":"x"}],"durationSeconds":60.0})")
                                       .as_object());
  EXPECT_EQ(doc.id, 3);
  ASSERT_TRUE(doc.customProperties);
  EXPECT_FALSE(doc.customProperties->platforms);
  EXPECT_EQ(doc.customProperties->packageName, "com.a.b");
  EXPECT_FALSE(doc.prices);
  EXPECT_EQ(doc.durationSeconds, 60) << "a whole number written as 60.0 reads";
}

}  // namespace
}  // namespace portal::catalog
