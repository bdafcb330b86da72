#pragma once
// Game play and leaderboards (commerce §4 game play, §7 /game/play,
// /game/play-free, /game/arcade-competition, getLeaderboard; docs/contracts.md
// "Games and leaderboards"). Every game URL comes from the purchases domain's
// entitlement decision (PurchasesService::consume); each play opens a session
// whose token is the only way to post a score. Expected failures are
// games::Error values (games_errors.hpp; the statuses below are what
// games_answers.cpp answers them with); blocking (database pool).
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/events/events_service.hpp"
#include "domains/games/games_errors.hpp"
#include "domains/games/games_repository.hpp"
#include "domains/games/games_types.hpp"
#include "domains/purchases/purchases_service.hpp"

namespace portal::games {

// What a play answers: the game page's URL and the session opened for it.
struct Played {
  catalog::MediaUrl url;
  GameSession session;
  std::string title;     // in the caller's language
  bool use_frame = true;  // customProperties.useGameFrame: false plays in a window of its own
};

struct Competition {
  Played played;
  std::int64_t players = 0;
  std::optional<Standing> me;
};

// The caller's best and rank after a score post.
struct Scored {
  std::int64_t score = 0;  // the score posted
  std::int64_t best = 0;   // the player's best for the game
  std::int64_t rank = 0;
};

// Where a play came from (events, documentation); the caller's public userId for events.
struct PlayRequest {
  std::int64_t article_id = 0;
  std::optional<std::string> device_id;
  std::string channel = "WEB";
  std::optional<std::string> public_user_id;
  bool consume = false;  // the user confirmed spending a credit (else 409 CONFIRMATION_REQUIRED where one would be)
};

class GamesService {
 public:
  struct Deps {
    GamesRepository& repository;
    purchases::PurchasesService& purchases;
    catalog::CatalogService& catalog;
    events::EventsService& events;
    const core::Clock& clock;
    Limits limits;
  };
  explicit GamesService(Deps deps);

  // /game/play: an online or cloud game the caller may consume (a credit is
  // spent where that is the way and r.consume says the user confirmed it,
  // else CONFIRMATION_REQUIRED). A validation error naming articleId for another type;
  // UNAUTHORIZED, NOT_ENTITLED, ARTICLE_NOT_FOUND / DEVICE_NOT_SUPPORTED.
  // Every session opened (play, play-free, arcade) records the server event
  // instantPlay: a start of the game.
  Result<Played> play(const purchases::Caller& c, const PlayRequest& r, catalog::RatingRange rating);
  // /game/play-free: a free online game, guests too. GAME_NOT_FREE for a paid one.
  Result<Played> play_free(const purchases::Caller& c, const PlayRequest& r, catalog::RatingRange rating);
  // /game/arcade-competition: a play (free: as play-free; paid: as play) that
  // enters the game's leaderboard, with the caller's standing.
  Result<Competition> arcade(const purchases::Caller& c, const PlayRequest& r, catalog::RatingRange rating);

  // A score of a session the server opened. GAME_SESSION_NOT_FOUND (also
  // another tenant's), GAME_SESSION_FORBIDDEN (another user's),
  // GAME_SESSION_EXPIRED, a validation error naming score (outside 0…the game's maximum),
  // TOO_MANY_REQUESTS (data.retryAfter).
  Result<Scored> post_score(std::int64_t tenant_id, const std::optional<std::string>& user_uuid,
                            const std::string& session_id, std::int64_t score);
  // The top 10 and the caller's standing: a user's, or a guest's through
  // the session they play (guest_session). ARTICLE_NOT_FOUND.
  Result<Leaderboard> leaderboard(std::int64_t tenant_id, std::int64_t article_id, catalog::RatingRange rating,
                                  const std::optional<std::string>& user_uuid,
                                  const std::optional<std::string>& guest_session = std::nullopt);

  std::int64_t max_score_of(const catalog::ArticleRecord& a) const;

 private:
  Result<Played> open(const purchases::Caller& c, const PlayRequest& r, catalog::RatingRange rating,
                      SessionKind kind, bool free_only);

  Deps d_;
};

// Whether a content type is played as a page (online and cloud games).
bool played_online(std::string_view content_type);
// The name a leaderboard shows: "Sam S." for a user (or "Player 1234" from
// their userId), "Guest 4F2A" for a guest's session.
std::string display_name(const ScoreRow& row);
// data/games/<engine>/game.json "maxScore" per engine (missing or bad files are skipped).
std::map<std::string, std::int64_t, std::less<>> engine_max_scores(const std::string& games_dir);

}  // namespace portal::games
