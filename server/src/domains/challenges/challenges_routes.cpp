#include "domains/challenges/challenges_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/catalog/request_rating.hpp"
#include "domains/catalog/catalog_answers.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/challenges/challenges_answers.hpp"
#include "domains/challenges/challenges_dto.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/parental_control/request_limit.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/compression.hpp"
#include "http/etag.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/params.hpp"
#include "http/private_answer.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::challenges {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

std::optional<std::string> user_of(const http::RequestContext& ctx) {
  if (!ctx.user) return std::nullopt;
  return ctx.user->uuid;
}

using catalog::rating_of;  // domains/catalog/request_rating.hpp

std::string lang_of(const http::RequestContext& ctx) {
  const auto& tenant = ctx.require_tenant();
  auto lang = catalog::parse_lang([&](std::string_view k) { return ctx.query(k); }, tenant.default_locale);
  return tenants::offers_language(tenant, lang) ? lang : tenant.default_locale;
}

std::int64_t challenge_id(std::string_view text) { return http::id_or_404(text, "CHALLENGE_NOT_FOUND", "Challenge"); }

StepProgressDto step_dto(const StepProgress& s) {
  return {s.step_id, std::string(kind_name(s.kind)), s.target, s.count, s.done, s.open, s.rewarded_at};
}

OptedInDto progress_dto(const ChallengeProgress& p) {
  OptedInDto out{p.challenge_id, p.opted_in, p.opted_in_at, p.completed, p.tickets_earned, {}};
  for (const auto& s : p.steps) out.steps.push_back(step_dto(s));
  return out;
}

// The catalog's challenge with the caller's progress: each step gains kind,
// target, count, done, open and rewardedAt; the challenge optedInAt,
// completedSteps and ticketsEarned.
ChallengeDto challenge_dto(catalog::Challenge c, const ChallengeProgress& p) {
  ChallengeDto out{c.id,           std::move(c.title), std::move(c.description), c.chained, std::move(c.starts_at),
                   std::move(c.ends_at), c.game_id,      std::move(c.game),        {},        p.opted_in,
                   p.opted_in_at,  p.completed,        p.tickets_earned};
  for (std::size_t i = 0; i < c.steps.size(); ++i) {
    auto& s = c.steps[i];
    ChallengeStepDto step;
    if (i < p.steps.size()) static_cast<StepProgressDto&>(step) = step_dto(p.steps[i]);
    else step.kind = std::string(kind_name(StepKind::unknown));
    step.id = s.id;
    step.title = std::move(s.title);
    step.goal = std::move(s.goal);
    for (auto& r : s.rewards) step.rewards.push_back({std::move(r.currency), r.amount});
    out.challengeSteps.push_back(std::move(step));
  }
  return out;
}

// The fragment's card: the challenge's title, its game's title, image and page.
ChallengeFragmentDto fragment_dto(ChallengeView view) {
  ChallengeFragmentDto out;
  out.id = std::to_string(view.challenge.id);
  auto& data = out.data;
  data.title = view.challenge.title;
  if (const auto& game = view.challenge.game) {
    data.subTitle = game->title;
    data.imageUrl = game->imageUrl;
    data.clickUrl = game->href;
  } else {
    data.imageUrl = "";
  }
  data.customProperties.challenge = challenge_dto(std::move(view.challenge), view.progress);
  return out;
}

}  // namespace

std::vector<http::Route> challenges_routes(ChallengesService& service, asio::thread_pool& db_pool) {
  auto fragment = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = challenge_id(ctx.param("id"));
    const auto lang = lang_of(ctx);
    const auto rating = rating_of(ctx);
    const auto user = user_of(ctx);
    auto view = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.challenge(tenant_id, id, lang, rating, user); }));
    // Per caller and moving with their plays: revalidate every time (the ETag makes it cheap).
    auto res = http::conditional_data_response(ctx, json::value_from(fragment_dto(std::move(view))), "private, no-cache");
    http::add_vary(res, "Authorization");
    co_return res;
  };
  auto list = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto lang = lang_of(ctx);
    const auto rating = rating_of(ctx);
    const auto user = user_of(ctx);
    auto views = co_await db::offload(db_pool, [&] { return service.challenges(tenant_id, lang, rating, user); });
    std::vector<ChallengeDto> data;
    data.reserve(views.size());
    for (auto& v : views) data.push_back(challenge_dto(std::move(v.challenge), v.progress));
    co_return http::private_answer(ctx, json::value_from(data));
  };
  auto opt_in = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto id = challenge_id(ctx.param("id"));
    const auto rating = rating_of(ctx);
    const std::string user = ctx.user->uuid;  // Access::user
    auto p = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.opt_in(tenant_id, id, rating, user); }));
    co_return http::private_answer(ctx, json::value_from(progress_dto(p)));
  };
  auto rewards = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user = ctx.user->uuid;  // Access::user
    const auto limit = http::page_number(ctx, "limit", kLedgerPageSize);
    const auto offset = http::page_number(ctx, "offset", 0);
    const auto lang = http::api_language(ctx);
    auto page = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.rewards(tenant_id, user, lang, limit, offset); }));
    RewardsDto dto{{page.currency, page.balance}, {}, page.total, page.offset, page.limit};
    for (auto& e : page.entries)
      dto.entries.push_back({std::move(e.id), std::move(e.currency), e.amount, "CHALLENGE_STEP", e.challenge_id,
                             e.step_id, std::move(e.challenge_title), std::move(e.step_title),
                             std::move(e.created_at)});
    co_return http::private_answer(ctx, json::value_from(dto));
  };

  using http::schema_of;
  const auto user = http::Access::user;
  const auto guest = http::Access::guest;
  const auto header = http::TenantFrom::header;
  const std::vector<http::ApiQuery> window = {
      {"lang", "Language of the texts (else the tenant's default)"},
      {"minRating", "lowest content rating shown", "integer"},
      {"maxRating", "highest content rating shown", "integer"}};
  const std::vector<http::ApiQuery> paging = {{"limit", "page size, 1-100 (default 20)", "integer"},
                                              {"offset", "entries to skip (default 0)", "integer"},
                                              {"lang", "Language of the challenge and step titles"}};
  return http::with_docs(
      {
          {http::Verb::get, "/backend/structure/fragments_get-challenge-by-id/fragment/{id}", fragment, header, guest},
          {http::Verb::patch, "/backend/kafka/optInChallenge/{id}", opt_in, header, user},
          {http::Verb::get, "/backend/challenges", list, header, guest},
          {http::Verb::get, "/backend/reward", rewards, header, user},
      },
      {
          {"GET /backend/structure/fragments_get-challenge-by-id/fragment/{id}",
           {"A challenge as a structure fragment (customProperties.challenge) with the caller's progress: optedIn, "
            "optedInAt, completedSteps, ticketsEarned, and per step kind, target, count, done, open, rewardedAt "
            "(guests: nothing opted in)",
            "challenges", {}, schema_of<ChallengeFragmentDto>, {"404 CHALLENGE_NOT_FOUND"}, window}},
          {"PATCH /backend/kafka/optInChallenge/{id}",
           {"Opt the signed-in user in to a challenge (idempotent); plays count from then on; answers the progress",
            "challenges", {}, schema_of<OptedInDto>, {"404 CHALLENGE_NOT_FOUND"}, window, true}},
          {"GET /backend/challenges",
           {"The tenant's challenges (those whose game the rating window shows), each a Challenge with the caller's "
            "progress as in the fragment",
            "challenges", {}, schema_of<std::vector<ChallengeDto>>, {}, window}},
          {"GET /backend/reward",
           {"The caller's TICKETS: the balance (the sum of the ledger) and a page of the ledger, newest first; each "
            "entry a step reward with its challenge's and step's titles",
            "challenges", {}, schema_of<RewardsDto>, {"400 VALIDATION_ERROR"}, paging}},
      });
}

}  // namespace portal::challenges
