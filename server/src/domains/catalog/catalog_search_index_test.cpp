#include "domains/catalog/catalog_search_index.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace portal::catalog {
namespace {

SearchDocument doc(std::int64_t id, std::string section, std::string title, std::string body, int rating = 0,
                   std::string release = "2024-01-01", std::string type = "") {
  SearchDocument d;
  d.id = id;
  d.section = section;
  d.content_type = type.empty() ? section : type;
  d.rating = rating;
  d.release_date = std::move(release);
  d.titles = title + "\n";
  d.body = title + "\n" + body + "\n";
  return d;
}

SearchRequest words(std::vector<std::vector<std::string>> exact) {
  SearchRequest r;
  r.exact = std::move(exact);
  r.limit = 50;
  return r;
}

class SearchIndexTest : public ::testing::Test {
 protected:
  SearchIndex index{{
      doc(1, "music", "Neon Harbor", "A synthwave album."),
      doc(2, "music", "Golden Hour", "Songs about neon lights.", 0, "2024-05-01"),
      doc(3, "video", "Midnight Drive", "A film with neon signs.", 18, "2023-01-01"),
      doc(4, "games", "Harbor Chase", "Race through the harbor at night.", 0, "2022-01-01"),
      doc(5, "news", "Neonatal care", "Unrelated, but a prefix hit.", 0, "2021-01-01"),
      doc(6, "music", "أفق النيون", "ألبوم"),
  }};
};

TEST_F(SearchIndexTest, TitleHitsRankBeforeBodyHitsAndWordsMatchAsPrefixes) {
  auto hits = index.search(words({{"neon"}}));
  EXPECT_EQ(hits.total, 4);  // 1 and 5 in a title, 2 and 3 in the body
  ASSERT_EQ(hits.ids.size(), 4u);
  std::vector<std::int64_t> titles(hits.ids.begin(), hits.ids.begin() + 2);
  std::sort(titles.begin(), titles.end());
  EXPECT_EQ(titles, (std::vector<std::int64_t>{1, 5}));
  // Two body hits of equal weight: the newer release first.
  EXPECT_EQ(hits.ids[2], 2);
  EXPECT_EQ(hits.ids[3], 3);
}

TEST_F(SearchIndexTest, EverySlotMustMatchAndAlternativesWiden) {
  EXPECT_EQ(index.search(words({{"neon"}, {"harb"}})).ids, (std::vector<std::int64_t>{1}));
  EXPECT_EQ(index.search(words({{"neon"}, {"nothing"}})).total, 0);
  auto either = index.search(words({{"golden", "midnight"}}));
  EXPECT_EQ(either.total, 2);
}

TEST_F(SearchIndexTest, RatingWindowSectionAndPaging) {
  auto r = words({{"neon"}});
  r.rating.max = 17;
  auto hits = index.search(r);
  EXPECT_EQ(hits.total, 3);
  EXPECT_EQ(std::count(hits.ids.begin(), hits.ids.end(), 3), 0);
  r.section = "music";
  EXPECT_EQ(index.search(r).total, 2);
  r.section.clear();
  r.offset = 1;
  r.limit = 1;
  hits = index.search(r);
  EXPECT_EQ(hits.total, 3);
  ASSERT_EQ(hits.ids.size(), 1u);
  r.offset = 10;
  EXPECT_TRUE(index.search(r).ids.empty());
}

TEST_F(SearchIndexTest, NamedSectionsComeFirst) {
  auto r = words({{"harbor"}});
  r.sections = {"games"};
  auto hits = index.search(r);
  EXPECT_EQ(hits.ids.front(), 4);  // named section, then the title hit of 1
  EXPECT_EQ(hits.total, 2);
}

TEST_F(SearchIndexTest, FuzzyTiersRankAfterExactOnes) {
  auto r = words({{"midnigt"}});
  EXPECT_EQ(index.search(r).total, 0);
  r.fuzzy = {{"midnigt", "midnight"}};
  EXPECT_EQ(index.search(r).ids, (std::vector<std::int64_t>{3}));
}

TEST_F(SearchIndexTest, SimilarWordsComeFromTheTitles) {
  auto similar = index.similar_words("harbour");
  EXPECT_NE(std::find(similar.begin(), similar.end(), "harbor"), similar.end());
  EXPECT_EQ(best_alternatives("midnigt", index.similar_words("midnigt")), (std::vector<std::string>{"midnight"}));
  // Body-only words are not typo candidates.
  auto body = index.similar_words("synthwav");
  EXPECT_EQ(std::find(body.begin(), body.end(), "synthwave"), body.end());
}

TEST_F(SearchIndexTest, ArabicWordsWithTheirArticleVariant) {
  EXPECT_EQ(index.search(words({{"نيون", "النيون"}})).ids, (std::vector<std::int64_t>{6}));
}

TEST(SearchIndex, EmptyCatalog) {
  SearchIndex empty{{}};
  EXPECT_EQ(empty.search(words({{"neon"}})).total, 0);
  EXPECT_TRUE(empty.similar_words("neon").empty());
}

}  // namespace
}  // namespace portal::catalog
