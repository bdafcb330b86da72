// Tournament teams against a migrated SQLite database: registration (one team
// per user and tournament, unique names), join requests (pending once, team
// size), the captain's answer (only the captain, once, membership and a
// notification for the requester), marking notifications seen, the fragments
// for guests and callers, and tenant isolation.
#include "domains/tournaments/tournaments_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <random>

#include "db/migrations.hpp"
#include "domains/tournaments/tournament_article.hpp"
#include "domains/tournaments/tournaments_answers.hpp"
#include "domains/tournaments/tournaments_repository.hpp"

namespace portal::tournaments {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

namespace fs = std::filesystem;
namespace json = boost::json;

class TournamentsServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-tournaments-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    for (std::int64_t tenant : {1, 2}) {
      db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES ($1, $2, $2, 'x', 'x')",
                   {tenant, "t" + std::to_string(tenant)});
      // Tournament 8501 (teams of 3) and 8502 (solo) exist in both tenants.
      for (std::int64_t id : {8501, 8502})
        db_->execute("INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) "
                     "VALUES ($1, $2, 'tournament', 'tournaments', '{}')",
                     {tenant, id});
    }
    for (const auto& [uuid, tenant] : std::vector<std::pair<std::string, std::int64_t>>{
             {"u-sam", 1}, {"u-gale", 1}, {"u-pat", 1}, {"u-kim", 1}, {"u-other", 2}})
      db_->execute("INSERT INTO users (uuid, tenant_id, user_id, created_at, updated_at) VALUES ($1, $2, $3, 'x', 'x')",
                   {uuid, tenant, "id-" + uuid.substr(2)});
    repository_ = std::make_unique<TournamentsRepository>(*db_);
    service_ = std::make_unique<TournamentsService>(
        *repository_,
        [](std::int64_t, std::int64_t id) -> std::optional<TournamentInfo> {
          if (id == 8501) return TournamentInfo{8501, 3};
          if (id == 8502) return TournamentInfo{8502, 1};
          return std::nullopt;
        },
        clock_);
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  TeamDto team_of_sam() {
    auto team = service_->register_team(1, sam_, 8501, {"Sam", "sam#1", "Squad", "steam"});
    EXPECT_TRUE(team) << (team ? "" : team.error().message);
    return team_dto(*team);
  }
  JoinRequestDto join(const Caller& who, std::int64_t team_id) {
    auto r = service_->send_join_request(1, who, team_id, {"Name", "ingame", "steam"});
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    return request_dto(*r);
  }
  // The fragments as the routes answer them.
  json::object pending_requests(std::int64_t tenant_id, const std::optional<Caller>& caller,
                                std::int64_t tournament_id, std::string_view id) {
    return json::value_from(pending_fragment(id, service_->pending_requests(tenant_id, caller, tournament_id)))
        .as_object();
  }
  json::object team_notifications(std::int64_t tenant_id, const std::optional<Caller>& caller,
                                  std::int64_t tournament_id, std::string_view id) {
    return json::value_from(notifications_fragment(id, service_->team_notifications(tenant_id, caller, tournament_id)))
        .as_object();
  }
  static std::int64_t count(const json::object& node, std::string_view key) {
    return node.at("data").at("customProperties").at(key).at("count").as_int64();
  }

  fs::path dir_;
  core::ManualClock clock_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<TournamentsRepository> repository_;
  std::unique_ptr<TournamentsService> service_;
  const Caller sam_{"u-sam", "id-sam"}, gale_{"u-gale", "id-gale"}, pat_{"u-pat", "id-pat"}, kim_{"u-kim", "id-kim"};
};

TEST_F(TournamentsServiceTest, RegisterMakesTheCallerCaptainOnce) {
  auto team = team_of_sam();
  EXPECT_EQ(team.tournamentId, 8501);
  EXPECT_EQ(team.captainUserId, "id-sam");
  ASSERT_EQ(team.members.size(), 1u);
  EXPECT_EQ(team.members[0].role, "CAPTAIN");
  EXPECT_EQ(team.members[0].ingameId, "sam#1");

  auto again = service_->register_team(1, sam_, 8501, {"Sam", "sam#1", "Other", "steam"});
  ASSERT_FALSE(again);
  EXPECT_EQ(wire(again).status, 409);
  EXPECT_EQ(wire(again).code, "ALREADY_IN_TEAM");
  auto taken = service_->register_team(1, gale_, 8501, {"Gale", "g", "Squad", "steam"});
  ASSERT_FALSE(taken);
  EXPECT_EQ(wire(taken).code, "TEAM_NAME_TAKEN");
  // Another tournament is another matter.
  EXPECT_TRUE(service_->register_team(1, sam_, 8502, {"Sam", "sam#1", "Solo", "steam"}));
  auto unknown = service_->register_team(1, gale_, 9999, {"Gale", "g", "X", "steam"});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(wire(unknown).code, "TOURNAMENT_NOT_FOUND");
}

TEST(TournamentInfo, FromTheCatalogArticle) {
  // The article's customProperties as its typed document reads them (a teamSize that is no whole number is left out).
  const auto info = [](std::string_view type, const char* doc) {
    return tournament_info(1, type, tournament_properties(json::parse(doc).as_object()));
  };
  EXPECT_FALSE(info("online_game", R"({"customProperties":{"teamSize":3}})"));
  EXPECT_EQ(info("tournament", "{}")->team_size, 1);
  EXPECT_EQ(info("tournament", R"({"customProperties":{"teamSize":3,"status":"running"}})")->team_size, 3);
  EXPECT_EQ(info("tournament", R"({"customProperties":{"teamSize":0}})")->team_size, 1);
  EXPECT_EQ(info("tournament", R"({"customProperties":{"teamSize":5000}})")->team_size, 1000);
  EXPECT_EQ(info("tournament", R"({"customProperties":{"teamSize":"3"}})")->team_size, 1);
  EXPECT_EQ(tournament_properties(json::parse(R"({"customProperties":{"teamSize":"3","status":"running"}})").as_object())
                ->status,
            "running");
}

TEST_F(TournamentsServiceTest, InputIsValidatedNamingTheField) {
  auto fails_on = [&](RegisterInput in) {
    auto r = service_->register_team(1, sam_, 8501, std::move(in));
    EXPECT_FALSE(r);
    return r ? std::string() : wire(r).data.at("field").as_string().c_str();
  };
  EXPECT_EQ(fails_on({"", "x", "T", "steam"}), "userName");
  EXPECT_EQ(fails_on({"Sam", "  ", "T", "steam"}), "ingameId");
  EXPECT_EQ(fails_on({"Sam", "x", std::string(65, 'a'), "steam"}), "teamName");
  EXPECT_EQ(fails_on({"Sam", "x", "<b>", "steam"}), "teamName");
  EXPECT_EQ(fails_on({"Sam", "x", "T", ""}), "provider");
  EXPECT_EQ(fails_on({"Sam", "x", "T", "st eam"}), "provider");
  auto bad_status = service_->answer_request(1, sam_, 1, {"steam", "MAYBE", ""});
  ASSERT_FALSE(bad_status);
  EXPECT_EQ(wire(bad_status).data.at("field").as_string(), "status");
  EXPECT_EQ(parse_team_scope("smartlink").value(), 0);
  EXPECT_EQ(parse_team_scope("12").value(), 12);
  EXPECT_FALSE(parse_team_scope("twelve"));
  EXPECT_FALSE(parse_team_scope(""));
}

TEST_F(TournamentsServiceTest, JoinRequestsArePendingOnceAndRespectTeamSize) {
  auto team = team_of_sam();
  auto r = join(gale_, team.id);
  EXPECT_EQ(r.status, "PENDING");
  EXPECT_EQ(r.members, 1);
  auto twice = service_->send_join_request(1, gale_, team.id, {"Gale", "g", "steam"});
  ASSERT_FALSE(twice);
  EXPECT_EQ(wire(twice).code, "JOIN_REQUEST_PENDING");
  auto own = service_->send_join_request(1, sam_, team.id, {"Sam", "s", "steam"});
  ASSERT_FALSE(own);
  EXPECT_EQ(wire(own).code, "ALREADY_IN_TEAM");
  auto missing = service_->send_join_request(1, gale_, 4242, {"Gale", "g", "steam"});
  ASSERT_FALSE(missing);
  EXPECT_EQ(wire(missing).code, "TEAM_NOT_FOUND");
  // A solo tournament's team is full with its captain.
  auto solo = service_->register_team(1, pat_, 8502, {"Pat", "p", "Lone", "steam"});
  ASSERT_TRUE(solo);
  auto full = service_->send_join_request(1, gale_, solo->id, {"Gale", "g", "steam"});
  ASSERT_FALSE(full);
  EXPECT_EQ(wire(full).code, "TEAM_FULL");
}

TEST_F(TournamentsServiceTest, OnlyTheCaptainAnswersAndOnlyOnce) {
  auto team = team_of_sam();
  auto gale = join(gale_, team.id);
  auto pat = join(pat_, team.id);
  auto not_captain = service_->answer_request(1, gale_, pat.id, {"steam", "ACCEPTED", ""});
  ASSERT_FALSE(not_captain);
  EXPECT_EQ(wire(not_captain).status, 403);
  EXPECT_EQ(wire(not_captain).code, "NOT_TEAM_CAPTAIN");
  auto wrong_user = service_->answer_request(1, sam_, gale.id, {"steam", "ACCEPTED", "id-pat"});
  ASSERT_FALSE(wrong_user);
  EXPECT_EQ(wire(wrong_user).data.at("field").as_string(), "userId");

  auto accepted = service_->answer_request(1, sam_, gale.id, {"steam", "ACCEPTED", "id-gale"});
  ASSERT_TRUE(accepted) << accepted.error().message;
  EXPECT_EQ(accepted->status, "ACCEPTED");
  EXPECT_EQ(accepted->members, 2);
  auto again = service_->answer_request(1, sam_, gale.id, {"steam", "DECLINED", ""});
  ASSERT_FALSE(again);
  EXPECT_EQ(wire(again).code, "REQUEST_ALREADY_ANSWERED");
  auto declined = service_->answer_request(1, sam_, pat.id, {"steam", "DECLINED", ""});
  ASSERT_TRUE(declined);
  EXPECT_EQ(declined->members, 2);
  EXPECT_EQ(repository_->members(1, team.id).size(), 2u);
  // Gale is now in a team of 8501: no second team, no other request there.
  auto second = service_->register_team(1, gale_, 8501, {"Gale", "g", "Mine", "steam"});
  ASSERT_FALSE(second);
  EXPECT_EQ(wire(second).code, "ALREADY_IN_TEAM");
  auto missing = service_->answer_request(1, sam_, 999, {"steam", "ACCEPTED", ""});
  ASSERT_FALSE(missing);
  EXPECT_EQ(wire(missing).code, "JOIN_REQUEST_NOT_FOUND");
}

TEST_F(TournamentsServiceTest, FragmentsAndNotifications) {
  auto team = team_of_sam();
  auto gale = join(gale_, team.id);
  join(pat_, team.id);
  // Guests see nothing.
  EXPECT_EQ(count(pending_requests(1, std::nullopt, 0, "all"), "pendingRequests"), 0);
  EXPECT_EQ(count(team_notifications(1, std::nullopt, 0, "all"), "notifications"), 0);

  auto pending = pending_requests(1, sam_, 0, "all");
  EXPECT_EQ(pending.at("name").as_string(), "fragments_tournament-pending-requests");
  EXPECT_EQ(count(pending, "pendingRequests"), 2);
  const auto& first = pending.at("data").at("customProperties").at("pendingRequests").at("requests").at(0);
  EXPECT_EQ(first.at("teamName").as_string(), "Squad");
  EXPECT_EQ(first.at("members").as_int64(), 1);
  EXPECT_EQ(count(pending_requests(1, sam_, 8502, "8502"), "pendingRequests"), 0);
  EXPECT_EQ(count(pending_requests(1, gale_, 0, "all"), "pendingRequests"), 0);

  ASSERT_TRUE(service_->answer_request(1, sam_, gale.id, {"steam", "ACCEPTED", ""}));
  EXPECT_EQ(count(pending_requests(1, sam_, 0, "all"), "pendingRequests"), 1);
  auto notes = team_notifications(1, gale_, 0, "all");
  ASSERT_EQ(count(notes, "notifications"), 1);
  const auto& item = notes.at("data").at("customProperties").at("notifications").at("items").at(0);
  EXPECT_EQ(item.at("kind").as_string(), "ACCEPTED");
  EXPECT_EQ(item.at("teamId").as_int64(), team.id);
  EXPECT_EQ(item.at("tournamentId").as_int64(), 8501);

  EXPECT_EQ(service_->mark_notified(1, gale_, team.id + 1, ""), 0);
  EXPECT_EQ(service_->mark_notified(1, gale_, team.id, "psn"), 0);
  EXPECT_EQ(service_->mark_notified(1, gale_, team.id, "steam"), 1);
  EXPECT_EQ(service_->mark_notified(1, gale_, 0, ""), 0);
  EXPECT_EQ(count(team_notifications(1, gale_, 0, "all"), "notifications"), 0);
}

// A guest's fragment, whole: the ConfigNode the client draws (no field more or less).
TEST(TournamentsFragments, AreConfigNodes) {
  EXPECT_EQ(json::value_from(notifications_fragment("all", {})),
            json::parse(R"({"id":"all","name":"fragments_tournament-team-notifications","data":{"title":"",
              "subTitle":"","imageUrl":"","clickUrl":"","customProperties":{"type":"tournament-team-notifications",
              "notifications":{"count":0,"items":[]}}},"substructure":[]})"));
  EXPECT_EQ(json::value_from(pending_fragment("8501", {})),
            json::parse(R"({"id":"8501","name":"fragments_tournament-pending-requests","data":{"title":"",
              "subTitle":"","imageUrl":"","clickUrl":"","customProperties":{"type":"tournament-pending-requests",
              "pendingRequests":{"count":0,"requests":[]}}},"substructure":[]})"));
}

TEST_F(TournamentsServiceTest, TenantsDoNotSeeEachOthersTeams) {
  auto team = team_of_sam();
  const Caller other{"u-other", "id-other"};
  auto r = service_->send_join_request(2, other, team.id, {"O", "o", "steam"});
  ASSERT_FALSE(r);
  EXPECT_EQ(wire(r).code, "TEAM_NOT_FOUND");
  auto pending = join(gale_, team.id);
  auto answer = service_->answer_request(2, other, pending.id, {"steam", "ACCEPTED", ""});
  ASSERT_FALSE(answer);
  EXPECT_EQ(wire(answer).code, "JOIN_REQUEST_NOT_FOUND");
  EXPECT_EQ(count(pending_requests(2, sam_, 0, "all"), "pendingRequests"), 0);
}

// The notes a join request and its answer leave (notifications::Notifier).
struct RecordingNotifier final : notifications::Notifier {
  std::vector<std::pair<std::int64_t, notifications::Note>> notes;
  void notify(db::Session&, std::int64_t tenant_id, const notifications::Note& note) override {
    notes.emplace_back(tenant_id, note);
  }
  void notify(std::int64_t tenant_id, const notifications::Note& note) noexcept override {
    notes.emplace_back(tenant_id, note);
  }
};

TEST_F(TournamentsServiceTest, AJoinRequestTellsTheCaptainAndTheAnswerTheRequester) {
  RecordingNotifier notifier;
  TournamentsService told(
      *repository_, [](std::int64_t, std::int64_t id) -> std::optional<TournamentInfo> { return TournamentInfo{id, 3}; },
      clock_, &notifier);
  auto team = told.register_team(1, sam_, 8501, {"Sam", "sam#1", "Squad", "steam"});
  ASSERT_TRUE(team);
  EXPECT_TRUE(notifier.notes.empty());
  auto request = told.send_join_request(1, gale_, team->id, {"Gale", "g#1", "steam"});
  ASSERT_TRUE(request);
  ASSERT_EQ(notifier.notes.size(), 1u);
  const auto& [tenant, asked] = notifier.notes[0];
  EXPECT_EQ(tenant, 1);
  EXPECT_EQ(asked.user_uuid, "u-sam");
  EXPECT_EQ(asked.kind, "TEAM_JOIN_REQUEST");
  EXPECT_EQ(asked.params.at("userName"), "Gale");
  EXPECT_EQ(asked.params.at("teamName"), "Squad");
  EXPECT_EQ(asked.target, "/tournaments/details/8501");
  // A refused request tells nobody.
  EXPECT_FALSE(told.send_join_request(1, gale_, team->id, {"Gale", "g#1", "steam"}));
  EXPECT_EQ(notifier.notes.size(), 1u);

  ASSERT_TRUE(told.answer_request(1, sam_, request->id, {"steam", "DECLINED", ""}));
  ASSERT_EQ(notifier.notes.size(), 2u);
  EXPECT_EQ(notifier.notes[1].second.user_uuid, "u-gale");
  EXPECT_EQ(notifier.notes[1].second.kind, "TEAM_REQUEST_DECLINED");
  EXPECT_FALSE(told.answer_request(1, sam_, request->id, {"steam", "ACCEPTED", ""}));
  EXPECT_EQ(notifier.notes.size(), 2u);
}

}  // namespace
}  // namespace portal::tournaments
