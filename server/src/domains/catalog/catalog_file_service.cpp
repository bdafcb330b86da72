#include "domains/catalog/catalog_file_service.hpp"

#include <sodium.h>

#include <algorithm>
#include <boost/json.hpp>  // free-form: the catalog file's JSON, article documents, the audit's snapshot
#include <charconv>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/ids.hpp"
#include "core/text.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_admin_repository.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/catalog/catalog_file_csv.hpp"
#include "domains/catalog/catalog_import.hpp"
#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/webhooks/webhooks_outbox.hpp"

namespace portal::catalog::file {
namespace json = boost::json;

namespace {

// The members the CSV's columns hold; a JSON file's change to any other is listed under its own name.
const std::set<std::string, std::less<>> kColumnMembers = {
    "id", "contentType", "title", "description", "artistIds", "categoryIds", "prices", "published", "rating",
    "releaseDate", "licensorName", "parentId", "availableFrom", "availableUntil"};

std::string sha256_hex(std::string_view text) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char b : digest) out += kHex[b >> 4], out += kHex[b & 15];
  return out;
}

std::string shown(const json::value* v) {
  if (!v || v->is_null()) return {};
  if (v->is_string()) return std::string(v->as_string());
  std::string text = json::serialize(*v);
  if (text.size() > 200) text = text.substr(0, 197) + "...";
  return text;
}

std::string title_of(const json::object& doc) {
  const auto* t = doc.if_contains("title");
  if (!t || !t->is_object() || t->as_object().empty()) return {};
  if (const auto* en = t->as_object().if_contains("en"); en && en->is_string()) return std::string(en->as_string());
  const auto& first = t->as_object().begin()->value();
  return first.is_string() ? std::string(first.as_string()) : std::string();
}

// One article of the file as read, before the validator.
struct Raw {
  std::int64_t row = 0;
  std::int64_t id = 0;  // 0 until known
  bool new_id = false;  // a CSV line without an id
  json::object doc;
  const admin::StoredArticle* held = nullptr;
  std::vector<CellError> read_errors;  // cells that could not be read
  std::vector<CellError> errors;       // read_errors and the validator's
};

}  // namespace

void throw_exception_from_error(const Error& e, const boost::source_location&) {
  throw std::logic_error("catalog file: value() of an error result: " + e.message);
}

std::string_view format_name(Format f) { return f == Format::csv ? "csv" : "json"; }
std::string_view mode_name(Mode m) { return m == Mode::all ? "all" : "per-row"; }
std::string_view action_name(Action a) {
  switch (a) {
    case Action::create: return "create";
    case Action::update: return "update";
    case Action::unchanged: return "unchanged";
    case Action::invalid: return "invalid";
  }
  return "invalid";
}

std::string FileService::export_csv(std::int64_t tenant_id, const admin::Filter& filter, const std::string& currency) {
  admin::Filter all = filter;
  all.offset = 0;
  all.limit = 10'000'000;
  std::string out = csv_header();
  for (const auto& a : admin_repository_.list(tenant_id, all, db::utc_timestamp(clock_.now())).articles)
    out += csv_line(a.doc, currency);
  return out;
}

json::object FileService::export_json(std::int64_t tenant_id, const admin::Filter& filter) {
  admin::Filter all = filter;
  all.offset = 0;
  all.limit = 10'000'000;
  json::array categories, articles, challenges;
  for (auto& c : admin_repository_.categories(tenant_id)) {
    json::object out{{"id", c.id}, {"section", c.section}};
    if (c.parent_id) out["parentId"] = *c.parent_id;
    out["title"] = std::move(c.titles);
    if (!c.artwork.empty()) out["artwork"] = c.artwork;
    categories.push_back(std::move(out));
  }
  std::set<std::int64_t> ids;
  for (auto& a : admin_repository_.list(tenant_id, all, db::utc_timestamp(clock_.now())).articles) {
    ids.insert(a.id);
    articles.push_back(std::move(a.doc));
  }
  for (auto& doc : admin_repository_.challenge_documents(tenant_id))
    if (const auto* game = doc.if_contains("gameId"); game && game->is_int64() && ids.count(game->as_int64()))
      challenges.push_back(std::move(doc));
  json::object out{{"categories", std::move(categories)}, {"articles", std::move(articles)}};
  if (!challenges.empty()) out["challenges"] = std::move(challenges);
  return out;
}

Plan FileService::plan(std::int64_t tenant_id, const Input& file, const std::string& currency, bool per_row) {
  Plan out;
  const auto stored_list = admin_repository_.stored_articles(tenant_id);
  std::unordered_map<std::int64_t, const admin::StoredArticle*> stored;
  std::int64_t max_id = 0;
  for (const auto& a : stored_list) stored[a.id] = &a, max_id = std::max(max_id, a.id);
  std::set<std::string, std::less<>> categories;
  for (auto& c : admin_repository_.category_ids(tenant_id)) categories.insert(std::move(c));
  auto known_category = [&](std::string_view c) { return categories.count(c) > 0; };
  auto file_error = [&](std::string column, std::string reason) {
    out.file_errors.push_back({0, std::nullopt, std::move(column), std::move(reason)});
  };
  auto finish = [&] {
    out.counts.errors = static_cast<std::int64_t>(out.file_errors.size());
    for (const auto& r : out.rows) out.counts.errors += static_cast<std::int64_t>(r.errors.size());
    return out;
  };

  std::vector<Raw> raws;
  json::value extra_challenges;  // a JSON file's own
  if (file.format == Format::csv) {
    auto table = read_csv(file.text);
    if (!table.error.empty()) {
      file_error("file", table.error);
      return finish();
    }
    for (auto& p : header_problems(table.header)) file_error(std::move(p.column), std::move(p.reason));
    if (!out.file_errors.empty()) return finish();
    const auto id_at = static_cast<std::size_t>(std::find(table.header.begin(), table.header.end(), "id") - table.header.begin());
    raws.reserve(table.records.size());
    for (std::size_t i = 0; i < table.records.size(); ++i) {
      const auto& cells = table.records[i];
      Raw raw;
      raw.row = static_cast<std::int64_t>(i) + 1;
      const std::string id_text(id_at < cells.size() ? core::trim(cells[id_at]) : std::string_view());
      if (id_text.empty()) {
        raw.new_id = true;
      } else {
        std::int64_t id = 0;
        const auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
        if (ec != std::errc() || end != id_text.data() + id_text.size() || id <= 0)
          raw.read_errors.push_back({raw.row, std::nullopt, "id", "must be a positive whole number (or empty for a new article)"});
        else raw.id = id;
      }
      if (auto it = stored.find(raw.id); raw.id && it != stored.end()) raw.held = it->second;
      auto line = apply_csv_line(table.header, cells, raw.held ? &raw.held->doc : nullptr, currency);
      raw.doc = std::move(line.doc);
      if (raw.id) store_member<&ArticleDocument::id>(raw.doc, raw.id);
      for (auto& p : line.problems) raw.read_errors.push_back({raw.row, std::nullopt, std::move(p.column), std::move(p.reason)});
      raws.push_back(std::move(raw));
    }
  } else {
    boost::system::error_code ec;
    json::value parsed = json::parse(file.text, ec);
    if (ec || !parsed.is_object()) {
      file_error("file", ec ? "is not JSON: " + ec.message() : "must be a JSON object");
      return finish();
    }
    auto& root = parsed.as_object();
    const auto* articles = root.if_contains("articles");
    if (!articles || !articles->is_array()) {
      file_error("articles", "must be an array");
      return finish();
    }
    if (auto* c = root.if_contains("categories"); c && !c->is_null()) {
      auto cats = parse_import(json::object{{"categories", *c}, {"articles", json::array{}}}, known_category);
      if (!cats) {
        file_error(cats.error().field.empty() ? "categories" : cats.error().field, cats.error().reason.empty() ? cats.error().message : cats.error().reason);
        return finish();
      }
      for (const auto& cat : cats->categories) categories.insert(cat.record.id);
    }
    if (auto* ch = root.if_contains("challenges"); ch && !ch->is_null()) extra_challenges = *ch;
    std::int64_t row = 0;
    for (const auto& a : articles->as_array()) {
      Raw raw;
      raw.row = ++row;
      if (!a.is_object()) {
        raw.read_errors.push_back({raw.row, std::nullopt, "article", "must be an object"});
        raws.push_back(std::move(raw));
        continue;
      }
      raw.doc = a.as_object();
      if (const auto* id = raw.doc.if_contains("id"); id && id->is_int64() && id->as_int64() > 0) raw.id = id->as_int64();
      if (auto priced = prices_in_currency(json::object{{"articles", json::array{raw.doc}}}, currency); !priced)
        raw.read_errors.push_back({raw.row, raw.id ? std::optional(raw.id) : std::nullopt, "prices", priced.error().reason});
      else raw.doc = priced->as_object().at("articles").as_array()[0].as_object();
      if (auto it = stored.find(raw.id); raw.id && it != stored.end()) raw.held = it->second;
      raws.push_back(std::move(raw));
    }
  }
  // Lines without an id take the next free ones, in the file's order.
  for (const auto& r : raws) max_id = std::max(max_id, r.id);
  for (auto& r : raws)
    if (r.new_id) r.id = ++max_id, store_member<&ArticleDocument::id>(r.doc, r.id);
  std::map<std::int64_t, std::int64_t> first_row;
  for (auto& r : raws) {
    if (!r.id) continue;
    if (auto [it, fresh] = first_row.emplace(r.id, r.row); !fresh)
      r.read_errors.push_back({r.row, r.id, "id",
                               "appears twice (row " + std::to_string(it->second) + ")"});
  }

  // The validator, per row; per-row mode asks again without the rows in error until none depends on one.
  std::set<std::int64_t> left_out;  // ids of new rows in error
  for (int round = 0; round < (per_row ? 6 : 1); ++round) {
    std::set<std::int64_t> in_file;
    for (const auto& r : raws)
      if (r.id && !left_out.count(r.id)) in_file.insert(r.id);
    auto known_article = [&](std::int64_t id) { return in_file.count(id) > 0 || stored.count(id) > 0; };
    bool grew = false;
    for (auto& r : raws) {
      r.errors = r.read_errors;
      if (!r.doc.empty() || file.format == Format::csv) {
        for (auto& f : admin::article_errors(r.doc, known_category, known_article)) {
          const std::string column = file.format == Format::csv ? column_of_field(f.field, r.doc) : f.field;
          // A cell that could not be read is named once: the validator's complaint about the same column is its echo.
          if (std::any_of(r.read_errors.begin(), r.read_errors.end(), [&](const CellError& e) { return e.column == column; }))
            continue;
          r.errors.push_back({r.row, r.id ? std::optional(r.id) : std::nullopt, column, f.reason});
        }
        if (r.id)
          for (auto& f : admin::media_errors(r.doc, tenant_id, r.id, r.held ? &r.held->doc : nullptr))
            r.errors.push_back({r.row, r.id, f.field, f.reason});
      }
      if (!r.errors.empty() && r.id && !r.held && !left_out.count(r.id)) left_out.insert(r.id), grew = true;
    }
    if (!per_row || !grew) break;
  }
  // A JSON file's challenges, against its articles and the stored ones.
  if (!extra_challenges.is_null()) {
    std::set<std::int64_t> in_file;
    for (const auto& r : raws)
      if (r.id) in_file.insert(r.id);
    auto known_article = [&](std::int64_t id) { return in_file.count(id) > 0 || stored.count(id) > 0; };
    auto ch = parse_import(json::object{{"articles", json::array{}}, {"challenges", extra_challenges}}, known_category,
                           known_article);
    if (!ch) file_error(ch.error().field.empty() ? "challenges" : ch.error().field, ch.error().reason.empty() ? ch.error().message : ch.error().reason);
  }

  for (auto& r : raws) {
    PlannedRow p;
    p.row = r.row;
    p.id = r.id;
    p.title = title_of(r.doc);
    p.errors = std::move(r.errors);
    ++out.counts.rows;
    if (!p.errors.empty()) p.action = Action::invalid, ++out.counts.invalid;
    else if (!r.held) p.action = Action::create, ++out.counts.create;
    else if (r.doc == r.held->doc) p.action = Action::unchanged, ++out.counts.unchanged;
    else p.action = Action::update, ++out.counts.update;
    if (p.action == Action::unchanged) continue;  // counted, not listed
    const auto before = r.held ? csv_cells(r.held->doc, currency) : std::map<std::string, std::string>{};
    const auto after = csv_cells(r.doc, currency);
    for (const auto& column : csv_columns()) {
      auto b = before.find(column);
      const std::string was = b == before.end() ? std::string() : b->second;
      const std::string& is = after.at(column);
      if (was != is) p.changes.push_back({column, was, is});
    }
    std::set<std::string> keys;
    for (const auto& kv : r.doc) keys.insert(std::string(kv.key()));
    if (r.held)
      for (const auto& kv : r.held->doc) keys.insert(std::string(kv.key()));
    for (const auto& key : keys) {
      if (kColumnMembers.count(key)) continue;
      const json::value* was = r.held ? r.held->doc.if_contains(key) : nullptr;
      const json::value* is = r.doc.if_contains(key);
      if ((was == nullptr) != (is == nullptr) || (was && is && *was != *is)) p.changes.push_back({key, shown(was), shown(is)});
    }
    p.doc = std::move(r.doc);
    out.rows.push_back(std::move(p));
  }
  return finish();
}

Plan FileService::dry_run(std::int64_t tenant_id, const Input& file, const std::string& currency) {
  return plan(tenant_id, file, currency, false);
}

Result<Applied> FileService::apply(std::int64_t tenant_id, const Input& file, Mode mode, const std::string& currency,
                                   const admin::Audit& audit) {
  const bool per_row = mode == Mode::per_row;
  Plan p = plan(tenant_id, file, currency, per_row);
  std::vector<CellError> errors = p.file_errors;
  for (const auto& r : p.rows)
    errors.insert(errors.end(), r.errors.begin(), r.errors.end());
  if (!p.file_errors.empty() || (!per_row && p.counts.invalid > 0))
    return Error{ErrorCode::invalid_rows,
                 std::to_string(errors.size()) + " errors in the file: nothing was written", std::move(errors)};
  // What is written: the rows to create or update (and a JSON file's categories and challenges).
  json::array docs;
  for (auto& r : p.rows)
    if (r.action == Action::create || r.action == Action::update) docs.push_back(std::move(r.doc));
  json::object whole{{"articles", std::move(docs)}};
  if (file.format == Format::json) {
    boost::system::error_code ec;
    auto parsed = json::parse(file.text, ec);
    if (!ec && parsed.is_object()) {
      if (auto* c = parsed.as_object().if_contains("categories"); c && !c->is_null()) whole["categories"] = *c;
      if (auto* c = parsed.as_object().if_contains("challenges"); c && !c->is_null()) whole["challenges"] = *c;
    }
  }
  const auto stored = admin_repository_.stored_articles(tenant_id);
  std::unordered_map<std::int64_t, std::int64_t> positions;
  std::int64_t next_position = 0;
  for (const auto& a : stored) positions[a.id] = a.position, next_position = std::max(next_position, a.position);
  std::set<std::string, std::less<>> categories;
  for (auto& c : admin_repository_.category_ids(tenant_id)) categories.insert(std::move(c));
  std::set<std::int64_t> in_file;
  for (const auto& a : whole.at("articles").as_array()) in_file.insert(a.as_object().at("id").as_int64());
  auto set = parse_import(whole, [&](std::string_view c) { return categories.count(c) > 0; },
                          [&](std::int64_t id) { return in_file.count(id) > 0 || positions.count(id) > 0; });
  if (!set) {
    const auto& e = set.error();
    return Error{ErrorCode::invalid_rows, e.message, {{0, e.article_id, e.field, e.reason.empty() ? e.message : e.reason}}};
  }
  // Each article keeps its place in lists; a new one goes after the last.
  for (auto& a : set->articles) {
    auto it = positions.find(a.record.id);
    a.position = static_cast<int>(it != positions.end() ? it->second : ++next_position);
  }
  Applied applied;
  applied.import_id = core::new_uuid();
  applied.counts = p.counts;
  applied.written = static_cast<std::int64_t>(set->articles.size());
  applied.skipped = p.counts.invalid;
  json::object counts{{"rows", p.counts.rows},       {"created", p.counts.create}, {"updated", p.counts.update},
                      {"unchanged", p.counts.unchanged}, {"skipped", applied.skipped}, {"written", applied.written}};
  admin::ImportFileRow row{applied.import_id, file.name, std::string(format_name(file.format)), std::string(mode_name(mode)),
                           sha256_hex(file.text), file.text, json::serialize(counts), db::utc_timestamp(clock_.now())};
  json::object after{{"importId", applied.import_id}, {"fileName", file.name},
                     {"format", row.format},         {"mode", row.mode},
                     {"sha256", row.sha256},         {"bytes", static_cast<std::int64_t>(file.text.size())},
                     {"counts", counts}};
  json::array skipped_rows;
  for (const auto& r : p.rows)
    if (r.action == Action::invalid) skipped_rows.push_back(r.row);
  if (!skipped_rows.empty()) after["skippedRows"] = std::move(skipped_rows);
  const admin::Change change{"catalog.import", applied.import_id, nullptr, std::move(after)};
  // article.published / article.unpublished for each article whose flag the file moved (a new one counts as
  // unpublished before), in the write's transaction, as the console's one-article edit sends them.
  std::unordered_map<std::int64_t, bool> was_published;
  for (const auto& a : stored) was_published[a.id] = article_published(a.doc);
  std::vector<std::pair<std::string, webhooks::ArticleEventData>> events;
  for (const auto& a : set->articles) {
    const auto it = was_published.find(a.record.id);
    const bool was = it != was_published.end() && it->second, is = article_published(a.record.doc);
    if (was != is)
      events.push_back({is ? "article.published" : "article.unpublished",
                        webhooks::ArticleEventData{std::to_string(a.record.id), a.record.content_type}});
  }
  repository_.write(tenant_id, *set, false, [&](db::Session& s) {
    admin_repository_.add_import_file(s, tenant_id, row);
    for (const auto& [type, data] : events) webhooks::record(s, tenant_id, type, data);
    if (audit) audit(s, change);
  });
  return applied;
}

Result<Input> FileService::applied_file(std::int64_t tenant_id, const std::string& import_id) {
  auto f = admin_repository_.import_file(tenant_id, import_id);
  if (!f) return Error{ErrorCode::not_found, "No such import", {}};
  return Input{f->format == "json" ? Format::json : Format::csv, std::move(f->body), std::move(f->file_name)};
}

}  // namespace portal::catalog::file
