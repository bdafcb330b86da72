#include "app/first_view.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <initializer_list>

#include "domains/catalog/catalog_dto.hpp"

namespace portal::app {
namespace {
namespace json = boost::json;

// A whole article answer as the server sends it (catalog::ArticleDto), `members` over its defaults.
json::object article(std::string_view members) {
  json::object out = json::value_from(catalog::ArticleDto{}).as_object();
  const json::value given = json::parse(members);
  for (const auto& [key, value] : given.as_object()) out[key] = value;
  return out;
}

// A list or search answer's text with these articles as its entries and `extra` members after them.
std::string list_answer(std::initializer_list<std::string_view> entries, std::string_view extra = "") {
  json::array out;
  for (auto members : entries) out.push_back(article(members));
  return R"({"entries":)" + json::serialize(out) + R"(,"total":)" + std::to_string(entries.size()) + std::string(extra) + "}";
}

// A details page's data: {"article": the article}.
json::value details(std::string_view members) { return json::object{{"article", article(members)}}; }

FirstViewTexts texts() {
  return {"Aurora <Play>", "/media/logo.svg", "Tracks", "New & popular.", "en",
          [](std::string_view key) { return key == "common.discover" ? std::string("Discover") : std::string(); }};
}

TEST(FirstView, DrawsAHomesFirstHeroSlideWithTheBrand) {
  const auto data = boost::json::parse(R"({"structures":{"home":{"substructure":[
    {"data":{"customProperties":{"type":"banner"}},"substructure":[
      {"data":{"title":"Summer <b>","subTitle":"Fresh","imageUrl":"/media/hero-1.svg","clickUrl":"/music",
               "customProperties":{"ctaKey":"common.discover"}}},
      {"data":{"title":"Second","imageUrl":"/media/hero-2.svg"}}]}]}}})");
  const std::string html = first_view(data, {}, texts());
  EXPECT_NE(html.find("aria-hidden=\"true\" inert"), std::string::npos);
  EXPECT_NE(html.find("<img src=\"/media/logo.svg\""), std::string::npos);
  EXPECT_NE(html.find("Aurora &lt;Play&gt;"), std::string::npos);
  // The preloaded image, as the client asks for it (webp), eager; decoded off the first paint.
  EXPECT_NE(html.find("<img src=\"/media/hero-1.svg?format=webp\" alt=\"\" fetchpriority=\"high\""), std::string::npos);
  EXPECT_NE(html.find("Summer &lt;b&gt;"), std::string::npos);
  EXPECT_NE(html.find(">Discover</span>"), std::string::npos);
  EXPECT_EQ(html.find("hero-2"), std::string::npos);
}

TEST(FirstView, DrawsTheAnnouncementAboveTheHeaderAndTheTenantsPhoneColumns) {
  const http::JsonMembers raw{{"list", list_answer({R"({"id":1,"title":"T1","contentType":"full_track_music"})"})}};
  FirstViewTexts t = texts();
  EXPECT_EQ(first_view(boost::json::object{}, raw, t).find("bg-primary text-primary-contrast"), std::string::npos);
  t.announcement = "New <this> week";
  const std::string html = first_view(boost::json::object{}, raw, t);
  const auto notice = html.find(">New &lt;this&gt; week</p>");
  ASSERT_NE(notice, std::string::npos);
  EXPECT_LT(notice, html.find("<header"));
  // The grid's phone columns follow --cards-per-row-mobile where the tenant set it (settings.mobileSettings).
  EXPECT_NE(html.find("max-sm:grid-cols-[repeat(var(--cards-per-row-mobile,2),minmax(0,1fr))]"), std::string::npos);
}

TEST(FirstView, DrawsAListsHeadingAndFirstCardsFromTheKeptAnswer) {
  json::array entries;
  for (int i = 1; i <= 8; ++i)
    entries.push_back(article(R"({"id":)" + std::to_string(i) + R"(,"title":"T)" + std::to_string(i) +
                              R"(","contentType":"full_track_music","imageUrl":"/media/)" + std::to_string(i) +
                              R"(.svg","artists":[{"id":1,"title":"A","slug":"a"},{"id":2,"title":"B","slug":"b"},{"id":3,"title":"C","slug":"c"}]})"));
  const http::JsonMembers raw{{"list", R"({"entries":)" + json::serialize(entries) + R"(,"total":8})"}};
  const std::string html = first_view(boost::json::object{}, raw, texts());
  EXPECT_NE(html.find(">Tracks</h1>"), std::string::npos);
  EXPECT_NE(html.find("New &amp; popular."), std::string::npos);
  EXPECT_NE(html.find("grid-cols-2"), std::string::npos);  // square cards
  EXPECT_NE(html.find(">T6<"), std::string::npos);
  EXPECT_EQ(html.find(">T7<"), std::string::npos);
  EXPECT_NE(html.find(">A, B<"), std::string::npos);  // the first two artists, as on a card
  EXPECT_NE(html.find("/media/1.svg?format=webp\" alt=\"\" fetchpriority=\"high\""), std::string::npos);
  EXPECT_NE(html.find("/media/3.svg?format=webp\" alt=\"\" decoding=\"async\" loading=\"lazy\""), std::string::npos);
}

TEST(FirstView, DrawsADetailsPagesArtworkAndTitle) {
  const auto data = details(R"({"id":3102,"title":"The \"Keeper\"","contentType":"video","imageUrl":"/media/keeper.svg"})");
  const std::string html = first_view(data, {}, texts());
  EXPECT_NE(html.find("aspect-video"), std::string::npos);
  EXPECT_NE(html.find("alt=\"The &quot;Keeper&quot;\" fetchpriority=\"high\""), std::string::npos);
  EXPECT_NE(html.find(">The &quot;Keeper&quot;</h1>"), std::string::npos);
  // The first paint does not wait for the image to decode: the text shows first.
  EXPECT_NE(html.find("fetchpriority=\"high\" decoding=\"async\""), std::string::npos);
  EXPECT_EQ(html.find("blur-2xl"), std::string::npos);  // no banner, no backdrop
}

TEST(FirstView, DrawsADetailsHeadersRatingArtistsAndFactsAsTheClientDoes) {
  FirstViewTexts t = texts();
  t.message = [](std::string_view key) {
    if (key == "catalog.grading.sixPlus") return std::string("6+");
    if (key == "catalog.facts.released") return std::string("Released");
    if (key == "catalog.facts.duration") return std::string("Duration");
    if (key == "catalog.facts.label") return std::string("Label");
    if (key == "catalog.facts.episode") return std::string("Episode {{episode}}");
    return std::string();
  };
  const auto track = details(R"({"id":1,"title":"T","contentType":"full_track_music","rating":10,
    "releaseDate":"2016-05-01","durationSeconds":83,"licensorName":"Crescent","imageUrl":"/media/t.svg",
    "artists":[{"id":1,"title":"A","slug":"a"},{"id":2,"title":"B","slug":"b"},{"id":3,"title":"C","slug":"c"}]})");
  std::string html = first_view(track, {}, t);
  EXPECT_NE(html.find("<article class=\"flex flex-col gap-10\"><header class=\"relative isolate"), std::string::npos);
  EXPECT_NE(html.find(" dir=\"ltr\">6+</span>"), std::string::npos);
  // Every artist, as the details page lists them (a card names two).
  EXPECT_NE(html.find(">C</span></p>"), std::string::npos);
  EXPECT_NE(html.find(">Released</dt><dd class=\"font-semibold\">May 1, 2016</dd>"), std::string::npos);
  EXPECT_NE(html.find(">Duration</dt><dd class=\"font-semibold\">01:23</dd>"), std::string::npos);
  EXPECT_NE(html.find(">Label</dt><dd class=\"font-semibold\">Crescent</dd>"), std::string::npos);
  // In Arabic the digits are Arabic-Indic, as lib/formatters.ts writes them.
  t.lang = "ar";
  html = first_view(track, {}, t);
  EXPECT_NE(html.find("\u0660\u0661:\u0662\u0663</dd>"), std::string::npos);

  const auto podcast = details(R"({"id":2,"title":"P","contentType":"podcast","episode":4})");
  EXPECT_NE(first_view(podcast, {}, t).find("<span class=\"text-sm text-muted\">Episode 4</span>"), std::string::npos);
}

TEST(FirstView, ATournamentSaysWhenItStartsNotWhenItWasReleased) {
  FirstViewTexts t = texts();
  t.message = [](std::string_view key) {
    if (key == "catalog.facts.starts") return std::string("Starts");
    if (key == "catalog.facts.released") return std::string("Released");
    return std::string();
  };
  const auto cup = details(R"({"id":8505,"title":"Cup","contentType":"tournament",
    "releaseDate":"2027-10-01","customProperties":{"startDate":"2027-10-14"}})");
  const std::string html = first_view(cup, {}, t);
  EXPECT_NE(html.find(">Starts</dt><dd class=\"font-semibold\">Oct 14, 2027</dd>"), std::string::npos) << html;
  EXPECT_EQ(html.find("Released"), std::string::npos);
}

TEST(FirstView, DrawsALandscapeHeadersBannerBackdropAsTheClientDoes) {
  const auto video = details(R"({"id":3102,"title":"Keeper","contentType":"full_length_video",
    "imageUrl":"/media/keeper.svg","additionalArtworks":[{"url":"/media/poster.svg","artworkClass":"POSTER"},
    {"url":"/media/banner.svg","artworkClass":"BANNER"},{"url":"/media/banner-2.svg","artworkClass":"BANNER"}]})");
  const std::string html = first_view(video, {}, texts());
  const auto backdrop = html.find("<div aria-hidden=\"true\" class=\"absolute inset-0 -z-10 opacity-20 blur-2xl\">");
  ASSERT_NE(backdrop, std::string::npos);
  // Its 64-pixel thumbnail, spelt as the client asks for it.
  EXPECT_NE(html.find("<img src=\"/media/banner.svg?width=64&amp;format=webp\" alt=\"\" decoding=\"async\""), std::string::npos);
  EXPECT_LT(backdrop, html.find("/media/keeper.svg"));
  EXPECT_EQ(html.find("banner-2"), std::string::npos);
  EXPECT_EQ(html.find("poster.svg"), std::string::npos);

  // A square header (a track) has no backdrop, as in the client.
  const auto track = details(R"({"id":1,"title":"T","contentType":"full_track_music",
    "imageUrl":"/media/t.svg","additionalArtworks":[{"url":"/media/banner.svg","artworkClass":"BANNER"}]})");
  EXPECT_EQ(first_view(track, {}, texts()).find("banner.svg"), std::string::npos);
}

TEST(FirstView, DrawsASearchPagesFirstSectionAsTheClientGroupsIt) {
  FirstViewTexts t = texts();
  t.heading = "Search";
  t.message = [](std::string_view key) {
    if (key == "catalog.sections.music") return std::string("Music");
    if (key == "catalog.types.artist") return std::string("Artist");
    return std::string();
  };
  // Ranked first is a game, but music is the first section the client shows.
  const std::string answer = list_answer({R"({"id":1,"title":"Game","contentType":"game","imageUrl":"/media/g.svg"})",
                                          R"({"id":2,"title":"Band","contentType":"artist","imageUrl":"/media/b.svg"})"},
                                         R"(,"offset":0,"limit":50,"q":"x")");
  const std::string html = first_view(boost::json::object{}, {{"search", answer}}, t);
  EXPECT_NE(html.find(">Search</h1>"), std::string::npos);
  EXPECT_NE(html.find(">Music</h2>"), std::string::npos);
  EXPECT_NE(html.find(">Artist</span>"), std::string::npos);
  EXPECT_NE(html.find(">Band<"), std::string::npos);
  EXPECT_EQ(html.find(">Game<"), std::string::npos);
  EXPECT_EQ(search_first_image(answer), "/media/b.svg?format=webp");
}

TEST(FirstView, IsEmptyWhenThePageHasNothingToDraw) {
  EXPECT_EQ(first_view(boost::json::object{}, {}, texts()), "");
  EXPECT_EQ(first_view(boost::json::parse(R"({"structures":{"home":{"substructure":[{"data":{"customProperties":{"type":"rail"}}}]}}})"), {}, texts()), "");
  EXPECT_EQ(first_view(boost::json::object{}, {{"list", "not json"}}, texts()), "");
}

}  // namespace
}  // namespace portal::app
