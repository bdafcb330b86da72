#pragma once
// A catalog article read as a tournament: the adapter between the catalog's
// stored document and the tournaments' TournamentInfo (used by the composition
// root's tournament lookup and the seed), so that the services see a typed value.
#include <boost/json/object.hpp>  // reads the catalog's article document, free-form
#include <cstdint>
#include <optional>
#include <string_view>

#include "domains/tournaments/tournaments_types.hpp"

namespace portal::tournaments {

// nullopt unless the content type is "tournament"; team_size from
// customProperties.teamSize (a positive integer, at most 1000; default 1).
std::optional<TournamentInfo> tournament_info(std::int64_t id, std::string_view content_type,
                                              const boost::json::object& doc);

}  // namespace portal::tournaments
