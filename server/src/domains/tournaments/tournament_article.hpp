#pragma once
// A catalog article read as a tournament: the adapter between the catalog's
// typed document (catalog::ArticleDocument) and the tournaments' TournamentInfo (used by the composition
// root's tournament lookup and the seed), so that the services see a typed value.
#include <cstdint>
#include <optional>
#include <string_view>

#include "domains/catalog/catalog_article_document.hpp"
#include "domains/tournaments/tournaments_types.hpp"

namespace portal::tournaments {

// nullopt unless the content type is "tournament"; team_size from
// customProperties.teamSize (a positive integer, at most 1000; default 1).
std::optional<TournamentInfo> tournament_info(std::int64_t id, std::string_view content_type,
                                              const std::optional<catalog::ArticleCustomProperties>& props);

// The customProperties of a stored article's document, typed (the one member a lookup reads).
std::optional<catalog::ArticleCustomProperties> tournament_properties(const boost::json::object& doc);

}  // namespace portal::tournaments
