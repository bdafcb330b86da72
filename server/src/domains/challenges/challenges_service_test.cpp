// Challenges against a migrated SQLite database: the step rules read from the
// catalog document, which events count, chained steps opening one after the
// other, each step's TICKETS credited once (also under concurrent plays) with
// one notification, the balance as the ledger's sum, the challenge window,
// and tenant isolation.
#include "domains/challenges/challenges_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <mutex>
#include <thread>

#include "db/test_database.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/challenges/challenge_inputs.hpp"
#include "domains/challenges/challenges_answers.hpp"

namespace portal::challenges {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

namespace fs = std::filesystem;
namespace json = boost::json;

constexpr std::int64_t kChained = 8801, kLoose = 8802, kGame = 4101, kOtherGame = 4102;

json::object step(std::int64_t id, std::string_view kind, std::int64_t target, std::int64_t tickets) {
  return json::object{{"id", id},
                      {"kind", kind},
                      {"target", target},
                      {"title", json::object{{"en", "Step " + std::to_string(id % 10)}, {"de", "Stufe " + std::to_string(id % 10)}}},
                      {"goal", json::object{{"en", "Play"}}},
                      {"rewards", json::array{json::object{{"currency", "TICKETS"}, {"amount", tickets}}}}};
}

struct Recorder final : notifications::Notifier {
  void notify(db::Session&, std::int64_t tenant_id, const notifications::Note& note) override {
    std::lock_guard lock(mutex);
    notes.emplace_back(tenant_id, note);
  }
  void notify(std::int64_t tenant_id, const notifications::Note& note) noexcept override {
    std::lock_guard lock(mutex);
    notes.emplace_back(tenant_id, note);
  }
  std::mutex mutex;
  std::vector<std::pair<std::int64_t, notifications::Note>> notes;
};

class ChallengesServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-challenges");
    db_ = db::open_test_database(dir_, {{"u-ann", 1}, {"u-bob", 1}, {"u-cat", 2}});
    json::object chained{{"title", json::object{{"en", "Rally"}, {"de", "Rallye"}}},
                         {"chained", true},
                         {"startsAt", "2023-01-01T00:00:00Z"},
                         {"endsAt", "2024-12-31T23:59:59Z"},
                         {"challengeSteps", json::array{step(88011, "PLAY_GAME", 1, 10), step(88012, "PLAY_GAME", 3, 20),
                                                        step(88013, "PLAY_TRACKS", 2, 30)}}};
    json::object loose{{"title", json::object{{"en", "Orbit"}}},
                       {"chained", false},
                       {"challengeSteps", json::array{step(88021, "PLAY_GAME", 2, 5), step(88022, "PLAY_TRACKS", 1, 7)}}};
    db_->execute("INSERT INTO catalog_challenges (tenant_id, id, game_id, position, doc) VALUES (1, $1, $2, 0, $3)",
                 {kChained, kGame, json::serialize(chained)});
    db_->execute("INSERT INTO catalog_challenges (tenant_id, id, game_id, position, doc) VALUES (1, $1, $2, 1, $3)",
                 {kLoose, kOtherGame, json::serialize(loose)});
    catalog_repository_ = std::make_unique<catalog::CatalogRepository>(*db_);
    catalog_ = std::make_unique<catalog::CatalogService>(*catalog_repository_, clock_);
    repository_ = std::make_unique<ChallengesRepository>(*db_);
    service_ = std::make_unique<ChallengesService>(ChallengesService::Deps{*repository_, *catalog_, &notes_, clock_});
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    catalog_.reset();
    catalog_repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  Play game(std::int64_t article = kGame) {
    return Play{StepKind::play_game, article, "e" + std::to_string(++events_), "2023-11-14T22:13:20Z"};
  }
  Play track(std::int64_t article) {
    return Play{StepKind::play_tracks, article, "e" + std::to_string(++events_), "2023-11-14T22:13:20Z"};
  }
  std::int64_t balance(const std::string& user, std::int64_t tenant = 1) {
    return service_->rewards(tenant, user, "en", 100, 0)->balance;
  }

  fs::path dir_;
  core::ManualClock clock_;  // 2023-11-14T22:13:20Z
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<catalog::CatalogRepository> catalog_repository_;
  std::unique_ptr<catalog::CatalogService> catalog_;
  std::unique_ptr<ChallengesRepository> repository_;
  std::unique_ptr<ChallengesService> service_;
  Recorder notes_;
  int events_ = 0;
  const catalog::RatingRange all_{0, 60};
};

TEST(ChallengeRules, ReadsStepsAndTheirTickets) {
  json::object doc{{"chained", true},
                   {"challengeSteps",
                    json::array{step(1, "PLAY_GAME", 3, 10), step(2, "SWIM", 0, 5),
                                json::object{{"id", "3"}, {"rewards", json::array{json::object{{"currency", "EUR"}, {"amount", 9}}}}}}}};
  auto r = rules_of(7, 70, doc);
  EXPECT_TRUE(r.chained);
  ASSERT_EQ(r.steps.size(), 3u);
  EXPECT_EQ(r.steps[0].kind, StepKind::play_game);
  EXPECT_EQ(r.steps[0].target, 3);
  EXPECT_EQ(r.steps[0].tickets, 10);
  EXPECT_EQ(r.steps[1].kind, StepKind::unknown);
  EXPECT_EQ(r.steps[1].target, 1);  // clamped up
  EXPECT_EQ(r.steps[2].id, 3);
  EXPECT_EQ(r.steps[2].tickets, 0);  // only TICKETS count
}

TEST(ChallengeRules, OnlyServerGameStartsAndTracksCountedHalfWayArePlays) {
  EXPECT_EQ(play_of("instantPlay", {{"articleId", 4101}}, true, "e", "t")->kind, StepKind::play_game);
  EXPECT_EQ(play_of("instantPlay", {{"articleId", "4101"}}, true, "e", "t")->article_id, 4101);
  EXPECT_FALSE(play_of("instantPlay", {}, true, "e", "t"));
  EXPECT_FALSE(play_of("pageView", {{"articleId", 4101}}, true, "e", "t"));
  json::object track{{"articleId", 20001}, {"contentType", "full_track_music"}, {"countedSeconds", 42}};
  EXPECT_EQ(play_of("trackListened", track, true, "e", "t")->kind, StepKind::play_tracks);
  auto video = track;
  video["contentType"] = "video";
  EXPECT_FALSE(play_of("trackListened", video, true, "e", "t"));
  // A client's events are its word, never a fact: not even the server's own names count.
  EXPECT_FALSE(play_of("instantPlay", {{"articleId", 4101}}, false, "e", "t"));
  EXPECT_FALSE(play_of("trackListened", track, false, "e", "t"));
  json::object progress{{"articleId", 20001}, {"contentType", "full_track_music"}, {"percent", 100}, {"preview", false}};
  EXPECT_FALSE(play_of("playerProgress", progress, false, "e", "t"));
  EXPECT_FALSE(play_of("playerProgress", progress, true, "e", "t"));
}

TEST(ChallengeRules, ChainedStepsOpenOneAfterTheOther) {
  ChallengeRules c{1, 9, true, "", "", {{11, StepKind::play_game, 1, 5}, {12, StepKind::play_game, 2, 5}}};
  auto p = progress_of(c, true, "2024-01-01T00:00:00Z", {}, {});
  EXPECT_TRUE(p[0].open);
  EXPECT_FALSE(p[1].open);
  p = progress_of(c, true, "2024-01-01T00:00:00Z", {{11, 1}}, {{11, "2024-01-01T00:00:00Z"}});
  EXPECT_TRUE(p[0].done);
  EXPECT_TRUE(p[1].open);
  EXPECT_FALSE(progress_of(c, false, "2024-01-01T00:00:00Z", {}, {})[0].open);  // not opted in
  c.chained = false;
  EXPECT_TRUE(progress_of(c, true, "2024-01-01T00:00:00Z", {}, {})[1].open);
  // Chained: a later step cannot be due while an earlier one is short.
  c.chained = true;
  EXPECT_TRUE(due_steps(c, {{12, 5}}, {}).empty());
  EXPECT_EQ(due_steps(c, {{11, 1}, {12, 2}}, {}).size(), 2u);
}

TEST_F(ChallengesServiceTest, PlaysCountOnlyAfterOptIn) {
  EXPECT_TRUE(service_->count_play(1, "u-ann", game()).empty());
  ASSERT_TRUE(service_->opt_in(1, kChained, all_, "u-ann"));
  EXPECT_EQ(repository_->hit_counts(1, "u-ann", kChained).size(), 0u);
  auto credits = service_->count_play(1, "u-ann", game());
  ASSERT_EQ(credits.size(), 1u);
  EXPECT_EQ(credits[0].step_id, 88011);
  EXPECT_EQ(credits[0].amount, 10);
  EXPECT_EQ(balance("u-ann"), 10);
  EXPECT_EQ(balance("u-bob"), 0);
}

TEST_F(ChallengesServiceTest, ChainedStepsProgressInOrderAndCreditOnce) {
  ASSERT_TRUE(service_->opt_in(1, kChained, all_, "u-ann"));
  // Tracks count nothing while step 3 is closed.
  EXPECT_TRUE(service_->count_play(1, "u-ann", track(2101)).empty());
  EXPECT_EQ(service_->count_play(1, "u-ann", game()).size(), 1u);          // step 1 (10)
  EXPECT_TRUE(service_->count_play(1, "u-ann", game()).empty());           // step 2: 1 of 3
  EXPECT_TRUE(service_->count_play(1, "u-ann", game(kOtherGame)).empty());  // another game
  EXPECT_TRUE(service_->count_play(1, "u-ann", game()).empty());           // 2 of 3
  EXPECT_EQ(service_->count_play(1, "u-ann", game()).size(), 1u);          // step 2 (20)
  EXPECT_TRUE(service_->count_play(1, "u-ann", track(2101)).empty());      // step 3: 1 of 2
  EXPECT_TRUE(service_->count_play(1, "u-ann", track(2101)).empty());      // the same track again
  EXPECT_EQ(service_->count_play(1, "u-ann", track(2102)).size(), 1u);     // step 3 (30)
  EXPECT_TRUE(service_->count_play(1, "u-ann", game()).empty());           // all done
  EXPECT_EQ(balance("u-ann"), 60);

  auto view = service_->challenge(1, kChained, "de", all_, std::string("u-ann"));
  ASSERT_TRUE(view);
  EXPECT_EQ(view->progress.completed, 3);
  EXPECT_EQ(view->progress.tickets_earned, 60);
  for (const auto& s : view->progress.steps) {
    EXPECT_TRUE(s.done);
    EXPECT_FALSE(s.open);
    EXPECT_EQ(s.count, s.target);
  }
  ASSERT_EQ(notes_.notes.size(), 3u);
  EXPECT_EQ(notes_.notes[0].second.kind, "CHALLENGE_REWARD");
  EXPECT_EQ(notes_.notes[0].second.params.at("amount"), "10");
  EXPECT_EQ(notes_.notes[1].second.params.at("step"), "2");
  EXPECT_EQ(notes_.notes[2].second.target, "/reward");
  EXPECT_EQ(notes_.notes[2].second.source, "challenge-step:88013");

  auto page = service_->rewards(1, "u-ann", "de", 2, 0);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->balance, 60);
  EXPECT_EQ(page->total, 3);
  ASSERT_EQ(page->entries.size(), 2u);
  EXPECT_EQ(page->entries[0].challenge_title, "Rallye");
  EXPECT_EQ(page->entries[0].step_title.rfind("Stufe ", 0), 0u);
}

TEST_F(ChallengesServiceTest, UnchainedStepsCountTogether) {
  ASSERT_TRUE(service_->opt_in(1, kLoose, all_, "u-bob"));
  EXPECT_EQ(service_->count_play(1, "u-bob", track(2101)).size(), 1u);  // step 2 first (7)
  EXPECT_TRUE(service_->count_play(1, "u-bob", game(kOtherGame)).empty());
  EXPECT_EQ(service_->count_play(1, "u-bob", game(kOtherGame)).size(), 1u);  // step 1 (5)
  EXPECT_EQ(balance("u-bob"), 12);
}

TEST_F(ChallengesServiceTest, ConcurrentPlaysCreditEachStepOnce) {
  ASSERT_TRUE(service_->opt_in(1, kChained, all_, "u-ann"));
  std::vector<std::thread> threads;
  std::vector<Play> plays;
  for (int i = 0; i < 24; ++i) plays.push_back(game());
  for (int i = 0; i < 24; ++i)
    threads.emplace_back([&, i] { (void)service_->count_play(1, "u-ann", plays[i]); });
  for (auto& t : threads) t.join();
  auto page = service_->rewards(1, "u-ann", "en", 100, 0);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->total, 2);     // steps 1 and 2 (step 3 wants tracks)
  EXPECT_EQ(page->balance, 30);  // 10 + 20, each once
  EXPECT_EQ(notes_.notes.size(), 2u);
}

TEST_F(ChallengesServiceTest, PlaysOutsideTheWindowDoNotCount) {
  ASSERT_TRUE(service_->opt_in(1, kChained, all_, "u-ann"));
  auto late = game();
  late.at = "2025-01-01T00:00:00Z";
  EXPECT_TRUE(service_->count_play(1, "u-ann", late).empty());
  EXPECT_TRUE(repository_->hit_counts(1, "u-ann", kChained).empty());
}

TEST_F(ChallengesServiceTest, TenantsAreApart) {
  // Tenant 2 has no challenge 8801: no opt-in, nothing counts, nothing to read.
  EXPECT_EQ(wire(service_->opt_in(2, kChained, all_, "u-cat")).code, "CHALLENGE_NOT_FOUND");
  EXPECT_TRUE(service_->count_play(2, "u-cat", game()).empty());
  EXPECT_EQ(service_->challenges(2, "en", all_, std::string("u-cat")).size(), 0u);
  EXPECT_EQ(service_->challenges(1, "en", all_, std::nullopt).size(), 2u);
  EXPECT_EQ(balance("u-cat", 2), 0);
}

TEST_F(ChallengesServiceTest, LedgerPagingIsValidated) {
  EXPECT_EQ(wire(service_->rewards(1, "u-ann", "en", 0, 0)).code, "VALIDATION_ERROR");
  EXPECT_EQ(wire(service_->rewards(1, "u-ann", "en", 101, 0)).code, "VALIDATION_ERROR");
  EXPECT_EQ(wire(service_->rewards(1, "u-ann", "en", 10, -1)).code, "VALIDATION_ERROR");
}

}  // namespace
}  // namespace portal::challenges
