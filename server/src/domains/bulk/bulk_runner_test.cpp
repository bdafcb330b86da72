// The bulk jobs' worker against a migrated SQLite database (issue 78 item 3): a job's rows each done once with their
// audit entry in the row's transaction, refused rows listed with the reason; a job whose holder died (its lease left
// to lapse) is resumed by another instance at its first pending row and nothing is done twice; a row that another
// holder did meanwhile rolls the second change back. And the percent rule of the catalog's price action.
#include "domains/bulk/bulk_runner.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>

#include "db/test_database.hpp"
#include "db/timestamp.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/bulk/bulk_articles.hpp"
#include "domains/bulk/bulk_audit.hpp"
#include "domains/bulk/bulk_service.hpp"

namespace portal::bulk {
namespace {

class BulkRunnerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-bulk");
    db_ = db::open_test_database(dir_, {});
    repository_ = std::make_unique<BulkRepository>(*db_);
    service_ = std::make_unique<BulkService>(*repository_, clock_);
    Kind kind;
    // A row's work: its audit entry (the change) and its commit in one transaction; "bad" is refused.
    kind["touch"] = [this](const Job& job, const boost::json::object&, const std::string& target, const Commit& commit) {
      if (target == "bad") return RowOutcome::refused("VALIDATION_ERROR", "bad is refused");
      if (before_row) before_row(job, target);
      db_->transaction([&](db::Session& s) {
        audit::AuditRepository::append(s, row_entry(job, "test.touch", "thing", target));
        commit(s);
      });
      return RowOutcome::ok();
    };
    service_->add_kind("things", kind);
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    std::filesystem::remove_all(dir_);
  }

  Job make(std::vector<std::string> targets) {
    NewJob in{"things", "touch", {}, std::move(targets), {"staff-1", "ed@example.com", "editor", "POST /x", "", "r1"}};
    auto job = service_->create(1, std::move(in), {});
    EXPECT_TRUE(job);
    return *job;
  }
  std::int64_t audited(const std::string& target = "") {
    const std::string sql = "SELECT COUNT(*) FROM audit_log WHERE action = 'test.touch'" +
                            std::string(target.empty() ? "" : " AND object_id = $1");
    return db_->query(sql, target.empty() ? db::Params{} : db::Params{target})[0].integer(0);
  }
  JobView view(const Job& job) { return *service_->read(1, "things", job.id); }

  std::filesystem::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::unique_ptr<BulkRepository> repository_;
  std::unique_ptr<BulkService> service_;
  std::function<void(const Job&, const std::string&)> before_row;
};

TEST_F(BulkRunnerTest, EachRowOnceWithItsAuditEntryAndTheRefusedOnesListed) {
  std::vector<std::string> targets;
  for (int i = 0; i < 250; ++i) targets.push_back(i == 17 ? "bad" : "t" + std::to_string(i));
  const auto job = make(targets);
  EXPECT_EQ(job.state, "queued");
  BulkRunner runner(*repository_, *service_, clock_, {.chunk = 40});
  EXPECT_EQ(runner.run_once(), 250);
  const auto done = view(job);
  EXPECT_EQ(done.job.state, "finished");
  EXPECT_EQ(done.job.done, 249);
  EXPECT_EQ(done.job.failed, 1);
  ASSERT_EQ(done.failures.size(), 1u);
  EXPECT_EQ(done.failures[0].target, "bad");
  EXPECT_EQ(done.failures[0].code, "VALIDATION_ERROR");
  EXPECT_EQ(audited(), 249);
  EXPECT_EQ(runner.run_once(), 0);  // a finished job is not worked again
  EXPECT_EQ(audited(), 249);
}

TEST_F(BulkRunnerTest, AJobWhoseHolderDiedIsResumedWhereItStoppedAndNothingIsDoneTwice) {
  const auto job = make({"a", "b", "c", "d", "e", "f"});
  const auto now = clock_.now();
  // Another instance claimed it, did two rows and died (its lease is left to lapse).
  ASSERT_TRUE(repository_->claim(1, job.id, "dead-instance", db::utc_timestamp(now),
                                 db::utc_timestamp(now + core::kLeaseLength)));
  for (auto position : {0, 1})
    db_->transaction([&](db::Session& s) {
      audit::AuditRepository::append(s, row_entry(job, "test.touch", "thing", position == 0 ? "a" : "b"));
      ASSERT_TRUE(BulkRepository::mark_done(s, 1, job.id, position));
    });
  BulkRunner runner(*repository_, *service_, clock_, {});
  EXPECT_EQ(runner.run_once(), 0);  // its lease still runs: nobody else takes the job
  clock_.advance(core::kLeaseLength + std::chrono::seconds(1));
  EXPECT_EQ(runner.run_once(), 4);  // the lease lapsed: resumed at the first pending row
  const auto done = view(job);
  EXPECT_EQ(done.job.state, "finished");
  EXPECT_EQ(done.job.done, 6);
  for (const auto* t : {"a", "b", "c", "d", "e", "f"}) EXPECT_EQ(audited(t), 1) << t;
  // The dead holder's token no longer renews or finishes anything.
  EXPECT_FALSE(repository_->renew(1, job.id, "dead-instance", db::utc_timestamp(clock_.now())));
}

TEST_F(BulkRunnerTest, ARowAnotherHolderDidMeanwhileRollsTheSecondChangeBack) {
  const auto job = make({"x", "y"});
  // While this holder works "x", another marks it done first (the race of a lapsed lease).
  before_row = [this](const Job& j, const std::string& target) {
    if (target == "x")
      db_->transaction([&](db::Session& s) { ASSERT_TRUE(BulkRepository::mark_done(s, 1, j.id, 0)); });
  };
  BulkRunner runner(*repository_, *service_, clock_, {});
  runner.run_once();
  const auto done = view(job);
  EXPECT_EQ(done.job.done, 2);  // x by the other, y by this one
  EXPECT_EQ(audited("x"), 0);   // this holder's change of x rolled back with its audit entry
  EXPECT_EQ(audited("y"), 1);
}

TEST_F(BulkRunnerTest, ASelectionIsRefusedEmptyOrTooLargeAndAnUnknownActionNamed) {
  NewJob none{"things", "touch", {}, {}, {}};
  EXPECT_EQ(service_->create(1, none, {}).error().code, ErrorCode::nothing_selected);
  NewJob many{"things", "touch", {}, std::vector<std::string>(kMaxRows + 1, "t"), {}};
  EXPECT_EQ(service_->create(1, many, {}).error().code, ErrorCode::too_many_rows);
  NewJob unknown{"things", "explode", {}, {"t"}, {}};
  const auto refused = service_->create(1, unknown, {});
  EXPECT_EQ(refused.error().field, "action");
  EXPECT_EQ(service_->read(2, "things", make({"t"}).id).error().code, ErrorCode::job_not_found);  // another tenant's
}

TEST(BulkPrices, APercentRoundsHalfAwayFromZeroToTheMinorUnitAndNeverBelowZero) {
  EXPECT_EQ(price_by_percent(101, 10), 111);    // 111.1
  EXPECT_EQ(price_by_percent(102, 10), 112);    // 112.2
  EXPECT_EQ(price_by_percent(199, -50), 100);   // 99.5
  EXPECT_EQ(price_by_percent(999, 12.5), 1124);  // 1123.875
  EXPECT_EQ(price_by_percent(0, 50), 0);
  EXPECT_EQ(price_by_percent(100, 1000), 1100);
  EXPECT_EQ(price_by_percent(1, -99.99), 0);
}

}  // namespace
}  // namespace portal::bulk
