#pragma once
// The one place the console's catalog meets HTTP: the service's values made the wire shapes of
// catalog_admin_dto.hpp, and its errors as the one error shape with their status.
#include "domains/catalog/catalog_admin_dto.hpp"
#include "domains/catalog/catalog_admin_service.hpp"
#include "http/error.hpp"

namespace portal::catalog {

AdminArticleRowDto row_dto(const admin::Row& row);
AdminArticleDto article_dto(const admin::Article& article);

// 400 VALIDATION_ERROR (data: field and reason of the first, errors: every
// {articleId?, field, reason}), 404 ARTICLE_NOT_FOUND, 409
// ARTICLE_VERSION_CONFLICT (data.version: the stored one), 409 ARTICLE_EXISTS.
http::Error http_error(const admin::Error& e);
// Where the generic http::value_or_throw looks for it (beside admin::Error).
namespace admin {
using catalog::http_error;
}

}  // namespace portal::catalog
