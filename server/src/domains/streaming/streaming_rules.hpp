#pragma once
// The pure rules of streaming (docs/decisions.md "Streaming and play
// history"): which content types play where, request values, ticket expiry,
// report validation and the listened cap. Failures are invalid-field errors
// (streaming_errors.hpp: 400 VALIDATION_ERROR naming the field) unless said
// otherwise.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "domains/streaming/streaming_errors.hpp"
#include "domains/streaming/streaming_types.hpp"

namespace portal::streaming {

// A ticket lives three times its media's length, and at least six hours
// (pauses, a slow connection, offline reports sent later).
inline constexpr std::chrono::seconds kMinTicketLifetime{6 * 3600};
inline constexpr int kTicketLengthFactor = 3;
// ... and at most a week: the reports of a day are those of tickets issued in the week before it, so the
// reports' refresh reads only those months of the usage reports (PostgreSQL partitions them by their
// ticket's month, migration 0063).
inline constexpr std::chrono::seconds kMaxTicketLifetime{7 * 24 * 3600};
// The cap of an article whose length the catalog does not know.
inline constexpr std::int64_t kUnknownLengthMs = 6 * 3600 * 1000;
// A resume position may pass the catalog's length by this much (players round).
inline constexpr std::int64_t kPositionSlackMs = 10'000;
// No duration a client reports is longer than this (a week, in seconds).
inline constexpr double kMaxReportedSeconds = 7 * 24 * 3600;
// A report counts at most the time its ticket has been open (issued → now,
// or → its closing) plus an allowance — the larger of 10 s and 10 % of that
// time (players round, requests travel) — and at most the media's length.
inline constexpr std::int64_t kCountAllowanceMs = 10'000;
inline constexpr std::int64_t kCountAllowancePercent = 10;
// History pages.
inline constexpr std::int64_t kHistoryPageSize = 50;
inline constexpr std::int64_t kHistoryMaxPage = 100;

// /song plays audio: tracks, audiobook chapters, podcast episodes.
bool is_audio_type(std::string_view content_type);
// /video/streaming plays films, episodes, clips and music videos.
bool is_video_type(std::string_view content_type);
// Play history accepts what a player plays: audio, video and online games.
bool is_playable_type(std::string_view content_type);
bool kind_allows(MediaKind kind, std::string_view content_type);

// protocol: "http", "https" or "hls".
Result<std::string> check_protocol(std::string_view protocol);
// drm: absent, "" or "none"; any other value is 400 DRM_NOT_SUPPORTED (field drm).
Result<void> check_drm(const std::optional<std::string>& drm);

// The article's durationSeconds (catalog::ArticleDocument: a whole number) in milliseconds; nullopt when absent or
// not positive.
std::optional<std::int64_t> media_length_ms(std::optional<std::int64_t> duration_seconds);
// The ticket's end: created + max(length × 3, 6 h).
std::chrono::system_clock::time_point ticket_expiry(std::chrono::system_clock::time_point created,
                                                    std::int64_t media_ms);

// Seconds (a JSON number) as whole milliseconds: 0 ≤ seconds ≤ a week.
Result<std::int64_t> seconds_to_ms(double seconds, std::string_view field);
// An ISO-8601 date-time with a zone ("2026-11-23T09:00:00Z",
// "2026-11-23T11:00:00.250+02:00") as UTC "YYYY-MM-DDTHH:MM:SS.mmmZ".
Result<std::string> normalize_date(std::string_view text, std::string_view field);
// A time point as "YYYY-MM-DDTHH:MM:SS.mmmZ" (sorts as text; history order).
std::string utc_millis(std::chrono::system_clock::time_point t);

// Every field of a report: ticketId non-empty (≤ 64), type listened|progress,
// date ISO-8601, durations as above.
Result<Report> validate(const ReportInput& in);
// Whether a listened report fits the ticket: what its reports claimed so far
// + this claim ≤ media length (else 422 USAGE_EXCEEDS_LENGTH).
bool fits(std::int64_t claimed_ms, std::int64_t usage_ms, std::int64_t media_ms);

// A stored ticket time ("YYYY-MM-DDTHH:MM:SS[.mmm]Z") as a time point; nullopt when malformed.
std::optional<std::chrono::system_clock::time_point> parse_stored_time(std::string_view text);
// How long the ticket has been open at `now`, in ms: from its issue to now or
// to its closing, whichever came first (0 when its times do not parse).
std::int64_t open_ms(const Ticket& t, std::chrono::system_clock::time_point now);
// The most a ticket open for open_ms may have counted in all: open_ms plus the
// allowance, and at most media_ms.
std::int64_t countable_ms(std::int64_t open_ms, std::int64_t media_ms);
// What a listened report claiming claimed_ms adds to a ticket that counted
// counted_ms so far, when countable_ms is its cap: 0 … claimed_ms.
std::int64_t counted_part(std::int64_t counted_ms, std::int64_t claimed_ms, std::int64_t countable_ms);
// Whether a report took a ticket's counted total to at least half its media's
// length (from below): a track "listened to at least half way" (challenges).
bool crossed_half(std::int64_t counted_before, std::int64_t counted_after, std::int64_t media_ms);
// Seconds until a full rate window that started at window_start ends (at least 1).
std::int64_t retry_after_seconds(std::chrono::system_clock::time_point window_start, std::chrono::seconds window,
                                 std::chrono::system_clock::time_point now);

// POST /user/history/{type}: PLAY (the only action the client records).
Result<std::string> check_action(std::string_view type);
// A resume position: ≥ 0 and at most the media length + 10 s when it is known.
Result<std::int64_t> check_position(double seconds, std::optional<std::int64_t> media_ms);

}  // namespace portal::streaming
