#include "domains/catalog/catalog_challenge.hpp"

#include <boost/json.hpp>  // free-form: reads the challenge document (ChallengeRecord::doc), as imported

#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog {
namespace json = boost::json;

Challenge challenge_of(const ChallengeRecord& c, std::string_view lang, std::optional<ArticleDto> game, bool opted_in) {
  const auto& d = c.doc;
  auto text = [&](std::string_view key) -> std::optional<std::string> {
    auto* v = d.if_contains(key);
    if (v && v->is_string()) return std::string(v->as_string());
    return std::nullopt;
  };
  Challenge out;
  out.id = c.id;
  out.title = localized(d.if_contains("title"), lang);
  out.description = localized(d.if_contains("description"), lang);
  const auto* chained = d.if_contains("chained");
  out.chained = chained && chained->is_bool() && chained->as_bool();
  out.starts_at = text("startsAt");
  out.ends_at = text("endsAt");
  out.game_id = c.game_id;
  out.game = std::move(game);
  if (auto* list = d.if_contains("challengeSteps"); list && list->is_array()) {
    for (const auto& s : list->as_array()) {
      const auto& o = s.as_object();
      ChallengeStep step{o.at("id").to_number<std::int64_t>(), localized(o.if_contains("title"), lang),
                         localized(o.if_contains("goal"), lang), {}};
      if (auto* r = o.if_contains("rewards"); r && r->is_array())
        for (const auto& reward : r->as_array())
          step.rewards.push_back({std::string(reward.at("currency").as_string()),
                                  reward.at("amount").to_number<std::int64_t>()});
      out.steps.push_back(std::move(step));
    }
  }
  out.opted_in = opted_in;
  return out;
}

}  // namespace portal::catalog
