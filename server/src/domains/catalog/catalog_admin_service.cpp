#include "domains/catalog/catalog_admin_service.hpp"

#include <boost/json.hpp>  // free-form: edits the article document whole; the catalog file (import, export); audit snapshots
#include <boost/describe/class.hpp>
#include <set>
#include <stdexcept>
#include <tuple>

#include "db/timestamp.hpp"
#include "domains/catalog/catalog_admin_repository.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/catalog/catalog_import.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/webhooks/webhooks_outbox.hpp"

namespace portal::catalog::admin {
namespace json = boost::json;

namespace {

// What the audit keeps of an import: the versions of the file's articles that
// existed before it, and what it wrote.
struct ImportBefore {
  std::vector<ArticleVersion> articles;
};
BOOST_DESCRIBE_STRUCT(ImportBefore, (), (articles))
struct ImportAfter {
  std::int64_t categories = 0;
  std::int64_t articles = 0;
  std::int64_t challenges = 0;
  std::vector<std::int64_t> ids;
};
BOOST_DESCRIBE_STRUCT(ImportAfter, (), (categories, articles, challenges, ids))

}  // namespace

void throw_exception_from_error(const Error& e, const boost::source_location&) {
  throw std::logic_error("catalog admin: value() of an error result: " + e.message);
}

std::string_view state_name(State s) {
  switch (s) {
    case State::published: return "published";
    case State::unpublished: return "unpublished";
    case State::scheduled: return "scheduled";
    case State::expired: return "expired";
  }
  return "published";
}

namespace {

// A write whose base version was overtaken inside its transaction: rolls it back.
struct StaleVersion {
  std::int64_t current = 0;
};

Error not_found(std::int64_t id) { return Error{ErrorCode::article_not_found, "Article " + std::to_string(id) + " not found", {}, 0}; }

Error invalid(std::vector<FieldError> fields) {
  std::string message = "The article has invalid fields:";
  for (const auto& f : fields) message += " " + f.field + " " + f.reason + ";";
  return Error{ErrorCode::invalid_field, std::move(message), std::move(fields), 0};
}

State state_of(bool published, const std::string& from, const std::string& until, const std::string& now) {
  if (!published) return State::unpublished;
  if (!from.empty() && from > now) return State::scheduled;
  if (!until.empty() && until <= now) return State::expired;
  return State::published;
}

// The list's row of an article, its state at `now`.
Row to_row(const ListedArticle& a, const std::string& now) {
  Row row;
  row.id = a.id;
  row.title = a.title;
  row.content_type = a.content_type;
  row.section = a.section;
  row.rating = a.rating;
  row.state = state_of(a.published, a.available_from.value_or(""), a.available_until.value_or(""), now);
  row.updated_at = a.updated_at;
  row.version = a.version;
  if (auto licensor = stored_member<&ArticleDocument::licensorName>(a.doc)) row.licensor = std::move(*licensor);
  return row;
}
// "articles[0].title" -> "title" (the edit's field names have no file prefix).
std::string field_of_article(std::string_view field) {
  if (field.starts_with("articles[")) {
    if (auto dot = field.find("]."); dot != std::string_view::npos) return std::string(field.substr(dot + 2));
  }
  return std::string(field);
}

FieldError field_error(const catalog::Error& e) {
  FieldError f;
  f.reason = e.message;
  if (e.code == catalog::ErrorCode::invalid_field) {
    f.field = e.field;
    f.reason = e.reason;
    f.article_id = e.article_id;
  }
  return f;
}

}  // namespace

// The article's media paths an editor may not set (catalog_rules.hpp media_path_refusal): each
// of media.path and media.previewPath that differs from what the server holds for the article
// (`held`: its stored document, or none) must be shared media or this article's own upload.
std::vector<FieldError> media_errors(const json::object& doc, std::int64_t tenant_id, std::int64_t article_id,
                                     const json::object* held) {
  std::vector<FieldError> out;
  const auto media = stored_document(doc).media;  // a malformed one is the import's validator's to name
  if (!media) return out;
  const auto held_media = held ? stored_document(*held).media : std::nullopt;
  for (auto [key, path, was] : {std::tuple{"path", media->path, held_media ? held_media->path : std::nullopt},
                                std::tuple{"previewPath", media->previewPath, held_media ? held_media->previewPath : std::nullopt}}) {
    if (!path || (held_media && was == path)) continue;
    if (auto why = media_path_refusal(*path, tenant_id, article_id))
      out.push_back({article_id, "media." + std::string(key), std::move(*why)});
  }
  return out;
}


std::vector<FieldError> article_errors(const json::object& article,
                                       const std::function<bool(std::string_view)>& known_category,
                                       const std::function<bool(std::int64_t)>& known_article) {
  std::vector<FieldError> out;
  json::object doc = article;
  std::set<std::string> seen;
  for (int round = 0; round < 40; ++round) {
    auto parsed = parse_import(json::object{{"articles", json::array{doc}}}, known_category, known_article);
    if (parsed) break;
    FieldError f = field_error(parsed.error());
    f.field = field_of_article(f.field);
    // The top-level key of the field ("media.path" -> "media", "challengeSteps[0]" -> "challengeSteps").
    const std::string key = f.field.substr(0, f.field.find_first_of(".["));
    if (!seen.insert(f.field).second) break;
    out.push_back(f);
    // Set the failing field aside (or give a required one a valid stand-in) and ask again.
    if (key == member_name<&ArticleDocument::id>()) break;
    if (key == member_name<&ArticleDocument::contentType>())
      store_member<&ArticleDocument::contentType>(doc, "full_track_music");
    else if (key == member_name<&ArticleDocument::title>())
      store_member<&ArticleDocument::title>(doc, LanguageTexts{{"en", "-"}});
    else
      doc.erase(key);
  }
  return out;
}

RowPage AdminService::list(std::int64_t tenant_id, const Filter& f) {
  const std::string now = db::utc_timestamp(clock_.now());
  auto listed = admin_repository_.list(tenant_id, f, now);
  RowPage page;
  page.total = listed.total;
  for (const auto& a : listed.articles) page.rows.push_back(to_row(a, now));
  return page;
}
Result<Article> AdminService::read(std::int64_t tenant_id, std::int64_t id, const std::string& lang) {
  const std::string now = db::utc_timestamp(clock_.now());
  auto found = admin_repository_.find(tenant_id, id, lang);
  if (!found) return not_found(id);
  Article a;
  a.row = to_row(*found, now);
  a.doc = std::move(found->doc);
  if (const auto parent_id = stored_member<&ArticleDocument::parentId>(a.doc))
    if (auto parent = admin_repository_.find(tenant_id, *parent_id, lang)) a.parent = to_row(*parent, now);
  for (const auto& child : admin_repository_.children(tenant_id, id, lang)) a.children.push_back(to_row(child, now));
  for (const auto artist : stored_member<&ArticleDocument::artistIds>(a.doc).value_or(std::vector<std::int64_t>{}))
    if (auto found = admin_repository_.find(tenant_id, artist, lang)) a.artists.push_back(to_row(*found, now));
  return a;
}
Result<Article> AdminService::write_one(std::int64_t tenant_id, json::object doc, std::optional<std::int64_t> base_version,
                                        Change change, const json::object* held, const std::string& lang,
                                        const Audit& audit) {
  const std::int64_t id = doc.at("id").as_int64();
  auto known_category = [&](std::string_view c) { return repository_.category_exists(tenant_id, c); };
  auto known_article = [&](std::int64_t other) { return other != id && repository_.article_exists(tenant_id, other); };
  auto errors = article_errors(doc, known_category, known_article);
  for (auto& e : media_errors(doc, tenant_id, id, held)) {
    e.article_id.reset();
    errors.push_back(std::move(e));
  }
  if (!errors.empty()) return invalid(std::move(errors));
  auto set = parse_import(json::object{{"articles", json::array{doc}}}, known_category, known_article);
  if (!set) return invalid({field_error(set.error())});
  // The article keeps its place in lists; a new one goes last.
  set->articles[0].position = static_cast<int>(admin_repository_.position_of(tenant_id, id));
  change.after = doc;
  try {
    repository_.write(tenant_id, *set, false, [&](db::Session& s) {
      if (base_version) {
        // The write raised the version only when the doc changed: base or base + 1, else someone wrote between.
        const auto now_version = admin_repository_.version(s, tenant_id, id);
        if (now_version != *base_version && now_version != *base_version + 1) throw StaleVersion{now_version - 1};
      }
      // article.published / article.unpublished (issue 78 item 1), in the write's transaction, when the flag moved
      // (a new article counts as unpublished before). Before the audit entry: a write the
      // audit refuses rolls the event back with it.
      auto published_in = [](const json::object& d) {
        return stored_member<&ArticleDocument::published>(d).value_or(true);
      };
      const bool was = held && published_in(*held), is = published_in(doc);
      if (was != is) {
        webhooks::record(s, tenant_id, is ? "article.published" : "article.unpublished",
                         webhooks::ArticleEventData{std::to_string(id),
                                                    stored_member<&ArticleDocument::contentType>(doc).value_or("")});
      }
      if (audit) audit(s, change);
    });
  } catch (const StaleVersion& stale) {
    return Error{ErrorCode::version_conflict, "Article " + std::to_string(id) + " was changed meanwhile", {},
                 stale.current};
  }
  return read(tenant_id, id, lang);
}

Result<Article> AdminService::update(std::int64_t tenant_id, std::int64_t id, std::int64_t version,
                                     const json::value& article, const std::string& lang, const Audit& audit) {
  auto before = read(tenant_id, id, "en");
  if (!before) return before.error();
  if (before->row.version != version)
    return Error{ErrorCode::version_conflict, "Article " + std::to_string(id) + " was changed meanwhile", {},
                 before->row.version};
  if (!article.is_object()) return invalid({{std::nullopt, "article", "must be an object"}});
  json::object doc = article.as_object();
  store_member<&ArticleDocument::id>(doc, id);
  return write_one(tenant_id, std::move(doc), version, {"catalog.update", std::to_string(id), before->doc, nullptr},
                   &before->doc, lang, audit);
}

Result<Article> AdminService::create(std::int64_t tenant_id, const json::value& article, const std::string& lang,
                                     const Audit& audit) {
  if (!article.is_object()) return invalid({{std::nullopt, "article", "must be an object"}});
  json::object doc = article.as_object();
  const auto* id = doc.if_contains("id");
  if (!id || id->is_null()) {
    store_member<&ArticleDocument::id>(doc, admin_repository_.next_id(tenant_id));
  } else if (!id->is_int64() || id->as_int64() <= 0) {
    return invalid({{std::nullopt, "id", "must be a positive integer"}});
  } else if (repository_.article_exists(tenant_id, id->as_int64())) {
    return Error{ErrorCode::article_exists, "Article " + std::to_string(id->as_int64()) + " exists", {}, 0};
  }
  const auto new_id = doc.at("id").as_int64();
  return write_one(tenant_id, std::move(doc), std::nullopt, {"catalog.create", std::to_string(new_id), nullptr, nullptr},
                   nullptr, lang, audit);
}

Result<Article> AdminService::duplicate(std::int64_t tenant_id, std::int64_t id, const std::string& lang,
                                        const Audit& audit) {
  auto source = read(tenant_id, id, "en");
  if (!source) return source.error();
  json::object doc = source->doc;
  const auto new_id = admin_repository_.next_id(tenant_id);
  store_member<&ArticleDocument::id>(doc, new_id);
  store_member<&ArticleDocument::published>(doc, false);  // a copy is a draft until someone publishes it
  // The copy keeps the source's media (what the server holds for it).
  return write_one(tenant_id, std::move(doc), std::nullopt,
                   {"catalog.duplicate", std::to_string(new_id), nullptr, nullptr}, &source->doc, lang, audit);
}

Result<Article> AdminService::set_published(std::int64_t tenant_id, std::int64_t id, std::int64_t version, bool published,
                                            const std::string& lang, const Audit& audit) {
  auto before = read(tenant_id, id, "en");
  if (!before) return before.error();
  if (before->row.version != version)
    return Error{ErrorCode::version_conflict, "Article " + std::to_string(id) + " was changed meanwhile", {},
                 before->row.version};
  json::object doc = before->doc;
  // Published is the default: the key goes and the file stays as it was.
  store_member<&ArticleDocument::published>(doc, published ? std::nullopt : std::optional<bool>(false));
  return write_one(tenant_id, std::move(doc), version,
                   {published ? "catalog.publish" : "catalog.unpublish", std::to_string(id), before->doc, nullptr},
                   &before->doc, lang, audit);
}

Result<Row> AdminService::change(std::int64_t tenant_id, std::int64_t id, const std::string& action, const Edit& edit,
                                 const Audit& audit) {
  const std::string now = db::utc_timestamp(clock_.now());
  auto found = admin_repository_.find(tenant_id, id, "en");
  if (!found) return not_found(id);
  const Row row = to_row(*found, now);
  json::object doc = found->doc;
  if (auto refused = edit(doc, row)) return invalid({std::move(*refused)});
  auto written = write_one(tenant_id, std::move(doc), row.version, {action, std::to_string(id), found->doc, nullptr},
                           &found->doc, "en", audit);
  if (!written) return written.error();
  return written->row;
}

std::vector<std::int64_t> AdminService::ids(std::int64_t tenant_id, const Filter& filter) {
  return admin_repository_.ids(tenant_id, filter, db::utc_timestamp(clock_.now()));
}

std::optional<std::string> AdminService::category_section(std::int64_t tenant_id, const std::string& category) {
  return admin_repository_.category_section(tenant_id, category);
}

Result<ImportCounts> AdminService::import(std::int64_t tenant_id, const json::value& given, const std::string& currency,
                                          const Audit& audit) {
  if (!given.is_object()) return invalid({{std::nullopt, "file.root", "must be a JSON object"}});
  auto priced = prices_in_currency(given, currency);
  if (!priced) return invalid({field_error(priced.error())});
  const json::value& file = *priced;
  auto known_category_db = [&](std::string_view c) { return repository_.category_exists(tenant_id, c); };
  // The file's categories alone first (their errors, then every article's).
  json::object cats_only;
  if (file.is_object())
    if (const auto* c = file.as_object().if_contains("categories")) cats_only["categories"] = *c;
  cats_only["articles"] = json::array{};
  if (auto cats = parse_import(cats_only, known_category_db); !cats) return invalid({field_error(cats.error())});
  std::set<std::string> categories;
  if (const auto* c = cats_only.if_contains("categories"); c && c->is_array())
    for (const auto& x : c->as_array()) categories.insert(std::string(x.as_object().at("id").as_string()));
  const auto* articles = file.as_object().if_contains("articles");
  if (!articles || !articles->is_array()) return invalid({{std::nullopt, "file.articles", "must be an array"}});
  std::set<std::int64_t> ids;
  for (const auto& a : articles->as_array())
    if (const auto* o = a.if_object(); o && o->if_contains("id") && o->at("id").is_int64()) ids.insert(o->at("id").as_int64());
  auto known_category = [&](std::string_view c) { return categories.count(std::string(c)) > 0 || known_category_db(c); };
  auto known_article = [&](std::int64_t id) { return ids.count(id) > 0 || repository_.article_exists(tenant_id, id); };
  std::vector<FieldError> errors;
  int position = 0;
  std::set<std::int64_t> seen;
  for (const auto& a : articles->as_array()) {
    const std::string at = "articles[" + std::to_string(position++) + "]";
    if (!a.is_object()) {
      errors.push_back({std::nullopt, at, "must be an object"});
      continue;
    }
    auto mine = article_errors(a.as_object(), known_category, known_article);
    const auto* id = a.as_object().if_contains("id");
    if (id && id->is_int64()) {
      // Media paths as an edit's: what the server holds for the article stays, anything new is checked.
      const auto held = repository_.find(tenant_id, id->as_int64());
      for (auto& e : media_errors(a.as_object(), tenant_id, id->as_int64(), held ? &held->doc : nullptr))
        mine.push_back(std::move(e));
    }
    if (id && id->is_int64() && !seen.insert(id->as_int64()).second) mine.push_back({id->as_int64(), "id", "appears twice"});
    for (auto& e : mine) {
      if (!e.article_id && id && id->is_int64()) e.article_id = id->as_int64();
      e.field = at + "." + e.field;
      errors.push_back(std::move(e));
    }
  }
  if (!errors.empty()) return invalid(std::move(errors));
  // The whole file once more (challenges, and what crosses articles), as the command line does.
  auto set = parse_import(file, known_category_db, [&](std::int64_t id) { return repository_.article_exists(tenant_id, id); });
  if (!set) return invalid({field_error(set.error())});
  std::vector<std::int64_t> changed;
  for (const auto& a : set->articles) changed.push_back(a.record.id);
  ImportBefore existed;
  for (const auto& held : admin_repository_.versions(tenant_id))
    if (ids.count(held.id)) existed.articles.push_back(held);
  ImportCounts counts{static_cast<std::int64_t>(set->categories.size()), static_cast<std::int64_t>(set->articles.size()),
                      static_cast<std::int64_t>(set->challenges.size())};
  Change change{"catalog.import", "import", json::value_from(existed),
                json::value_from(ImportAfter{counts.categories, counts.articles, counts.challenges, std::move(changed)})};
  repository_.write(tenant_id, *set, false, [&](db::Session& s) {
    if (audit) audit(s, change);
  });
  return counts;
}

json::object AdminService::export_file(std::int64_t tenant_id) {
  json::array categories, articles, challenges;
  for (auto& c : admin_repository_.categories(tenant_id)) {
    json::object out{{"id", c.id}, {"section", c.section}};
    if (c.parent_id) out["parentId"] = *c.parent_id;
    out["title"] = std::move(c.titles);
    if (!c.artwork.empty()) out["artwork"] = c.artwork;
    categories.push_back(std::move(out));
  }
  for (auto& doc : admin_repository_.article_documents(tenant_id)) articles.push_back(std::move(doc));
  for (auto& doc : admin_repository_.challenge_documents(tenant_id)) challenges.push_back(std::move(doc));
  json::object out{{"categories", std::move(categories)}, {"articles", std::move(articles)}};
  if (!challenges.empty()) out["challenges"] = std::move(challenges);
  return out;
}
}  // namespace portal::catalog::admin
