#include "domains/catalog/catalog_admin_repository.hpp"

#include <boost/json/serialize.hpp>
#include <boost/json/string.hpp>
#include <cctype>
#include <charconv>

#include "core/text.hpp"
#include "db/json_column.hpp"
#include "db/row_reads.hpp"
#include "domains/catalog/catalog_admin_sql.hpp"
#include "domains/catalog/catalog_sql.hpp"
#include "domains/catalog/catalog_statement.hpp"

namespace portal::catalog::admin {
namespace json = boost::json;

void read_column(const db::Row& r, std::size_t i, json::object& out, const ListedArticle*) {
  out = db::json_object_column(r, i, "article " + std::to_string(r.integer(0)) + ": doc");
}
void read_column(const db::Row& r, std::size_t i, json::object& out, const ExportedCategory*) {
  out = db::json_object_column(r, i, "category " + r.text(0) + ": titles");
}
static_assert(db::columns_match<ListedArticle>(admin_sql::kRowColumns));
static_assert(db::columns_match<ExportedCategory>("id, section, parent_id, artwork, titles"));

namespace {

// A LIKE pattern matching `text` literally.
std::string like_escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// A LIKE pattern for `"key":"value"` in the stored document (boost::json::serialize writes no spaces).
std::string doc_member_like(std::string_view key, const std::string& value) {
  return "%\"" + std::string(key) + "\":" + like_escaped(json::serialize(json::string(value))) + "%";
}

// The filter's WHERE clause and its values (the tenant is $1).
Statement filtered(std::int64_t tenant_id, const Filter& f, const std::string& now) {
  Statement st{std::string(admin_sql::kWhere), {tenant_id}};
  if (!f.q.empty()) {
    std::int64_t id = -1;
    std::from_chars(f.q.data(), f.q.data() + f.q.size(), id);
    st.append(admin_sql::kQuery, {{"{id}", id}, {"{like}", "%" + like_escaped(core::lower(f.q)) + "%"}});
  }
  if (!f.type.empty()) st.append(sql::kListType, {{"{type}", f.type}});
  if (!f.section.empty()) st.append(sql::kListSection, {{"{section}", f.section}});
  if (f.rating) st.append(admin_sql::kRating, {{"{v}", std::int64_t{*f.rating}}});
  if (f.state) {
    switch (*f.state) {
      case State::unpublished: st.append(admin_sql::kUnpublished); break;
      case State::published: st.append(admin_sql::kPublishedNow, {{"{now}", now}}); break;
      case State::scheduled: st.append(admin_sql::kScheduled, {{"{now}", now}}); break;
      case State::expired: st.append(admin_sql::kExpired, {{"{now}", now}}); break;
    }
  }
  if (!f.licensor.empty()) st.append(admin_sql::kDocLike, {{"{v}", doc_member_like("licensorName", f.licensor)}});
  if (f.has_media) st.append(*f.has_media ? admin_sql::kDocLike : admin_sql::kDocNotLike, {{"{v}", std::string("%\"media\":{%")}});
  if (!f.price_model.empty()) st.append(admin_sql::kDocLike, {{"{v}", doc_member_like("businessModel", f.price_model)}});
  return st;
}

std::string_view order_of(const Filter& f) {
  if (f.sort == "title") return f.descending ? " ORDER BY a.sort_title DESC, a.id" : " ORDER BY a.sort_title, a.id";
  if (f.sort == "updated") return f.descending ? " ORDER BY a.updated_at DESC, a.id" : " ORDER BY a.updated_at, a.id";
  if (f.sort == "type") return f.descending ? " ORDER BY a.content_type DESC, a.id" : " ORDER BY a.content_type, a.id";
  return f.descending ? " ORDER BY a.id DESC" : " ORDER BY a.id";
}

}  // namespace

ListedPage AdminRepository::list(std::int64_t tenant_id, const Filter& f, const std::string& now) {
  const Statement where = filtered(tenant_id, f, now);
  ListedPage page;
  page.total = db::read_value<std::int64_t>(db_.query(std::string(admin_sql::kListCount) + where.text, where.params)).value_or(0);
  Statement rows{{}, where.params};
  rows.text = fill(admin_sql::kListRows, {{"{lang}", rows.add(f.lang)}}) + where.text;
  rows.text += order_of(f);
  rows.append(" LIMIT {limit} OFFSET {offset}", {{"{limit}", f.limit}, {"{offset}", f.offset}});
  page.articles = db::read_rows<ListedArticle>(db_.query(rows.text, rows.params));
  return page;
}

std::vector<std::int64_t> AdminRepository::ids(std::int64_t tenant_id, const Filter& f, const std::string& now) {
  const Statement where = filtered(tenant_id, f, now);
  return db::read_values<std::int64_t>(db_.query(std::string(admin_sql::kListIds) + where.text + " ORDER BY a.id",
                                                 where.params));
}

std::optional<std::string> AdminRepository::category_section(std::int64_t tenant_id, const std::string& category) {
  return db::read_value<std::string>(db_.query(admin_sql::kCategorySection, {tenant_id, category}));
}

std::optional<ListedArticle> AdminRepository::find(std::int64_t tenant_id, std::int64_t id, const std::string& lang) {
  return db::read_first<ListedArticle>(db_.query(fill(admin_sql::kFind, {{"{lang}", "$3"}}), {tenant_id, id, lang}));
}

std::vector<ListedArticle> AdminRepository::children(std::int64_t tenant_id, std::int64_t id, const std::string& lang) {
  return db::read_rows<ListedArticle>(db_.query(fill(admin_sql::kChildren, {{"{lang}", "$3"}}), {tenant_id, id, lang}));
}

std::int64_t AdminRepository::next_id(std::int64_t tenant_id) {
  return db::read_value<std::int64_t>(db_.query(admin_sql::kNextId, {tenant_id})).value_or(1);
}

std::int64_t AdminRepository::position_of(std::int64_t tenant_id, std::int64_t id) {
  if (auto held = db::read_value<std::int64_t>(db_.query(admin_sql::kPosition, {tenant_id, id}))) return *held;
  return db::read_value<std::int64_t>(db_.query(admin_sql::kNextPosition, {tenant_id})).value_or(1);
}

std::int64_t AdminRepository::version(db::Session& s, std::int64_t tenant_id, std::int64_t id) {
  return db::read_value<std::int64_t>(s.query(admin_sql::kVersion, {tenant_id, id})).value_or(0);
}

std::vector<ArticleVersion> AdminRepository::versions(std::int64_t tenant_id) {
  return db::read_rows<ArticleVersion>(db_.query(admin_sql::kVersions, {tenant_id}));
}

std::vector<ExportedCategory> AdminRepository::categories(std::int64_t tenant_id) {
  return db::read_rows<ExportedCategory>(db_.query(admin_sql::kExportCategories, {tenant_id}));
}

std::vector<json::object> AdminRepository::article_documents(std::int64_t tenant_id) {
  std::vector<json::object> out;
  for (const auto& text : db::read_values<std::string>(db_.query(admin_sql::kExportArticles, {tenant_id})))
    out.push_back(db::json_object_text(text, "article doc"));
  return out;
}

std::vector<json::object> AdminRepository::challenge_documents(std::int64_t tenant_id) {
  std::vector<json::object> out;
  for (const auto& text : db::read_values<std::string>(db_.query(admin_sql::kExportChallenges, {tenant_id})))
    out.push_back(db::json_object_text(text, "challenge doc"));
  return out;
}

std::vector<StoredArticle> AdminRepository::stored_articles(std::int64_t tenant_id) {
  std::vector<StoredArticle> out;
  for (const auto& r : db_.query(admin_sql::kStoredArticles, {tenant_id}))
    out.push_back({r.integer(0), r.integer(1), db::json_object_column(r, 2, "article " + std::to_string(r.integer(0)) + ": doc")});
  return out;
}

std::vector<std::string> AdminRepository::category_ids(std::int64_t tenant_id) {
  return db::read_values<std::string>(db_.query(admin_sql::kCategoryIds, {tenant_id}));
}

void AdminRepository::add_import_file(db::Session& s, std::int64_t tenant_id, const ImportFileRow& f) {
  s.execute(admin_sql::kInsertImportFile, {tenant_id, f.id, f.file_name, f.format, f.mode, f.sha256,
                                           static_cast<std::int64_t>(f.body.size()), f.body, f.counts, f.created_at});
}

std::optional<ImportFileRow> AdminRepository::import_file(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(admin_sql::kImportFile, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  ImportFileRow f;
  f.id = id;
  f.file_name = rows[0].text(0);
  f.format = rows[0].text(1);
  f.body = rows[0].text(2);
  return f;
}

// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(ListedArticle, fill(admin_sql::kFind, {{"{lang}", "$3"}}));
PORTAL_ROW_READS(ListedArticle, fill(admin_sql::kChildren, {{"{lang}", "$3"}}));
PORTAL_ROW_READS(ArticleVersion, admin_sql::kVersions);
PORTAL_ROW_READS(ExportedCategory, admin_sql::kExportCategories);
// The list unfiltered (list() appends the filters after kWhere).
PORTAL_ROW_READS(ListedArticle, fill(admin_sql::kListRows, {{"{lang}", "$2"}}) + std::string(admin_sql::kWhere));
}  // namespace portal::catalog::admin
