#include "domains/tournaments/tournament_article.hpp"

#include <algorithm>

namespace portal::tournaments {

std::optional<TournamentInfo> tournament_info(std::int64_t id, std::string_view content_type,
                                              const std::optional<catalog::ArticleCustomProperties>& props) {
  if (content_type != "tournament") return std::nullopt;
  TournamentInfo info{id, 1};
  if (props && props->teamSize && *props->teamSize > 0)
    info.team_size = static_cast<int>(std::min<std::int64_t>(*props->teamSize, 1000));
  return info;
}

std::optional<catalog::ArticleCustomProperties> tournament_properties(const boost::json::object& doc) {
  return catalog::stored_member<&catalog::ArticleDocument::customProperties>(doc);
}

}  // namespace portal::tournaments
