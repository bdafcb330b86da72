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

}  // namespace
}  // namespace portal::db
