// The read replicas' rules (db/replicas.hpp, db/read_database.hpp): positions, lag in time, which replica serves
// a reader and when the primary does.
#include "db/replicas.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>

#include "db/blocking.hpp"
#include "db/read_database.hpp"

namespace portal::db {
namespace {

using std::chrono::seconds;
using Clock = std::chrono::steady_clock;

TEST(ReplicaLsn, ParsesAndFormatsPostgresPositions) {
  EXPECT_EQ(parse_lsn("0/0"), 0u);
  EXPECT_EQ(parse_lsn("16/B374D848"), 0x16B374D848u);
  EXPECT_EQ(parse_lsn("ffffffff/FFFFFFFF"), ~std::uint64_t{0});
  EXPECT_EQ(format_lsn(0x16B374D848u), "16/B374D848");
  EXPECT_EQ(parse_lsn(format_lsn(0x3000060u)), 0x3000060u);
  for (const char* bad : {"", "/", "16", "16/", "/B3", "16/B374D848X", "G/0", "123456789/0", "0/123456789", "-1/0",
                          "1 /0"})
    EXPECT_FALSE(parse_lsn(bad)) << bad;
}

TEST(ReplicaLag, IsTheAgeOfTheOldestPrimaryPositionNotReplayed) {
  const auto now = Clock::now();
  const std::vector<LsnSample> samples{{now - seconds(4), 100}, {now - seconds(3), 100}, {now - seconds(2), 300},
                                       {now - seconds(1), 500}, {now, 500}};
  EXPECT_EQ(replica_lag(samples, 500, now).count(), 0);  // replayed the latest
  EXPECT_EQ(replica_lag(samples, 900, now).count(), 0);  // past it (the sample is a moment old)
  EXPECT_DOUBLE_EQ(replica_lag(samples, 300, now).count(), 1.0);  // the primary wrote past 300 a second ago
  EXPECT_DOUBLE_EQ(replica_lag(samples, 100, now).count(), 2.0);
  EXPECT_DOUBLE_EQ(replica_lag(samples, 50, now).count(), 4.0);  // behind the oldest sample: at least its age
  // An idle primary: a replica that replayed everything is not behind, however long nothing was written.
  const std::vector<LsnSample> idle{{now - seconds(30), 700}, {now, 700}};
  EXPECT_EQ(replica_lag(idle, 700, now).count(), 0);
  EXPECT_EQ(replica_lag({}, 0, now).count(), 0);
}

TEST(ReplicaChoice, AGuestReadsFromAReplicaInRotationTakingTurns) {
  const std::vector<ReplicaHealth> replicas{{true, 500}, {false, 900}, {true, 400}};
  EXPECT_EQ(choose_replica(replicas, 0, 0), 0u);
  EXPECT_EQ(choose_replica(replicas, 0, 1), 2u);  // the lagging or down one never
  EXPECT_EQ(choose_replica(replicas, 0, 2), 0u);
}

TEST(ReplicaChoice, WhoeverJustWroteReadsFromAReplicaThatReplayedTheirWriteElseFromThePrimary) {
  const std::vector<ReplicaHealth> replicas{{true, 500}, {false, 900}, {true, 400}};
  EXPECT_EQ(choose_replica(replicas, 450, 1), 0u);      // only the first has replayed 450
  EXPECT_EQ(choose_replica(replicas, 500, 7), 0u);      // exactly up to it
  EXPECT_EQ(choose_replica(replicas, 501, 0), std::nullopt);  // none yet: the primary (the one at 900 is out)
  EXPECT_EQ(choose_replica(replicas, ~std::uint64_t{0}, 0), std::nullopt);  // a forged position: the primary
}

TEST(ReplicaChoice, NoneInRotationMeansThePrimary) {
  EXPECT_EQ(choose_replica(std::vector<ReplicaHealth>{}, 0, 0), std::nullopt);
  EXPECT_EQ(choose_replica(std::vector<ReplicaHealth>{{false, 500}, {false, 500}}, 0, 3), std::nullopt);
}

TEST(ReplicaChoice, AReaderStaysOnTheReplicaItReadFromWhileItMayServe) {
  const std::vector<ReplicaHealth> replicas{{true, 500}, {true, 500}, {true, 300}};
  EXPECT_EQ(choose_replica(replicas, 0, 0, 2), 1u);
  EXPECT_EQ(choose_replica(replicas, 0, 1, 2), 1u);
  EXPECT_EQ(choose_replica(replicas, 400, 0, 3), 0u);  // pinned to one that has not replayed the write: another
  EXPECT_EQ(choose_replica(replicas, 0, 1, 9), 1u);    // a pin past the list is ignored
  EXPECT_EQ(choose_replica(std::vector<ReplicaHealth>{{true, 500}, {false, 500}}, 0, 0, 2), 0u);  // pinned one left out
}

TEST(ReplicaRouting, OnlyStatementsThatStartWithSelectMayGoToAReplica) {
  EXPECT_TRUE(reads_only("SELECT 1"));
  EXPECT_TRUE(reads_only("  \n select id FROM articles"));
  EXPECT_FALSE(reads_only("UPDATE articles SET reads = reads + 1 RETURNING reads"));
  EXPECT_FALSE(reads_only("WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x"));
  EXPECT_FALSE(reads_only("SELECTED"));
  EXPECT_FALSE(reads_only(""));
}

// The request's read scope travels with its database work (db/blocking.hpp): the pool thread runs the work in the
// scope the request had when it offloaded it, the request resumes with the scope the work left (a write turns it to
// the primary), and the pool thread keeps nothing of it for the next job.
TEST(ReplicaRouting, TheReadScopeTravelsWithTheRequestsDatabaseWork) {
  boost::asio::io_context io;
  boost::asio::thread_pool pool(1);
  ReadScope seen, resumed, next_job{true, 99, 9};
  boost::asio::co_spawn(io, [&]() -> boost::asio::awaitable<void> {
    current_read_scope() = ReadScope{true, 42, 0};
    seen = co_await offload(pool, [] {
      ReadScope here = current_read_scope();
      current_read_scope().replica = false;  // the work wrote
      current_read_scope().pinned = 2;
      return here;
    });
    resumed = current_read_scope();
    current_read_scope() = {};
    next_job = co_await offload(pool, [] { return current_read_scope(); });
  }, boost::asio::detached);
  io.run();
  pool.join();
  EXPECT_TRUE(seen.replica);
  EXPECT_EQ(seen.after, 42u);
  EXPECT_FALSE(resumed.replica);
  EXPECT_EQ(resumed.after, 42u);
  EXPECT_EQ(resumed.pinned, 2u);
  EXPECT_FALSE(next_job.replica);
  EXPECT_EQ(next_job.after, 0u);
}

TEST(ReplicaName, KeepsNoCredentials) {
  EXPECT_EQ(replica_name("postgresql://portal:secret@db2.internal:5432/portal?pool_mode=transaction"),
            "db2.internal:5432/portal");
  EXPECT_EQ(replica_name("postgres://db3/portal"), "db3/portal");
}

}  // namespace
}  // namespace portal::db
