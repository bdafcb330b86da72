#include "domains/games/games_service.hpp"

#include <algorithm>
#include <boost/json.hpp>  // reads game.json; events take free-form payloads
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <limits>
#include <sstream>

#include "core/ids.hpp"
#include "core/text.hpp"
#include "core/utc_time.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/catalog/catalog_rules.hpp"

namespace portal::games {
namespace json = boost::json;
using std::chrono::seconds;

namespace {

Error session_not_found() {
  return Error::of(ErrorCode::session_not_found, "No such game session");
}


// Scores are checked against the game's own bound; the rating window does not apply to a running session.
constexpr catalog::RatingRange kAnyRating{0, std::numeric_limits<int>::max()};

}  // namespace

bool played_online(std::string_view content_type) {
  return content_type == "online_game" || content_type == "cloud_game";
}

std::string display_name(const ScoreRow& row) {
  if (row.player.starts_with("g:")) return "Guest " + core::upper(std::string_view(row.player).substr(2, 4));
  if (!row.name.empty()) {
    if (row.last_name.empty()) return row.name;
    // The first character of the last name (a UTF-8 sequence, not a byte).
    const auto lead = static_cast<unsigned char>(row.last_name[0]);
    const std::size_t len = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    return row.name + " " + row.last_name.substr(0, std::min(len, row.last_name.size())) + ".";
  }
  const auto& id = row.user_id;
  return "Player " + (id.size() > 4 ? id.substr(id.size() - 4) : id);
}

std::map<std::string, std::int64_t, std::less<>> engine_max_scores(const std::string& games_dir) {
  std::map<std::string, std::int64_t, std::less<>> out;
  std::error_code ec;
  if (!std::filesystem::is_directory(games_dir, ec)) return out;
  for (const auto& entry : std::filesystem::directory_iterator(games_dir, ec)) {
    std::ifstream in(entry.path() / "game.json");
    if (!in) continue;
    std::stringstream text;
    text << in.rdbuf();
    boost::system::error_code jec;
    auto doc = json::parse(text.str(), jec);
    if (jec || !doc.is_object()) continue;
    if (const auto* m = doc.as_object().if_contains("maxScore"); m && m->is_int64() && m->as_int64() > 0)
      out[entry.path().filename().string()] = m->as_int64();
  }
  return out;
}

GamesService::GamesService(Deps deps) : d_(std::move(deps)) {}


std::int64_t GamesService::max_score_of(const catalog::ArticleRecord& a) const {
  const auto props = catalog::stored_member<&catalog::ArticleDocument::customProperties>(a.doc);
  if (props && props->gameEngine)
    if (auto it = d_.limits.engine_max.find(std::string_view(*props->gameEngine)); it != d_.limits.engine_max.end())
      return it->second;
  return d_.limits.max_score;
}

Result<Played> GamesService::open(const purchases::Caller& c, const PlayRequest& r, catalog::RatingRange rating,
                                  SessionKind kind, bool free_only) {
  auto record = d_.catalog.article_record(c.tenant->id, r.article_id, rating);
  if (!record) return Error::passed_on(ErrorCode::article, record.error(), &ErrorDetails::article);
  if (!played_online(record->content_type))
    return Error::invalid("articleId", "is not an online game (games to download: /game/download)");
  const bool free =
      catalog::is_free_online_game(record->content_type, catalog::stored_member<&catalog::ArticleDocument::prices>(record->doc));
  if (free_only && !free) {
    Error e = Error::of(ErrorCode::game_not_free, "This game is not free: sign in and use /game/play");
    e.article_id = r.article_id;
    return e;
  }
  // The one entitlement decision: free games pass for guests, paid ones need a
  // plan, a purchase or a credit (spent here), and the device is checked.
  auto grant = d_.purchases.consume(c, r.article_id, r.device_id, rating, r.consume);
  if (!grant) return Error::passed_on(ErrorCode::purchase, grant.error(), &ErrorDetails::purchase);
  auto url = d_.catalog.full_media(c.tenant->id, grant->record);
  if (!url) return Error::passed_on(ErrorCode::article, url.error(), &ErrorDetails::article);

  const auto at = d_.clock.now();
  GameSession s;
  s.id = core::random_hex(16);
  s.tenant_id = c.tenant->id;
  s.article_id = r.article_id;
  if (!c.guest()) s.user_uuid = c.user_uuid;
  s.kind = kind;
  s.created_at = db::utc_timestamp(at);
  s.expires_at = db::utc_timestamp(at + d_.limits.session_lifetime);
  d_.repository.prune_sessions(c.tenant->id, s.created_at);
  d_.repository.insert_session(s);
  // A start of the game, as the server saw it (commerce §4 instant play; challenges count these only).
  const InstantPlayEvent started{r.article_id, grant->record.content_type, r.channel, c.guest()};
  (void)d_.events.record(c.tenant->id, "instantPlay", json::value_from(started).as_object(), r.public_user_id,
                         events::Origin::server);
  const auto props = catalog::stored_member<&catalog::ArticleDocument::customProperties>(grant->record.doc);
  const bool frame = !props || props->useGameFrame.value_or(true);
  return Played{std::move(*url), std::move(s), purchases::facts_of(grant->record, c.lang).title, frame};
}

Result<Played> GamesService::play(const purchases::Caller& c, const PlayRequest& r, catalog::RatingRange rating) {
  return open(c, r, rating, SessionKind::play, false);
}

Result<Played> GamesService::play_free(const purchases::Caller& c, const PlayRequest& r,
                                       catalog::RatingRange rating) {
  return open(c, r, rating, SessionKind::free, true);
}

Result<Competition> GamesService::arcade(const purchases::Caller& c, const PlayRequest& r,
                                         catalog::RatingRange rating) {
  auto played = open(c, r, rating, SessionKind::arcade, false);
  if (!played) return played.error();
  Competition out{std::move(*played), d_.repository.players(c.tenant->id, r.article_id), std::nullopt};
  if (!c.guest())
    if (auto best = d_.repository.best_of(c.tenant->id, r.article_id, "u:" + c.user_uuid))
      out.me = Standing{d_.repository.rank_of(c.tenant->id, r.article_id, *best), *best};
  return out;
}

Result<Scored> GamesService::post_score(std::int64_t tenant_id, const std::optional<std::string>& user_uuid,
                                        const std::string& session_id, std::int64_t score) {
  if (session_id.empty() || session_id.size() > 64) return session_not_found();
  auto s = d_.repository.session(tenant_id, session_id);
  if (!s) return session_not_found();
  if (s->user_uuid && s->user_uuid != user_uuid)
    return Error::of(ErrorCode::session_forbidden, "This game session belongs to another player");

  // Posts are counted before they are judged: a page posting garbage in a loop is stopped too.
  const auto at = d_.clock.now();
  const std::string now_text = db::utc_timestamp(at);
  const std::string start = db::utc_timestamp(at - d_.limits.window);
  auto over = [&](const std::string& scope, const std::string& subject, int limit) -> std::optional<Error> {
    const auto [count, oldest] = d_.repository.attempts_since(tenant_id, scope, subject, start);
    if (count < limit) return std::nullopt;
    const auto wait = std::max<std::int64_t>(
        1, std::chrono::duration_cast<seconds>(core::parse_utc(oldest).value_or(core::UtcTime{}) + d_.limits.window - at).count() + 1);
    Error e =
        Error::of(ErrorCode::too_many_scores, "Too many scores; try again in " + std::to_string(wait) + " seconds");
    e.retry_after = wait;
    return e;
  };
  if (auto e = over("session", s->id, d_.limits.posts_per_session)) return *e;
  if (user_uuid)
    if (auto e = over("user", *user_uuid, d_.limits.posts_per_user)) return *e;
  d_.repository.record_attempt(tenant_id, "session", s->id, now_text);
  if (user_uuid) d_.repository.record_attempt(tenant_id, "user", *user_uuid, now_text);
  d_.repository.prune_attempts(tenant_id, db::utc_timestamp(at - std::max(d_.limits.window, seconds(3600))));

  if (s->expires_at <= now_text)
    return Error::of(ErrorCode::session_expired, "The game session has expired; start the game again");
  auto record = d_.catalog.article_record(tenant_id, s->article_id, kAnyRating);
  if (!record) return session_not_found();  // the game left the catalog
  const auto max = max_score_of(*record);
  if (score < 0 || score > max)
    return Error::invalid("score", "must be a whole number from 0 to " + std::to_string(max));

  d_.repository.record_score(*s, score, now_text);
  const auto best = d_.repository.best_of(tenant_id, s->article_id, player_of(*s)).value_or(score);
  return Scored{score, best, d_.repository.rank_of(tenant_id, s->article_id, best)};
}

Result<Leaderboard> GamesService::leaderboard(std::int64_t tenant_id, std::int64_t article_id,
                                              catalog::RatingRange rating,
                                              const std::optional<std::string>& user_uuid,
                                              const std::optional<std::string>& guest_session) {
  auto record = d_.catalog.article_record(tenant_id, article_id, rating);
  if (!record) return Error::passed_on(ErrorCode::article, record.error(), &ErrorDetails::article);
  Leaderboard out;
  out.content_id = article_id;
  std::string mine = user_uuid ? "u:" + *user_uuid : "";
  if (mine.empty() && guest_session && !guest_session->empty() && guest_session->size() <= 64)
    if (auto s = d_.repository.session(tenant_id, *guest_session); s && !s->user_uuid && s->article_id == article_id)
      mine = player_of(*s);
  for (const auto& row : d_.repository.top(tenant_id, article_id))
    out.entries.push_back({row.rank, display_name(row), row.score, !mine.empty() && row.player == mine});
  out.players = d_.repository.players(tenant_id, article_id);
  if (!mine.empty())
    if (auto best = d_.repository.best_of(tenant_id, article_id, mine))
      out.me = Standing{d_.repository.rank_of(tenant_id, article_id, *best), *best};
  return out;
}

}  // namespace portal::games
