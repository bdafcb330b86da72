// Brackets against a migrated SQLite database: seeding with byes, the draw
// (organizer only, idempotent, closes registration), reports (both captains
// agree, double report refused, disagreement disputed and settled by the
// organizer), the winner advancing to the champion, and tenant isolation.
#include "domains/tournaments/bracket_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <mutex>
#include <thread>

#include "db/test_database.hpp"
#include "domains/tournaments/bracket_repository.hpp"
#include "domains/tournaments/tournaments_answers.hpp"
#include "domains/tournaments/tournaments_repository.hpp"

namespace portal::tournaments {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire_of(const Result<T>& r) {
  return http_error(r.error());
}

namespace fs = std::filesystem;

TEST(BracketPlan, SeedOrderKeepsTopSeedsApart) {
  EXPECT_EQ(seed_order(2), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(seed_order(4), (std::vector<std::int64_t>{1, 4, 2, 3}));
  EXPECT_EQ(seed_order(8), (std::vector<std::int64_t>{1, 8, 4, 5, 2, 7, 3, 6}));
}

TEST(BracketPlan, FiveTeamsGetThreeByesForTheTopSeeds) {
  std::vector<TeamRecord> teams;
  for (std::int64_t id = 11; id <= 15; ++id) teams.push_back({id, 1, "T" + std::to_string(id), "u", "p", "x"});
  const auto plan = plan_single_elimination(teams);
  ASSERT_EQ(plan.size(), 7u);  // 4 + 2 + 1
  // Round 1 in slot order: 1 v (8), 4 v 5, 2 v (7), 3 v (6).
  EXPECT_EQ(plan[0].home_team_id, 11);
  EXPECT_EQ(plan[0].away_team_id, std::nullopt);
  EXPECT_EQ(plan[0].status, "BYE");
  EXPECT_EQ(plan[0].winner_team_id, 11);
  EXPECT_EQ(plan[1].home_team_id, 14);
  EXPECT_EQ(plan[1].away_team_id, 15);
  EXPECT_EQ(plan[1].status, "READY");
  EXPECT_EQ(plan[2].winner_team_id, 12);
  EXPECT_EQ(plan[3].winner_team_id, 13);
  for (std::size_t i = 4; i < 7; ++i) {
    EXPECT_EQ(plan[i].status, "WAITING");
    EXPECT_EQ(plan[i].home_team_id, std::nullopt);
  }
  EXPECT_EQ(plan[6].round, 3);
  EXPECT_TRUE(plan_single_elimination({teams[0]}).empty());
}

class BracketServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-brackets");
    db_ = db::open_test_database(dir_, {{"u-a", 1}, {"u-b", 1}, {"u-c", 1}, {"u-d", 1}, {"u-e", 1}, {"u-org", 1},
                                        {"u-x", 2}});
    for (std::int64_t tenant : {1, 2})
      db_->execute("INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) "
                   "VALUES ($1, 8502, 'tournament', 'tournaments', '{}')",
                   {tenant});
    lookup_ = [](std::int64_t, std::int64_t id) -> std::optional<TournamentInfo> {
      if (id == 8502) return TournamentInfo{8502, 1};
      return std::nullopt;
    };
    teams_repo_ = std::make_unique<TournamentsRepository>(*db_);
    brackets_repo_ = std::make_unique<BracketRepository>(*db_);
    teams_ = std::make_unique<TournamentsService>(*teams_repo_, lookup_, clock_);
    service_ = std::make_unique<BracketService>(*brackets_repo_, *teams_repo_, lookup_, clock_);
  }
  void TearDown() override {
    service_.reset();
    teams_.reset();
    brackets_repo_.reset();
    teams_repo_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  std::int64_t enter(const Caller& who, const std::string& name) {
    auto team = teams_->register_team(1, who, 8502, {name, name + "#1", name, "steam"});
    EXPECT_TRUE(team) << (team ? "" : team.error().message);
    return team ? team->id : 0;
  }
  BracketDto draw() {
    auto b = service_->draw(1, org_, true, 8502);
    EXPECT_TRUE(b) << (b ? "" : b.error().message);
    return bracket_dto(*b);
  }
  const MatchDto& match_at(const BracketDto& b, std::int64_t round, std::int64_t position) {
    return b.rounds.at(static_cast<std::size_t>(round - 1)).matches.at(static_cast<std::size_t>(position));
  }
  BracketDto current(const Caller& who) { return bracket_dto(*service_->bracket(1, who, false, 8502)); }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  TournamentsService::TournamentLookup lookup_;
  std::unique_ptr<TournamentsRepository> teams_repo_;
  std::unique_ptr<BracketRepository> brackets_repo_;
  std::unique_ptr<TournamentsService> teams_;
  std::unique_ptr<BracketService> service_;
  const Caller a_{"u-a", "id-a"}, b_{"u-b", "id-b"}, c_{"u-c", "id-c"}, d_{"u-d", "id-d"}, e_{"u-e", "id-e"},
      org_{"u-org", "id-org"}, x_{"u-x", "id-x"};
};

TEST_F(BracketServiceTest, PreviewWhileRegistrationIsOpenThenTheDrawClosesIt) {
  const auto ta = enter(a_, "A"), tb = enter(b_, "B"), tc = enter(c_, "C");
  auto preview = current(a_);
  EXPECT_EQ(preview.state, "REGISTRATION");
  EXPECT_TRUE(preview.preview);
  EXPECT_EQ(preview.myTeamId, ta);
  EXPECT_TRUE(preview.captain);
  ASSERT_EQ(preview.teams.size(), 3u);
  EXPECT_EQ(preview.teams[0].seed, 1);
  ASSERT_EQ(preview.rounds.size(), 2u);
  EXPECT_EQ(match_at(preview, 1, 0).status, "BYE");
  EXPECT_EQ(match_at(preview, 1, 0).id, 0);  // not stored

  auto drawn = draw();
  EXPECT_EQ(drawn.state, "DRAWN");
  EXPECT_FALSE(drawn.preview);
  // A seeded with the bye is already in the final; B v C is ready.
  EXPECT_EQ(match_at(drawn, 1, 0).status, "BYE");
  EXPECT_EQ(match_at(drawn, 1, 1).homeTeamId, tb);
  EXPECT_EQ(match_at(drawn, 1, 1).awayTeamId, tc);
  EXPECT_EQ(match_at(drawn, 1, 1).status, "READY");
  EXPECT_EQ(match_at(drawn, 2, 0).homeTeamId, ta);
  EXPECT_EQ(match_at(drawn, 2, 0).status, "WAITING");

  // A second draw changes nothing; registration is closed.
  auto again = draw();
  EXPECT_EQ(match_at(again, 1, 1).id, match_at(drawn, 1, 1).id);
  EXPECT_EQ(brackets_repo_->matches(1, 8502).size(), 3u);
  auto late = teams_->register_team(1, d_, 8502, {"D", "d#1", "D", "steam"});
  ASSERT_FALSE(late);
  EXPECT_EQ(wire_of(late).code, "REGISTRATION_CLOSED");
}

TEST_F(BracketServiceTest, OnlyTheOrganizerDrawsAndTwoTeamsAreNeeded) {
  enter(a_, "A");
  auto refused = service_->draw(1, a_, false, 8502);
  ASSERT_FALSE(refused);
  EXPECT_EQ(wire_of(refused).status, 403);
  auto too_few = service_->draw(1, org_, true, 8502);
  ASSERT_FALSE(too_few);
  EXPECT_EQ(wire_of(too_few).code, "NOT_ENOUGH_TEAMS");
  // Nothing changed: registration is still open.
  enter(b_, "B");
  EXPECT_EQ(draw().state, "DRAWN");
  EXPECT_EQ(wire_of(service_->draw(1, org_, true, 9999)).code, "TOURNAMENT_NOT_FOUND");
}

TEST_F(BracketServiceTest, BothCaptainsAgreeTheWinnerAdvancesAndADoubleReportIsRefused) {
  const auto ta = enter(a_, "A"), tb = enter(b_, "B"), tc = enter(c_, "C");
  const auto semi = match_at(draw(), 1, 1).id;

  EXPECT_EQ(wire_of(service_->report(1, a_, false, semi, tb)).code, "NOT_IN_MATCH");
  EXPECT_EQ(wire_of(service_->report(1, b_, false, semi, ta)).data.at("field").as_string(), "winnerTeamId");
  auto first = service_->report(1, b_, false, semi, tb);
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(first->status, "READY");
  EXPECT_EQ(first->reported_by, (std::vector<std::int64_t>{tb}));
  EXPECT_FALSE(first->can_report);
  auto twice = service_->report(1, b_, false, semi, tc);
  ASSERT_FALSE(twice);
  EXPECT_EQ(wire_of(twice).code, "ALREADY_REPORTED");

  auto second = service_->report(1, c_, false, semi, tb);
  ASSERT_TRUE(second) << second.error().message;
  EXPECT_EQ(second->status, "DONE");
  EXPECT_EQ(second->winner_team_id, tb);
  EXPECT_EQ(second->decided_by, "CAPTAINS");
  EXPECT_EQ(wire_of(service_->report(1, c_, false, semi, tc)).code, "MATCH_DECIDED");

  // B takes the away side of the final against A (the bye).
  auto b = current(a_);
  const auto& final_match = match_at(b, 2, 0);
  EXPECT_EQ(final_match.homeTeamId, ta);
  EXPECT_EQ(final_match.awayTeamId, tb);
  EXPECT_EQ(final_match.status, "READY");
  EXPECT_TRUE(final_match.canReport);
  ASSERT_TRUE(service_->report(1, a_, false, final_match.id, ta));
  ASSERT_TRUE(service_->report(1, b_, false, final_match.id, ta));
  b = current(c_);
  EXPECT_EQ(b.state, "FINISHED");
  EXPECT_EQ(b.championTeamId, ta);
}

TEST_F(BracketServiceTest, DifferentWinnersAreDisputedAndTheOrganizerSettles) {
  const auto ta = enter(a_, "A"), tb = enter(b_, "B");
  const auto final_match = match_at(draw(), 1, 0).id;
  EXPECT_EQ(wire_of(service_->report(1, org_, false, final_match, ta)).code, "NOT_IN_MATCH");
  ASSERT_TRUE(service_->report(1, a_, false, final_match, ta));
  auto disputed = service_->report(1, b_, false, final_match, tb);
  ASSERT_TRUE(disputed);
  EXPECT_EQ(disputed->status, "DISPUTED");
  EXPECT_EQ(wire_of(service_->report(1, a_, false, final_match, ta)).code, "MATCH_DISPUTED");
  auto settled = service_->report(1, org_, true, final_match, tb);
  ASSERT_TRUE(settled) << settled.error().message;
  EXPECT_EQ(settled->winner_team_id, tb);
  EXPECT_EQ(settled->decided_by, "ORGANIZER");
  EXPECT_EQ(current(a_).championTeamId, tb);
}

TEST_F(BracketServiceTest, ConcurrentDrawsAndReportsHappenOnce) {
  const auto ta = enter(a_, "A"), tb = enter(b_, "B");
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) threads.emplace_back([&] { (void)service_->draw(1, org_, true, 8502); });
  for (auto& t : threads) t.join();
  ASSERT_EQ(brackets_repo_->matches(1, 8502).size(), 1u);
  const auto final_match = brackets_repo_->matches(1, 8502)[0].id;
  threads.clear();
  int ok = 0;
  std::mutex m;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&] {
      if (service_->report(1, a_, false, final_match, ta)) {
        std::lock_guard lock(m);
        ++ok;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok, 1);
  ASSERT_TRUE(service_->report(1, b_, false, final_match, ta));
  EXPECT_EQ(current(a_).championTeamId, ta);
  (void)tb;
}

TEST_F(BracketServiceTest, TenantsAreIsolated) {
  enter(a_, "A");
  enter(b_, "B");
  const auto final_match = match_at(draw(), 1, 0).id;
  auto other = service_->bracket(2, x_, false, 8502);
  ASSERT_TRUE(other);
  EXPECT_TRUE(other->teams.empty());
  EXPECT_EQ(other->state, "REGISTRATION");
  EXPECT_EQ(wire_of(service_->report(2, x_, true, final_match, 1)).code, "MATCH_NOT_FOUND");
}

}  // namespace
}  // namespace portal::tournaments
