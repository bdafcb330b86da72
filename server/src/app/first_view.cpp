#include "app/first_view.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cstdlib>
#include <initializer_list>

#include "app/page_tables.hpp"
#include "app/portal_face.hpp"
#include "core/from_json.hpp"
#include "core/text.hpp"
#include "domains/catalog/catalog_dto.hpp"
#include "http/html_shell.hpp"

namespace portal::app {
namespace json = boost::json;
using catalog::ArticleDto;

namespace {

std::string text_of(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

const json::object* object_at(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  return v ? v->if_object() : nullptr;
}

const json::array* array_at(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  return v ? v->if_array() : nullptr;
}

// A card's shape, aspect and a grid's columns: the tables React reads too (page_tables.hpp).
Shape shape_of(std::string_view content_type) { return page_tables().shape_of(content_type); }
std::string_view aspect(Shape shape) { return page_tables().aspect(shape); }
std::string_view grid_columns(Shape shape) { return page_tables().grid_columns_of(shape); }

// features/catalog/article-meta.ts artistNames.
std::string artist_names(const ArticleDto& article) {
  std::string names;
  for (std::size_t i = 0; i < article.artists.size() && i < 2; ++i) {
    if (!names.empty()) names += ", ";
    names += article.artists[i].title;
  }
  return names;
}

// The catalog's answers as the server sends them (catalog_dto.hpp); none when one is not.
std::optional<ArticleDto> article_of(const json::value& v) {
  try {
    return core::from_json<ArticleDto>(v);
  } catch (const core::JsonFieldError&) {
    return std::nullopt;
  }
}

std::optional<std::vector<ArticleDto>> entries_of(const json::value& answer) {
  const json::value* entries = answer.is_object() ? answer.as_object().if_contains("entries") : nullptr;
  if (!entries) return std::nullopt;
  try {
    return core::from_json<std::vector<ArticleDto>>(*entries);
  } catch (const core::JsonFieldError&) {
    return std::nullopt;
  }
}

// components/ui/lazy-image.tsx, an eager image: preloaded by the shell, painted as it arrives.
std::string image(const std::string& src, std::string_view alt, std::string_view classes, bool eager) {
  const std::string url = client_image_url(src);
  if (url.empty()) return "<span class=\"block overflow-hidden bg-surface " + std::string(classes) + "\"></span>";
  return "<span class=\"relative block overflow-hidden bg-surface " + std::string(classes) + "\"><img src=\"" +
         core::escape_html(url) + "\" alt=\"" + core::escape_html(alt) + "\"" +
         (eager ? " fetchpriority=\"high\" decoding=\"async\"" : " decoding=\"async\" loading=\"lazy\"") +
         " class=\"size-full object-cover\"></span>";
}

// app/layouts/site-header.tsx: the brand; the controls come with the app. From lg up the links row.
std::string header(const FirstViewTexts& texts) {
  std::string logo = texts.logo.empty()
                         ? std::string("<span class=\"inline-block size-8 rounded-lg bg-primary\"></span>")
                         : "<img src=\"" + core::escape_html(texts.logo) + "\" alt=\"\" class=\"h-8 w-auto min-w-8 max-w-32\">";
  return "<header class=\"sticky top-0 z-30 border-b border-border bg-surface/95\">"
         "<div class=\"mx-auto w-full max-w-[2400px] px-4 sm:px-6 lg:px-10 2xl:px-16 flex h-16 items-center gap-3 lg:gap-6\">"
         "<span class=\"flex shrink-0 items-center gap-2 text-xl font-extrabold tracking-tight text-primary\">" +
         logo + "<span class=\"max-[419px]:sr-only\">" + core::escape_html(texts.site) +
         "</span></span></div><div class=\"hidden lg:block h-10\"></div></header>";
}

// app/layouts/announcement-bar.tsx: the notice above the header, so the app drawing it moves nothing (its close
// button's place kept; a visitor who closed it before sees it go).
std::string announcement(const FirstViewTexts& texts) {
  if (texts.announcement.empty()) return {};
  return "<div class=\"bg-primary text-primary-contrast\"><div class=\"mx-auto w-full max-w-[2400px] px-4 sm:px-6 lg:px-10 "
         "2xl:px-16 flex items-center gap-2 py-1 text-sm\"><p class=\"min-w-0 flex-1 py-1 font-semibold wrap-anywhere\">" +
         core::escape_html(texts.announcement) + "</p><span class=\"-me-2 size-8 shrink-0\"></span></div></div>";
}

// features/structure/components/hero-banner.tsx: the first slide.
std::string hero(const json::object& slide, const FirstViewTexts& texts) {
  const std::string title = text_of(slide, "title");
  const std::string subtitle = text_of(slide, "subTitle");
  std::string cta;
  if (const json::object* props = object_at(slide, "customProperties"); props && texts.message && !text_of(slide, "clickUrl").empty())
    if (const std::string key = text_of(*props, "ctaKey"); !key.empty()) cta = texts.message(key);
  std::string html =
      "<section class=\"relative overflow-hidden rounded-2xl bg-surface\"><div class=\"grid\"><div class=\"relative [grid-area:1/1]\">" +
      image(text_of(slide, "imageUrl"), "", "aspect-[4/3] w-full sm:aspect-[16/7] xl:aspect-[16/6]", true) +
      "<span class=\"absolute inset-0 bg-gradient-to-t from-black/75 via-black/20 to-transparent\"></span>"
      "<span class=\"absolute inset-x-0 bottom-0 block px-5 pb-12 pt-6 sm:px-10 sm:pb-14 lg:px-14\">"
      "<span class=\"block max-w-2xl text-2xl font-extrabold leading-tight text-white drop-shadow sm:text-4xl lg:text-5xl\">" +
      core::escape_html(title) + "</span>";
  if (!subtitle.empty())
    html += "<span class=\"mt-2 block max-w-xl text-sm text-white/90 sm:text-lg\">" + core::escape_html(subtitle) + "</span>";
  if (!cta.empty())
    html += "<span class=\"mt-4 inline-flex rounded-full bg-primary px-5 py-2 text-sm font-semibold text-primary-contrast shadow "
            "sm:mt-5 sm:px-6 sm:py-2.5 sm:text-base\">" + core::escape_html(cta) + "</span>";
  return html + "</span></div></div></section>";
}

// features/catalog/components/article-card.tsx inside article-grid.tsx; the first two eager, as there.
std::string cards(const std::vector<ArticleDto>& entries, const FirstViewTexts* show_type = nullptr) {
  if (entries.empty()) return {};
  const Shape shape = shape_of(entries[0].contentType);
  std::string html = "<ul class=\"grid gap-3 sm:gap-4 " + std::string(grid_columns(shape)) + "\">";
  for (std::size_t i = 0; i < entries.size() && i < page_tables().cards_per_list; ++i) {
    const ArticleDto& article = entries[i];
    std::string subtitle = artist_names(article);
    if (subtitle.empty()) subtitle = article.developerName.value_or("");
    const bool round = article.contentType == "artist";
    html += "<li><span class=\"block min-w-0\"><span class=\"relative block overflow-hidden rounded-xl\">" +
            image(article.imageUrl.value_or(""), "", std::string(aspect(shape)) + " w-full rounded-xl" + (round ? " rounded-full" : ""), i < 2) +
            "</span>";
    if (show_type) {
      std::string type = show_type->message ? show_type->message("catalog.types." + article.contentType) : "";
      if (type.empty() && show_type->message) type = show_type->message("catalog.types.other");
      html += "<span class=\"mt-2 block truncate text-xs font-bold tracking-wide text-primary uppercase\">" + core::escape_html(type) + "</span>";
    }
    html += std::string("<span class=\"") + (show_type ? "mt-0.5" : "mt-2") +
            " block truncate text-sm font-semibold text-text sm:text-base\">" + core::escape_html(article.title) + "</span>";
    if (!subtitle.empty()) html += "<span class=\"block truncate text-xs text-muted sm:text-sm\">" + core::escape_html(subtitle) + "</span>";
    html += "</span></li>";
  }
  return html + "</ul>";
}

// app/routes/catalog-list.tsx: heading, the sort and chip rows' room, the first cards.
std::string list_page(const std::vector<ArticleDto>& entries, const FirstViewTexts& texts) {
  return "<section class=\"flex flex-col gap-6\"><div class=\"flex flex-wrap items-end justify-between gap-4\">"
         "<div class=\"flex flex-col gap-2\"><h1 class=\"text-3xl font-extrabold tracking-tight sm:text-4xl\">" +
         core::escape_html(texts.heading) + "</h1><p class=\"text-lg text-muted\">" + core::escape_html(texts.description) +
         "</p></div><div class=\"h-9 w-52\"></div></div><div class=\"h-[42px]\"></div>" + cards(entries) + "</section>";
}

// features/catalog/components/article-details.tsx: a landscape header's blurred backdrop, the
// first BANNER artwork. Drawn here too, so that the largest image of the first viewport is the
// server's, loaded with the page, not one the app adds later.
std::string details_backdrop(const ArticleDto& article) {
  for (const auto& artwork : article.additionalArtworks) {
    if (artwork.artworkClass != "BANNER") continue;
    // The thumbnail, spelt as the client asks for it.
    const std::string url = client_image_url(with_image_width(artwork.url, page_tables().backdrop_width));
    if (url.empty()) continue;
    return "<div aria-hidden=\"true\" class=\"absolute inset-0 -z-10 opacity-20 blur-2xl\">"
           "<span class=\"relative block overflow-hidden bg-surface h-full w-full\"><img src=\"" +
           core::escape_html(url) + "\" alt=\"\" decoding=\"async\" class=\"size-full object-cover\"></span></div>";
  }
  return {};
}

bool one_of(std::string_view value, std::initializer_list<std::string_view> set) {
  for (std::string_view item : set)
    if (item == value) return true;
  return false;
}

// lib/formatters.ts: Latin digits, or Arabic-Indic ones in Arabic (plainDigits), zero-padded.
std::string digits(std::int64_t value, std::string_view lang, std::size_t width = 1) {
  std::string latin = std::to_string(value < 0 ? 0 : value);
  if (latin.size() < width) latin.insert(0, width - latin.size(), '0');
  if (lang != "ar") return latin;
  static constexpr const char* kArabic[] = {"٠", "١", "٢", "٣", "٤", "٥", "٦", "٧", "٨", "٩"};
  std::string out;
  for (char c : latin) out += kArabic[c - '0'];
  return out;
}

// lib/formatters.ts formatDate (en-US and ar-EG as it writes them without Intl; the others the ISO day,
// as wide): only the width matters, the facts' rows wrap as React's.
std::string release_date(std::string_view iso, std::string_view lang) {
  if (iso.size() < 10) return std::string(iso);
  const int year = std::atoi(std::string(iso.substr(0, 4)).c_str());
  const int month = std::atoi(std::string(iso.substr(5, 2)).c_str());
  const int day = std::atoi(std::string(iso.substr(8, 2)).c_str());
  if (month < 1 || month > 12) return std::string(iso.substr(0, 10));
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  if (lang == "en") return std::string(kMonths[month - 1]) + " " + std::to_string(day) + ", " + std::to_string(year);
  if (lang == "ar") return digits(day, lang, 2) + "\u200F/" + digits(month, lang, 2) + "\u200F/" + digits(year, lang);
  return std::string(iso.substr(0, 10));
}

// lib/formatters.ts formatDuration: mm:ss under an hour, else hh:mm:ss.
std::string duration(std::int64_t seconds, std::string_view lang) {
  const std::int64_t hours = seconds / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60;
  return (hours > 0 ? digits(hours, lang, 2) + ":" : std::string()) + digits(minutes, lang, 2) + ":" + digits(rest, lang, 2);
}

// article-details.tsx Fact.
std::string fact(const std::string& label, const std::string& value) {
  return "<div class=\"flex flex-col\"><dt class=\"text-xs font-semibold tracking-wide text-muted uppercase\">" + core::escape_html(label) +
         "</dt><dd class=\"font-semibold\">" + core::escape_html(value) + "</dd></div>";
}

// features/catalog/components/article-details.tsx: the header as React draws it first, the artwork, the
// age rating, the title, the artists and the facts; the action row's first line is reserved under them (its
// buttons come with the app: the commerce, engagement and share parts).
std::string details_page(const ArticleDto& article, const FirstViewTexts& texts) {
  const auto t = [&](std::string_view key) { return texts.message ? texts.message(key) : std::string(); };
  const std::string& type = article.contentType;
  const Shape shape = shape_of(type);
  const std::string& title = article.title;
  std::string classes = std::string(aspect(shape)) + " w-full shrink-0 rounded-2xl shadow-xl " +
                        (shape == Shape::square ? "max-w-72 md:w-64 lg:w-80" : "md:w-[min(26rem,50%)] lg:w-[min(34rem,55%)]") +
                        (type == "artist" ? " rounded-full" : "");
  std::string html =
      "<article class=\"flex flex-col gap-10\"><header class=\"relative isolate overflow-hidden rounded-3xl border border-border bg-surface\">" +
      (shape == Shape::landscape ? details_backdrop(article) : std::string()) +
      "<div class=\"flex flex-col gap-4 p-4 sm:p-6 md:gap-6 lg:p-10\"><div class=\"flex flex-col gap-6 md:flex-row md:items-end\">" + image(article.imageUrl.value_or(""), title, classes, true) +
      "<div class=\"flex min-w-0 flex-1 flex-col gap-4\">";
  // lib/formatters.ts gradingLabel.
  const std::int64_t rating = article.rating;
  const char* grading = rating == 0 ? "allAges" : rating == 10 ? "sixPlus" : rating == 20 ? "twelvePlus" : rating == 30 ? "sixteenPlus" : "eighteenPlus";
  html += std::string("<div class=\"flex flex-wrap items-center gap-2\"><span class=\"rounded-full border border-border px-3 py-0.5 text-xs font-bold\"") +
          (rating == 0 ? "" : " dir=\"ltr\"") + ">" + core::escape_html(t(std::string("catalog.grading.") + grading)) + "</span>";
  if (article.explicit_.value_or(false))
    html += "<span class=\"rounded-sm bg-text px-1.5 py-0.5 text-xs font-bold text-bg uppercase\">" + core::escape_html(t("catalog.facts.explicit")) + "</span>";
  const std::int64_t season = article.season.value_or(0), episode = article.episode.value_or(0);
  if (one_of(type, {"video", "full_length_video", "podcast", "audio_book_chapter"}) && episode) {
    std::string text = core::replace_all(t(season ? "catalog.facts.seasonEpisode" : "catalog.facts.episode"), "{{episode}}", digits(episode, "en"));
    text = core::replace_all(std::move(text), "{{season}}", digits(season, "en"));
    html += "<span class=\"text-sm text-muted\">" + core::escape_html(text) + "</span>";
  }
  html += "</div><h1 class=\"text-3xl font-extrabold tracking-tight break-words hyphens-auto sm:text-4xl lg:text-5xl\">" + core::escape_html(title) + "</h1>";
  if (!article.artists.empty()) {
    html += "<p class=\"text-lg\">";
    for (std::size_t i = 0; i < article.artists.size(); ++i)
      html += std::string(i > 0 ? ", " : "") + "<span class=\"font-semibold text-primary\">" + core::escape_html(article.artists[i].title) + "</span>";
    html += "</p>";
  }
  const bool readable = one_of(type, {"news", "article", "premium_article"});
  html += "<dl class=\"flex flex-wrap gap-x-8 gap-y-3\">";
  // The date that places the item, as the client's details page says it: a tournament starts
  // (customProperties.startDate, else its release date), news are published, the rest released.
  std::string date = article.releaseDate.value_or("");
  const char* dated = readable ? "catalog.facts.published" : "catalog.facts.released";
  if (type == "tournament") {
    dated = "catalog.facts.starts";
    if (std::string start = article.customProperties.startDate.value_or(""); !start.empty()) date = std::move(start);
  }
  if (!date.empty() && !one_of(type, {"artist", "publisher", "partner"})) html += fact(t(dated), release_date(date, texts.lang));
  if (const std::int64_t seconds = article.durationSeconds.value_or(0); seconds > 0)
    html += fact(t("catalog.facts.duration"), duration(seconds, texts.lang));
  if (const std::int64_t bytes = article.fileSizeBytes.value_or(0); bytes > 0 && one_of(type, {"game", "app"}))
    html += fact(t("catalog.facts.size"), digits((bytes + 1024 * 1024 - 1) / (1024 * 1024), texts.lang) + " MB");
  if (const std::string label = article.licensorName.value_or(""); !label.empty() && one_of(type, {"full_track_music", "album", "music_video"}))
    html += fact(t("catalog.facts.label"), label);
  if (const std::string developer = article.developerName.value_or(""); !developer.empty()) html += fact(t("catalog.facts.publisher"), developer);
  // The action row's first line, under the artwork and the text: React's row is their sibling there, so its further
  // lines grow the header downwards and move nothing drawn.
  html += "</dl></div></div><div class=\"h-11\"></div>";
  return html + "</div></header></article>";
}

// The sections' order and each content type's section (config/content-paths.ts and
// features/search/group-results.ts read the same tables): search results are shown by section in
// this order, the first section first.
std::string_view client_section(std::string_view content_type) { return page_tables().section(content_type); }

// The first group of a search answer: its section and its entries in rank order.
std::pair<std::string, std::vector<ArticleDto>> first_search_group(std::vector<ArticleDto> entries) {
  const auto& order = page_tables().section_order;
  std::size_t best = order.size();
  for (const auto& entry : entries) {
    const std::string_view section = client_section(entry.contentType);
    for (std::size_t i = 0; i < best; ++i)
      if (order[i] == section) best = i;
  }
  const std::string section = best < order.size() ? order[best] : "other";
  std::erase_if(entries, [&](const ArticleDto& entry) { return client_section(entry.contentType) != section; });
  return {section, std::move(entries)};
}

// app/routes/search.tsx: heading, the search box's and the count's room, the first section's cards
// with their type above the title.
std::string search_page(std::vector<ArticleDto> entries, const std::string& words, const FirstViewTexts& texts) {
  std::string html =
      "<section class=\"mx-auto flex w-full max-w-[120rem] flex-col gap-6\"><h1 class=\"text-3xl font-extrabold tracking-tight "
      "sm:text-4xl\">" + core::escape_html(texts.heading) + "</h1>"
      "<div class=\"w-full truncate rounded-2xl border border-border bg-surface py-3 ps-5 pe-14 text-lg text-text shadow-sm\">"
      "<bdi>" + core::escape_html(words) + "</bdi>&#8203;</div><div class=\"h-6\"></div>";
  if (entries.empty()) return html + "</section>";
  auto [section, group] = first_search_group(std::move(entries));
  const std::string heading = texts.message ? texts.message("catalog.sections." + section) : std::string();
  html += "<div class=\"flex flex-col gap-3\"><h2 class=\"text-xl font-bold sm:text-2xl\">" + core::escape_html(heading) + "</h2>";
  return html + cards(group, &texts) + "</div></section>";
}

// The home structure's first node when it is a banner (home.tsx, structure-view.tsx).
const json::object* first_slide(const json::object& page, const std::vector<std::string>& chrome) {
  const json::object* structures = object_at(page, "structures");
  if (!structures) return nullptr;
  for (const auto& [name, node] : *structures) {
    if (std::find(chrome.begin(), chrome.end(), std::string_view(name)) != chrome.end() || !node.is_object()) continue;
    const json::array* nodes = array_at(node.as_object(), "substructure");
    if (!nodes || nodes->empty() || !(*nodes)[0].is_object()) return nullptr;
    const json::object& first = (*nodes)[0].as_object();
    const json::object* data = object_at(first, "data");
    const json::object* props = data ? object_at(*data, "customProperties") : nullptr;
    if (!props || text_of(*props, "type") != "banner") return nullptr;
    const json::array* slides = array_at(first, "substructure");
    if (!slides || slides->empty()) return nullptr;
    const json::object* slide = (*slides)[0].if_object();
    return slide ? object_at(*slide, "data") : nullptr;
  }
  return nullptr;
}

std::string body(const json::value& data, const http::JsonMembers& raw_data, const FirstViewTexts& texts) {
  for (const auto& [name, text] : raw_data) {
    if (name != "list" && name != "search") continue;
    boost::system::error_code ec;
    const json::value answer = json::parse(text, ec);
    auto entries = ec ? std::nullopt : entries_of(answer);
    if (!entries) return {};
    return name == "list" ? list_page(*entries, texts) : search_page(std::move(*entries), text_of(answer.as_object(), "q"), texts);
  }
  const json::object* page = data.if_object();
  if (!page) return {};
  if (const json::value* found = page->if_contains("article")) {
    const auto article = article_of(*found);
    return article ? details_page(*article, texts) : std::string();
  }
  if (const json::value* list = page->if_contains("list"))
    if (const auto entries = entries_of(*list)) return list_page(*entries, texts);
  if (const json::object* slide = first_slide(*page, texts.chrome)) return hero(*slide, texts);
  return {};
}

}  // namespace

std::string search_first_image(std::string_view search_answer) {
  boost::system::error_code ec;
  const json::value answer = json::parse(search_answer, ec);
  auto entries = ec ? std::nullopt : entries_of(answer);
  if (!entries || entries->empty()) return {};
  const auto group = first_search_group(std::move(*entries)).second;
  return group.empty() ? std::string() : client_image_url(group.front().imageUrl.value_or(""));
}

std::string first_view(const json::value& data, const http::JsonMembers& raw_data, const FirstViewTexts& texts) {
  const std::string main = body(data, raw_data, texts);
  if (main.empty()) return {};
  // app/layouts/default-layout.tsx. inert: nothing in it can take focus or a click meant for the app.
  return "<div class=\"flex min-h-dvh flex-col bg-bg text-text\" aria-hidden=\"true\" inert data-first-view>" + announcement(texts) + header(texts) +
         "<main class=\"flex-1 py-6 sm:py-8\"><div class=\"mx-auto w-full max-w-[2400px] px-4 sm:px-6 lg:px-10 2xl:px-16\">" +
         main + "</div></main></div>";
}

}  // namespace portal::app
