#include "domains/catalog/catalog_import.hpp"

#include <algorithm>
#include <cmath>
#include <boost/json.hpp>  // free-form: the operator's catalog file, read here into typed records
#include <set>

#include "core/from_json.hpp"
#include "core/money.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "core/text.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

Error import_error(std::string where, std::string field, std::string reason,
                   std::optional<std::int64_t> article_id = std::nullopt) {
  Error e = Error::invalid(field, reason);
  e.message = where + ": " + field.substr(field.find('.') + 1) + " " + reason;
  e.article_id = article_id;
  return e;
}

bool is_text_map(const json::value* v) {
  if (!v || !v->is_object() || v->as_object().empty()) return false;
  for (const auto& kv : v->as_object()) {
    if (std::find(kLanguages.begin(), kLanguages.end(), kv.key()) == kLanguages.end()) return false;
    if (!kv.value().is_string()) return false;
  }
  return true;
}

Error challenge_error(std::int64_t id, std::string field, std::string reason) {
  Error e = Error::invalid(field, reason);
  e.message = "challenge " + std::to_string(id) + ": " + field.substr(field.find('.') + 1) + " " + reason;
  e.challenge_id = id;
  return e;
}

// The challenges array (docs/catalog-format.md, challenges[] rows); articles_in_file
// and known_article tell whether a gameId names an article.
Result<std::vector<ImportChallenge>> parse_challenges(const json::value* list,
                                                            const std::set<std::int64_t>& articles_in_file,
                                                            const std::function<bool(std::int64_t)>& known_article) {
  std::vector<ImportChallenge> out;
  if (!list || list->is_null()) return out;
  if (!list->is_array()) return import_error("file", "file.challenges", "must be an array");
  std::set<std::int64_t> ids;
  int position = 0;
  for (const auto& c : list->as_array()) {
    const std::string at = "challenges[" + std::to_string(position) + "]";
    if (!c.is_object()) return import_error(at, at + ".", "must be an object");
    const auto& o = c.as_object();
    ImportChallenge ch;
    ch.position = position++;
    auto* id = o.if_contains("id");
    if (!id || !id->is_int64() || id->as_int64() <= 0) return import_error(at, at + ".id", "must be a positive integer");
    ch.record.id = id->as_int64();
    auto fail = [&](std::string field, std::string reason) {
      return challenge_error(ch.record.id, at + "." + field, std::move(reason));
    };
    if (!ids.insert(ch.record.id).second) return fail("id", "appears twice");
    auto* game = o.if_contains("gameId");
    if (!game || !game->is_int64() || game->as_int64() <= 0) return fail("gameId", "must be an article id (integer)");
    ch.record.game_id = game->as_int64();
    if (!articles_in_file.count(ch.record.game_id) && !(known_article && known_article(ch.record.game_id)))
      return fail("gameId", "names unknown article " + std::to_string(ch.record.game_id));
    if (!is_text_map(o.if_contains("title")))
      return fail("title", "must map language codes (en, ar, fr, de, es, ro) to strings");
    if (auto* d = o.if_contains("description"); d && !d->is_null() && !is_text_map(d))
      return fail("description", "must map language codes (en, ar, fr, de, es, ro) to strings");
    if (auto* v = o.if_contains("chained"); v && !v->is_null() && !v->is_bool()) return fail("chained", "must be true or false");
    std::string starts, ends;
    for (auto [key, into] : {std::pair<std::string_view, std::string*>{"startsAt", &starts}, {"endsAt", &ends}}) {
      if (auto* v = o.if_contains(key); v && !v->is_null()) {
        if (!v->is_string() || v->as_string().size() < 10) return fail(std::string(key), "must be an ISO-8601 date or time");
        *into = std::string(v->as_string());
      }
    }
    if (!starts.empty() && !ends.empty() && ends < starts) return fail("endsAt", "must not be before startsAt");
    auto* steps = o.if_contains("challengeSteps");
    if (!steps || !steps->is_array() || steps->as_array().empty()) return fail("challengeSteps", "must be a non-empty array");
    std::set<std::int64_t> step_ids;
    int n = 0;
    for (const auto& s : steps->as_array()) {
      const std::string sat = "challengeSteps[" + std::to_string(n++) + "]";
      const auto* so = s.if_object();
      if (!so) return fail(sat, "must be an object");
      auto* sid = so->if_contains("id");
      if (!sid || !sid->is_int64() || sid->as_int64() <= 0) return fail(sat + ".id", "must be a positive integer");
      if (!step_ids.insert(sid->as_int64()).second) return fail(sat + ".id", "appears twice");
      if (!is_text_map(so->if_contains("title")))
        return fail(sat + ".title", "must map language codes (en, ar, fr, de, es, ro) to strings");
      if (auto* g = so->if_contains("goal"); g && !g->is_null() && !is_text_map(g))
        return fail(sat + ".goal", "must map language codes (en, ar, fr, de, es, ro) to strings");
      if (auto* r = so->if_contains("rewards"); r && !r->is_null()) {
        if (!r->is_array()) return fail(sat + ".rewards", "must be an array");
        for (const auto& reward : r->as_array()) {
          const auto* ro = reward.if_object();
          if (!ro || !ro->if_contains("currency") || !ro->at("currency").is_string() ||
              ro->at("currency").as_string().empty() || !ro->if_contains("amount") || !ro->at("amount").is_int64() ||
              ro->at("amount").as_int64() < 0)
            return fail(sat + ".rewards", "entries need a currency (string) and an amount (whole number >= 0)");
        }
      }
    }
    ch.record.doc = o;
    out.push_back(std::move(ch));
  }
  return out;
}

}  // namespace

Result<json::value> prices_in_currency(const json::value& file, std::string_view currency) {
  if (currency.empty() || !file.is_object()) return file;
  json::value out = file;
  auto* articles = out.as_object().if_contains("articles");
  if (!articles || !articles->is_array()) return out;
  int position = 0;
  for (auto& a : articles->as_array()) {
    const std::string at = "articles[" + std::to_string(position++) + "]";
    auto* o = a.if_object();
    auto* prices = o ? o->if_contains("prices") : nullptr;
    if (!prices || !prices->is_array() || prices->as_array().empty()) continue;
    json::array kept;
    for (const auto& p : prices->as_array()) {
      const auto* po = p.if_object();
      const auto* c = po ? po->if_contains("currency") : nullptr;
      if (c && c->is_string() && c->as_string() == currency) kept.push_back(p);
    }
    if (kept.empty()) {
      const auto* id = o->if_contains("id");
      return import_error(id && id->is_int64() ? "article " + std::to_string(id->as_int64()) : at, at + ".prices",
                          "has no price in the tenant's currency " + std::string(currency),
                          id && id->is_int64() ? std::optional(id->as_int64()) : std::nullopt);
    }
    *prices = std::move(kept);
  }
  return out;
}

Result<ImportSet> parse_import(const json::value& file, const std::function<bool(std::string_view)>& known_category,
                                     const std::function<bool(std::int64_t)>& known_article) {
  ImportSet set;
  if (!file.is_object()) return import_error("file", "file.root", "must be a JSON object");
  const auto& root = file.as_object();
  std::set<std::string> category_ids;
  if (auto* cats = root.if_contains("categories")) {
    if (!cats->is_array()) return import_error("file", "file.categories", "must be an array");
    int position = 0;
    for (const auto& c : cats->as_array()) {
      const std::string at = "categories[" + std::to_string(position) + "]";
      if (!c.is_object()) return import_error(at, at + ".", "must be an object");
      const auto& o = c.as_object();
      ImportCategory cat;
      cat.position = position++;
      auto* id = o.if_contains("id");
      if (!id || !id->is_string() || id->as_string().empty() || id->as_string().size() > 128)
        return import_error(at, at + ".id", "must be a non-empty string of at most 128 characters");
      cat.record.id = std::string(id->as_string());
      const std::string where = "category " + cat.record.id;
      auto* section = o.if_contains("section");
      if (!section || !section->is_string() || !known_section(section->as_string()))
        return import_error(where, at + ".section", "must be one of music, video, games, audiobook, podcast, news, "
                                                    "articles, vouchers, tournaments, apps");
      cat.record.section = std::string(section->as_string());
      if (auto* p = o.if_contains("parentId"); p && !p->is_null()) {
        if (!p->is_string()) return import_error(where, at + ".parentId", "must be a string or null");
        cat.record.parent_id = std::string(p->as_string());
      }
      if (!is_text_map(o.if_contains("title")))
        return import_error(where, at + ".title", "must map language codes (en, ar, fr, de, es, ro) to strings");
      cat.record.titles = texts_of(o.if_contains("title"));
      if (auto* art = o.if_contains("artwork"); art && !art->is_null()) {
        if (!art->is_string()) return import_error(where, at + ".artwork", "must be a URL string");
        cat.record.artwork = std::string(art->as_string());
      }
      if (!category_ids.insert(cat.record.id).second) return import_error(where, at + ".id", "appears twice");
      set.categories.push_back(std::move(cat));
    }
  }
  for (std::size_t i = 0; i < set.categories.size(); ++i) {
    const auto& c = set.categories[i].record;
    if (c.parent_id && !category_ids.count(*c.parent_id) && !known_category(*c.parent_id))
      return import_error("category " + c.id, "categories[" + std::to_string(i) + "].parentId",
                          "names unknown category '" + *c.parent_id + "'");
  }
  auto* articles = root.if_contains("articles");
  if (!articles || !articles->is_array()) return import_error("file", "file.articles", "must be an array");
  std::set<std::int64_t> ids;
  int position = 0;
  for (const auto& a : articles->as_array()) {
    const std::string at = "articles[" + std::to_string(position) + "]";
    if (!a.is_object()) return import_error(at, at + ".", "must be an object");
    const auto& o = a.as_object();
    ImportArticle art;
    art.position = position++;
    auto* id = o.if_contains("id");
    if (!id || !id->is_int64() || id->as_int64() <= 0) return import_error(at, at + ".id", "must be a positive integer");
    art.record.id = id->as_int64();
    const std::string where = "article " + std::to_string(art.record.id);
    auto fail = [&](std::string field, std::string reason) {
      return import_error(where, at + "." + field, std::move(reason), art.record.id);
    };
    if (!ids.insert(art.record.id).second) return fail("id", "appears twice");
    auto* type = o.if_contains("contentType");
    if (!type || !type->is_string() || !known_content_type(type->as_string()))
      return fail("contentType", "must be a known content type (see docs/catalog-format.md)");
    art.record.content_type = std::string(type->as_string());
    art.record.section = std::string(section_of(art.record.content_type));
    if (!is_text_map(o.if_contains("title")))
      return fail("title", "must map language codes (en, ar, fr, de, es, ro) to strings");
    if (auto* d = o.if_contains("description"); d && !d->is_null() && !is_text_map(d))
      return fail("description", "must map language codes (en, ar, fr, de, es, ro) to strings");
    for (const auto& kv : o.at("title").as_object()) {
      std::string description;
      if (auto* d = o.if_contains("description"); d && d->is_object())
        if (auto* t = d->as_object().if_contains(kv.key()); t && t->is_string()) description = std::string(t->as_string());
      art.texts[std::string(kv.key())] = {std::string(kv.value().as_string()), std::move(description)};
    }
    std::string english;
    if (auto it = art.texts.find("en"); it != art.texts.end()) english = it->second.first;
    art.sort_title = core::lower(english);
    art.record.slug = article_slug(english, art.record.content_type);
    if (auto* r = o.if_contains("rating"); r && !r->is_null()) {
      if (!r->is_int64() || r->as_int64() < 0 || r->as_int64() > 1000)
        return fail("rating", "must be a whole number from 0 to 1000");
      art.record.rating = static_cast<int>(r->as_int64());
    }
    if (auto* d = o.if_contains("releaseDate"); d && !d->is_null()) {
      if (!d->is_string() || d->as_string().size() < 4) return fail("releaseDate", "must be a date YYYY-MM-DD");
      art.record.release_date = std::string(d->as_string());
    }
    if (auto* p = o.if_contains("parentId"); p && !p->is_null()) {
      if (!p->is_int64()) return fail("parentId", "must be an article id (integer) or null");
      art.record.parent_id = p->as_int64();
    }
    if (auto* c = o.if_contains("categoryIds"); c && !c->is_null()) {
      if (!c->is_array()) return fail("categoryIds", "must be an array of category ids");
      for (const auto& v : c->as_array()) {
        if (!v.is_string()) return fail("categoryIds", "must be an array of category ids");
        std::string cid(v.as_string());
        if (!category_ids.count(cid) && !known_category(cid)) return fail("categoryIds", "names unknown category '" + cid + "'");
        art.category_ids.push_back(std::move(cid));
      }
    }
    for (auto [key, into] : {std::pair<std::string_view, std::vector<std::int64_t>*>{"artistIds", &art.artist_ids},
                             {"memberIds", &art.member_ids}}) {
      if (auto* v = o.if_contains(key); v && !v->is_null()) {
        if (!v->is_array()) return fail(std::string(key), "must be an array of article ids");
        for (const auto& x : v->as_array()) {
          if (!x.is_int64()) return fail(std::string(key), "must be an array of article ids");
          into->push_back(x.as_int64());
        }
      }
    }
    for (std::string_view key : {"episode", "season", "durationSeconds", "fileSizeBytes"})
      if (auto* v = o.if_contains(key); v && !v->is_null() && !v->is_int64())
        return fail(std::string(key), "must be a whole number");
    if (auto* v = o.if_contains("providerId"); v && !v->is_null() && !v->is_string() && !v->is_int64())
      return fail("providerId", "must be a string or a whole number");
    for (std::string_view key : {"licensorName", "developerName"})
      if (auto* v = o.if_contains(key); v && !v->is_null() && !v->is_string()) return fail(std::string(key), "must be a string");
    if (auto* v = o.if_contains("developerName"); v && v->is_string()) art.developer_name = std::string(v->as_string());
    if (art.record.content_type == "publisher") art.developer_name = english;
    if (auto* v = o.if_contains("prices"); v && !v->is_null()) {
      if (!v->is_array()) return fail("prices", "must be an array");
      for (const auto& p : v->as_array()) {
        const auto* po = p.if_object();
        if (!po || !po->if_contains("amount") || !po->at("amount").is_number() || !po->if_contains("currency") ||
            !po->at("currency").is_string() || !po->if_contains("businessModel") || !po->at("businessModel").is_string())
          return fail("prices", "entries need amount (number), currency and businessModel (strings)");
        // Minor units, bounded like every money amount the console accepts (a voucher product's price too).
        const auto& amount = po->at("amount");
        const double value = amount.is_double() ? amount.as_double()
                             : amount.is_int64() ? static_cast<double>(amount.as_int64())
                                                 : static_cast<double>(amount.as_uint64());
        if (!(value >= 0) || value > static_cast<double>(core::kMaxMoneyAmount))
          return fail("prices.amount", std::string("must be 0 or more and ") + core::kMaxMoneyText);
        // 7.99 would sell for 0.08: an amount is a whole number of minor units (799 for 7.99 EUR).
        if (amount.is_double() && value != std::floor(value))
          return fail("prices.amount", "must be a whole number of minor units (cents): 799 for 7.99");
      }
    }
    if (auto* v = o.if_contains("media"); v && !v->is_null()) {
      const auto* m = v->if_object();
      if (!m) return fail("media", "must be an object");
      for (std::string_view key : {"path", "previewPath"})
        if (auto* p = m->if_contains(key); p && !p->is_null()) {
          if (!p->is_string() || p->as_string().empty() || p->as_string().starts_with("/") ||
              std::string_view(p->as_string()).find("..") != std::string_view::npos)
            return fail("media." + std::string(key), "must be a relative path below the media root");
        }
    }
    if (auto* v = o.if_contains("artworks"); v && !v->is_null()) {
      if (!v->is_array()) return fail("artworks", "must be an array");
      for (const auto& w : v->as_array())
        if (!w.is_object() || !w.as_object().if_contains("url") || !w.as_object().at("url").is_string())
          return fail("artworks", "entries need a url string");
    }
    if (auto* v = o.if_contains("customProperties"); v && !v->is_null() && !v->is_object())
      return fail("customProperties", "must be an object");
    if (auto* v = o.if_contains("published"); v && !v->is_null() && !v->is_bool())
      return fail("published", "must be true or false");
    for (std::string_view key : {"availableFrom", "availableUntil"})
      if (auto* v = o.if_contains(key); v && !v->is_null() && (!v->is_string() || v->as_string().size() < 10))
        return fail(std::string(key), "must be an ISO-8601 date or time");
    if (auto w = availability_of(o); !w.from.empty() && !w.until.empty() && w.until <= w.from)
      return fail("availableUntil", "must be after availableFrom");
    // Every member's type (ArticleDocument): customProperties' known members too, named by their field.
    try {
      (void)core::from_json<ArticleDocument>(a);
    } catch (const core::JsonFieldError& e) {
      return fail(e.field, e.reason);
    }
    art.record.doc = o;
    set.articles.push_back(std::move(art));
  }
  // References are checked once every id of the file is known, so the order
  // of articles in the file does not matter.
  auto known = [&](std::int64_t id) { return ids.count(id) > 0 || (known_article && known_article(id)); };
  for (std::size_t i = 0; i < set.articles.size(); ++i) {
    const auto& art = set.articles[i];
    const std::string at = "articles[" + std::to_string(i) + "]";
    const std::string where = "article " + std::to_string(art.record.id);
    if (art.record.parent_id && !known(*art.record.parent_id))
      return import_error(where, at + ".parentId", "names unknown article " + std::to_string(*art.record.parent_id),
                          art.record.id);
    for (auto [key, list] : {std::pair<std::string_view, const std::vector<std::int64_t>*>{"artistIds", &art.artist_ids},
                             {"memberIds", &art.member_ids}})
      for (auto ref : *list)
        if (!known(ref))
          return import_error(where, at + "." + std::string(key), "names unknown article " + std::to_string(ref),
                              art.record.id);
  }
  auto challenges = parse_challenges(root.if_contains("challenges"), ids, known_article);
  if (!challenges) return challenges.error();
  set.challenges = std::move(*challenges);
  return set;
}

std::string search_body(const ImportArticle& article, const std::vector<std::string>& artist_names) {
  std::string body;
  for (const auto& [lang, text] : article.texts) body += text.first + "\n" + text.second + "\n";
  for (const auto& name : artist_names) body += name + "\n";
  return body;
}

}  // namespace portal::catalog
