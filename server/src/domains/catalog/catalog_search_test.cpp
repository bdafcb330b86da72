// The search's pure rules: words, trigram similarity, close words, section and
// type names in six languages (kept in step with the client's labels).
#include "domains/catalog/catalog_search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog {
namespace {
namespace json = boost::json;

bool has(const std::vector<std::string>& list, std::string_view value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

TEST(CatalogSearch, WordsAreFoldedAndLowerCase) {
  EXPECT_EQ(search_words("Neon-Harbor’s Blockläufer"), (std::vector<std::string>{"neon", "harbor", "s", "blocklaufer"}));
  EXPECT_EQ(search_words("  \"*) OR "), (std::vector<std::string>{"or"}));
  EXPECT_EQ(search_words("أُفُق النيون"), (std::vector<std::string>{"أفق", "النيون"}));
  // ICU's case folding, in every script: a query in capitals, or typed otherwise, finds the title.
  EXPECT_EQ(search_words("ΑΘΉΝΑ Москва Straße ＮＥＯＮ ﬁre"),
            (std::vector<std::string>{"αθήνα", "москва", "strasse", "neon", "fire"}));
  EXPECT_EQ(search_words("αθήνα МОСКВА strasse"), (std::vector<std::string>{"αθήνα", "москва", "strasse"}));
  EXPECT_EQ(code_points("أفق"), 3u);
}

TEST(CatalogSearch, TrigramSimilarityFollowsPgTrgm) {
  EXPECT_EQ(word_trigrams("ab"), (std::set<std::string>{"  a", " ab", "ab "}));
  EXPECT_DOUBLE_EQ(trigram_similarity("harbour", "harbor"), 0.5);
  EXPECT_DOUBLE_EQ(trigram_similarity("neon", "neon"), 1.0);
  EXPECT_LT(trigram_similarity("harvest", "harbour"), kFuzzySimilarity);
}

TEST(CatalogSearch, TrigramKeysCompareLikeTrigramSets) {
  // The keys are the hot path's form of word_trigrams: the same similarity.
  const std::vector<std::string> words{"harbour", "harbor", "neon", "nachrichten", "أفق", "الأفق", "ab", "a", "zzzz"};
  for (const auto& a : words)
    for (const auto& b : words) {
      const auto ta = word_trigrams(a), tb = word_trigrams(b);
      std::size_t shared = 0;
      for (const auto& t : ta) shared += tb.count(t);
      const double expected = static_cast<double>(shared) / static_cast<double>(ta.size() + tb.size() - shared);
      EXPECT_DOUBLE_EQ(trigram_similarity(trigram_keys(a), trigram_keys(b)), expected) << a << " / " << b;
    }
  EXPECT_EQ(trigram_keys("ab").size(), 3u);
}

TEST(CatalogSearch, AlternativesAreCloseWordsOfSimilarLength) {
  const std::vector<std::string> vocabulary{"harbor", "harbour", "harbors", "nacht", "neon", "harvest", "bay"};
  EXPECT_EQ(best_alternatives("harbour", vocabulary), (std::vector<std::string>{"harbor", "harbors"}));
  EXPECT_EQ(best_alternatives("harbr", vocabulary), (std::vector<std::string>{"harbor", "harbors", "harbour"}));
  // Far shorter or longer words are not typos of each other.
  EXPECT_TRUE(best_alternatives("nachrichtn", vocabulary).empty());
  EXPECT_TRUE(best_alternatives("qqqzzz", vocabulary).empty());
}

TEST(CatalogSearch, EditsCountLettersAndSwaps) {
  EXPECT_EQ(typo_distance("drve", "drive", 2), 1u);   // a letter dropped
  EXPECT_EQ(typo_distance("rian", "rain", 2), 1u);    // two neighbours swapped
  EXPECT_EQ(typo_distance("neom", "neon", 2), 1u);    // a letter changed
  EXPECT_EQ(typo_distance("nieon", "neon", 2), 1u);   // a letter added
  EXPECT_EQ(typo_distance("مطر", "مطار", 2), 1u);      // in code points, any script
  EXPECT_EQ(typo_distance("rain", "rain", 2), 0u);
  EXPECT_EQ(typo_distance("qqqq", "rain", 2), 3u);    // past the limit: limit + 1
  EXPECT_EQ(typo_distance("ab", "abcdef", 2), 3u);
  EXPECT_EQ(typo_edits_allowed("rai"), 0u);
  EXPECT_EQ(typo_edits_allowed("rian"), 1u);
  EXPECT_EQ(typo_edits_allowed("lighthuose"), 2u);
}

// Issue 72 item 12: "midnight drve" and "rian" found nothing although trigrams find "midnigt" and "keper".
TEST(CatalogSearch, TypoPrefixesOfShortWordsAndOfTheWordBeingTyped) {
  EXPECT_LT(trigram_similarity("drve", "drive"), kFuzzySimilarity);  // why trigrams alone missed them
  EXPECT_LT(trigram_similarity("rian", "rain"), kFuzzySimilarity);
  auto prefix = [](std::string_view word, std::string_view candidate) {
    auto p = typo_prefix(word, candidate);
    return p ? p->prefix : std::string("-");
  };
  EXPECT_EQ(prefix("drve", "drive"), "drive");
  EXPECT_EQ(prefix("drve", "drives"), "drive");
  EXPECT_EQ(prefix("rian", "rain"), "rain");
  EXPECT_EQ(prefix("rian", "rainy"), "rain");     // a name's beginning, mistyped
  EXPECT_EQ(prefix("kepe", "keeper"), "keep");    // still typing
  EXPECT_EQ(prefix("drivr", "driver"), "drive");  // the same length first
  EXPECT_EQ(prefix("lighthuose", "lighthouse"), "lighthouse");
  EXPECT_EQ(prefix("lihgthuose", "lighthouse"), "lighthouse");  // two edits in a long word
  EXPECT_EQ(prefix("rain", "rainy"), "-");        // the prefix search finds it already
  EXPECT_EQ(prefix("rai", "rain"), "-");          // too short to tell a typo
  EXPECT_EQ(prefix("rqqz", "rain"), "-");
  EXPECT_EQ(prefix("drve", "dr"), "-");
  EXPECT_EQ(prefix("rian", "rhythm"), "-");
  auto found = [](std::string_view word, const std::vector<std::string>& vocabulary) {
    std::vector<TypoPrefix> all;
    for (const auto& v : vocabulary)
      if (auto p = typo_prefix(word, v)) all.push_back(*p);
    return best_typo_prefixes(word, std::move(all));
  };
  const std::vector<std::string> vocabulary{"rain", "rainy", "raincoat", "rien", "radio", "rival", "ruin", "ran"};
  // Distinct, fewest edits first, then the length nearest the word's, then alphabetical ("ruin" is two edits away).
  EXPECT_EQ(found("rian", vocabulary), (std::vector<std::string>{"rain", "rien"}));
  EXPECT_TRUE(found("rqqz", vocabulary).empty());
}

TEST(CatalogSearch, ArabicDefiniteArticle) {
  EXPECT_EQ(arabic_article_variant("نيون"), "النيون");
  EXPECT_EQ(arabic_article_variant("النيون"), "نيون");
  EXPECT_EQ(arabic_article_variant("neon"), "");
}

TEST(CatalogSearch, NamesOfSectionsAndTypes) {
  for (std::string_view q : {"news", "News", "Nachrichten", "أخبار", "الأخبار", "الاخبار", "actualités", "Noticias", "Știri",
                             "nachrichtn"})
    EXPECT_TRUE(has(named_targets(q).sections, "news")) << q;
  EXPECT_TRUE(has(named_targets("vouchrs").sections, "vouchers"));
  EXPECT_TRUE(has(named_targets("vouch").sections, "vouchers"));  // as the user types
  EXPECT_TRUE(has(named_targets("Alben").content_types, "album"));
  EXPECT_TRUE(has(named_targets("music video").content_types, "music_video"));
  // A named section covers its types.
  EXPECT_TRUE(named_targets("games").content_types.empty());
  for (std::string_view q : {"neon", "harbour", "neo", "luna", "dark harvest", ""}) EXPECT_TRUE(named_targets(q).empty()) << q;
}

// The client's labels (catalog.sections, catalog.types in every language)
// each name their section or type here, so typing what the page shows finds it.
TEST(CatalogSearch, ClientLabelsResolve) {
  const auto dir = std::filesystem::path(PORTAL_SOURCE_DIR).parent_path() / "web/src/locales";
  for (const char* lang : {"en", "ar", "fr", "de", "es", "ro"}) {
    std::ifstream in(dir / lang / "messages.json");
    ASSERT_TRUE(in) << lang;
    std::stringstream text;
    text << in.rdbuf();
    const auto catalog = json::parse(text.str()).at("catalog").as_object();
    for (const auto& [section, label] : catalog.at("sections").as_object()) {
      if (section == "other") continue;
      EXPECT_TRUE(has(named_targets(label.as_string()).sections, section)) << lang << " " << label.as_string();
    }
    for (const auto& [type, label] : catalog.at("types").as_object()) {
      if (type == "other") continue;
      const auto named = named_targets(label.as_string());
      EXPECT_TRUE(has(named.content_types, type) || has(named.sections, section_of(type)))
          << lang << " " << type << " " << label.as_string();
    }
  }
}

}  // namespace
}  // namespace portal::catalog
