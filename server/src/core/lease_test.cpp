// The heartbeat that keeps a background claim: it renews on its beat, stops at the first lost renewal
// (telling the work once), keeps beating through a failed one, and ends with its owner.
#include "core/lease.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace portal::core {
namespace {

using std::chrono::milliseconds;

// Waits (at most two seconds) for `done`.
template <class F>
bool eventually(F done) {
  for (int i = 0; i < 400 && !done(); ++i) std::this_thread::sleep_for(milliseconds(5));
  return done();
}

TEST(Heartbeat, RenewsOnItsBeatWhileItLives) {
  std::atomic<int> renewals{0};
  {
    Heartbeat beat([&] { return ++renewals, true; }, {}, milliseconds(10));
    EXPECT_TRUE(eventually([&] { return renewals >= 3; }));
    EXPECT_FALSE(beat.lost());
  }
  const int at_end = renewals;
  std::this_thread::sleep_for(milliseconds(40));
  EXPECT_EQ(renewals, at_end) << "no renewal after the work ended";
}

TEST(Heartbeat, ALostClaimEndsTheBeatAndTellsTheWorkOnce) {
  std::atomic<int> renewals{0}, told{0};
  Heartbeat beat([&] { return ++renewals < 2; }, [&] { ++told; }, milliseconds(5));
  ASSERT_TRUE(eventually([&] { return beat.lost(); }));
  std::this_thread::sleep_for(milliseconds(30));
  EXPECT_EQ(renewals, 2);
  EXPECT_EQ(told, 1);
  EXPECT_EQ(beat.beats(), 1);
}

TEST(Heartbeat, AFailedRenewalIsTriedAgainAtTheNextBeat) {
  std::atomic<int> calls{0};
  Heartbeat beat([&]() -> bool {
    if (++calls == 1) throw std::runtime_error("the database is away");
    return true;
  }, {}, milliseconds(5));
  EXPECT_TRUE(eventually([&] { return beat.beats() >= 2; }));
  EXPECT_FALSE(beat.lost());
}

TEST(Heartbeat, EndsWithItsOwnerBeforeItsFirstBeat) {
  std::atomic<int> renewals{0};
  // An hour's beat: the owner's end wakes it (the test would hang otherwise).
  { Heartbeat beat([&] { return ++renewals, true; }, {}, milliseconds(3'600'000)); }
  EXPECT_EQ(renewals, 0);
}

}  // namespace
}  // namespace portal::core
