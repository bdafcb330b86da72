#pragma once
// The search's hits, answered from memory (issue 14, decisions.md "Search in
// memory"). One index per tenant, built from the search documents the import
// writes (titles and bodies in the six languages, artist names), kept until the
// tenant's catalog changes. A query costs the postings of its words, not a
// database query per hit: a broad word over a 100x catalog ranks its thousand
// hits in well under a millisecond, on either database. No storage, no SQL.
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
  // Postings of one field, by token: the documents (ascending) and the
  // token's count in each; token t's run is [offsets[t], offsets[t + 1]).
  struct Field {
    std::vector<std::uint32_t> offsets;
    std::vector<std::uint32_t> documents;
    std::vector<std::uint16_t> counts;
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
  // The position of an article's document, nullopt when it has none here.
  std::optional<std::uint32_t> position_of(std::int64_t id) const;

 private:
  // One index of a search and its documents that no longer count (catalog_search_index.cpp).
  struct Part;
  // The hits of a search over several indexes as one: a document of one part
  // is ranked with the statistics of them all.
  static SearchHits search_parts(std::span<const Part> parts, const SearchRequest& request);
  // One slot's documents (ascending) with the slot's count in each: a token's
  // postings as they are, or several tokens' merged into the owned vectors.
  struct SlotHits {
    std::span<const std::uint32_t> documents;
    std::span<const std::uint16_t> counts;
    std::vector<std::uint32_t> merged_documents;  // (moving a SlotHits keeps the spans valid)
    std::vector<std::uint16_t> merged_counts;
  };

  SlotHits slot_hits(const Field& field, const std::vector<std::string>& alternatives) const;
  // Lowers best[d] to tier - bm25 for the documents matching every slot (idf:
  // per slot; norm_length: the average length of the field's documents) that
  // the mask does not leave out; a document's first score adds it to touched
  // (the query's hits, unordered).
  void rank(const Field& field, std::vector<SlotHits>& hits, const std::vector<double>& idf, double average_length,
            const std::vector<std::uint8_t>& mask, double tier, std::vector<double>& best,
            std::vector<std::uint32_t>& touched) const;

  std::vector<std::string> vocabulary_;  // every token of every body, sorted
  Field titles_, bodies_;
  std::vector<std::int64_t> ids_;
  std::vector<std::uint16_t> section_, type_;
  std::vector<int> rating_;
  std::vector<std::uint32_t> recency_;  // 0 = newest release (then lowest id)
  std::vector<std::string> release_dates_;
  bool ids_ascending_ = true;
  std::vector<std::string> sections_, types_;
  // Typo candidates: the title words of at least kVocabularyMinLength code
  // points, their trigram keys, and which of them hold each trigram.
  std::vector<std::uint32_t> title_words_;  // tokens
  std::vector<std::uint32_t> trigram_counts_;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> words_by_trigram_;
};

// Takes the documents one at a time, so that a large catalog is never held in
// memory whole: only its tokens until finish() turns them into postings.
class SearchIndexBuilder {
 public:
  void add(const SearchDocument& document);
  SearchIndex finish() &&;

 private:
  struct Flat {  // one field's distinct tokens per document, and their counts
    std::vector<std::uint32_t> tokens;
    std::vector<std::uint16_t> counts;
    std::vector<std::size_t> ends;
  };
  void add_field(Flat& flat, SearchIndex::Field& field, std::string_view text);
  void postings(Flat& flat, SearchIndex::Field& field, const std::vector<std::uint32_t>& renumbered);

  SearchIndex index_;
  std::unordered_map<std::string, std::uint32_t> token_of_;
  std::vector<const std::string*> tokens_;
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
