#pragma once
// The console's reads of the catalog (catalog_admin_sql.hpp): every article of the tenant, published or not, as
// rows of the list, one whole, its children, the next free id and place, the versions an import overwrites, and
// the file an export writes. Writes go through CatalogRepository::write. Tenant id first; blocking.
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>  // free-form: the article document, a category's titles (the catalog file's own shapes)
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/catalog/catalog_admin_service.hpp"

namespace portal::catalog::admin {

// An article as the list shows it, the columns of catalog_admin_sql.hpp's PORTAL_CATALOG_ADMIN_ROW.
struct ListedArticle {
  std::int64_t id = 0;
  std::string title;  // in the asked language, else English
  std::string content_type;
  std::string section;
  int rating = 0;
  bool published = false;
  std::optional<std::string> available_from;
  std::optional<std::string> available_until;
  std::string updated_at;
  std::int64_t version = 0;
  boost::json::object doc;
};
BOOST_DESCRIBE_STRUCT(ListedArticle, (),
                      (id, title, content_type, section, rating, published, available_from, available_until,
                       updated_at, version, doc))

struct ListedPage {
  std::vector<ListedArticle> articles;
  std::int64_t total = 0;
};

struct ArticleVersion {
  std::int64_t id = 0;
  std::int64_t version = 0;
};
BOOST_DESCRIBE_STRUCT(ArticleVersion, (), (id, version))

// A category as the catalog file writes it.
struct ExportedCategory {
  std::string id;
  std::string section;
  std::optional<std::string> parent_id;
  std::string artwork;  // "" when none
  boost::json::object titles;
};
BOOST_DESCRIBE_STRUCT(ExportedCategory, (), (id, section, parent_id, artwork, titles))

// An article as the catalog file's import meets it: its place in lists and its document.
struct StoredArticle {
  std::int64_t id = 0;
  std::int64_t position = 0;
  boost::json::object doc;
};

// A catalog file as applied (catalog_import_files).
struct ImportFileRow {
  std::string id;
  std::string file_name;
  std::string format;  // csv, json
  std::string mode;    // all, per-row
  std::string sha256;
  std::string body;
  std::string counts;  // JSON
  std::string created_at;
};

class AdminRepository {
 public:
  explicit AdminRepository(db::Database& db) : db_(db) {}

  // The filter's page and its total; `now` decides the availability states.
  ListedPage list(std::int64_t tenant_id, const Filter& filter, const std::string& now);
  // The ids of every article the filter matches (offset and limit aside), in id order.
  std::vector<std::int64_t> ids(std::int64_t tenant_id, const Filter& filter, const std::string& now);
  std::optional<std::string> category_section(std::int64_t tenant_id, const std::string& category);
  std::optional<ListedArticle> find(std::int64_t tenant_id, std::int64_t id, const std::string& lang);
  // Its tracks, episodes, chapters: the first 500 in their order.
  std::vector<ListedArticle> children(std::int64_t tenant_id, std::int64_t id, const std::string& lang);
  std::int64_t next_id(std::int64_t tenant_id);
  // The article's place in lists, else the place after the last.
  std::int64_t position_of(std::int64_t tenant_id, std::int64_t id);
  // The stored version in the write's transaction (0 when the article is gone).
  std::int64_t version(db::Session& s, std::int64_t tenant_id, std::int64_t id);
  std::vector<ArticleVersion> versions(std::int64_t tenant_id);

  std::vector<ExportedCategory> categories(std::int64_t tenant_id);
  // The catalog file (issue 78 item 2): every article once, the category ids, a file applied (in its transaction)
  // and read back.
  std::vector<StoredArticle> stored_articles(std::int64_t tenant_id);
  std::vector<std::string> category_ids(std::int64_t tenant_id);
  void add_import_file(db::Session& s, std::int64_t tenant_id, const ImportFileRow& file);
  std::optional<ImportFileRow> import_file(std::int64_t tenant_id, const std::string& id);
  std::vector<boost::json::object> article_documents(std::int64_t tenant_id);
  std::vector<boost::json::object> challenge_documents(std::int64_t tenant_id);

 private:
  db::Database& db_;
};

}  // namespace portal::catalog::admin
