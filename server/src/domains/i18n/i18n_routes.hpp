#pragma once
#include <vector>

#include "domains/i18n/i18n_service.hpp"
#include "http/router.hpp"

namespace portal::i18n {

// GET /backend/i18n/{lang}: the message bundle of one language.
std::vector<http::Route> i18n_routes(const I18nService& service);

}  // namespace portal::i18n
