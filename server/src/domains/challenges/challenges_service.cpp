#include "domains/challenges/challenges_service.hpp"

#include <map>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_rules.hpp"

namespace portal::challenges {
namespace json = boost::json;

namespace {

Error challenge_not_found(std::int64_t id) {
  return Error::of(ErrorCode::challenge_not_found, "Challenge " + std::to_string(id) + " not found");
}

std::string source_of(std::int64_t step_id) { return "challenge-step:" + std::to_string(step_id); }

}  // namespace

ChallengeProgress ChallengesService::progress(std::int64_t tenant_id, const ChallengeRules& rules,
                                              const std::optional<std::string>& user_uuid) {
  ChallengeProgress p;
  p.challenge_id = rules.id;
  std::map<std::int64_t, std::int64_t> counts;
  std::map<std::int64_t, std::string> credited;
  if (user_uuid) {
    if (auto part = d_.repository.participation(tenant_id, *user_uuid, rules.id)) {
      p.opted_in = true;
      p.opted_in_at = part->opted_in_at;
    }
    counts = d_.repository.hit_counts(tenant_id, *user_uuid, rules.id);
    credited = d_.repository.credited(tenant_id, *user_uuid, rules.id);
  }
  p.steps = progress_of(rules, p.opted_in, db::utc_timestamp(d_.clock.now()), counts, credited);
  for (const auto& s : p.steps) {
    if (s.done) ++p.completed;
    if (s.rewarded_at) p.tickets_earned += s.tickets;
  }
  return p;
}

Result<ChallengeView> ChallengesService::challenge(std::int64_t tenant_id, std::int64_t id,
                                                         const std::string& lang, catalog::RatingRange rating,
                                                         const std::optional<std::string>& user_uuid) {
  auto challenge = d_.catalog.challenge(tenant_id, id, lang, rating, user_uuid);
  if (!challenge) return Error::passed_on(ErrorCode::catalog, challenge.error(), &ErrorDetails::catalog);
  auto rules = d_.repository.challenge(tenant_id, id);
  if (!rules) return challenge_not_found(id);
  return ChallengeView{std::move(*challenge), progress(tenant_id, *rules, user_uuid)};
}

std::vector<ChallengeView> ChallengesService::challenges(std::int64_t tenant_id, const std::string& lang,
                                                         catalog::RatingRange rating,
                                                         const std::optional<std::string>& user_uuid) {
  std::vector<ChallengeView> out;
  for (auto id : d_.repository.challenge_ids(tenant_id))
    if (auto view = challenge(tenant_id, id, lang, rating, user_uuid)) out.push_back(std::move(*view));
  return out;
}

Result<ChallengeProgress> ChallengesService::opt_in(std::int64_t tenant_id, std::int64_t id,
                                                          catalog::RatingRange rating, const std::string& user_uuid) {
  auto done = d_.catalog.opt_in_challenge(tenant_id, id, rating, user_uuid);
  if (!done) return Error::passed_on(ErrorCode::catalog, done.error(), &ErrorDetails::catalog);
  auto rules = d_.repository.challenge(tenant_id, id);
  if (!rules) return challenge_not_found(id);
  return progress(tenant_id, *rules, user_uuid);
}

Result<RewardsPage> ChallengesService::rewards(std::int64_t tenant_id, const std::string& user_uuid,
                                                     const std::string& lang, std::int64_t limit,
                                                     std::int64_t offset) {
  if (limit < 1 || limit > kMaxLedgerPage)
    return Error::invalid("limit", "must be a whole number from 1 to " + std::to_string(kMaxLedgerPage));
  if (offset < 0) return Error::invalid("offset", "must be a whole number of at least 0");
  RewardsPage page;
  page.limit = limit;
  page.offset = offset;
  std::tie(page.balance, page.total) = d_.repository.balance(tenant_id, user_uuid, kTickets);
  page.entries = d_.repository.ledger(tenant_id, user_uuid, kTickets, limit, offset);
  std::map<std::int64_t, std::optional<json::object>> docs;
  for (auto& e : page.entries) {
    if (!e.challenge_id) continue;
    auto [it, fresh] = docs.try_emplace(*e.challenge_id);
    if (fresh) it->second = d_.repository.challenge_doc(tenant_id, *e.challenge_id);
    if (!it->second) continue;
    const auto& doc = *it->second;
    e.challenge_title = catalog::localized(doc.if_contains("title"), lang);
    if (auto* steps = doc.if_contains("challengeSteps"); steps && steps->is_array() && e.step_id)
      for (const auto& s : steps->as_array()) {
        if (!s.is_object()) continue;
        const auto* sid = s.as_object().if_contains("id");
        if (sid && sid->is_number() && sid->to_number<std::int64_t>() == *e.step_id)
          e.step_title = catalog::localized(s.as_object().if_contains("title"), lang);
      }
  }
  return page;
}

std::vector<LedgerEntry> ChallengesService::settle(std::int64_t tenant_id, const std::string& user_uuid,
                                                   const ChallengeRules& rules) {
  std::vector<LedgerEntry> written;
  const auto now = db::utc_timestamp(d_.clock.now());
  d_.repository.database().transaction([&](db::Session& s) {
    written.clear();  // a retried transaction starts again
    auto counts = d_.repository.hit_counts(s, tenant_id, user_uuid, rules.id);
    auto credited = d_.repository.credited(s, tenant_id, user_uuid, rules.id);
    for (const auto& step : due_steps(rules, counts, credited)) {
      LedgerEntry e{core::new_uuid(), std::string(kTickets), step.tickets, source_of(step.id), rules.id, step.id, now,
                    {}, {}};
      if (!d_.repository.credit(s, tenant_id, user_uuid, e)) continue;  // credited by someone else meanwhile
      std::size_t position = 1;
      while (position <= rules.steps.size() && rules.steps[position - 1].id != step.id) ++position;
      if (d_.notifier)
        d_.notifier->notify(s, tenant_id,
                            notifications::Note{user_uuid,
                                                std::string(kRewardNoteKind),
                                                {{"amount", std::to_string(step.tickets)},
                                                 {"step", std::to_string(position)},
                                                 {"challengeId", std::to_string(rules.id)}},
                                                "/reward",
                                                e.source_key});
      written.push_back(std::move(e));
    }
  });
  return written;
}

std::vector<LedgerEntry> ChallengesService::count_play(std::int64_t tenant_id, const std::string& user_uuid,
                                                       const Play& play) {
  std::vector<LedgerEntry> out;
  for (const auto& part : d_.repository.participations(tenant_id, user_uuid)) {
    const auto& c = part.rules;
    if (!in_window(c, play.at) || play.at < part.opted_in_at) continue;
    bool counted = false;
    d_.repository.database().transaction([&](db::Session& s) {
      counted = false;
      auto counts = d_.repository.hit_counts(s, tenant_id, user_uuid, c.id);
      auto credited = d_.repository.credited(s, tenant_id, user_uuid, c.id);
      const auto steps = progress_of(c, true, play.at, counts, credited);
      for (std::size_t i = 0; i < steps.size(); ++i) {
        if (!steps[i].open) continue;
        if (auto key = hit_key(c, c.steps[i], play))
          counted |= d_.repository.add_hit(s, tenant_id, user_uuid, c.id, c.steps[i].id, *key, play.event_id, play.at);
      }
    });
    // Settled after the hit committed: of plays that race, the last to commit
    // sees every hit, and the ledger's unique key lets one credit through.
    if (counted)
      for (auto& e : settle(tenant_id, user_uuid, c)) out.push_back(std::move(e));
  }
  return out;
}

void ChallengesService::on_event(std::int64_t tenant_id, const events::Event& event) noexcept {
  try {
    if (!event.user_id) return;
    auto play = play_of(event.name, event.payload, event.origin == events::Origin::server, event.id, event.created_at);
    if (!play) return;
    auto user = d_.repository.user_of_public_id(tenant_id, *event.user_id);
    if (!user) return;
    (void)count_play(tenant_id, *user, *play);
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::err, "challenge progress failed",
                   {{"tenant", tenant_id}, {"event", event.id}, {"error", e.what()}});
  }
}

}  // namespace portal::challenges
