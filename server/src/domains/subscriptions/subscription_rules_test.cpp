// The pure rules: state machine, billing cycles (month ends), trial
// durations, level direction, contingents, time text and return URLs.
#include "domains/subscriptions/subscription_rules.hpp"
#include "core/utc_time.hpp"

#include <gtest/gtest.h>

namespace portal::subscriptions {
namespace {

using namespace std::chrono;

TimePoint at(std::string_view iso) { return *core::parse_utc(iso); }

const Status kNone{};
const Status kActive{State::active, false, false, false};
const Status kActiveHeld{State::active, true, false, false};
const Status kActiveCancelling{State::active, false, true, false};
const Status kRequested{State::requested, true, false, false};
const Status kInactive{State::inactive, false, false, false};
const Status kCanceled{State::canceled, false, true, false};
const Status kTrial{State::active, false, false, true};

TEST(StateMachine, AllowedTransitions) {
  EXPECT_EQ(*transition(kNone, Event::paid_now), kActive);
  EXPECT_EQ(*transition(kNone, Event::payment_pending), kRequested);
  EXPECT_EQ(*transition(kNone, Event::trial_started), kTrial);
  EXPECT_EQ(*transition(kRequested, Event::settled_ok), kActive);
  EXPECT_EQ(*transition(kRequested, Event::declined), kInactive);
  EXPECT_EQ(*transition(kActive, Event::renewal_charged), kActive);
  EXPECT_EQ(*transition(kActive, Event::renewal_failed), kActiveHeld);
  EXPECT_EQ(*transition(kActiveHeld, Event::renewal_charged), kActive);
  EXPECT_EQ(*transition(kActiveHeld, Event::grace_over), kInactive);
  EXPECT_EQ(*transition(kActive, Event::cancel), kActiveCancelling);
  EXPECT_EQ(*transition(kActiveCancelling, Event::end_reached), kCanceled);
  EXPECT_EQ(transition(kActive, Event::migrated)->state, State::canceled);
  EXPECT_EQ(transition(kTrial, Event::trial_end)->state, State::inactive);
  EXPECT_EQ(transition(kActive, Event::refunded)->state, State::inactive);
  EXPECT_EQ(transition(kActiveCancelling, Event::refunded)->state, State::inactive);
  EXPECT_FALSE(transition(kInactive, Event::refunded));
  auto cancelled_trial = transition(kTrial, Event::cancel);
  ASSERT_TRUE(cancelled_trial);
  EXPECT_TRUE(cancelled_trial->trial);
  EXPECT_EQ(transition(*cancelled_trial, Event::end_reached)->state, State::canceled);
}

TEST(StateMachine, RefusedTransitions) {
  const std::vector<std::pair<Status, Event>> refused = {
      {kActive, Event::paid_now},          {kRequested, Event::paid_now},     {kNone, Event::settled_ok},
      {kActive, Event::settled_ok},        {kInactive, Event::declined},      {kInactive, Event::renewal_charged},
      {kCanceled, Event::renewal_charged}, {kActiveCancelling, Event::renewal_charged},
      {kTrial, Event::renewal_charged},    {kActive, Event::grace_over},      {kRequested, Event::cancel},
      {kActiveHeld, Event::cancel},        {kActiveCancelling, Event::cancel}, {kInactive, Event::cancel},
      {kActive, Event::end_reached},       {kCanceled, Event::end_reached},   {kInactive, Event::migrated},
      {kRequested, Event::migrated},       {kActive, Event::trial_end},       {kCanceled, Event::trial_end},
      {kActive, Event::trial_started},     {kInactive, Event::renewal_failed}};
  for (const auto& [from, event] : refused) {
    auto r = transition(from, event);
    ASSERT_FALSE(r) << to_string(from.state) << " " << to_string(event);
    EXPECT_NE(r.error().message.find(std::string(to_string(event))), std::string::npos) << r.error().message;
  }
}

TEST(Cycles, ParsesIsoDurations) {
  EXPECT_EQ(parse_cycle("P1D")->count, 1);
  EXPECT_EQ(parse_cycle("P7D")->unit, 'D');
  EXPECT_EQ(parse_cycle("P12M")->count, 12);
  EXPECT_EQ(parse_cycle("P2W")->unit, 'W');
  for (auto bad : {"", "P", "1M", "PM", "P0D", "P1H", "PT1H", "P-1D", "P1.5M"}) EXPECT_FALSE(parse_cycle(bad)) << bad;
}

TEST(Cycles, AddsDaysWeeksMonthsYears) {
  const auto t = at("2026-11-22T07:30:15Z");
  EXPECT_EQ(core::utc_text(add_cycle(t, *parse_cycle("P1D"))), "2026-11-23T07:30:15Z");
  EXPECT_EQ(core::utc_text(add_cycle(t, *parse_cycle("P7D"))), "2026-11-29T07:30:15Z");
  EXPECT_EQ(core::utc_text(add_cycle(t, *parse_cycle("P1M"))), "2026-12-22T07:30:15Z");
  EXPECT_EQ(core::utc_text(add_cycle(t, *parse_cycle("P2M"))), "2027-01-22T07:30:15Z");
  EXPECT_EQ(core::utc_text(add_cycle(t, *parse_cycle("P1Y"))), "2027-11-22T07:30:15Z");
}

TEST(Cycles, MonthEndsClamp) {
  EXPECT_EQ(core::utc_text(add_cycle(at("2027-01-31T10:00:00Z"), *parse_cycle("P1M"))), "2027-02-28T10:00:00Z");
  EXPECT_EQ(core::utc_text(add_cycle(at("2028-01-31T10:00:00Z"), *parse_cycle("P1M"))), "2028-02-29T10:00:00Z");
  EXPECT_EQ(core::utc_text(add_cycle(at("2026-03-31T00:00:00Z"), *parse_cycle("P1M"))), "2026-04-30T00:00:00Z");
  EXPECT_EQ(core::utc_text(add_cycle(at("2028-02-29T12:00:00Z"), *parse_cycle("P1Y"))), "2029-02-28T12:00:00Z");
  EXPECT_EQ(core::utc_text(add_cycle(at("2026-12-31T23:59:59Z"), *parse_cycle("P1D"))), "2027-01-01T23:59:59Z");
}

TEST(Trials, SecondAndThirdCharactersGiveNumberAndUnit) {
  auto d = parse_trial_duration("P7D");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->count, 7);
  EXPECT_EQ(d->unit, 'D');
  EXPECT_EQ(parse_trial_duration("P3D")->count, 3);
  EXPECT_EQ(parse_trial_duration("P1M")->unit, 'M');
  EXPECT_EQ(parse_trial_duration("P1Y")->unit, 'Y');
  EXPECT_FALSE(parse_trial_duration("P1W"));
  EXPECT_FALSE(parse_trial_duration("PXD"));
  EXPECT_FALSE(parse_trial_duration("P"));
  EXPECT_FALSE(parse_trial_duration("P0D"));
  EXPECT_EQ(core::utc_text(add_cycle(at("2026-01-31T00:00:00Z"), *parse_trial_duration("P1M"))),
            "2026-02-28T00:00:00Z");
}

TEST(Levels, DirectionWithinAGroup) {
  const std::vector<std::vector<std::int64_t>> levels{{101}, {102, 104}, {103}};
  EXPECT_EQ(level_direction(levels, 101, 103), Direction::upgrade);
  EXPECT_EQ(level_direction(levels, 101, 102), Direction::upgrade);
  EXPECT_EQ(level_direction(levels, 103, 101), Direction::downgrade);
  EXPECT_EQ(level_direction(levels, 102, 104), Direction::same);
  EXPECT_EQ(level_direction(levels, 101, 999), Direction::none);
  EXPECT_EQ(*level_of(levels, 104), 1);
}

TEST(Contingents, ResetOrAccumulateWithUnlimited) {
  const std::vector<Contingent> plan{{{"online_game"}, 5}, {{"full_track_music"}, -1}};
  const std::vector<Contingent> left{{{"online_game"}, 2}, {{"full_track_music"}, -1}};
  EXPECT_EQ(renew_contingents(plan, left, false), plan);
  auto acc = renew_contingents(plan, left, true);
  EXPECT_EQ(acc[0].amount, 7);
  EXPECT_EQ(acc[1].amount, -1);
  auto from_unlimited = renew_contingents({{{"x"}, 3}}, {{{"x"}, -1}}, true);
  EXPECT_EQ(from_unlimited[0].amount, -1);
  auto used_up = renew_contingents({{{"x"}, 3}}, {{{"x"}, 0}}, true);
  EXPECT_EQ(used_up[0].amount, 3);
  auto other_types = renew_contingents({{{"x"}, 3}}, {{{"y"}, 9}}, true);
  EXPECT_EQ(other_types[0].amount, 3);
}

TEST(PlanTitle, TheStorefrontsFallback) {
  const std::vector<std::pair<std::string, std::string>> attrs{{"DISPLAY_SERVICE_NAME_TEXT_en", "Music Plus"},
                                                                {"DISPLAY_SERVICE_NAME_TEXT_ar", "موسيقى بلس"},
                                                                {"DISPLAY_SERVICE_NAME_TEXT_fr", ""},
                                                                {"DISPLAY_SERVICE_TITLE_TEXT_de", "Musik"}};
  EXPECT_EQ(plan_title(attrs, "music-plus-internal", "ar"), "موسيقى بلس");
  EXPECT_EQ(plan_title(attrs, "music-plus-internal", "fr"), "Music Plus");  // empty: English
  EXPECT_EQ(plan_title(attrs, "music-plus-internal", "de"), "Music Plus");  // a name in English before a title
  const std::vector<std::pair<std::string, std::string>> titles{{"DISPLAY_SERVICE_TITLE_TEXT_de", "Musik"},
                                                                 {"DISPLAY_SERVICE_TITLE_TEXT_en", "Music"}};
  EXPECT_EQ(plan_title(titles, "internal", "de"), "Musik");
  EXPECT_EQ(plan_title(titles, "internal", "es"), "Music");
  EXPECT_EQ(plan_title({}, "internal", "ar"), "internal");
}

TEST(Times, RoundTrip) {
  EXPECT_EQ(core::utc_text(at("2026-11-22T07:00:00Z")), "2026-11-22T07:00:00Z");
  EXPECT_FALSE(core::parse_utc("yesterday"));
  EXPECT_FALSE(core::parse_utc("2026-11-22T07:00:00+02"));
}

}  // namespace
}  // namespace portal::subscriptions
