// The pure rules of streaming: content types per player, protocol and DRM,
// ticket expiry, report validation (dates, durations), the claimed cap, what
// a report counts (the ticket's open time plus the allowance, the length),
// and resume positions.
#include "domains/streaming/streaming_rules.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "domains/catalog/catalog_article_document.hpp"
#include "domains/streaming/streaming_answers.hpp"

namespace portal::streaming {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire_of(const Result<T>& r) {
  return http_error(r.error());
}

using namespace std::chrono;
namespace json = boost::json;

std::string field_of(const http::Error& e) {
  const auto* o = e.data.if_object();
  const auto* f = o ? o->if_contains("field") : nullptr;
  return f && f->is_string() ? std::string(f->as_string()) : std::string();
}

ReportInput good_report() {
  ReportInput in;
  in.ticket_id = "7c0e4a8e-1111-4222-8333-444455556666";
  in.type = "listened";
  in.date = "2026-11-23T09:00:00Z";
  in.usage_duration = 15;
  in.max_usage_duration = 83;
  return in;
}

TEST(StreamingRules, ContentTypesPerPlayer) {
  for (auto t : {"full_track_music", "audio_book_chapter", "podcast"}) {
    EXPECT_TRUE(is_audio_type(t)) << t;
    EXPECT_TRUE(kind_allows(MediaKind::audio, t));
    EXPECT_FALSE(kind_allows(MediaKind::video, t));
  }
  for (auto t : {"full_length_video", "video", "music_video"}) {
    EXPECT_TRUE(is_video_type(t)) << t;
    EXPECT_FALSE(kind_allows(MediaKind::audio, t));
  }
  for (auto t : {"album", "playlist", "audiobook", "podcastcollection", "videocollection", "game", "news", "artist"})
    EXPECT_FALSE(is_playable_type(t)) << t;
  EXPECT_TRUE(is_playable_type("online_game"));
}

TEST(StreamingRules, ProtocolAndDrm) {
  for (auto p : {"http", "https", "hls"}) EXPECT_TRUE(check_protocol(p).has_value());
  for (auto p : {"", "HLS", "dash", "rtmp"}) {
    auto r = check_protocol(p);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(field_of(wire_of(r)), "protocol");
  }
  EXPECT_TRUE(check_drm(std::nullopt).has_value());
  EXPECT_TRUE(check_drm(std::string()).has_value());
  EXPECT_TRUE(check_drm(std::string("none")).has_value());
  for (auto d : {"widevine", "fairplay", "playready", "NONE"}) {
    auto r = check_drm(std::string(d));
    ASSERT_FALSE(r.has_value()) << d;
    EXPECT_EQ(wire_of(r).status, 400);
    EXPECT_EQ(wire_of(r).code, "DRM_NOT_SUPPORTED");
    EXPECT_EQ(field_of(wire_of(r)), "drm");
  }
}

TEST(StreamingRules, TicketExpiryIsThreeLengthsButAtLeastSixHours) {
  const system_clock::time_point t0{seconds{1'800'000'000}};
  EXPECT_EQ(ticket_expiry(t0, 83'000), t0 + hours(6));             // a track
  EXPECT_EQ(ticket_expiry(t0, 0), t0 + hours(6));
  EXPECT_EQ(ticket_expiry(t0, 5'580'000), t0 + hours(6));           // a 93 min film: 4 h 39 min is less
  EXPECT_EQ(ticket_expiry(t0, 10'800'000), t0 + hours(9));          // a 3 h film
  EXPECT_EQ(ticket_expiry(t0, 4 * 3600 * 1000), t0 + hours(12));
  EXPECT_EQ(ticket_expiry(t0, std::int64_t{100} * 3600 * 1000), t0 + hours(7 * 24));  // a week at most
}

TEST(StreamingRules, MediaLengthFromTheCatalog) {
  // durationSeconds as the article's document types it: a whole number (83.0 is one; 1.5 and "83" do not read).
  const auto length = [](json::object doc) {
    return media_length_ms(catalog::stored_member<&catalog::ArticleDocument::durationSeconds>(doc));
  };
  EXPECT_EQ(length({{"durationSeconds", 83}}), 83'000);
  EXPECT_EQ(length({{"durationSeconds", 83.0}}), 83'000);
  EXPECT_EQ(length({{"durationSeconds", 1.5}}), std::nullopt);
  EXPECT_EQ(length({}), std::nullopt);
  EXPECT_EQ(length({{"durationSeconds", 0}}), std::nullopt);
  EXPECT_EQ(length({{"durationSeconds", -4}}), std::nullopt);
  EXPECT_EQ(length({{"durationSeconds", "83"}}), std::nullopt);
}

TEST(StreamingRules, DatesAreNormalisedToUtcMilliseconds) {
  EXPECT_EQ(normalize_date("2026-11-23T09:00:00Z", "date").value(), "2026-11-23T09:00:00.000Z");
  EXPECT_EQ(normalize_date("2026-11-23T09:00:00.25Z", "date").value(), "2026-11-23T09:00:00.250Z");
  EXPECT_EQ(normalize_date("2026-11-23T09:00:00.123456789Z", "date").value(), "2026-11-23T09:00:00.123Z");
  EXPECT_EQ(normalize_date("2026-11-23T11:30:00+02:30", "date").value(), "2026-11-23T09:00:00.000Z");
  EXPECT_EQ(normalize_date("2026-11-23T01:00:00-0800", "date").value(), "2026-11-23T09:00:00.000Z");
  EXPECT_EQ(normalize_date("2026-01-01T00:30:00+01:00", "date").value(), "2025-12-31T23:30:00.000Z");
  for (auto bad : {"", "2026-11-23", "2026-11-23T09:00:00", "2026-11-23 09:00:00Z", "2026-02-30T09:00:00Z",
                   "2026-11-23T24:00:00Z", "2026-11-23T09:60:00Z", "2026-11-23T09:00:00.Z", "2026-11-23T09:00:00Zx",
                   "2026-11-23T09:00:00+25:00", "yesterday", "1969-12-31T23:59:59Z"}) {
    auto r = normalize_date(bad, "date");
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(field_of(wire_of(r)), "date");
  }
}

TEST(StreamingRules, ReportsValidateEveryField) {
  auto ok = validate(good_report());
  ASSERT_TRUE(ok.has_value());
  EXPECT_EQ(ok->usage_ms, 15'000);
  EXPECT_EQ(ok->max_usage_ms, 83'000);
  EXPECT_EQ(ok->reported_at, "2026-11-23T09:00:00.000Z");
  EXPECT_EQ(ok->type, ReportType::listened);

  auto in = good_report();
  in.type = "progress";
  EXPECT_EQ(validate(in)->type, ReportType::progress);

  const auto failing = [](auto change, std::string field) {
    auto in = good_report();
    change(in);
    auto r = validate(in);
    ASSERT_FALSE(r.has_value()) << field;
    EXPECT_EQ(wire_of(r).status, 400);
    EXPECT_EQ(field_of(wire_of(r)), field);
  };
  failing([](ReportInput& i) { i.ticket_id = ""; }, "ticketId");
  failing([](ReportInput& i) { i.ticket_id = std::string(65, 'a'); }, "ticketId");
  failing([](ReportInput& i) { i.type = "skipped"; }, "type");
  failing([](ReportInput& i) { i.date = "now"; }, "date");
  failing([](ReportInput& i) { i.usage_duration = -1; }, "usageDuration");
  failing([](ReportInput& i) { i.usage_duration = 1e12; }, "usageDuration");
  failing([](ReportInput& i) { i.max_usage_duration = -0.5; }, "maxUsageDuration");
}

TEST(StreamingRules, TheClaimedTotalNeverPassesTheLength) {
  EXPECT_TRUE(fits(0, 83'000, 83'000));
  EXPECT_TRUE(fits(60'000, 23'000, 83'000));
  EXPECT_FALSE(fits(60'000, 23'001, 83'000));
  EXPECT_FALSE(fits(0, 83'001, 83'000));
  EXPECT_FALSE(fits(0, -1, 83'000));
  EXPECT_TRUE(fits(0, 0, 0));
}

TEST(StreamingRules, AReportCountsAtMostTheTimeTheTicketWasOpen) {
  Ticket t;
  t.created_at = "2026-11-23T09:00:00.000Z";
  t.media_ms = 83'000;
  const auto at = [](const char* text) { return *parse_stored_time(text); };
  EXPECT_EQ(open_ms(t, at("2026-11-23T09:00:00.000Z")), 0);
  EXPECT_EQ(open_ms(t, at("2026-11-23T09:00:30.500Z")), 30'500);
  EXPECT_EQ(open_ms(t, at("2026-11-23T08:59:00.000Z")), 0);  // a clock that went back counts nothing
  t.closed_at = "2026-11-23T09:00:20Z";                     // closed: its open time ends there
  EXPECT_EQ(open_ms(t, at("2026-11-23T09:00:30.500Z")), 20'000);
  t.created_at = "garbage";
  EXPECT_EQ(open_ms(t, at("2026-11-23T09:00:30.500Z")), 0);

  // 0 s after the issue: the 10 s allowance; later the larger of 10 s and 10 %; never past the length.
  EXPECT_EQ(countable_ms(0, 83'000), 10'000);
  EXPECT_EQ(countable_ms(30'000, 83'000), 40'000);
  EXPECT_EQ(countable_ms(200'000, 300'000), 220'000);
  EXPECT_EQ(countable_ms(80'000, 83'000), 83'000);
  EXPECT_EQ(countable_ms(-5, 83'000), 10'000);
  EXPECT_EQ(countable_ms(0, 5'000), 5'000);

  EXPECT_EQ(counted_part(0, 83'000, 10'000), 10'000);  // a full claim at once: the allowance
  EXPECT_EQ(counted_part(10'000, 20'000, 40'000), 20'000);
  EXPECT_EQ(counted_part(30'000, 20'000, 40'000), 10'000);
  EXPECT_EQ(counted_part(40'000, 20'000, 40'000), 0);
  EXPECT_EQ(counted_part(50'000, 20'000, 40'000), 0);

  EXPECT_TRUE(crossed_half(41'000, 42'000, 83'000));   // half of 83 s: 41.5 s
  EXPECT_FALSE(crossed_half(42'000, 60'000, 83'000));  // already past: once per ticket
  EXPECT_FALSE(crossed_half(0, 41'000, 83'000));
  EXPECT_FALSE(crossed_half(0, 0, 0));

  const auto now = at("2026-11-23T09:04:00.000Z");
  EXPECT_EQ(retry_after_seconds(at("2026-11-23T09:00:00.000Z"), seconds(300), now), 60);
  EXPECT_EQ(retry_after_seconds(at("2026-11-23T08:59:00.000Z"), seconds(300), now), 1);
  EXPECT_EQ(retry_after_seconds(at("2026-11-23T09:00:00.001Z"), seconds(300), now), 61);

  EXPECT_TRUE(parse_stored_time("2026-11-23T09:00:00Z"));
  EXPECT_FALSE(parse_stored_time("2026-11-23T09:00:00"));
  EXPECT_FALSE(parse_stored_time("2026-11-23T09:00:00.1Z"));
}

TEST(StreamingRules, HistoryActionsAndPositions) {
  EXPECT_EQ(check_action("PLAY").value(), "PLAY");
  for (auto t : {"play", "VIEW", "", "DOWNLOAD"}) {
    auto r = check_action(t);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(field_of(wire_of(r)), "type");
  }
  EXPECT_EQ(check_position(41.5, 83'000).value(), 41'500);
  EXPECT_EQ(check_position(93, 83'000).value(), 93'000);  // the 10 s slack
  EXPECT_FALSE(check_position(93.01, 83'000).has_value());
  EXPECT_FALSE(check_position(-1, 83'000).has_value());
  EXPECT_EQ(field_of(wire_of(check_position(-1, std::nullopt))), "userCurrentPlaying");
  EXPECT_TRUE(check_position(3600, std::nullopt).has_value());
}

TEST(StreamingRules, UtcMillisSortsAsText) {
  const system_clock::time_point t{milliseconds{1'795'000'000'123}};
  EXPECT_EQ(utc_millis(t), "2026-11-18T11:06:40.123Z");
  EXPECT_LT(utc_millis(t), utc_millis(t + milliseconds(1)));
}

}  // namespace
}  // namespace portal::streaming
