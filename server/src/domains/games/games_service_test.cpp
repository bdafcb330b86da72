#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

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

}  // namespace
}  // namespace portal::games
