#include "domains/catalog/catalog_admin_service.hpp"

#include <boost/json.hpp>  // free-form: edits the article document whole; the catalog file (import, export); audit snapshots
#include <boost/describe/class.hpp>
#include <charconv>
#include <set>
#include <stdexcept>

#include "db/json_column.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_admin_sql.hpp"
#include "domains/catalog/catalog_import.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/catalog/catalog_sql.hpp"

namespace portal::catalog::admin {
namespace json = boost::json;

namespace {

// What the audit keeps of an import: the versions of the file's articles that
// existed before it, and what it wrote.
struct ArticleVersion {
  std::int64_t id = 0;
  std::int64_t version = 0;
};
BOOST_DESCRIBE_STRUCT(ArticleVersion, (), (id, version))
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

std::string fill(std::string_view text, std::string_view key, const std::string& value) {
  std::string out(text);
  for (auto at = out.find(key); at != std::string::npos; at = out.find(key, at + value.size())) out.replace(at, key.size(), value);
  return out;
}

// A LIKE pattern matching `text` literally.
std::string like_escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

State state_of(bool published, const std::string& from, const std::string& until, const std::string& now) {
  if (!published) return State::unpublished;
  if (!from.empty() && from > now) return State::scheduled;
  if (!until.empty() && until <= now) return State::expired;
  return State::published;
}

// A row of admin_sql's PORTAL_CATALOG_ADMIN_ROW.
Row to_row(const db::Row& r, const std::string& now) {
  Row row;
  row.id = r.integer(0);
  row.title = r.text(1);
  row.content_type = r.text(2);
  row.section = r.text(3);
  row.rating = static_cast<int>(r.integer(4));
  row.state = state_of(r.integer(5) != 0, r.optional_text(6).value_or(""), r.optional_text(7).value_or(""), now);
  row.updated_at = r.text(8);
  row.version = r.integer(9);
  const auto doc = db::json_object_column(r, 10, "article " + std::to_string(row.id) + ": doc");
  if (const auto* l = doc.if_contains("licensorName"); l && l->is_string()) row.licensor = std::string(l->as_string());
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

// The article's media paths an editor may not set (catalog_rules.hpp media_path_refusal): each
// of media.path and media.previewPath that differs from what the server holds for the article
// (`held`: its stored document, or none) must be shared media or this article's own upload.
std::vector<FieldError> media_errors(const json::object& doc, std::int64_t tenant_id, std::int64_t article_id,
                                     const json::object* held) {
  std::vector<FieldError> out;
  const auto* media = doc.if_contains("media");
  if (!media || !media->is_object()) return out;
  const json::object* held_media = nullptr;
  if (held)
    if (const auto* m = held->if_contains("media"); m && m->is_object()) held_media = &m->as_object();
  for (std::string_view key : {"path", "previewPath"}) {
    const auto* p = media->as_object().if_contains(key);
    if (!p || !p->is_string()) continue;  // the import's validator names a malformed one
    if (held_media)
      if (const auto* was = held_media->if_contains(key); was && *was == *p) continue;
    if (auto why = media_path_refusal(p->as_string(), tenant_id, article_id))
      out.push_back({article_id, "media." + std::string(key), std::move(*why)});
  }
  return out;
}

}  // namespace

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
    if (key == "id") break;
    if (key == "contentType") doc[key] = "full_track_music";
    else if (key == "title") doc[key] = json::object{{"en", "-"}};
    else doc.erase(key);
  }
  return out;
}

RowPage AdminService::list(std::int64_t tenant_id, const Filter& f) {
  const std::string now = db::utc_timestamp(clock_.now());
  db::Params params{tenant_id};
  auto add = [&](db::Value v) {
    params.push_back(std::move(v));
    return "$" + std::to_string(params.size());
  };
  std::string where(admin_sql::kWhere);
  if (!f.q.empty()) {
    std::int64_t id = -1;
    std::from_chars(f.q.data(), f.q.data() + f.q.size(), id);
    std::string part = fill(admin_sql::kQuery, "{id}", add(id));
    where += fill(part, "{like}", add("%" + like_escaped(lower(f.q)) + "%"));
  }
  if (!f.type.empty()) where += fill(admin_sql::kType, "{v}", add(f.type));
  if (!f.section.empty()) where += fill(admin_sql::kSection, "{v}", add(f.section));
  if (f.rating) where += fill(admin_sql::kRating, "{v}", add(std::int64_t{*f.rating}));
  if (f.state) {
    switch (*f.state) {
      case State::unpublished: where += admin_sql::kUnpublished; break;
      case State::published: where += fill(admin_sql::kPublishedNow, "{now}", add(now)); break;
      case State::scheduled: where += fill(admin_sql::kScheduled, "{now}", add(now)); break;
      case State::expired: where += fill(admin_sql::kExpired, "{now}", add(now)); break;
    }
  }
  // The doc is stored as boost::json::serialize writes it: no spaces.
  if (!f.licensor.empty())
    where += fill(admin_sql::kDocLike, "{v}",
                  add("%\"licensorName\":" + like_escaped(json::serialize(json::string(f.licensor))) + "%"));
  if (f.has_media)
    where += fill(*f.has_media ? admin_sql::kDocLike : admin_sql::kDocNotLike, "{v}", add("%\"media\":{%"));
  if (!f.price_model.empty())
    where += fill(admin_sql::kDocLike, "{v}",
                  add("%\"businessModel\":" + like_escaped(json::serialize(json::string(f.price_model))) + "%"));
  RowPage page;
  page.total = db_.query(std::string(admin_sql::kListCount) + where, params)[0].integer(0);
  std::string text = fill(admin_sql::kListRows, "{lang}", add(f.lang)) + where;
  const char* dir = f.descending ? " DESC" : "";
  if (f.sort == "title") text += std::string(" ORDER BY a.sort_title") + dir + ", a.id";
  else if (f.sort == "updated") text += std::string(" ORDER BY a.updated_at") + dir + ", a.id";
  else if (f.sort == "type") text += std::string(" ORDER BY a.content_type") + dir + ", a.id";
  else text += std::string(" ORDER BY a.id") + dir;
  text += " LIMIT " + add(f.limit) + " OFFSET " + add(f.offset);
  for (const auto& r : db_.query(text, params)) page.rows.push_back(to_row(r, now));
  return page;
}

Result<Article> AdminService::read(std::int64_t tenant_id, std::int64_t id, const std::string& lang) {
  const std::string now = db::utc_timestamp(clock_.now());
  auto rows = db_.query(fill(admin_sql::kFind, "{lang}", "$3"), {tenant_id, id, lang});
  if (rows.empty()) return not_found(id);
  Article a;
  a.row = to_row(rows[0], now);
  a.doc = db::json_object_column(rows[0], 10, "article " + std::to_string(id) + ": doc");
  if (const auto* p = a.doc.if_contains("parentId"); p && p->is_int64()) {
    auto parent = db_.query(fill(admin_sql::kFind, "{lang}", "$3"), {tenant_id, p->as_int64(), lang});
    if (!parent.empty()) a.parent = to_row(parent[0], now);
  }
  for (const auto& r : db_.query(fill(admin_sql::kChildren, "{lang}", "$3"), {tenant_id, id, lang}))
    a.children.push_back(to_row(r, now));
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
  std::int64_t position = 0;
  if (auto rows = db_.query("SELECT position FROM catalog_articles WHERE tenant_id = $1 AND id = $2", {tenant_id, id});
      !rows.empty())
    position = rows[0].integer(0);
  else
    position = db_.query(admin_sql::kNextPosition, {tenant_id})[0].integer(0);
  set->articles[0].position = static_cast<int>(position);
  change.after = doc;
  try {
    repository_.write(tenant_id, *set, false, [&](db::Session& s) {
      if (base_version) {
        // The write raised the version only when the doc changed: base or base + 1, else someone wrote between.
        auto rows = s.query("SELECT version FROM catalog_articles WHERE tenant_id = $1 AND id = $2", {tenant_id, id});
        const auto now_version = rows.empty() ? 0 : rows[0].integer(0);
        if (now_version != *base_version && now_version != *base_version + 1) throw StaleVersion{now_version - 1};
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
  doc["id"] = id;
  return write_one(tenant_id, std::move(doc), version, {"catalog.update", std::to_string(id), before->doc, nullptr},
                   &before->doc, lang, audit);
}

Result<Article> AdminService::create(std::int64_t tenant_id, const json::value& article, const std::string& lang,
                                     const Audit& audit) {
  if (!article.is_object()) return invalid({{std::nullopt, "article", "must be an object"}});
  json::object doc = article.as_object();
  const auto* id = doc.if_contains("id");
  if (!id || id->is_null()) {
    doc["id"] = db_.query(admin_sql::kNextId, {tenant_id})[0].integer(0);
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
  const auto new_id = db_.query(admin_sql::kNextId, {tenant_id})[0].integer(0);
  doc["id"] = new_id;
  doc["published"] = false;  // a copy is a draft until someone publishes it
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
  if (published) doc.erase("published");  // published is the default: the file stays as it was
  else doc["published"] = false;
  return write_one(tenant_id, std::move(doc), version,
                   {published ? "catalog.publish" : "catalog.unpublish", std::to_string(id), before->doc, nullptr},
                   &before->doc, lang, audit);
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
  for (const auto& row : db_.query(admin_sql::kVersions, {tenant_id}))
    if (ids.count(row.integer(0))) existed.articles.push_back({row.integer(0), row.integer(1)});
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
  for (const auto& r : db_.query(admin_sql::kExportCategories, {tenant_id})) {
    json::object c{{"id", r.text(0)}, {"section", r.text(1)}};
    if (!r.is_null(2)) c["parentId"] = r.text(2);
    c["title"] = db::json_object_column(r, 4, "category " + r.text(0) + ": titles");
    if (!r.text(3).empty()) c["artwork"] = r.text(3);
    categories.push_back(std::move(c));
  }
  for (const auto& r : db_.query(admin_sql::kExportArticles, {tenant_id}))
    articles.push_back(db::json_object_column(r, 0, "article doc"));
  for (const auto& r : db_.query(admin_sql::kExportChallenges, {tenant_id}))
    challenges.push_back(db::json_object_column(r, 0, "challenge doc"));
  json::object out{{"categories", std::move(categories)}, {"articles", std::move(articles)}};
  if (!challenges.empty()) out["challenges"] = std::move(challenges);
  return out;
}

}  // namespace portal::catalog::admin
