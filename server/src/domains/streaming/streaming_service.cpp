#include "domains/streaming/streaming_service.hpp"

#include <boost/json/value_from.hpp>  // the trackListened event's payload (events keep any JSON object)

#include "core/ids.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/streaming/streaming_rules.hpp"

namespace portal::streaming {
namespace json = boost::json;

namespace {

constexpr std::string_view kPlay = "PLAY";

Error wrong_kind(MediaKind kind, std::int64_t id) {
  const bool audio = kind == MediaKind::audio;
  return Error::refused(audio ? ErrorCode::not_audio : ErrorCode::not_video,
                        "id: article " + std::to_string(id) + (audio ? " is not audio" : " is not a video"), "id",
                        audio ? "not an audio article" : "not a video article");
}

// A history row belongs to a known article of the tenant, whatever the
// request's rating window (a parent may lower it later; the row stays).
constexpr catalog::RatingRange kAnyRating{0, 1000};

Error ticket_not_found() { return Error::of(ErrorCode::ticket_not_found, "No such ticket"); }

// The article's length: its one typed member, read without the rest of its document (a play reads it).
std::optional<std::int64_t> length_of(const catalog::ArticleRecord& record) {
  return media_length_ms(catalog::stored_member<&catalog::ArticleDocument::durationSeconds>(record.doc));
}

}  // namespace

PlayAnswer StreamingService::preview_of(const catalog::ArticleRecord& record,
                                        std::vector<purchases::PurchaseOffer> offers) {
  PlayAnswer a;
  auto url = catalog_.preview_media(record);
  a.url = url ? url->url : std::string();  // no preview: "" (the client closes or offers the purchase)
  a.preview = true;
  a.purchase = std::move(offers);
  return a;
}

Error StreamingService::too_many(const std::string& window_start, std::chrono::system_clock::time_point now) const {
  const auto started = parse_stored_time(window_start).value_or(now);
  const auto wait = retry_after_seconds(started, limits_.window, now);
  Error e = Error::of(ErrorCode::too_many_plays,
                      "Too many plays in a short time; try again in " + std::to_string(wait) + " seconds");
  e.retry_after = wait;
  e.limit = limits_.per_window;
  e.window_seconds = static_cast<std::int64_t>(limits_.window.count());
  return e;
}

std::optional<Error> StreamingService::over_limit(const Caller& c) {
  if (c.guest()) return std::nullopt;  // guests get no tickets
  const auto now = clock_.now();
  const auto window = repository_.window_of(c.tenant->id, c.user_uuid, utc_millis(now - limits_.window));
  if (!window || window->second < limits_.per_window) return std::nullopt;
  return too_many(window->first, now);
}

Result<PlayAnswer> StreamingService::full_of(const Caller& c, const catalog::ArticleRecord& record) {
  auto url = catalog_.full_media(c.tenant->id, record);
  if (!url) return Error::passed_on(ErrorCode::article, url.error(), &ErrorDetails::article);
  PlayAnswer a;
  a.url = url->url;
  a.preview = false;
  if (url->expires > 0) a.expires = url->expires;
  if (!c.guest()) {
    const auto now = clock_.now();
    Ticket t;
    t.id = core::new_uuid();
    t.tenant_id = c.tenant->id;
    t.user_uuid = c.user_uuid;
    t.article_id = record.id;
    t.content_type = record.content_type;
    t.media_ms = length_of(record).value_or(kUnknownLengthMs);
    t.created_at = utc_millis(now);  // milliseconds: the issue order of a user's tickets
    t.expires_at = db::utc_timestamp(ticket_expiry(now, t.media_ms));
    const auto issued = repository_.issue(t, limits_, utc_millis(now - limits_.window));
    if (!issued.issued) return too_many(issued.window_start, now);
    a.ticket = t.id;
  }
  return a;
}

Result<PlayAnswer> StreamingService::play(const Caller& c, MediaKind kind, std::int64_t article_id, bool consume,
                                          catalog::RatingRange rating) {
  auto decided = purchases_.decide(c, article_id, std::nullopt, rating);
  if (!decided) return Error::passed_on(ErrorCode::purchase, decided.error(), &ErrorDetails::purchase);
  if (!kind_allows(kind, decided->record.content_type)) return wrong_kind(kind, article_id);
  const auto& e = decided->entitlement;
  if (!e.may_consume()) return preview_of(decided->record, c.guest() ? std::vector<purchases::PurchaseOffer>{} : e.purchase);

  // Free, owned or an unlimited plan: nothing is spent, the decision suffices.
  if (e.consume.front().kind != purchases::ConsumeWay::Kind::credit) return full_of(c, decided->record);
  // Only a credit would play it: spent when the user confirmed, never by a
  // queue that moves on by itself.
  if (!consume) return preview_of(decided->record, {});
  // No credit is spent on a play whose ticket the limits would refuse.
  if (auto limited = over_limit(c)) return *limited;
  // The decision made above is the one spent (made again only when a concurrent play took the last credit).
  auto grant = purchases_.consume(c, *decided, std::nullopt, rating, true);
  if (!grant) {
    if (grant.error().code != purchases::ErrorCode::not_entitled)
      return Error::passed_on(ErrorCode::purchase, grant.error(), &ErrorDetails::purchase);
    // The last credit went to a concurrent play: what is left to offer, as the last decision says.
    return preview_of(decided->record, decided->entitlement.purchase);
  }
  return full_of(c, grant->record);
}

Result<Reported> StreamingService::report(const Caller& c, const ReportInput& in,
                                          const std::optional<std::string>& public_user_id) {
  auto r = validate(in);
  if (!r) return r.error();
  const auto at = clock_.now();
  const auto now = db::utc_timestamp(at);
  // What a ticket may have counted by now: the time it was open, plus the allowance, within its length.
  const auto countable = [at](const Ticket& t) { return countable_ms(open_ms(t, at), t.media_ms); };
  auto result = repository_.report(c.tenant->id, c.user_uuid, *r, now, countable);
  switch (result.outcome) {
    case StreamingRepository::Outcome::counted: {
      const auto& t = result.ticket;
      if (events_ && t.content_type == "full_track_music" &&
          crossed_half(result.counted_before, t.counted_ms, t.media_ms)) {
        // A full track listened to at least half way, by the server's count: a fact challenges may reward.
        const TrackListenedEvent listened{t.article_id, t.content_type, t.id, static_cast<double>(t.counted_ms) / 1000,
                                          static_cast<double>(t.media_ms) / 1000};
        (void)events_->record(c.tenant->id, "trackListened", json::value_from(listened).as_object(), public_user_id,
                              events::Origin::server);
      }
      return Reported{std::move(result.ticket), true, result.counted_ms};
    }
    case StreamingRepository::Outcome::duplicate: return Reported{std::move(result.ticket), false, result.counted_ms};
    case StreamingRepository::Outcome::not_found: return ticket_not_found();
    case StreamingRepository::Outcome::expired: {
      Error e = Error::of(ErrorCode::ticket_expired, "The ticket expired; a new play issues a new one");
      e.ticket_id = r->ticket_id;
      e.expired_at = result.ticket.expires_at;
      return e;
    }
    case StreamingRepository::Outcome::exceeds: {
      Error e = Error::refused(ErrorCode::usage_exceeds_length,
                               "usageDuration: the reports of this ticket would pass the media's length",
                               "usageDuration", "passes the media length");
      e.media_ms = result.ticket.media_ms;
      e.claimed_ms = result.ticket.claimed_ms;
      e.counted_ms = result.ticket.counted_ms;
      return e;
    }
  }
  return ticket_not_found();
}

Result<catalog::ArticleRecord> StreamingService::playable_article(const Caller& c, std::int64_t article_id,
                                                                  const std::string& content_type) {
  if (!is_playable_type(content_type))
    return Error::invalid("contentType", "must be a playable content type (audio, video or online game)");
  auto record = catalog_.article_record(c.tenant->id, article_id, kAnyRating);
  if (!record) return Error::passed_on(ErrorCode::article, record.error(), &ErrorDetails::article);
  if (record->content_type != content_type)
    return Error::invalid("contentType", "is not the article's content type (" + record->content_type + ")");
  return std::move(*record);
}

std::optional<HistoryEntry> StreamingService::history(const Caller& c, std::int64_t article_id, int max_rating) {
  auto h = repository_.history(c.tenant->id, c.user_uuid, article_id, std::string(kPlay));
  if (!h) return std::nullopt;
  // An article above the caller's rating limit (parental control) has no history for them, as in the list.
  if (auto record = catalog_.article_record(c.tenant->id, article_id, kAnyRating); record && record->rating > max_rating)
    return std::nullopt;
  return h;
}

Result<HistoryEntry> StreamingService::put_position(const Caller& c, std::int64_t article_id,
                                                    const std::string& content_type, double seconds) {
  auto record = playable_article(c, article_id, content_type);
  if (!record) return record.error();
  auto position = check_position(seconds, length_of(*record));
  if (!position) return position.error();
  return repository_.put_position(c.tenant->id, c.user_uuid, article_id, std::string(kPlay), content_type, *position,
                                  utc_millis(clock_.now()));
}

Result<HistoryEntry> StreamingService::record(const Caller& c, const std::string& type, std::int64_t article_id,
                                              const std::string& content_type) {
  auto action = check_action(type);
  if (!action) return action.error();
  auto record = playable_article(c, article_id, content_type);
  if (!record) return record.error();
  return repository_.record(c.tenant->id, c.user_uuid, article_id, *action, content_type, utc_millis(clock_.now()));
}

bool StreamingService::remove(const Caller& c, std::int64_t article_id) {
  return repository_.remove(c.tenant->id, c.user_uuid, article_id, std::string(kPlay));
}

Result<HistoryListing> StreamingService::list(const Caller& c, std::int64_t limit, std::int64_t offset,
                                              int max_rating) {
  if (limit < 1 || limit > kHistoryMaxPage) return Error::invalid("limit", "must be from 1 to 100");
  if (offset < 0) return Error::invalid("offset", "must be 0 or more");
  auto page = repository_.page(c.tenant->id, c.user_uuid, std::string(kPlay), limit, offset);
  HistoryListing out;
  out.total = page.total;
  out.offset = page.offset;
  for (auto& e : page.entries) {
    auto article = catalog_.article_answer(c.tenant->id, e.article_id, c.lang);
    if (article && !parental_control::rating_allowed(article->rating, max_rating)) continue;
    out.items.push_back({std::move(e), std::move(article)});
  }
  return out;
}

}  // namespace portal::streaming
