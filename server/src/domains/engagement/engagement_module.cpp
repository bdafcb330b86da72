#include "domains/engagement/engagement_module.hpp"

namespace portal::engagement {

Engagement::Engagement(Deps deps)
    : repository(deps.database),
      service(
          repository,
          [&catalog = deps.catalog](std::int64_t tenant_id, std::int64_t id,
                                    catalog::RatingRange rating) -> std::optional<ArticleInfo> {
            auto a = catalog.article_record(tenant_id, id, rating);
            if (!a) return std::nullopt;
            return ArticleInfo{a->id, a->content_type};
          },
          [&catalog = deps.catalog](std::int64_t tenant_id, std::int64_t id, const std::string& lang) {
            return catalog.article_answer(tenant_id, id, lang);
          },
          deps.clock) {}

std::unique_ptr<Engagement> make_engagement(Engagement::Deps deps) { return std::make_unique<Engagement>(deps); }

}  // namespace portal::engagement
