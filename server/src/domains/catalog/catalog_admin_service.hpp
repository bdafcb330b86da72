#pragma once
// The catalog from the console (issue 33 item 1): every article of the tenant,
// published or not, listed, read whole, edited on a version, created,
// duplicated, published and unpublished; a catalog file imported (the
// validator and format of `portal import-catalog`, one transaction) and the
// tenant's catalog exported in that format. Every write goes through
// CatalogRepository::write (kept answers, list counts, config_version), tells
// the search (its change log) and calls the caller's audit in the same
// transaction. Errors are values of this domain; no HTTP here.
// Blocking: run on the database pool.
#include <boost/json/object.hpp>  // free-form: the article document edited whole, the catalog file imported and exported, audit snapshots
#include <boost/json/value.hpp>
#include <boost/system/result.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"

namespace portal::catalog {

class CatalogRepository;

namespace admin {

class AdminRepository;

enum class ErrorCode {
  invalid_field,      // fields: every field error (import: per article)
  article_not_found,
  version_conflict,   // current_version: the stored one
  article_exists,     // create with an id that is taken
};

struct FieldError {
  std::optional<std::int64_t> article_id;  // import: which article (none for the file or a category)
  std::string field;                        // "title", "prices"; import: "articles[3].title"
  std::string reason;
};

struct Error {
  ErrorCode code = ErrorCode::invalid_field;
  std::string message;  // English, for developers
  std::vector<FieldError> fields;
  std::int64_t current_version = 0;
};

template <class T>
using Result = boost::system::result<T, Error>;
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

// Availability of an article now: published and in its window, unpublished,
// published with a window that has not begun, or one that has ended.
enum class State { published, unpublished, scheduled, expired };
std::string_view state_name(State s);

struct Filter {
  std::string q;            // an id, or part of a title in any language
  std::string type;         // content type
  std::string section;
  std::optional<int> rating;
  std::optional<State> state;
  std::string licensor;     // licensorName, exactly
  std::optional<bool> has_media;
  std::string price_model;  // a price's businessModel
  std::string sort = "id";  // id, title, updated, type
  bool descending = false;
  std::int64_t offset = 0;
  std::int64_t limit = 25;
  std::string lang = "en";  // of the titles
};

struct Row {
  std::int64_t id = 0;
  std::string title;  // in the filter's language, else English
  std::string content_type;
  std::string section;
  int rating = 0;
  State state = State::published;
  std::string licensor;
  std::string updated_at;
  std::int64_t version = 0;
};

struct RowPage {
  std::vector<Row> rows;
  std::int64_t total = 0;
};

struct Article {
  Row row;
  boost::json::object doc;     // the article as in a catalog file
  std::optional<Row> parent;   // the album, series, ... it belongs to
  std::vector<Row> children;   // its tracks, episodes, chapters
  std::vector<Row> artists;    // the articles its artistIds name, in their order (the editor shows their names)
};

// What the audit hears of one write: the article (or file) before and after.
struct Change {
  std::string action;       // catalog.update, catalog.create, catalog.duplicate, catalog.publish, catalog.unpublish, catalog.import
  std::string object_id;    // the article id, or "import"
  boost::json::value before;  // null when it did not exist
  boost::json::value after;
};
using Audit = std::function<void(db::Session&, const Change&)>;

struct ImportCounts {
  std::int64_t categories = 0;
  std::int64_t articles = 0;
  std::int64_t challenges = 0;
};

class AdminService {
 public:
  AdminService(CatalogRepository& repository, AdminRepository& admin_repository, const core::Clock& clock)
      : repository_(repository), admin_repository_(admin_repository), clock_(clock) {}

  RowPage list(std::int64_t tenant_id, const Filter& filter);
  Result<Article> read(std::int64_t tenant_id, std::int64_t id, const std::string& lang);
  // The article object replaces the stored one (its id is the path's); refused
  // with version_conflict when version is not the stored one.
  Result<Article> update(std::int64_t tenant_id, std::int64_t id, std::int64_t version, const boost::json::value& article,
                         const std::string& lang, const Audit& audit);
  // A new article; without an id it gets the next free one.
  Result<Article> create(std::int64_t tenant_id, const boost::json::value& article, const std::string& lang,
                         const Audit& audit);
  // A copy under the next free id, unpublished.
  Result<Article> duplicate(std::int64_t tenant_id, std::int64_t id, const std::string& lang, const Audit& audit);
  Result<Article> set_published(std::int64_t tenant_id, std::int64_t id, std::int64_t version, bool published,
                                const std::string& lang, const Audit& audit);
  // One change of an article's stored document by `edit` (the console's bulk actions, issue 78 item 3): the article
  // as stored now, edited, then checked and written exactly as an update of it is (every field error refuses it; a
  // write between the read and the write is a version conflict); the audit hears `action`. `edit` answers a refusal
  // of its own (the field and why) or nothing. Answers the article's row after the write.
  using Edit = std::function<std::optional<FieldError>(boost::json::object& doc, const Row& row)>;
  Result<Row> change(std::int64_t tenant_id, std::int64_t id, const std::string& action, const Edit& edit,
                     const Audit& audit);
  // Every article the filter matches (its offset and limit aside), in id order: a bulk action's selection.
  std::vector<std::int64_t> ids(std::int64_t tenant_id, const Filter& filter);
  // The section of a category of the tenant; nullopt when there is none of that id.
  std::optional<std::string> category_section(std::int64_t tenant_id, const std::string& category);
  // currency: the tenant's (prices in others are dropped, as the command line does).
  Result<ImportCounts> import(std::int64_t tenant_id, const boost::json::value& file, const std::string& currency,
                              const Audit& audit);
  boost::json::object export_file(std::int64_t tenant_id);

 private:
  // held: the document whose media paths the write may keep as they are (the article's stored one, a
  // duplicate's source); any other media path must pass media_path_refusal.
  Result<Article> write_one(std::int64_t tenant_id, boost::json::object doc, std::optional<std::int64_t> base_version,
                            Change change, const boost::json::object* held, const std::string& lang,
                            const Audit& audit);

  CatalogRepository& repository_;
  AdminRepository& admin_repository_;
  const core::Clock& clock_;
};

// Every field error of one article object (the import's validator, asked
// again with each failing field set aside); known_*: ids outside the article.
std::vector<FieldError> article_errors(const boost::json::object& article,
                                       const std::function<bool(std::string_view)>& known_category,
                                       const std::function<bool(std::int64_t)>& known_article);

// The media paths of `doc` an editor may not set: each of media.path and media.previewPath that differs from
// what `held` (the stored document, or none) has must be shared media or this article's own upload.
std::vector<FieldError> media_errors(const boost::json::object& doc, std::int64_t tenant_id, std::int64_t article_id,
                                     const boost::json::object* held);

}  // namespace admin
}  // namespace portal::catalog
