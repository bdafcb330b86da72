#pragma once
// The console search's one mapping: its errors to the error shape, its hits to the DTO.
#include "domains/console_search/console_search_dto.hpp"
#include "domains/console_search/console_search_types.hpp"
#include "http/error.hpp"

namespace portal::console_search {

http::Error http_error(const Error& e);
ConsoleSearchDto search_dto(const std::string& q, const std::vector<Hit>& hits);

}  // namespace portal::console_search
