#include "domains/tournaments/tournament_article.hpp"

#include <algorithm>
#include <boost/json.hpp>  // reads the catalog's article document, free-form

namespace portal::tournaments {

std::optional<TournamentInfo> tournament_info(std::int64_t id, std::string_view content_type,
                                              const boost::json::object& doc) {
  if (content_type != "tournament") return std::nullopt;
  TournamentInfo info{id, 1};
  if (auto* props = doc.if_contains("customProperties"); props && props->is_object())
    if (auto* size = props->as_object().if_contains("teamSize"); size && size->is_int64() && size->as_int64() > 0)
      info.team_size = static_cast<int>(std::min<std::int64_t>(size->as_int64(), 1000));
  return info;
}

}  // namespace portal::tournaments
