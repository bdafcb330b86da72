#include "domains/catalog/catalog_search.hpp"

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "core/text.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog {

namespace {

// One code point's bytes at text[i] (1 for a stray continuation byte).
std::size_t char_length(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
  return std::min(n, text.size() - i);
}

// ICU's NFKC_Casefold: compatibility forms to their letters ("ﬁ" -> "fi", full-width "Ｎ" -> "n"), every script's
// capitals to their case fold ("ΑΘΉΝΑ" -> "αθήνα", "Straße" -> "strasse"), default ignorables (soft hyphens,
// joiners) dropped. ASCII text, most of it, only lowers its letters.
std::string case_folded(std::string_view text) {
  if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
    return core::lower(text);
  }
  UErrorCode status = U_ZERO_ERROR;
  static const icu::Normalizer2* const fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
  if (!fold) throw std::runtime_error("ICU has no NFKC_Casefold data");
  std::string out;
  out.reserve(text.size());
  icu::StringByteSink<std::string> sink(&out);
  status = U_ZERO_ERROR;
  fold->normalizeUTF8(0, icu::StringPiece(text.data(), static_cast<int32_t>(text.size())), sink, nullptr, status);
  if (U_FAILURE(status)) return std::string(text);  // not UTF-8: matched as it is
  return out;
}

std::vector<std::string_view> split_code_points(std::string_view text) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto n = char_length(text, i);
    out.push_back(text.substr(i, n));
    i += n;
  }
  return out;
}

// Names of sections and content types in the six languages, singular and
// plural; web/src/locales/*/messages.json `catalog.sections` and
// `search.types` must each resolve here (catalog_search_test checks it).
struct Named {
  bool section;  // else a content type
  std::string_view id;
  std::initializer_list<std::string_view> names;
};
const Named kNamed[] = {
    {true, "music", {"music", "موسيقى", "الموسيقى", "musique", "musik", "música", "muzică"}},
    {true, "video", {"video", "videos", "فيديو", "الفيديو", "فيديوهات", "vidéo", "vidéos", "vídeo", "vídeos", "videoclipuri"}},
    {true, "games", {"games", "game", "ألعاب", "الألعاب", "لعبة", "jeux", "jeu", "spiele", "spiel", "juegos", "juego", "jocuri", "joc"}},
    {true, "podcast", {"podcasts", "podcast", "بودكاست", "البودكاست", "pódcasts", "pódcast", "podcasturi"}},
    {true, "audiobook", {"audiobooks", "audiobook", "كتب صوتية", "الكتب الصوتية", "كتب مسموعة", "كتاب مسموع", "كتاب صوتي", "livres audio",
                         "livre audio", "hörbücher", "hörbuch", "audiolibros", "audiolibro", "cărți audio", "carte audio"}},
    {true, "news", {"news", "أخبار", "الأخبار", "خبر", "actualités", "actualité", "infos", "nachrichten", "nachricht",
                    "neuigkeiten", "noticias", "noticia", "știri", "știre"}},
    {true, "articles", {"articles", "مقالات", "المقالات", "artikel", "artículos", "articole"}},
    {true, "vouchers", {"vouchers", "voucher", "قسائم", "القسائم", "قسيمة", "bons", "bon", "bons d'achat", "gutscheine",
                        "gutschein", "cupones", "cupón", "vouchere", "voucher-e"}},
    {true, "tournaments", {"tournaments", "tournament", "بطولات", "البطولات", "بطولة", "tournois", "tournoi", "turniere",
                           "turnier", "torneos", "torneo", "turnee", "turneu"}},
    {true, "apps", {"apps & services", "apps", "التطبيقات والخدمات", "تطبيقات", "applis et services", "applis",
                    "applications", "apps und dienste", "apps y servicios", "aplicații și servicii", "aplicații"}},
    {false, "artist", {"artist", "artists", "فنان", "فنانون", "artiste", "artistes", "künstler", "künstlerin", "artista",
                       "artistas", "artiști"}},
    {false, "album", {"album", "albums", "ألبوم", "ألبومات", "alben", "álbum", "álbumes", "albume"}},
    {false, "full_track_music", {"track", "tracks", "song", "songs", "مقطوعة", "مقطوعات", "أغنية", "أغاني", "titre",
                                 "titres", "chanson", "chansons", "titel", "lied", "lieder", "canción", "canciones",
                                 "piesă", "piese", "cântec"}},
    {false, "playlist", {"playlist", "playlists", "قائمة تشغيل", "قوائم التشغيل", "lista de reproducción",
                         "listas de reproducción", "liste de lecture"}},
    {false, "music_video", {"music video", "music videos", "فيديو موسيقي", "فيديوهات موسيقية", "clip", "clips",
                            "musikvideo", "musikvideos", "videoclip", "videoclips"}},
    {false, "videocollection", {"series", "مسلسل", "مسلسلات", "série", "séries", "serie", "serien", "serial", "seriale"}},
    {false, "full_length_video", {"film", "films", "movie", "movies", "فيلم", "أفلام", "filme", "película", "películas"}},
    {false, "online_game", {"online game", "online games", "لعبة أونلاين", "ألعاب أونلاين", "jeu en ligne", "jeux en ligne",
                            "onlinespiel", "onlinespiele", "juego online", "juegos online", "joc online", "jocuri online"}},
    {false, "publisher", {"publisher", "publishers", "ناشر", "ناشرون", "éditeur", "éditeurs", "herausgeber", "editor",
                          "editores", "editori"}},
    {false, "podcastcollection", {"podcast series"}},
    {false, "podcast", {"episode", "episodes", "حلقة", "حلقات", "épisode", "épisodes", "folge", "folgen", "episodio",
                        "episodios", "episod", "episoade"}},
    {false, "audio_book_chapter", {"chapter", "chapters", "فصل", "فصول", "chapitre", "chapitres", "kapitel", "capítulo",
                                   "capítulos", "capitol", "capitole"}},
    {false, "article", {"article", "مقال", "artículo", "articol"}},
    {false, "premium_article", {"premium article", "premium articles", "مقال مميز", "مقالات مميزة", "article premium",
                                "articles premium", "premium-artikel", "artículo premium", "artículos premium",
                                "articol premium", "articole premium"}},
    {false, "voucherbook", {"voucher book", "voucher books", "دفتر قسائم", "دفاتر القسائم", "carnet de bons",
                            "carnets de bons", "gutscheinheft", "gutscheinhefte", "talonario de cupones",
                            "talonarios de cupones", "carnet de vouchere"}},
    {false, "app", {"app", "تطبيق", "application", "aplicación", "aplicaciones", "aplicație"}},
    {false, "partner", {"partner", "partners", "شريك", "شركاء", "partenaire", "partenaires", "socio", "socios",
                        "partener", "parteneri"}},
    {false, "info_service", {"info service", "info services", "خدمة معلومات", "خدمات المعلومات", "service d'info",
                             "services d'info", "infodienst", "infodienste", "servicio de información",
                             "servicios de información", "serviciu de informații", "servicii de informații"}},
};

// Arabic letter variants a user types interchangeably: alef with hamza or
// madda -> alef, teh marbuta -> heh, alef maksura -> yeh.
std::string normalize_arabic(std::string_view word) {
  std::string out;
  for (std::size_t i = 0; i < word.size(); ++i) {
    const auto c = static_cast<unsigned char>(word[i]);
    if (c == 0xD8 && i + 1 < word.size()) {
      const auto n = static_cast<unsigned char>(word[i + 1]);
      if (n == 0xA2 || n == 0xA3 || n == 0xA5) {  // آ أ إ
        out += "\xD8\xA7";
        ++i;
        continue;
      }
      if (n == 0xA9) {  // ة
        out += "\xD9\x87";
        ++i;
        continue;
      }
    }
    if (c == 0xD9 && i + 1 < word.size() && static_cast<unsigned char>(word[i + 1]) == 0x89) {  // ى
      out += "\xD9\x8A";
      ++i;
      continue;
    }
    out += static_cast<char>(c);
  }
  // The definite article: "الأخبار" names the same as "أخبار".
  if (out.starts_with("\xD8\xA7\xD9\x84") && code_points(out) > 4) out.erase(0, 4);
  return out;
}

// A name or query as names are compared: its words, Arabic normalised, one space apart.
std::string normalize_name(std::string_view text) {
  std::string out;
  for (const auto& w : search_words(text)) {
    if (!out.empty()) out += ' ';
    out += normalize_arabic(w);
  }
  return out;
}

struct NormalizedName {
  const Named* target;
  std::string name;
  TrigramKeys trigrams;
};

const std::vector<NormalizedName>& normalized_names() {
  static const std::vector<NormalizedName> names = [] {
    std::vector<NormalizedName> out;
    for (const auto& n : kNamed)
      for (auto name : n.names) {
        auto normalized = normalize_name(name);
        auto keys = trigram_keys(normalized);
        out.push_back({&n, std::move(normalized), std::move(keys)});
      }
    return out;
  }();
  return names;
}

void add_unique(std::vector<std::string>& list, std::string_view value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.emplace_back(value);
}

}  // namespace

std::size_t code_points(std::string_view text) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size(); i += char_length(text, i)) ++n;
  return n;
}

std::vector<std::string> search_words(std::string_view text) {
  const std::string folded = case_folded(fold_for_search(text));
  std::vector<std::string> words;
  std::string word;
  for (std::size_t i = 0; i < folded.size();) {
    const auto n = char_length(folded, i);
    const auto c = static_cast<unsigned char>(folded[i]);
    // Typographic apostrophes and quotes (U+2018..U+201F) separate like ASCII ones.
    const bool quote = n == 3 && c == 0xE2 && static_cast<unsigned char>(folded[i + 1]) == 0x80 &&
                       static_cast<unsigned char>(folded[i + 2]) >= 0x98 &&
                       static_cast<unsigned char>(folded[i + 2]) <= 0x9F;
    if (!quote && (c >= 0x80 || std::isalnum(c))) {
      word.append(folded, i, n);
    } else if (!word.empty()) {
      words.push_back(std::move(word));
      word.clear();
    }
    i += n;
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

std::set<std::string> word_trigrams(std::string_view word) {
  std::vector<std::string_view> chars{" ", " "};
  for (auto c : split_code_points(word)) chars.push_back(c);
  chars.push_back(" ");
  std::set<std::string> out;
  for (std::size_t i = 0; i + 3 <= chars.size(); ++i)
    out.insert(std::string(chars[i]) + std::string(chars[i + 1]) + std::string(chars[i + 2]));
  return out;
}

TrigramKeys trigram_keys(std::string_view word) {
  std::vector<std::string_view> chars{" ", " "};
  for (auto c : split_code_points(word)) chars.push_back(c);
  chars.push_back(" ");
  TrigramKeys out;
  for (std::size_t i = 0; i + 3 <= chars.size(); ++i) {
    std::uint64_t h = 14695981039346656037ull;  // FNV-1a over the three code points, 0xFF between them
    for (std::size_t k = i; k < i + 3; ++k) {
      for (unsigned char c : chars[k]) h = (h ^ c) * 1099511628211ull;
      h = (h ^ 0xFFu) * 1099511628211ull;
    }
    out.push_back(h);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

double trigram_similarity(const TrigramKeys& a, const TrigramKeys& b) {
  std::size_t shared = 0;
  for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] < b[j]) ++i;
    else if (b[j] < a[i]) ++j;
    else ++shared, ++i, ++j;
  }
  const auto all = a.size() + b.size() - shared;
  return all == 0 ? 0.0 : static_cast<double>(shared) / static_cast<double>(all);
}

double trigram_similarity(std::string_view a, std::string_view b) {
  return trigram_similarity(trigram_keys(a), trigram_keys(b));
}

std::vector<std::string> best_alternatives(std::string_view word, const std::vector<std::string>& candidates) {
  std::vector<std::pair<double, std::string>> scored;
  const auto keys = trigram_keys(word);
  for (const auto& c : candidates) {
    if (c.starts_with(word)) continue;  // the prefix search finds it already
    const auto a = code_points(word), b = code_points(c);
    if ((a > b ? a - b : b - a) > kFuzzyMaxLengthDelta) continue;
    const double s = trigram_similarity(keys, trigram_keys(c));
    if (s >= kFuzzySimilarity) scored.emplace_back(s, c);
  }
  std::sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) {
    return x.first != y.first ? x.first > y.first : x.second < y.second;
  });
  std::vector<std::string> out;
  for (auto& [score, c] : scored) {
    if (out.size() == kFuzzyAlternatives) break;
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(std::move(c));
  }
  return out;
}

std::size_t typo_edits_allowed(std::string_view word) {
  const auto n = code_points(word);
  return n < kFuzzyMinLength ? 0 : n < kTypoLongWord ? 1 : 2;
}

namespace {

// Optimal string alignment (Damerau-Levenshtein without edits of an edited
// stretch) between all of a and each beginning of b: answer[j] = edits(a, b[0..j)).
std::vector<std::size_t> edits_to_beginnings(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  const std::size_t n = a.size(), m = b.size(), w = m + 1;
  std::vector<std::size_t> d((n + 1) * w);
  for (std::size_t j = 0; j <= m; ++j) d[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    d[i * w] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t change = a[i - 1] == b[j - 1] ? 0 : 1;
      auto best = std::min({d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + change});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) best = std::min(best, d[(i - 2) * w + j - 2] + 1);
      d[i * w + j] = best;
    }
  }
  return {d.begin() + static_cast<std::ptrdiff_t>(n * w), d.end()};
}

}  // namespace

std::size_t typo_distance(std::string_view a, std::string_view b, std::size_t limit) {
  const auto x = split_code_points(a), y = split_code_points(b);
  const auto longer = std::max(x.size(), y.size()), shorter = std::min(x.size(), y.size());
  if (longer - shorter > limit) return limit + 1;
  return std::min(edits_to_beginnings(x, y).back(), limit + 1);
}

std::optional<TypoPrefix> typo_prefix(std::string_view word, std::string_view candidate) {
  const auto allowed = typo_edits_allowed(word);
  if (allowed == 0 || candidate.starts_with(word)) return std::nullopt;
  const auto a = split_code_points(word);
  auto b = split_code_points(candidate);
  const std::size_t n = a.size();
  // The beginnings considered: up to `allowed` code points shorter or longer than the word, never below kFuzzyMinLength.
  const std::size_t lowest = std::max(n - std::min(n, allowed), kFuzzyMinLength);
  const std::size_t highest = std::min(b.size(), n + allowed);
  if (lowest > highest) return std::nullopt;
  b.resize(highest);
  const auto edits = edits_to_beginnings(a, b);
  std::size_t best = lowest;
  const auto apart = [n](std::size_t j) { return j > n ? j - n : n - j; };
  for (std::size_t j = lowest + 1; j <= highest; ++j)
    if (edits[j] < edits[best] || (edits[j] == edits[best] && apart(j) < apart(best))) best = j;
  if (edits[best] == 0 || edits[best] > allowed) return std::nullopt;
  TypoPrefix out;
  for (std::size_t j = 0; j < best; ++j) out.prefix += b[j];
  out.edits = edits[best];
  out.length = best;
  return out;
}

std::vector<std::string> best_typo_prefixes(std::string_view word, std::vector<TypoPrefix> found) {
  const auto n = code_points(word);
  const auto apart = [n](const TypoPrefix& p) { return p.length > n ? p.length - n : n - p.length; };
  std::sort(found.begin(), found.end(), [&](const TypoPrefix& x, const TypoPrefix& y) {
    if (x.edits != y.edits) return x.edits < y.edits;
    if (apart(x) != apart(y)) return apart(x) < apart(y);
    return x.prefix < y.prefix;
  });
  std::vector<std::string> out;
  for (auto& p : found) {
    if (out.size() == kFuzzyAlternatives) break;
    if (std::find(out.begin(), out.end(), p.prefix) == out.end()) out.push_back(std::move(p.prefix));
  }
  return out;
}

std::string arabic_article_variant(std::string_view word) {
  if (word.size() < 2 || static_cast<unsigned char>(word[0]) < 0xD8 || static_cast<unsigned char>(word[0]) > 0xDB)
    return {};
  constexpr std::string_view kArticle = "\xD8\xA7\xD9\x84";  // ال
  if (word.starts_with(kArticle)) return code_points(word) > 4 ? std::string(word.substr(kArticle.size())) : std::string();
  return std::string(kArticle) + std::string(word);
}

NamedTargets named_targets(std::string_view q) {
  // Similarity is at most the smaller trigram count over the larger: names of
  // less than half or more than twice the query's count are never near.
  const auto near = [](const TrigramKeys& a, const TrigramKeys& b) {
    return a.size() <= 2 * b.size() && b.size() <= 2 * a.size() && trigram_similarity(a, b) >= 0.5;
  };
  NamedTargets out;
  const std::string query = normalize_name(q);
  if (query.empty()) return out;
  const auto length = code_points(query);
  const auto keys = trigram_keys(query);
  // The closest kind of match wins: the exact name, else names it begins, else near typos.
  for (int pass = 0; pass < 3 && out.empty(); ++pass) {
    if (pass > 0 && length < 4) break;
    for (const auto& n : normalized_names()) {
      const bool hit = pass == 0   ? n.name == query
                       : pass == 1 ? n.name.starts_with(query)
                                   : near(keys, n.trigrams);
      if (hit) add_unique(n.target->section ? out.sections : out.content_types, n.target->id);
    }
  }
  // A type whose section is named already adds nothing.
  std::erase_if(out.content_types, [&](const std::string& type) {
    return std::find(out.sections.begin(), out.sections.end(), section_of(type)) != out.sections.end();
  });
  return out;
}

}  // namespace portal::catalog
