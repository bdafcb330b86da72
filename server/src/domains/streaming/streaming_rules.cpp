#include "domains/streaming/streaming_rules.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace portal::streaming {

namespace {

using namespace std::chrono;

Error invalid(std::string_view field, std::string reason) {
  return Error::invalid(std::string(field), std::move(reason));
}

// Exactly n digits at s[pos]; nullopt otherwise.
std::optional<int> digits(std::string_view s, std::size_t pos, std::size_t n) {
  if (pos + n > s.size()) return std::nullopt;
  int v = 0;
  for (std::size_t i = pos; i < pos + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

}  // namespace

bool is_audio_type(std::string_view t) {
  return t == "full_track_music" || t == "audio_book_chapter" || t == "podcast";
}

bool is_video_type(std::string_view t) { return t == "full_length_video" || t == "video" || t == "music_video"; }

bool is_playable_type(std::string_view t) { return is_audio_type(t) || is_video_type(t) || t == "online_game"; }

bool kind_allows(MediaKind kind, std::string_view t) {
  return kind == MediaKind::audio ? is_audio_type(t) : is_video_type(t);
}

Result<std::string> check_protocol(std::string_view protocol) {
  if (protocol == "http" || protocol == "https" || protocol == "hls") return std::string(protocol);
  return invalid("protocol", "must be http, https or hls");
}

Result<void> check_drm(const std::optional<std::string>& drm) {
  if (!drm || drm->empty() || *drm == "none") return {};
  return Error::refused(
      ErrorCode::drm_not_supported,
      "drm: no DRM system is supported; the stream is protected by signed URLs (send none or leave it out)", "drm",
      "not supported");
}

std::optional<std::int64_t> media_length_ms(std::optional<std::int64_t> duration_seconds) {
  if (!duration_seconds || *duration_seconds <= 0 || *duration_seconds > 1'000'000'000) return std::nullopt;
  return *duration_seconds * 1000;
}

system_clock::time_point ticket_expiry(system_clock::time_point created, std::int64_t media_ms) {
  const auto scaled = milliseconds(std::max<std::int64_t>(media_ms, 0) * kTicketLengthFactor);
  const auto lifetime = std::clamp<system_clock::duration>(duration_cast<system_clock::duration>(scaled),
                                                           duration_cast<system_clock::duration>(kMinTicketLifetime),
                                                           duration_cast<system_clock::duration>(kMaxTicketLifetime));
  return created + lifetime;
}

Result<std::int64_t> seconds_to_ms(double seconds, std::string_view field) {
  if (!std::isfinite(seconds) || seconds < 0) return invalid(field, "must be a number of seconds, 0 or more");
  if (seconds > kMaxReportedSeconds) return invalid(field, "must be at most 604800 seconds");
  return static_cast<std::int64_t>(std::llround(seconds * 1000));
}

Result<std::string> normalize_date(std::string_view s, std::string_view field) {
  const auto bad = [&] { return invalid(field, "must be an ISO-8601 date and time with a zone, e.g. 2026-11-23T09:00:00Z"); };
  // YYYY-MM-DDTHH:MM:SS
  if (s.size() < 20 || s.size() > 40 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != 't') || s[13] != ':' ||
      s[16] != ':')
    return bad();
  const auto y = digits(s, 0, 4), mo = digits(s, 5, 2), d = digits(s, 8, 2);
  const auto h = digits(s, 11, 2), mi = digits(s, 14, 2), se = digits(s, 17, 2);
  if (!y || !mo || !d || !h || !mi || !se || *h > 23 || *mi > 59 || *se > 59) return bad();
  const year_month_day ymd{year(*y), month(static_cast<unsigned>(*mo)), day(static_cast<unsigned>(*d))};
  if (!ymd.ok() || *y < 1970) return bad();
  std::size_t pos = 19;
  std::int64_t ms = 0;
  if (pos < s.size() && s[pos] == '.') {
    ++pos;
    const std::size_t start = pos;
    int scale = 100;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
      if (scale > 0) ms += (s[pos] - '0') * scale;
      scale /= 10;
      ++pos;
    }
    if (pos == start || pos - start > 9) return bad();
  }
  std::int64_t offset_minutes = 0;
  if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
    ++pos;
  } else if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    const int sign = s[pos] == '-' ? -1 : 1;
    const auto oh = digits(s, pos + 1, 2);
    std::optional<int> om;
    if (pos + 3 < s.size() && s[pos + 3] == ':') {
      om = digits(s, pos + 4, 2);
      pos += 6;
    } else {
      om = digits(s, pos + 3, 2);
      pos += 5;
    }
    if (!oh || !om || *oh > 23 || *om > 59) return bad();
    offset_minutes = sign * (*oh * 60 + *om);
  } else {
    return bad();  // a local time without a zone means nothing to the server
  }
  if (pos != s.size()) return bad();
  const auto t = sys_days(ymd) + hours(*h) + minutes(*mi) + seconds(*se) + milliseconds(ms) - minutes(offset_minutes);
  return utc_millis(time_point_cast<system_clock::duration>(t));
}

std::string utc_millis(system_clock::time_point t) {
  const auto ms_total = duration_cast<milliseconds>(t.time_since_epoch()).count();
  const auto day_point = floor<days>(sys_time<milliseconds>(milliseconds(ms_total)));
  const year_month_day ymd{day_point};
  const auto in_day = milliseconds(ms_total) - day_point.time_since_epoch();
  const hh_mm_ss<milliseconds> hms{in_day};
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                static_cast<int>(hms.hours().count()), static_cast<int>(hms.minutes().count()),
                static_cast<int>(hms.seconds().count()), static_cast<int>(hms.subseconds().count()));
  return buf;
}

Result<Report> validate(const ReportInput& in) {
  if (in.ticket_id.empty()) return invalid("ticketId", "is required");
  if (in.ticket_id.size() > 64) return invalid("ticketId", "must be at most 64 characters");
  Report r;
  r.ticket_id = in.ticket_id;
  if (in.type == "listened") r.type = ReportType::listened;
  else if (in.type == "progress") r.type = ReportType::progress;
  else return invalid("type", "must be listened or progress");
  auto date = normalize_date(in.date, "date");
  if (!date) return date.error();
  r.reported_at = std::move(*date);
  auto usage = seconds_to_ms(in.usage_duration, "usageDuration");
  if (!usage) return usage.error();
  auto max_usage = seconds_to_ms(in.max_usage_duration, "maxUsageDuration");
  if (!max_usage) return max_usage.error();
  r.usage_ms = *usage;
  r.max_usage_ms = *max_usage;
  r.offline = in.offline;
  r.partial = in.partial;
  return r;
}

bool fits(std::int64_t claimed_ms, std::int64_t usage_ms, std::int64_t media_ms) {
  return usage_ms >= 0 && claimed_ms >= 0 && usage_ms <= media_ms - claimed_ms;
}

std::optional<system_clock::time_point> parse_stored_time(std::string_view s) {
  if (s.size() < 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':') return std::nullopt;
  const auto y = digits(s, 0, 4), mo = digits(s, 5, 2), d = digits(s, 8, 2);
  const auto h = digits(s, 11, 2), mi = digits(s, 14, 2), se = digits(s, 17, 2);
  if (!y || !mo || !d || !h || !mi || !se || *h > 23 || *mi > 59 || *se > 59) return std::nullopt;
  const year_month_day ymd{year(*y), month(static_cast<unsigned>(*mo)), day(static_cast<unsigned>(*d))};
  if (!ymd.ok()) return std::nullopt;
  std::int64_t ms = 0;
  std::size_t pos = 19;
  if (s[pos] == '.') {
    const auto frac = digits(s, pos + 1, 3);
    if (!frac) return std::nullopt;
    ms = *frac;
    pos += 4;
  }
  if (pos + 1 != s.size() || s[pos] != 'Z') return std::nullopt;
  const auto t = sys_days(ymd) + hours(*h) + minutes(*mi) + seconds(*se) + milliseconds(ms);
  return time_point_cast<system_clock::duration>(t);
}

std::int64_t open_ms(const Ticket& t, system_clock::time_point now) {
  const auto issued = parse_stored_time(t.created_at);
  if (!issued) return 0;
  auto end = now;
  if (t.closed_at)
    if (auto closed = parse_stored_time(*t.closed_at); closed && *closed < end) end = *closed;
  return std::max<std::int64_t>(0, duration_cast<milliseconds>(end - *issued).count());
}

std::int64_t countable_ms(std::int64_t open, std::int64_t media_ms) {
  open = std::max<std::int64_t>(open, 0);
  const auto allowance = std::max(kCountAllowanceMs, open / 100 * kCountAllowancePercent);
  return std::clamp<std::int64_t>(open + allowance, 0, std::max<std::int64_t>(media_ms, 0));
}

std::int64_t counted_part(std::int64_t counted_ms, std::int64_t claimed_ms, std::int64_t countable) {
  return std::clamp<std::int64_t>(countable - counted_ms, 0, std::max<std::int64_t>(claimed_ms, 0));
}

bool crossed_half(std::int64_t before, std::int64_t after, std::int64_t media_ms) {
  if (media_ms <= 0) return false;
  const auto half = (media_ms + 1) / 2;
  return before < half && after >= half;
}

std::int64_t retry_after_seconds(system_clock::time_point oldest, std::chrono::seconds window, system_clock::time_point now) {
  const auto left = duration_cast<milliseconds>(oldest + window - now).count();
  return std::max<std::int64_t>(1, (left + 999) / 1000);
}

Result<std::string> check_action(std::string_view type) {
  if (type == "PLAY") return std::string(type);
  return invalid("type", "must be PLAY");
}

Result<std::int64_t> check_position(double seconds, std::optional<std::int64_t> media_ms) {
  if (!std::isfinite(seconds) || seconds < 0) return invalid("userCurrentPlaying", "must be a number of seconds, 0 or more");
  const auto limit = media_ms ? *media_ms + kPositionSlackMs : static_cast<std::int64_t>(kMaxReportedSeconds * 1000);
  if (seconds * 1000 > static_cast<double>(limit))
    return invalid("userCurrentPlaying", "must be at most the media length (" + std::to_string((limit + 999) / 1000) +
                                             " seconds)");
  return static_cast<std::int64_t>(std::llround(seconds * 1000));
}

}  // namespace portal::streaming
