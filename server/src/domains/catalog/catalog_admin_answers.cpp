#include "domains/catalog/catalog_admin_answers.hpp"

#include <boost/json.hpp>

namespace portal::catalog {
namespace json = boost::json;

AdminArticleRowDto row_dto(const admin::Row& r) {
  return {r.id,          r.title,       r.content_type, r.section, r.rating, std::string(admin::state_name(r.state)),
          r.licensor,    r.updated_at,  r.version};
}

AdminArticleDto article_dto(const admin::Article& a) {
  AdminArticleDto out;
  out.id = a.row.id;
  out.version = a.row.version;
  out.state = std::string(admin::state_name(a.row.state));
  out.updatedAt = a.row.updated_at;
  out.article = {a.doc};
  if (a.parent) out.parent = row_dto(*a.parent);
  for (const auto& c : a.children) out.children.push_back(row_dto(c));
  for (const auto& r : a.artists) out.artists.push_back(row_dto(r));
  return out;
}

http::Error http_error(const admin::Error& e) {
  using admin::ErrorCode;
  switch (e.code) {
    case ErrorCode::invalid_field: {
      ArticleFieldErrorsData data{"article", e.message, std::vector<ArticleFieldErrorDto>{}};
      if (!e.fields.empty()) data.field = e.fields[0].field, data.reason = e.fields[0].reason;
      for (const auto& f : e.fields) data.errors->push_back({f.field, f.reason, f.article_id});
      return {400, "VALIDATION_ERROR", e.message, json::value_from(data)};
    }
    case ErrorCode::article_not_found:
      return http::Error::not_found("ARTICLE_NOT_FOUND", e.message);
    case ErrorCode::version_conflict:
      return {409, "ARTICLE_VERSION_CONFLICT", "The article changed since it was read; load it again",
              json::value_from(VersionConflictData{"version", e.current_version})};
    case ErrorCode::article_exists:
      return http::Error::conflict("ARTICLE_EXISTS", e.message);
  }
  return http::Error::bad_request(e.message);
}

}  // namespace portal::catalog
