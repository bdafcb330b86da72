#include "domains/catalog/catalog_search_index.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace portal::catalog {
namespace {

// bm25's constants, as SQLite FTS5 has them.
constexpr double kK1 = 1.2;
constexpr double kB = 0.75;
constexpr std::size_t kMaxCount = 65535;
// The ranking tiers (a named section, then title words, body words, close title and body words) are this
// far apart; a bm25 score (some idf·(k1+1) per word) never comes near it.
constexpr double kTierStep = 1000;

struct Scored {
  double score;
  std::uint32_t recency;
  std::uint32_t document;
  std::uint32_t part;
};

// Per thread and part of a search: each document's best score of the running
// query (kNoHit when none) and the documents it scored; the query's last pass
// resets what it set, visiting only those (a 64,000-article catalog is not
// walked per query).
struct Scratch {
  std::vector<double> best;
  std::vector<std::uint32_t> touched;
};
constexpr std::size_t kMaxParts = 2;  // a base and its overlay
Scratch& scratch(std::size_t part, std::size_t n) {
  thread_local Scratch s[kMaxParts];
  if (s[part].best.size() < n) s[part].best.resize(n, kNoHit);
  s[part].touched.clear();
  return s[part];
}

// Postings of several tokens merged by document (each list is sorted): a
// k-way merge for a few lists, else one sort of every posting.
constexpr std::size_t kMergeLists = 16;

std::uint16_t code_of(std::vector<std::string>& names, const std::string& name) {
  auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) it = names.insert(names.end(), name);
  return static_cast<std::uint16_t>(it - names.begin());
}

}  // namespace

void SearchIndexBuilder::add_field(Flat& flat, SearchIndex::Field& field, std::string_view text) {
  auto words = search_words(text);
  std::vector<std::uint32_t> ids;
  ids.reserve(words.size());
  for (auto& w : words) {
    auto [it, inserted] = token_of_.try_emplace(std::move(w), static_cast<std::uint32_t>(tokens_.size()));
    if (inserted) tokens_.push_back(&it->first);
    ids.push_back(it->second);
  }
  std::sort(ids.begin(), ids.end());
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j < ids.size() && ids[j] == ids[i]) ++j;
    flat.tokens.push_back(ids[i]);
    flat.counts.push_back(static_cast<std::uint16_t>(std::min(j - i, kMaxCount)));
    i = j;
  }
  flat.ends.push_back(flat.tokens.size());
  field.lengths.push_back(static_cast<std::uint16_t>(std::min(words.size(), kMaxCount)));
}

void SearchIndexBuilder::add(const SearchDocument& d) {
  auto& x = index_;
  if (!x.ids_.empty() && d.id <= x.ids_.back()) x.ids_ascending_ = false;
  x.ids_.push_back(d.id);
  x.section_.push_back(code_of(x.sections_, d.section));
  x.type_.push_back(code_of(x.types_, d.content_type));
  x.rating_.push_back(d.rating);
  x.release_dates_.push_back(d.release_date);
  add_field(titles_, x.titles_, d.titles);
  add_field(bodies_, x.bodies_, d.body);
}

void SearchIndexBuilder::postings(Flat& flat, SearchIndex::Field& field, const std::vector<std::uint32_t>& renumbered) {
  for (auto& t : flat.tokens) t = renumbered[t];
  field.offsets.assign(renumbered.size() + 1, 0);
  for (auto t : flat.tokens) ++field.offsets[t + 1];
  std::partial_sum(field.offsets.begin(), field.offsets.end(), field.offsets.begin());
  field.documents.resize(flat.tokens.size());
  field.counts.resize(flat.tokens.size());
  std::vector<std::uint32_t> next(field.offsets.begin(), field.offsets.end() - 1);
  std::size_t begin = 0;
  for (std::uint32_t d = 0; d < flat.ends.size(); ++d) {
    for (auto i = begin; i < flat.ends[d]; ++i) {
      const auto at = next[flat.tokens[i]]++;
      field.documents[at] = d;
      field.counts[at] = flat.counts[i];
    }
    begin = flat.ends[d];
  }
  field.total_length = 0;
  for (auto length : field.lengths) field.total_length += length;
  flat = Flat{};
}

SearchIndex SearchIndexBuilder::finish() && {
  auto& x = index_;
  // Tokens renumbered in sorted order, so that a prefix is a run of them.
  std::vector<std::uint32_t> order(tokens_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return *tokens_[a] < *tokens_[b]; });
  std::vector<std::uint32_t> renumbered(tokens_.size());
  x.vocabulary_.reserve(tokens_.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) {
    renumbered[order[i]] = i;
    x.vocabulary_.push_back(*tokens_[order[i]]);
  }
  tokens_ = {};
  token_of_ = {};
  postings(titles_, x.titles_, renumbered);
  postings(bodies_, x.bodies_, renumbered);

  // Newest release first, then the lowest id: the order of equal scores.
  std::vector<std::uint32_t> by_release(x.ids_.size());
  std::iota(by_release.begin(), by_release.end(), 0u);
  std::sort(by_release.begin(), by_release.end(), [&](auto a, auto b) {
    if (x.release_dates_[a] != x.release_dates_[b]) return x.release_dates_[a] > x.release_dates_[b];
    return x.ids_[a] < x.ids_[b];
  });
  x.recency_.resize(x.ids_.size());
  for (std::uint32_t i = 0; i < by_release.size(); ++i) x.recency_[by_release[i]] = i;

  // The typo vocabulary: the words of the titles.
  for (std::uint32_t t = 0; t < x.vocabulary_.size(); ++t) {
    if (x.titles_.offsets[t] == x.titles_.offsets[t + 1] || code_points(x.vocabulary_[t]) < kVocabularyMinLength) continue;
    const auto keys = trigram_keys(x.vocabulary_[t]);
    const auto word = static_cast<std::uint32_t>(x.title_words_.size());
    x.title_words_.push_back(t);
    x.trigram_counts_.push_back(static_cast<std::uint32_t>(keys.size()));
    for (auto k : keys) x.words_by_trigram_[k].push_back(word);
  }
  return std::move(x);
}

SearchIndex::SearchIndex(const std::vector<SearchDocument>& documents) {
  SearchIndexBuilder builder;
  for (const auto& d : documents) builder.add(d);
  *this = std::move(builder).finish();
}

SearchIndex::SlotHits SearchIndex::slot_hits(const Field& field, const std::vector<std::string>& alternatives) const {
  std::vector<std::uint32_t> matched;
  for (const auto& prefix : alternatives) {
    if (prefix.empty()) continue;
    for (auto it = std::lower_bound(vocabulary_.begin(), vocabulary_.end(), prefix);
         it != vocabulary_.end() && it->starts_with(prefix); ++it)
      matched.push_back(static_cast<std::uint32_t>(it - vocabulary_.begin()));
  }
  std::sort(matched.begin(), matched.end());
  matched.erase(std::unique(matched.begin(), matched.end()), matched.end());
  SlotHits out;
  if (matched.size() == 1) {  // the common case: one token, its postings as they are
    const auto t = matched[0];
    const auto size = field.offsets[t + 1] - field.offsets[t];
    out.documents = std::span(field.documents).subspan(field.offsets[t], size);
    out.counts = std::span(field.counts).subspan(field.offsets[t], size);
    return out;
  }
  auto& documents = out.merged_documents;
  auto& counts = out.merged_counts;
  if (matched.size() <= kMergeLists) {
    std::size_t cursor[kMergeLists];
    std::size_t end[kMergeLists];
    const std::size_t k = matched.size();
    for (std::size_t i = 0; i < k; ++i) {
      cursor[i] = field.offsets[matched[i]];
      end[i] = field.offsets[matched[i] + 1];
    }
    for (;;) {
      std::uint32_t next = std::numeric_limits<std::uint32_t>::max();
      for (std::size_t i = 0; i < k; ++i)
        if (cursor[i] < end[i]) next = std::min(next, field.documents[cursor[i]]);
      if (next == std::numeric_limits<std::uint32_t>::max()) break;
      std::size_t count = 0;
      for (std::size_t i = 0; i < k; ++i)
        if (cursor[i] < end[i] && field.documents[cursor[i]] == next) count += field.counts[cursor[i]++];
      documents.push_back(next);
      counts.push_back(static_cast<std::uint16_t>(std::min(count, kMaxCount)));
    }
    out.documents = documents;
    out.counts = counts;
    return out;
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (auto t : matched)
    for (auto i = field.offsets[t]; i < field.offsets[t + 1]; ++i) pairs.emplace_back(field.documents[i], field.counts[i]);
  std::sort(pairs.begin(), pairs.end());
  for (const auto& [d, count] : pairs) {
    if (!documents.empty() && documents.back() == d) {
      counts.back() = static_cast<std::uint16_t>(std::min<std::size_t>(counts.back() + count, kMaxCount));
    } else {
      documents.push_back(d);
      counts.push_back(static_cast<std::uint16_t>(count));
    }
  }
  out.documents = documents;
  out.counts = counts;
  return out;
}

struct SearchIndex::Part {
  const SearchIndex* index = nullptr;
  const std::vector<std::uint8_t>* mask = nullptr;  // per document: 1 = left out (empty: none)
  std::span<const std::uint32_t> masked;             // those documents, ascending
  double masked_title_length = 0, masked_body_length = 0;

  // How many of a slot's documents count.
  std::size_t live(const SlotHits& h) const {
    if (masked.empty()) return h.documents.size();
    std::size_t out = h.documents.size();
    if (masked.size() < h.documents.size()) {
      for (auto d : masked) out -= std::binary_search(h.documents.begin(), h.documents.end(), d) ? 1 : 0;
    } else {
      for (auto d : h.documents) out -= (*mask)[d];
    }
    return out;
  }
};

void SearchIndex::rank(const Field& field, std::vector<SlotHits>& hits, const std::vector<double>& idf,
                       double average_length, const std::vector<std::uint8_t>& mask, double tier,
                       std::vector<double>& best, std::vector<std::uint32_t>& touched) const {
  for (const auto& h : hits)
    if (h.documents.empty()) return;  // every slot must match
  // The documents of the rarest slot, found in the others by their cursors.
  const auto rarest = static_cast<std::size_t>(
      std::min_element(hits.begin(), hits.end(), [](const auto& a, const auto& b) {
        return a.documents.size() < b.documents.size();
      }) - hits.begin());
  std::vector<std::size_t> cursor(hits.size(), 0);
  const auto rarest_documents = hits[rarest].documents;
  for (std::size_t i = 0; i < rarest_documents.size(); ++i) {
    const auto d = rarest_documents[i];
    cursor[rarest] = i;  // the walk itself: no search in its own slot
    if (!mask.empty() && mask[d]) continue;  // replaced or deleted since: the overlay answers for it
    // Found by an earlier tier: nothing here can rank it better (a bm25 score stays far below a tier's step).
    if (best[d] <= tier - kTierStep) continue;
    double score = 0;
    bool all = true;
    const double norm = kK1 * (1 - kB + kB * field.lengths[d] / average_length);
    for (std::size_t s = 0; s < hits.size() && all; ++s) {
      const auto& docs = hits[s].documents;
      auto& c = cursor[s];
      if (s != rarest)
        c = static_cast<std::size_t>(std::lower_bound(docs.begin() + static_cast<std::ptrdiff_t>(c), docs.end(), d) -
                                     docs.begin());
      if (c == docs.size() || docs[c] != d) {
        all = false;
        break;
      }
      const double f = hits[s].counts[c];
      score += idf[s] * f * (kK1 + 1) / (f + norm);
    }
    if (!all) continue;
    if (best[d] == kNoHit) touched.push_back(d);
    best[d] = std::min(best[d], tier - score);
  }
}

SearchHits SearchIndex::search(const SearchRequest& request) const {
  const Part part{this, nullptr, {}, 0, 0};
  return search_parts(std::span(&part, 1), request);
}

SearchHits SearchIndex::search_parts(std::span<const Part> parts, const SearchRequest& request) {
  static const std::vector<std::uint8_t> kNoMask;
  std::vector<Scratch*> scratches;
  // The statistics of every part's documents that count, as one index would have them.
  double n = 0, title_length = 0, body_length = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const auto& x = *parts[k].index;
    scratches.push_back(&scratch(k, x.ids_.size()));
    n += static_cast<double>(x.ids_.size() - parts[k].masked.size());
    title_length += x.titles_.total_length - parts[k].masked_title_length;
    body_length += x.bodies_.total_length - parts[k].masked_body_length;
  }
  const double title_average = n == 0 || title_length <= 0 ? 1 : title_length / n;
  const double body_average = n == 0 || body_length <= 0 ? 1 : body_length / n;
  auto mask_of = [&](const Part& p) -> const std::vector<std::uint8_t>& { return p.mask ? *p.mask : kNoMask; };

  if (!request.sections.empty() || !request.types.empty()) {
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const auto& x = *parts[k].index;
      const auto& mask = mask_of(parts[k]);
      auto& [best, touched] = *scratches[k];
      for (std::uint32_t d = 0; d < x.ids_.size(); ++d) {
        if (!mask.empty() && mask[d]) continue;
        const auto& section = x.sections_[x.section_[d]];
        bool named = std::find(request.sections.begin(), request.sections.end(), section) != request.sections.end();
        for (const auto& [s, type] : request.types) named = named || (s == section && x.types_[x.type_[d]] == type);
        if (!named) continue;
        if (best[d] == kNoHit) touched.push_back(d);
        best[d] = 0;
      }
    }
  }
  auto tier = [&](Field SearchIndex::*field, const std::vector<std::vector<std::string>>& slots, double tier_score,
                  double average_length) {
    if (slots.empty()) return;
    std::vector<std::vector<SlotHits>> hits(parts.size());
    std::vector<double> df(slots.size(), 0);
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const auto& x = *parts[k].index;
      hits[k].reserve(slots.size());
      for (std::size_t s = 0; s < slots.size(); ++s) {
        hits[k].push_back(x.slot_hits(x.*field, slots[s]));
        df[s] += static_cast<double>(parts[k].live(hits[k].back()));
      }
    }
    std::vector<double> idf;
    for (const double f : df) {
      if (f == 0) return;  // every slot must match
      idf.push_back(std::max(std::log((n - f + 0.5) / (f + 0.5)), 1e-6));
    }
    for (std::size_t k = 0; k < parts.size(); ++k)
      parts[k].index->rank(parts[k].index->*field, hits[k], idf, average_length, mask_of(parts[k]), tier_score,
                           scratches[k]->best, scratches[k]->touched);
  };
  tier(&SearchIndex::titles_, request.exact, kTierStep, title_average);
  tier(&SearchIndex::bodies_, request.exact, 2 * kTierStep, body_average);
  tier(&SearchIndex::titles_, request.fuzzy, 3 * kTierStep, title_average);
  tier(&SearchIndex::bodies_, request.fuzzy, 4 * kTierStep, body_average);

  // Collects the hits and resets their scores for the thread's next query.
  std::vector<Scored> scored;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const auto& x = *parts[k].index;
    auto& [best, touched] = *scratches[k];
    for (const std::uint32_t d : touched) {
      const double score = best[d];
      best[d] = kNoHit;
      if (!request.rating.allows(x.rating_[d])) continue;
      if (!request.section.empty() && x.sections_[x.section_[d]] != request.section) continue;
      scored.push_back({score, x.recency_[d], d, static_cast<std::uint32_t>(k)});
    }
  }
  SearchHits out;
  out.total = static_cast<std::int64_t>(scored.size());
  const auto offset = static_cast<std::size_t>(std::max<std::int64_t>(request.offset, 0));
  if (offset >= scored.size()) return out;
  const auto end = std::min(scored.size(), offset + static_cast<std::size_t>(std::max<std::int64_t>(request.limit, 0)));
  // Equal scores: the newest release, then the lowest id (within one part, its recency says just that).
  auto before = [&](const Scored& a, const Scored& b) {
    if (a.score != b.score) return a.score < b.score;
    if (a.part == b.part) return a.recency < b.recency;
    const auto& x = *parts[a.part].index;
    const auto& y = *parts[b.part].index;
    const auto& ra = x.release_dates_[a.document];
    const auto& rb = y.release_dates_[b.document];
    if (ra != rb) return ra > rb;
    return x.ids_[a.document] < y.ids_[b.document];
  };
  std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(end), scored.end(), before);
  for (auto i = offset; i < end; ++i) out.ids.push_back(parts[scored[i].part].index->ids_[scored[i].document]);
  return out;
}

std::optional<std::uint32_t> SearchIndex::position_of(std::int64_t id) const {
  if (ids_ascending_) {
    const auto it = std::lower_bound(ids_.begin(), ids_.end(), id);
    if (it == ids_.end() || *it != id) return std::nullopt;
    return static_cast<std::uint32_t>(it - ids_.begin());
  }
  const auto it = std::find(ids_.begin(), ids_.end(), id);
  if (it == ids_.end()) return std::nullopt;
  return static_cast<std::uint32_t>(it - ids_.begin());
}

ServingIndex::ServingIndex(std::shared_ptr<const SearchIndex> base) : base_(std::move(base)) {}

std::shared_ptr<const ServingIndex> ServingIndex::with_changes(const std::vector<SearchDocument>& documents,
                                                               std::span<const std::int64_t> ids) const {
  auto next = std::make_shared<ServingIndex>(base_);
  next->changes_ = changes_;
  for (auto id : ids) next->changes_[id] = std::nullopt;
  for (const auto& d : documents) next->changes_[d.id] = d;
  // The overlay: the changed articles that have a document, in id order.
  SearchIndexBuilder builder;
  for (const auto& [id, d] : next->changes_)
    if (d) builder.add(*d);
  next->overlay_ = std::move(builder).finish();
  // The base's documents of changed articles no longer count.
  for (const auto& [id, d] : next->changes_)
    if (auto at = base_->position_of(id)) next->masked_list_.push_back(*at);
  std::sort(next->masked_list_.begin(), next->masked_list_.end());
  if (!next->masked_list_.empty()) {
    next->masked_.assign(base_->size(), 0);
    for (auto at : next->masked_list_) {
      next->masked_[at] = 1;
      next->masked_title_length_ += base_->titles_.lengths[at];
      next->masked_body_length_ += base_->bodies_.lengths[at];
    }
  }
  return next;
}

SearchHits ServingIndex::search(const SearchRequest& request) const {
  if (changes_.empty()) return base_->search(request);
  const SearchIndex::Part parts[] = {
      {base_.get(), &masked_, masked_list_, masked_title_length_, masked_body_length_},
      {&overlay_, nullptr, {}, 0, 0},
  };
  return SearchIndex::search_parts(parts, request);
}

std::vector<std::string> ServingIndex::similar_words(std::string_view word) const {
  auto out = base_->similar_words(word);
  if (changes_.empty()) return out;
  for (auto& w : overlay_.similar_words(word))
    if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(std::move(w));
  return out;
}

std::vector<TypoPrefix> ServingIndex::typo_prefixes(std::string_view word) const {
  auto out = base_->typo_prefixes(word);
  if (changes_.empty()) return out;
  for (auto& p : overlay_.typo_prefixes(word)) out.push_back(std::move(p));
  return out;
}

std::size_t ServingIndex::size() const { return base_->size() - masked_list_.size() + overlay_.size(); }

std::vector<std::string> SearchIndex::similar_words(std::string_view word) const {
  const auto keys = trigram_keys(word);
  std::unordered_map<std::uint32_t, std::uint32_t> shared;
  for (auto k : keys)
    if (auto it = words_by_trigram_.find(k); it != words_by_trigram_.end())
      for (auto w : it->second) ++shared[w];
  std::vector<std::string> out;
  for (const auto& [w, count] : shared) {
    const double all = static_cast<double>(keys.size() + trigram_counts_[w] - count);
    if (all > 0 && count / all >= kFuzzySimilarity) out.push_back(vocabulary_[title_words_[w]]);
  }
  return out;
}

std::vector<TypoPrefix> SearchIndex::typo_prefixes(std::string_view word) const {
  std::vector<TypoPrefix> out;
  if (typo_edits_allowed(word) == 0) return out;
  // The title words are in vocabulary order: those with word's first letter are one run of them.
  const auto first = static_cast<unsigned char>(word[0]);
  const std::size_t initial_length = first < 0x80 ? 1 : (first >> 5) == 0x6 ? 2 : (first >> 4) == 0xE ? 3 : 4;
  const auto initial = word.substr(0, std::min(initial_length, word.size()));
  auto it = std::lower_bound(title_words_.begin(), title_words_.end(), initial,
                             [&](std::uint32_t t, std::string_view prefix) { return vocabulary_[t] < prefix; });
  for (; it != title_words_.end() && vocabulary_[*it].starts_with(initial); ++it)
    if (auto p = typo_prefix(word, vocabulary_[*it])) out.push_back(std::move(*p));
  return out;
}

std::size_t SearchIndex::bytes() const {
  auto vector_bytes = [](const auto& v) { return v.capacity() * sizeof(typename std::decay_t<decltype(v)>::value_type); };
  auto field_bytes = [&](const Field& f) {
    return vector_bytes(f.offsets) + vector_bytes(f.documents) + vector_bytes(f.counts) + vector_bytes(f.lengths);
  };
  auto strings_bytes = [&](const std::vector<std::string>& v) {
    std::size_t n = vector_bytes(v);
    for (const auto& s : v) n += s.capacity();
    return n;
  };
  std::size_t n = strings_bytes(vocabulary_) + field_bytes(titles_) + field_bytes(bodies_) + vector_bytes(ids_) +
                  vector_bytes(section_) + vector_bytes(type_) + vector_bytes(rating_) + vector_bytes(recency_) +
                  strings_bytes(release_dates_) + strings_bytes(sections_) + strings_bytes(types_) +
                  vector_bytes(title_words_) + vector_bytes(trigram_counts_);
  for (const auto& [key, words] : words_by_trigram_) n += sizeof(key) + vector_bytes(words) + 2 * sizeof(void*);
  return n;
}

}  // namespace portal::catalog
