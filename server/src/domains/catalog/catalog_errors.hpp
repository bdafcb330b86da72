#pragma once
// The expected failures of the catalog, as values: a code of the domain and
// what a client needs beyond the message (the field of an input or of an
// import file, the article or challenge of the file it names, the rating
// window an article lies above). catalog_answers.hpp maps them to the one
// error shape and decides the HTTP status; nothing here knows HTTP.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>

#include "core/domain_error.hpp"

namespace portal::catalog {

enum class ErrorCode {
  invalid_field,       // a query parameter or a field of an import file: field and reason
  article_not_found,   // unknown, unpublished, out of its availability window or outside the rating window
  category_not_found,  // unknown category id
  challenge_not_found, // unknown, or its game outside the rating window
  media_not_found,     // the article has no (preview) media
};

// What a catalog error carries beyond code, message, field and reason.
struct ErrorDetails {
  // invalid_field of an import file: the article or challenge the file's entry names.
  std::optional<std::int64_t> article_id;
  std::optional<std::int64_t> challenge_id;
  // article_not_found above the caller's rating limit (the client shows the
  // parental note): the window's maximum and the article's rating.
  std::optional<int> max_rating;
  int rating = 0;
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field, ErrorDetails>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::catalog
