// Claims, answers, releases and stale take-overs of Idempotency-Keys on SQLite.
#include "db/idempotency_repository.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "db/migrations.hpp"

namespace portal::db {
namespace {

namespace fs = std::filesystem;
using State = IdempotencyRecord::State;

class IdempotencyRepositoryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-idem-" + std::to_string(std::random_device{}()));
    db_ = open((dir_ / "portal.db").string(), 2);
    migrate(*db_, load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) "
                 "VALUES (1, 'a', 'A', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')");
    repo_ = std::make_unique<IdempotencyRepository>(*db_);
  }
  void TearDown() override {
    db_.reset();
    fs::remove_all(dir_);
  }
  IdempotencyRecord claim(const std::string& fingerprint, const std::string& now = "2025-01-01T00:00:10Z",
                          const std::string& stale_before = "2025-01-01T00:00:00Z") {
    return repo_->claim(1, "u", "k", fingerprint, now, stale_before);
  }

  fs::path dir_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<IdempotencyRepository> repo_;
};

TEST_F(IdempotencyRepositoryTest, ClaimRunAnswer) {
  auto first = claim("POST /x aaa");
  ASSERT_EQ(first.state, State::claimed);
  EXPECT_FALSE(first.token.empty());
  auto twin = claim("POST /x aaa");
  EXPECT_EQ(twin.state, State::running);
  EXPECT_EQ(twin.fingerprint, "POST /x aaa");
  EXPECT_FALSE(repo_->complete(1, "u", "k", "not-the-token", 201, "{}"));
  EXPECT_TRUE(repo_->complete(1, "u", "k", first.token, 201, R"({"data":1})"));
  auto done = claim("POST /x aaa");
  EXPECT_EQ(done.state, State::answered);
  EXPECT_EQ(done.status, 201);
  EXPECT_EQ(done.body, R"({"data":1})");
  repo_->release(1, "u", "k", first.token);  // an answer is never released
  EXPECT_EQ(claim("POST /x aaa").state, State::answered);
  // Keys are per user.
  EXPECT_EQ(repo_->claim(1, "v", "k", "POST /x aaa", "2025-01-01T00:00:10Z", "2025-01-01T00:00:00Z").state,
            State::claimed);
}

TEST_F(IdempotencyRepositoryTest, AReleasedKeyIsFreeAndAStaleClaimIsTakenOver) {
  auto first = claim("POST /x aaa");
  repo_->release(1, "u", "k", first.token);
  auto again = claim("POST /x bbb");
  ASSERT_EQ(again.state, State::claimed);
  // At 00:01:00, with claims from before 00:00:30 deemed dead, the one of 00:00:10 is taken over.
  auto late = claim("POST /x ccc", "2025-01-01T00:01:00Z", "2025-01-01T00:00:30Z");
  ASSERT_EQ(late.state, State::claimed);
  EXPECT_NE(late.token, again.token);
  EXPECT_FALSE(repo_->complete(1, "u", "k", again.token, 200, "{}"));  // the dead claim's answer is not kept
  EXPECT_TRUE(repo_->complete(1, "u", "k", late.token, 200, "{}"));
  EXPECT_EQ(claim("POST /x ccc").fingerprint, "POST /x ccc");
}

TEST_F(IdempotencyRepositoryTest, AMarkedClaimIsKeptForItsOwnCallOnly) {
  auto first = claim("POST /x aaa");
  db_->transaction([&](Session& s) { EXPECT_TRUE(repo_->mark(s, 1, "u", "k", first.token, "order-1")); });
  db_->transaction([&](Session& s) { EXPECT_FALSE(repo_->mark(s, 1, "u", "k", "not-the-token", "order-2")); });
  // A failure after the write does not give the key up: it only goes stale at once.
  repo_->release(1, "u", "k", first.token);
  EXPECT_EQ(claim("POST /x bbb").state, State::running);  // another call: refused (422 above)
  auto resumed = claim("POST /x aaa");
  ASSERT_EQ(resumed.state, State::claimed);
  EXPECT_EQ(resumed.recovery, "order-1");
  // The first holder's token no longer marks or answers.
  db_->transaction([&](Session& s) { EXPECT_FALSE(repo_->mark(s, 1, "u", "k", first.token, "order-3")); });
  EXPECT_FALSE(repo_->complete(1, "u", "k", first.token, 200, "{}"));
  EXPECT_TRUE(repo_->complete(1, "u", "k", resumed.token, 200, "{}"));
  EXPECT_EQ(claim("POST /x aaa").state, State::answered);
}

TEST_F(IdempotencyRepositoryTest, AStaleMarkedClaimIsResumedAndAnUnmarkedOneRunsAfresh) {
  auto marked = repo_->claim(1, "u", "k", "POST /x aaa", "2025-01-01T00:00:10Z", "2025-01-01T00:00:00Z");
  db_->transaction([&](Session& s) { repo_->mark(s, 1, "u", "k", marked.token, "refund-1"); });
  auto fresh = repo_->claim(1, "u", "k2", "POST /x aaa", "2025-01-01T00:00:10Z", "2025-01-01T00:00:00Z");
  // Three minutes later both holders are deemed dead.
  auto late = repo_->claim(1, "u", "k", "POST /x aaa", "2025-01-01T00:03:10Z", "2025-01-01T00:01:10Z");
  ASSERT_EQ(late.state, State::claimed);
  EXPECT_EQ(late.recovery, "refund-1");
  auto other = repo_->claim(1, "u", "k2", "POST /x aaa", "2025-01-01T00:03:10Z", "2025-01-01T00:01:10Z");
  ASSERT_EQ(other.state, State::claimed);
  EXPECT_EQ(other.recovery, "");
  EXPECT_NE(other.token, fresh.token);
}

}  // namespace
}  // namespace portal::db
