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

void SearchIndex::encode_postings(std::vector<std::uint8_t>& out, std::uint32_t first,
                                  std::span<const std::uint32_t> documents, std::span<const std::uint16_t> counts) {
  auto put = [&](std::uint64_t v) {
    while (v >= 0x80) {
      out.push_back(static_cast<std::uint8_t>(v | 0x80));
      v >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(v));
  };
  std::uint32_t previous = first;
  for (std::size_t i = 0; i < documents.size(); ++i) {
    const std::uint32_t count = std::max<std::uint32_t>(counts[i], 1);
    put((std::uint64_t{documents[i] - previous} << 2) | std::min<std::uint32_t>(count - 1, 3));
    if (count - 1 >= 3) put(count - 4);
    previous = documents[i];
  }
}

void SearchIndex::decode_postings(std::span<const std::uint8_t> bytes, std::uint32_t first,
                                  std::vector<std::uint32_t>& documents, std::vector<std::uint16_t>& counts) {
  std::size_t at = 0;
  auto get = [&] {
    std::uint64_t v = bytes[at++];
    if (v < 0x80) return v;  // most gaps: one byte
    v &= 0x7F;
    for (int shift = 7; at < bytes.size(); shift += 7) {
      const auto b = bytes[at++];
      v |= std::uint64_t{b & 0x7Fu} << shift;
      if (b < 0x80) break;
    }
    return v;
  };
  std::uint32_t previous = first;
  while (at < bytes.size()) {
    const auto v = get();
    previous += static_cast<std::uint32_t>(v >> 2);
    std::uint64_t count = (v & 3) + 1;
    if (count == 4 && at < bytes.size()) count += get();
    documents.push_back(previous);
    counts.push_back(static_cast<std::uint16_t>(std::min<std::uint64_t>(count, kMaxCount)));
  }
}

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
  x.release_.push_back(date_of_.try_emplace(d.release_date, static_cast<std::uint32_t>(date_of_.size())).first->second);
  const auto seen = titles_.tokens.size();
  add_field(titles_, x.titles_, d.titles);
  in_titles_.resize(tokens_.size(), 0);
  for (auto i = seen; i < titles_.tokens.size(); ++i) in_titles_[titles_.tokens[i]] = 1;
  add_field(bodies_, x.bodies_, d.body);
  if (titles_.tokens.size() + bodies_.tokens.size() >= segment_postings_) flush();
}

void SearchIndexBuilder::segment(Flat& flat, SearchIndex::Field& field, std::uint32_t first) {
  if (flat.tokens.empty()) {
    flat = Flat{};
    return;
  }
  // The pending postings by token (a counting sort: each token's documents stay ascending).
  counting_.assign(tokens_.size() + 1, 0);
  for (auto t : flat.tokens) ++counting_[t + 1];
  std::partial_sum(counting_.begin(), counting_.end(), counting_.begin());
  std::vector<std::uint32_t> documents(flat.tokens.size());
  std::vector<std::uint16_t> counts(flat.tokens.size());
  {
    std::vector<std::uint32_t> next(counting_.begin(), counting_.end() - 1);
    std::size_t begin = 0;
    for (std::uint32_t d = 0; d < flat.ends.size(); ++d) {
      for (auto i = begin; i < flat.ends[d]; ++i) {
        const auto at = next[flat.tokens[i]]++;
        documents[at] = first + d;
        counts[at] = flat.counts[i];
      }
      begin = flat.ends[d];
    }
  }
  index_.postings_ += flat.tokens.size();
  flat = Flat{};
  SearchIndex::Segment s;
  s.first = first;
  for (std::uint32_t t = 0; t < tokens_.size(); ++t) {
    const auto b = counting_[t], e = counting_[t + 1];
    if (b == e) continue;
    SearchIndex::Run run{t, static_cast<std::uint32_t>(s.bytes.size()), 0};
    SearchIndex::encode_postings(s.bytes, first, std::span(documents).subspan(b, e - b),
                                 std::span(counts).subspan(b, e - b));
    run.end = static_cast<std::uint32_t>(s.bytes.size());
    s.runs.push_back(run);
  }
  s.bytes.shrink_to_fit();
  s.runs.shrink_to_fit();
  field.segments.push_back(std::move(s));
}

void SearchIndexBuilder::flush() {
  const auto first = pending_first_;
  pending_first_ = static_cast<std::uint32_t>(index_.ids_.size());
  segment(titles_, index_.titles_, first);
  segment(bodies_, index_.bodies_, first);
}

SearchIndex SearchIndexBuilder::finish() && {
  flush();
  counting_ = {};
  auto& x = index_;
  // Tokens renumbered in sorted order, so that a prefix is a run of them.
  std::vector<std::uint32_t> order(tokens_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return *tokens_[a] < *tokens_[b]; });
  std::vector<std::uint32_t> renumbered(tokens_.size());
  std::size_t characters = 0;
  for (const auto* t : tokens_) characters += t->size();
  x.words_.reserve(characters);
  x.word_starts_.reserve(tokens_.size() + 1);
  for (std::uint32_t i = 0; i < order.size(); ++i) {
    renumbered[order[i]] = i;
    x.word_starts_.push_back(static_cast<std::uint32_t>(x.words_.size()));
    x.words_ += *tokens_[order[i]];
  }
  x.word_starts_.push_back(static_cast<std::uint32_t>(x.words_.size()));
  std::vector<std::uint8_t> in_titles(tokens_.size(), 0);
  for (std::uint32_t t = 0; t < tokens_.size(); ++t) in_titles[renumbered[t]] = in_titles_[t];
  tokens_ = {};
  token_of_ = {};
  in_titles_ = {};
  for (auto* field : {&x.titles_, &x.bodies_}) {
    field->total_length = 0;
    for (auto length : field->lengths) field->total_length += length;
    for (auto& s : field->segments) {
      for (auto& run : s.runs) run.token = renumbered[run.token];
      std::sort(s.runs.begin(), s.runs.end(), [](const auto& a, const auto& b) { return a.token < b.token; });
    }
  }

  // The release dates in order, and the documents' codes for them.
  std::vector<std::pair<std::string, std::uint32_t>> dates(date_of_.begin(), date_of_.end());
  date_of_ = {};
  std::sort(dates.begin(), dates.end());
  std::vector<std::uint32_t> date_code(dates.size());
  for (std::uint32_t i = 0; i < dates.size(); ++i) {
    date_code[dates[i].second] = i;
    x.dates_.push_back(std::move(dates[i].first));
  }
  for (auto& r : x.release_) r = date_code[r];

  // Newest release first, then the lowest id: the order of equal scores.
  std::vector<std::uint32_t> by_release(x.ids_.size());
  std::iota(by_release.begin(), by_release.end(), 0u);
  std::sort(by_release.begin(), by_release.end(), [&](auto a, auto b) {
    if (x.release_[a] != x.release_[b]) return x.release_[a] > x.release_[b];
    return x.ids_[a] < x.ids_[b];
  });
  x.recency_.resize(x.ids_.size());
  for (std::uint32_t i = 0; i < by_release.size(); ++i) x.recency_[by_release[i]] = i;

  // The typo vocabulary: the words of the titles, and their trigrams.
  std::vector<std::pair<std::uint64_t, std::uint32_t>> trigrams;
  for (std::uint32_t t = 0; t < x.vocabulary_size(); ++t) {
    if (!in_titles[t] || code_points(x.word(t)) < kVocabularyMinLength) continue;
    const auto keys = trigram_keys(x.word(t));
    const auto word = static_cast<std::uint32_t>(x.title_words_.size());
    x.title_words_.push_back(t);
    x.trigram_counts_.push_back(static_cast<std::uint32_t>(keys.size()));
    for (auto k : keys) trigrams.emplace_back(k, word);
  }
  std::sort(trigrams.begin(), trigrams.end());
  for (std::size_t i = 0; i < trigrams.size(); ++i) {
    if (i == 0 || trigrams[i].first != trigrams[i - 1].first) {
      x.trigram_keys_.push_back(trigrams[i].first);
      x.trigram_starts_.push_back(static_cast<std::uint32_t>(i));
    }
    x.trigram_words_.push_back(trigrams[i].second);
  }
  x.trigram_starts_.push_back(static_cast<std::uint32_t>(trigrams.size()));
  return std::move(x);
}

SearchIndex::SearchIndex(const std::vector<SearchDocument>& documents) {
  SearchIndexBuilder builder;
  for (const auto& d : documents) builder.add(d);
  *this = std::move(builder).finish();
}

void SearchIndex::token_postings(const Field& field, std::uint32_t t, std::vector<std::uint32_t>& documents,
                                 std::vector<std::uint16_t>& counts) const {
  // The token's run in each segment, then one allocation for them all (a posting takes at least a byte).
  thread_local std::vector<std::pair<const Segment*, const Run*>> found;
  found.clear();
  std::size_t most = 0;
  for (const auto& s : field.segments) {
    const auto it = std::lower_bound(s.runs.begin(), s.runs.end(), t, [](const Run& r, std::uint32_t v) { return r.token < v; });
    if (it == s.runs.end() || it->token != t) continue;
    found.emplace_back(&s, &*it);
    most += it->end - it->begin;
  }
  documents.reserve(documents.size() + most);
  counts.reserve(counts.size() + most);
  for (const auto& [s, run] : found)
    decode_postings(std::span(s->bytes).subspan(run->begin, run->end - run->begin), s->first, documents, counts);
}

SearchIndex::SlotHits SearchIndex::slot_hits(const Field& field, const std::vector<std::string>& alternatives) const {
  std::vector<std::uint32_t> matched;
  const auto n = vocabulary_size();
  for (const auto& prefix : alternatives) {
    if (prefix.empty()) continue;
    // The first token not below prefix: the vocabulary is sorted.
    std::uint32_t lo = 0, hi = n;
    while (lo < hi) {
      const auto mid = lo + (hi - lo) / 2;
      if (word(mid) < std::string_view(prefix)) lo = mid + 1;
      else hi = mid;
    }
    for (auto t = lo; t < n && word(t).starts_with(prefix); ++t) matched.push_back(t);
  }
  std::sort(matched.begin(), matched.end());
  matched.erase(std::unique(matched.begin(), matched.end()), matched.end());
  SlotHits out;
  if (matched.size() == 1) {  // the common case: one token, its postings as they are
    token_postings(field, matched[0], out.documents, out.counts);
    return out;
  }
  auto& documents = out.documents;
  auto& counts = out.counts;
  // Each token's postings, then merged by document.
  std::vector<std::vector<std::uint32_t>> lists_documents(matched.size());
  std::vector<std::vector<std::uint16_t>> lists_counts(matched.size());
  for (std::size_t i = 0; i < matched.size(); ++i) token_postings(field, matched[i], lists_documents[i], lists_counts[i]);
  if (matched.size() <= kMergeLists) {
    std::size_t cursor[kMergeLists] = {};
    const std::size_t k = matched.size();
    for (;;) {
      std::uint32_t next = std::numeric_limits<std::uint32_t>::max();
      for (std::size_t i = 0; i < k; ++i)
        if (cursor[i] < lists_documents[i].size()) next = std::min(next, lists_documents[i][cursor[i]]);
      if (next == std::numeric_limits<std::uint32_t>::max()) break;
      std::size_t count = 0;
      for (std::size_t i = 0; i < k; ++i)
        if (cursor[i] < lists_documents[i].size() && lists_documents[i][cursor[i]] == next)
          count += lists_counts[i][cursor[i]++];
      documents.push_back(next);
      counts.push_back(static_cast<std::uint16_t>(std::min(count, kMaxCount)));
    }
    return out;
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::size_t i = 0; i < matched.size(); ++i) {
    for (std::size_t j = 0; j < lists_documents[i].size(); ++j) pairs.emplace_back(lists_documents[i][j], lists_counts[i][j]);
    lists_documents[i] = {};
    lists_counts[i] = {};
  }
  std::sort(pairs.begin(), pairs.end());
  for (const auto& [d, count] : pairs) {
    if (!documents.empty() && documents.back() == d) {
      counts.back() = static_cast<std::uint16_t>(std::min<std::size_t>(counts.back() + count, kMaxCount));
    } else {
      documents.push_back(d);
      counts.push_back(static_cast<std::uint16_t>(count));
    }
  }
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
  const auto& rarest_documents = hits[rarest].documents;
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
    const auto& ra = x.dates_[x.release_[a.document]];
    const auto& rb = y.dates_[y.release_[b.document]];
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
  for (auto k : keys) {
    const auto it = std::lower_bound(trigram_keys_.begin(), trigram_keys_.end(), k);
    if (it == trigram_keys_.end() || *it != k) continue;
    const auto i = static_cast<std::size_t>(it - trigram_keys_.begin());
    for (auto at = trigram_starts_[i]; at < trigram_starts_[i + 1]; ++at) ++shared[trigram_words_[at]];
  }
  std::vector<std::string> out;
  for (const auto& [w, count] : shared) {
    const double all = static_cast<double>(keys.size() + trigram_counts_[w] - count);
    if (all > 0 && count / all >= kFuzzySimilarity) out.emplace_back(this->word(title_words_[w]));
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
                             [&](std::uint32_t t, std::string_view prefix) { return this->word(t) < prefix; });
  for (; it != title_words_.end() && this->word(*it).starts_with(initial); ++it)
    if (auto p = typo_prefix(word, this->word(*it))) out.push_back(std::move(*p));
  return out;
}

std::size_t SearchIndex::bytes() const {
  auto vector_bytes = [](const auto& v) { return v.capacity() * sizeof(typename std::decay_t<decltype(v)>::value_type); };
  auto field_bytes = [&](const Field& f) {
    std::size_t n = vector_bytes(f.segments) + vector_bytes(f.lengths);
    for (const auto& s : f.segments) n += vector_bytes(s.runs) + vector_bytes(s.bytes);
    return n;
  };
  auto strings_bytes = [&](const std::vector<std::string>& v) {
    std::size_t n = vector_bytes(v);
    for (const auto& s : v) n += s.capacity() > 15 ? s.capacity() + 1 : 0;  // beyond the string's own small buffer
    return n;
  };
  return words_.capacity() + vector_bytes(word_starts_) + field_bytes(titles_) + field_bytes(bodies_) +
         vector_bytes(ids_) + vector_bytes(section_) + vector_bytes(type_) + vector_bytes(rating_) +
         vector_bytes(recency_) + vector_bytes(release_) + strings_bytes(dates_) + strings_bytes(sections_) +
         strings_bytes(types_) + vector_bytes(title_words_) + vector_bytes(trigram_counts_) +
         vector_bytes(trigram_keys_) + vector_bytes(trigram_starts_) + vector_bytes(trigram_words_);
}

}  // namespace portal::catalog
