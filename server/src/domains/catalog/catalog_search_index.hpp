#pragma once
// The search's hits, answered from memory (issue 14, decisions.md "Search in
// memory"). One index per tenant, built from the search documents the import
// writes (titles and bodies in the six languages, artist names), kept until the
// tenant's catalog changes. A query costs the postings of its words, not a
// database query per hit: a broad word over a 100x catalog ranks its thousand
// hits in well under a millisecond, on either database. No storage, no SQL.
// Held compact (issue 76 item 3, decisions.md "Search at a million articles"):
// postings as variable-length gaps in segments, no string per article, so a
// million articles take some 160 MB where plain arrays took 660.
//
// A search is served by a ServingIndex: an immutable base and a small overlay
// of the articles changed since it was built (their new postings, and the base's
// documents they replace or delete left out). Both answer one search as if they
// were one index (the same statistics for bm25: the ranking of a full rebuild).
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "domains/catalog/catalog_search.hpp"
#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

// One article as the search sees it.
struct SearchDocument {
  std::int64_t id = 0;
  std::string section;
  std::string content_type;
  int rating = 0;
  std::string release_date;
  std::string titles;  // its titles in every language
  std::string body;    // titles, descriptions and artist names (catalog_import.hpp search_body)
};

// What one search asks. A slot is one query word with its alternatives (an
// Arabic article variant, close vocabulary words), each matching as a prefix;
// every slot must match. Hits rank by tier, then bm25 within it:
//   0    an article of a section or content type the query names,
//   1000 the exact slots in a title,      2000 ... anywhere,
//   3000 the fuzzy slots in a title,      4000 ... anywhere;
// an article keeps its best; ties go to the newest release, then the id.
struct SearchRequest {
  std::vector<std::vector<std::string>> exact;
  std::vector<std::vector<std::string>> fuzzy;  // empty: no typo alternatives
  std::vector<std::string> sections;
  std::vector<std::pair<std::string, std::string>> types;  // (section, content type)
  std::string section;                                      // filter, "" = any
  RatingRange rating;
  std::int64_t offset = 0;
  std::int64_t limit = kDefaultLimit;
};

struct SearchHits {
  std::vector<std::int64_t> ids;  // the page, in order
  std::int64_t total = 0;         // all hits inside the filters
};

class SearchIndex {
  friend class SearchIndexBuilder;
  friend class ServingIndex;
  // Postings of one field (decisions.md "Search at a million articles"): the
  // documents are cut into segments as they are added; a segment holds, per
  // token it contains, the token's documents and counts as one run of
  // variable-length bytes (the gap from the previous document shifted left two
  // bits, the count in the two low bits, a count over 3 in a second number),
  // some 1.1 bytes a posting where a plain pair of arrays took 6.
  struct Run {
    std::uint32_t token;
    std::uint32_t begin, end;  // its bytes
  };
  struct Segment {
    std::uint32_t first = 0;  // its first document
    std::vector<Run> runs;    // by token
    std::vector<std::uint8_t> bytes;
  };
  struct Field {
    std::vector<Segment> segments;
    std::vector<std::uint16_t> lengths;  // tokens per document
    double total_length = 0;             // their sum
  };

 public:
  SearchIndex() = default;
  // The index of these documents (SearchIndexBuilder, all at once).
  explicit SearchIndex(const std::vector<SearchDocument>& documents);

  SearchHits search(const SearchRequest& request) const;
  // Title words sharing enough trigrams with word to pass kFuzzySimilarity
  // (best_alternatives picks among them).
  std::vector<std::string> similar_words(std::string_view word) const;
  // The beginnings of title words that word is a typo of (typo_prefix), among
  // the title words with word's first letter (best_typo_prefixes picks among them).
  std::vector<TypoPrefix> typo_prefixes(std::string_view word) const;
  std::size_t size() const { return ids_.size(); }
  // The memory its vectors and tables hold (capacities; the metrics' portal_search_index_bytes).
  std::size_t bytes() const;
  // Postings over all fields and segments (the figures of bench/search-scale).
  std::size_t postings() const { return postings_; }
  // The position of an article's document, nullopt when it has none here.
  std::optional<std::uint32_t> position_of(std::int64_t id) const;

  // One token's postings of one segment, encoded and decoded (the format above).
  static void encode_postings(std::vector<std::uint8_t>& out, std::uint32_t first,
                              std::span<const std::uint32_t> documents, std::span<const std::uint16_t> counts);
  static void decode_postings(std::span<const std::uint8_t> bytes, std::uint32_t first,
                              std::vector<std::uint32_t>& documents, std::vector<std::uint16_t>& counts);

 private:
  // One index of a search and its documents that no longer count (catalog_search_index.cpp).
  struct Part;
  // The hits of a search over several indexes as one: a document of one part
  // is ranked with the statistics of them all.
  static SearchHits search_parts(std::span<const Part> parts, const SearchRequest& request);
  // One slot's documents (ascending) with the slot's count in each, decoded
  // from the postings of every token its alternatives begin.
  struct SlotHits {
    std::vector<std::uint32_t> documents;
    std::vector<std::uint16_t> counts;
  };

  SlotHits slot_hits(const Field& field, const std::vector<std::string>& alternatives) const;
  // Appends token t's postings of every segment (ascending documents).
  void token_postings(const Field& field, std::uint32_t t, std::vector<std::uint32_t>& documents,
                      std::vector<std::uint16_t>& counts) const;
  // Lowers best[d] to tier - bm25 for the documents matching every slot (idf:
  // per slot; norm_length: the average length of the field's documents) that
  // the mask does not leave out; a document's first score adds it to touched
  // (the query's hits, unordered).
  void rank(const Field& field, std::vector<SlotHits>& hits, const std::vector<double>& idf, double average_length,
            const std::vector<std::uint8_t>& mask, double tier, std::vector<double>& best,
            std::vector<std::uint32_t>& touched) const;

  // Every token of every body, sorted, as one buffer of characters: token t is
  // [word_starts_[t], word_starts_[t + 1]).
  std::string words_;
  std::vector<std::uint32_t> word_starts_;
  std::string_view word(std::uint32_t t) const {
    return std::string_view(words_).substr(word_starts_[t], word_starts_[t + 1] - word_starts_[t]);
  }
  std::uint32_t vocabulary_size() const {
    return word_starts_.empty() ? 0 : static_cast<std::uint32_t>(word_starts_.size() - 1);
  }
  Field titles_, bodies_;
  std::size_t postings_ = 0;
  std::vector<std::int64_t> ids_;
  std::vector<std::uint16_t> section_, type_;
  std::vector<int> rating_;
  std::vector<std::uint32_t> recency_;  // 0 = newest release (then lowest id)
  std::vector<std::uint32_t> release_;  // per document: its release date in dates_
  std::vector<std::string> dates_;      // the distinct release dates, ascending
  bool ids_ascending_ = true;
  std::vector<std::string> sections_, types_;
  // Typo candidates: the title words of at least kVocabularyMinLength code
  // points (tokens, in vocabulary order), their trigram counts, and which of
  // them hold each trigram: trigram_keys_[i]'s words are
  // trigram_words_[trigram_starts_[i] .. trigram_starts_[i + 1]).
  std::vector<std::uint32_t> title_words_;
  std::vector<std::uint32_t> trigram_counts_;
  std::vector<std::uint64_t> trigram_keys_;
  std::vector<std::uint32_t> trigram_starts_;
  std::vector<std::uint32_t> trigram_words_;
};

// Takes the documents one at a time, so that a large catalog is never held in
// memory whole: the postings of the last few thousand documents are kept plain
// until they fill a segment (segment_postings), then encoded.
class SearchIndexBuilder {
 public:
  static constexpr std::size_t kSegmentPostings = std::size_t{1} << 21;
  explicit SearchIndexBuilder(std::size_t segment_postings = kSegmentPostings) : segment_postings_(segment_postings) {}
  void add(const SearchDocument& document);
  SearchIndex finish() &&;

 private:
  struct Flat {  // one field's distinct tokens per document since the last segment, and their counts
    std::vector<std::uint32_t> tokens;
    std::vector<std::uint16_t> counts;
    std::vector<std::size_t> ends;
  };
  void add_field(Flat& flat, SearchIndex::Field& field, std::string_view text);
  // Encodes the pending documents' postings as one segment of each field.
  void flush();
  void segment(Flat& flat, SearchIndex::Field& field, std::uint32_t first);

  std::size_t segment_postings_;
  std::uint32_t pending_first_ = 0;  // the first document not yet in a segment
  SearchIndex index_;
  std::unordered_map<std::string, std::uint32_t> token_of_;
  std::vector<const std::string*> tokens_;
  std::vector<std::uint8_t> in_titles_;  // per token: seen in a title
  std::unordered_map<std::string, std::uint32_t> date_of_;
  std::vector<std::uint32_t> counting_;  // flush's scratch: postings per token
  Flat titles_, bodies_;
};

// What a search reads: a base index and an overlay of the articles changed
// since the base was built. Immutable: a change makes a new one (with_changes)
// beside this one, which the searches running meanwhile keep using.
class ServingIndex {
 public:
  explicit ServingIndex(std::shared_ptr<const SearchIndex> base);

  // This index with these articles changed: documents, their current search
  // documents (added or replacing the base's and the overlay's); ids, every
  // changed article, so that one of ids without a document is deleted.
  std::shared_ptr<const ServingIndex> with_changes(const std::vector<SearchDocument>& documents,
                                                   std::span<const std::int64_t> ids) const;

  SearchHits search(const SearchRequest& request) const;
  // The base's and the overlay's close title words (the base's may include
  // words of documents left out since: they then match nothing more).
  std::vector<std::string> similar_words(std::string_view word) const;
  // The base's and the overlay's typo prefixes (as similar_words, the base's may be of documents left out since).
  std::vector<TypoPrefix> typo_prefixes(std::string_view word) const;
  // Articles changed since the base (what the overlay holds or deletes).
  std::size_t changed() const { return changes_.size(); }
  std::size_t size() const;
  // The memory of the base and the overlay (a base shared with a newer index is counted by each).
  std::size_t bytes() const { return base_->bytes() + overlay_.bytes() + masked_.capacity() + masked_list_.capacity() * 4; }
  std::size_t postings() const { return base_->postings() + overlay_.postings(); }
  const SearchIndex& base() const { return *base_; }

 private:
  std::shared_ptr<const SearchIndex> base_;
  std::map<std::int64_t, std::optional<SearchDocument>> changes_;  // nullopt: deleted
  SearchIndex overlay_;
  std::vector<std::uint8_t> masked_;         // per base document: 1 when changed since
  std::vector<std::uint32_t> masked_list_;   // those documents, ascending
  double masked_title_length_ = 0, masked_body_length_ = 0;
};

inline constexpr double kNoHit = std::numeric_limits<double>::infinity();

}  // namespace portal::catalog
