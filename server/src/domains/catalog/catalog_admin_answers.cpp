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
  out.article = a.doc;
  if (a.parent) out.parent = row_dto(*a.parent);
  for (const auto& c : a.children) out.children.push_back(row_dto(c));
  return out;
}

http::Error http_error(const admin::Error& e) {
  using admin::ErrorCode;
  switch (e.code) {
    case ErrorCode::invalid_field: {
      http::Error out = e.fields.empty() ? http::Error::invalid_field("article", e.message)
                                         : http::Error::invalid_field(e.fields[0].field, e.fields[0].reason);
      out.message = e.message;
      json::array errors;
      for (const auto& f : e.fields) {
        json::object item{{"field", f.field}, {"reason", f.reason}};
        if (f.article_id) item["articleId"] = *f.article_id;
        errors.push_back(std::move(item));
      }
      if (!out.data.is_object()) out.data = json::object{};
      out.data.as_object()["errors"] = std::move(errors);
      return out;
    }
    case ErrorCode::article_not_found:
      return http::Error::not_found("ARTICLE_NOT_FOUND", e.message);
    case ErrorCode::version_conflict: {
      auto out = http::Error::conflict("ARTICLE_VERSION_CONFLICT", "The article changed since it was read; load it again");
      out.data = json::object{{"field", "version"}, {"version", e.current_version}};
      return out;
    }
    case ErrorCode::article_exists:
      return http::Error::conflict("ARTICLE_EXISTS", e.message);
  }
  return http::Error::bad_request(e.message);
}

}  // namespace portal::catalog
