#pragma once
// The search's pure rules (contracts.md "Catalog", decisions.md "Search"):
// the words of a query, trigram similarity for typo tolerance, and the
// sections and content types a query names in any of the six languages
// ("news", "Nachrichten", "أخبار" name the news section). No storage.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace portal::catalog {

// Typo tolerance: a query word of at least kFuzzyMinLength code points may
// also match vocabulary words at least kFuzzySimilarity similar (at most
// kFuzzyAlternatives of them, the most similar first).
inline constexpr std::size_t kFuzzyMinLength = 4;
inline constexpr double kFuzzySimilarity = 0.4;
inline constexpr std::size_t kFuzzyAlternatives = 3;
// A typo changes a word's length little: candidates longer or shorter by more
// than this are not the same word ("nachrichtn" is not "nacht").
inline constexpr std::size_t kFuzzyMaxLengthDelta = 2;
// Vocabulary words are at least this long (shorter ones carry no trigram
// worth matching).
inline constexpr std::size_t kVocabularyMinLength = 3;

std::size_t code_points(std::string_view text);

// The words of a text as the vocabulary keeps them: folded as the search
// index folds (fold_for_search), then case folded by ICU (NFKC_Casefold: every
// script, "Straße" -> "strasse", "ＮＥＯＮ" -> "neon"), split at anything that is not a
// letter or digit (any non-ASCII character counts as a letter).
// "Neon-Harbor’s" -> {"neon", "harbor", "s"}.
std::vector<std::string> search_words(std::string_view text);

// pg_trgm's trigrams of one word: the word padded with two spaces before and
// one after, every run of three code points ("ab" -> "  a", " ab", "ab ").
std::set<std::string> word_trigrams(std::string_view word);
// pg_trgm's similarity: shared trigrams / all distinct trigrams of both.
double trigram_similarity(std::string_view a, std::string_view b);
// The same trigrams as sorted 64-bit keys (a hash of each), to compare one word
// with many without building strings per comparison.
using TrigramKeys = std::vector<std::uint64_t>;
TrigramKeys trigram_keys(std::string_view word);
double trigram_similarity(const TrigramKeys& a, const TrigramKeys& b);
// The vocabulary words most similar to word (at least kFuzzySimilarity, not
// word itself nor a word it is a prefix of, at most kFuzzyMaxLengthDelta
// longer or shorter), best first, at most kFuzzyAlternatives.
std::vector<std::string> best_alternatives(std::string_view word, const std::vector<std::string>& candidates);

// Typos that trigrams miss (issue 72 item 12): a short word has few trigrams,
// so one missing letter ("drve" / "drive": 0.375) or two swapped ones ("rian" /
// "rain": only the first shared) falls below kFuzzySimilarity. A query word of
// at least kFuzzyMinLength code points is also compared letter by letter with
// the title words that begin with its first letter: the edits (a letter added,
// dropped, changed, or two neighbours swapped: optimal string alignment) that
// turn it into a beginning of the word, one edit for words of up to
// kTypoLongWord - 1 code points, two from kTypoLongWord on. The beginning may
// be one edit shorter or longer than the query word and is at least
// kFuzzyMinLength long, since the user may still be typing ("kepe" -> "keep",
// which finds "keeper" as the exact prefix search would).
inline constexpr std::size_t kTypoLongWord = 8;
std::size_t typo_edits_allowed(std::string_view word);
// The number of edits between two words, counted in code points; stops
// counting past limit (answers limit + 1).
std::size_t typo_distance(std::string_view a, std::string_view b, std::size_t limit);
struct TypoPrefix {
  std::string prefix;      // the beginning of a title word the query word is a typo of
  std::size_t edits = 0;   // 1 or 2
  std::size_t length = 0;  // its code points
};
// The beginning of candidate that word is a typo of (the fewest edits, then the
// length closest to word's, then the shorter); nullopt when none is within the
// edits allowed, or when candidate begins with word (the prefix search finds it).
std::optional<TypoPrefix> typo_prefix(std::string_view word, std::string_view candidate);
// The distinct prefixes found, fewest edits first, then the length closest to
// word's, then alphabetical; at most kFuzzyAlternatives.
std::vector<std::string> best_typo_prefixes(std::string_view word, std::vector<TypoPrefix> found);

// An Arabic word with the definite article added or removed ("نيون" <->
// "النيون"): the index keeps "النيون" as one word; "" for other words.
std::string arabic_article_variant(std::string_view word);

// The sections and content types a whole query names: its normalised text
// equals one of their names in any of the six languages (singular or plural),
// begins one (queries of four or more code points, as the user types), or is
// a near typo of one (trigram similarity of at least 0.5).
struct NamedTargets {
  std::vector<std::string> sections;
  std::vector<std::string> content_types;
  bool empty() const { return sections.empty() && content_types.empty(); }
};
NamedTargets named_targets(std::string_view q);

}  // namespace portal::catalog
