#pragma once
// Challenges and rewards (commerce §3 Challenge, §7 optInChallenge and
// fragments_get-challenge-by-id; docs/contracts.md "Challenges and rewards").
// The catalog keeps the challenges and the opt-ins; this service counts the
// play events the server recorded (game sessions it opened, tracks whose
// counted report seconds reached half their length) of the users who opted in
// (it listens to the events domain; client events count for nothing),
// credits each step's TICKETS once into the rewards ledger, tells the user
// through the Notifier, and answers progress, balance and ledger. Expected
// failures are challenges::Error values (challenges_errors.hpp, mapped to HTTP
// by challenges_answers.cpp); blocking (database pool).
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/catalog/catalog_challenge.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/challenges/challenges_errors.hpp"
#include "domains/challenges/challenges_repository.hpp"
#include "domains/challenges/challenges_types.hpp"
#include "domains/events/events_service.hpp"
#include "domains/notifications/notifier.hpp"

namespace portal::challenges {

// A challenge as the catalog resolves it and the caller's progress in it.
struct ChallengeView {
  catalog::Challenge challenge;
  ChallengeProgress progress;
};

inline constexpr std::int64_t kLedgerPageSize = 20;
inline constexpr std::int64_t kMaxLedgerPage = 100;

class ChallengesService final : public events::EventListener {
 public:
  struct Deps {
    ChallengesRepository& repository;
    catalog::CatalogService& catalog;
    notifications::Notifier* notifier;  // nullptr: nobody is told
    const core::Clock& clock;
  };
  explicit ChallengesService(Deps deps) : d_(deps) {}

  // fragments_get-challenge-by-id with the caller's progress (guests: none).
  // challenge_not_found (unknown, or its game above the rating window).
  Result<ChallengeView> challenge(std::int64_t tenant_id, std::int64_t id, const std::string& lang,
                                        catalog::RatingRange rating, const std::optional<std::string>& user_uuid);
  // Every challenge of the tenant the rating window shows, in catalog order.
  std::vector<ChallengeView> challenges(std::int64_t tenant_id, const std::string& lang, catalog::RatingRange rating,
                                        const std::optional<std::string>& user_uuid);
  // PATCH /kafka/optInChallenge/{id}: idempotent; answers the progress after it.
  Result<ChallengeProgress> opt_in(std::int64_t tenant_id, std::int64_t id, catalog::RatingRange rating,
                                         const std::string& user_uuid);
  // The balance (SUM of the ledger) and a page of the ledger, newest first.
  // invalid_field naming limit (1..100) or offset (>= 0).
  Result<RewardsPage> rewards(std::int64_t tenant_id, const std::string& user_uuid, const std::string& lang,
                                    std::int64_t limit, std::int64_t offset);

  // Counts one play for every challenge the user opted in to and credits the
  // steps it completed; answers the credits this call wrote (none when
  // another call got there first).
  std::vector<LedgerEntry> count_play(std::int64_t tenant_id, const std::string& user_uuid, const Play& play);

  // events::EventListener: a signed-in user's play event, if the server recorded it.
  void on_event(std::int64_t tenant_id, const events::Event& event) noexcept override;

 private:
  ChallengeProgress progress(std::int64_t tenant_id, const ChallengeRules& rules,
                             const std::optional<std::string>& user_uuid);
  std::vector<LedgerEntry> settle(std::int64_t tenant_id, const std::string& user_uuid, const ChallengeRules& rules);

  Deps d_;
};

}  // namespace portal::challenges
