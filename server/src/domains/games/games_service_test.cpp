#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "domains/games/games_answers.hpp"
#include "domains/games/games_service.hpp"

namespace portal::games {
namespace {

TEST(GamesNames, UsersGuestsAndNamelessPlayers) {
  EXPECT_EQ(display_name({1, "u:abc", 10, "Sam", "Subscriber", "100234"}), "Sam S.");
  EXPECT_EQ(display_name({1, "u:abc", 10, "Lina", "Özdemir", "1"}), "Lina Ö.");  // a character, not a byte
  EXPECT_EQ(display_name({1, "u:abc", 10, "نور", "", "1"}), "نور");
  EXPECT_EQ(display_name({1, "u:abc", 10, "", "", "100234"}), "Player 0234");
  EXPECT_EQ(display_name({1, "g:4f2a9bc0", 10, "", "", ""}), "Guest 4F2A");
}

TEST(GamesLimits, MaxScoresComeFromEachGameJson) {
  const auto dir = std::filesystem::temp_directory_path() / "portal-games-test";
  std::filesystem::create_directories(dir / "snake");
  std::filesystem::create_directories(dir / "broken");
  std::ofstream(dir / "snake" / "game.json") << R"({"title":"Snake","maxScore":100000})";
  std::ofstream(dir / "broken" / "game.json") << "not json";
  const auto max = engine_max_scores(dir.string());
  EXPECT_EQ(max.size(), 1u);
  EXPECT_EQ(max.at("snake"), 100000);
  EXPECT_TRUE(engine_max_scores((dir / "none").string()).empty());
  std::filesystem::remove_all(dir);
  EXPECT_EQ(engine_max_scores(std::string(PORTAL_SOURCE_DIR) + "/../data/games").at("lane-racer"), 5000000);
}

TEST(GamesAnswers, EachCodeHasItsStatusWireCodeAndData) {
  auto not_free = Error::of(ErrorCode::game_not_free, "not free");
  not_free.article_id = 40001;
  auto too_many = Error::of(ErrorCode::too_many_scores, "wait");
  too_many.retry_after = 7;
  const std::pair<Error, std::pair<int, const char*>> expected[] = {
      {Error::invalid("score", "must be a whole number from 0 to 10"), {400, "VALIDATION_ERROR"}},
      {not_free, {403, "GAME_NOT_FREE"}},
      {Error::of(ErrorCode::session_not_found, "m"), {404, "GAME_SESSION_NOT_FOUND"}},
      {Error::of(ErrorCode::session_forbidden, "m"), {403, "GAME_SESSION_FORBIDDEN"}},
      {Error::of(ErrorCode::session_expired, "m"), {410, "GAME_SESSION_EXPIRED"}},
      {too_many, {429, "TOO_MANY_REQUESTS"}},
      {Error::passed_on(ErrorCode::article, catalog::Error::of(catalog::ErrorCode::article_not_found, "gone"), &ErrorDetails::article),
       {404, "ARTICLE_NOT_FOUND"}},
      {Error::passed_on(ErrorCode::purchase, purchases::Error::about(purchases::ErrorCode::not_entitled, "no", 40001),
                        &ErrorDetails::purchase),
       {403, "NOT_ENTITLED"}},
  };
  for (const auto& [error, wire] : expected) {
    const auto e = http_error(error);
    EXPECT_EQ(e.status, wire.first) << wire.second;
    EXPECT_EQ(e.code, wire.second);
    EXPECT_EQ(e.message, error.message);
  }
  EXPECT_EQ(http_error(not_free).data, (boost::json::value{{"articleId", 40001}}));
  EXPECT_EQ(http_error(too_many).data, (boost::json::value{{"retryAfter", 7}}));
  EXPECT_EQ(http_error(Error::invalid("score", "r")).data, (boost::json::value{{"field", "score"}, {"reason", "r"}}));
}

}  // namespace
}  // namespace portal::games
