#include "domains/streaming/streaming_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/streaming/streaming_dto.hpp"
#include "domains/purchases/request_caller.hpp"
#include "domains/catalog/request_rating.hpp"
#include "domains/catalog/catalog_answers.hpp"
#include "domains/catalog/catalog_dto.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/parental_control/request_limit.hpp"
#include "domains/purchases/purchases_dto.hpp"
#include "domains/streaming/streaming_answers.hpp"
#include "domains/streaming/streaming_rules.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/compression.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/origin.hpp"
#include "http/params.hpp"
#include "http/private_answer.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::streaming {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

PlayDto play_dto(const PlayAnswer& a) {
  PlayDto out{a.url, a.preview, {}, a.ticket, a.expires};
  for (const auto& o : a.purchase) out.purchase.push_back(purchases::purchase_option_dto(o));
  return out;
}

double in_seconds(std::int64_t ms) { return static_cast<double>(ms) / 1000; }

HistoryDto history_dto(const HistoryEntry& e) {
  return {e.article_id, e.content_type, in_seconds(e.position_ms), e.updated_at};
}

using purchases::caller_of;  // domains/purchases/request_caller.hpp

using catalog::rating_of;  // domains/catalog/request_rating.hpp

// Per-user answers (signed URLs, tickets, history): stored nowhere.
}  // namespace

std::vector<http::Route> streaming_routes(StreamingService& service, asio::thread_pool& db_pool) {
  auto song = [&](http::RequestContext& ctx) -> Awaitable {
    const auto body = http::read_body<SongBody>(ctx);
    value_or_throw(check_protocol(body.protocol.value));
    const auto rating = rating_of(ctx);
    const auto c = caller_of(ctx);
    const bool consume = body.consume.value_or(false);
    auto answer = value_or_throw(co_await db::offload(
        db_pool, [&] { return service.play(c, MediaKind::audio, body.id.value, consume, rating); }));
    co_return http::private_answer(ctx, json::value_from(play_dto(answer)));
  };
  auto video = [&](http::RequestContext& ctx) -> Awaitable {
    const auto body = http::read_body<VideoBody>(ctx);
    value_or_throw(check_protocol(body.protocol.value));
    const auto drm = check_drm(body.drm ? std::optional<std::string>(body.drm->value) : std::nullopt);
    value_or_throw(drm);
    if (body.externalProviderCode && body.externalProviderCode->value.size() > 128)
      throw http::ErrorException(http_error(Error::invalid("externalProviderCode", "must be at most 128 characters")));
    const auto rating = rating_of(ctx);
    const auto c = caller_of(ctx);
    const bool consume = body.consume.value_or(false);
    auto answer = value_or_throw(co_await db::offload(
        db_pool, [&] { return service.play(c, MediaKind::video, body.id.value, consume, rating); }));
    co_return http::private_answer(ctx, json::value_from(play_dto(answer)));
  };
  auto report = [&](http::RequestContext& ctx) -> Awaitable {
    const auto body = http::read_body<ReportBody>(ctx);
    ReportInput in{body.ticketId.value, body.type.value, body.date.value, body.usageDuration, body.maxUsageDuration,
                   body.offline.value_or(false), body.partial.value_or(false)};
    const auto c = caller_of(ctx);
    std::optional<std::string> public_user_id;
    if (ctx.user) public_user_id = ctx.user->user_id;
    auto done = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.report(c, in, public_user_id); }));
    const auto& t = done.ticket;
    co_return http::private_answer(
        ctx,
        json::value_from(ReportDto{t.id, done.counted, in_seconds(t.counted_ms), in_seconds(t.media_ms), t.expires_at,
                                   in_seconds(t.claimed_ms), in_seconds(done.counted_ms), t.closed_at}),
        done.counted ? http::Status::created : http::Status::ok);
  };
  auto get_history = [&](http::RequestContext& ctx) -> Awaitable {
    const auto id = http::id_or_404(ctx.param("id"), "HISTORY_NOT_FOUND", "Play history of article");
    const auto c = caller_of(ctx);
    const int max_rating = parental_control::max_rating_for(ctx);
    auto entry = co_await db::offload(db_pool, [&] { return service.history(c, id, max_rating); });
    co_return http::private_answer(ctx, entry ? json::value_from(history_dto(*entry)) : json::value(nullptr));
  };
  auto put_history = [&](http::RequestContext& ctx) -> Awaitable {
    const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
    const auto body = http::read_body<PositionBody>(ctx);
    const auto c = caller_of(ctx);
    auto entry = value_or_throw(co_await db::offload(
        db_pool, [&] { return service.put_position(c, id, body.contentType.value, body.userCurrentPlaying); }));
    co_return http::private_answer(ctx, json::value_from(history_dto(entry)));
  };
  auto delete_history = [&](http::RequestContext& ctx) -> Awaitable {
    // Idempotent: an id that names nothing has no history to delete either.
    const auto id = http::parse_id(ctx.param("id"));
    const auto c = caller_of(ctx);
    bool deleted = false;
    if (id) deleted = co_await db::offload(db_pool, [&] { return service.remove(c, *id); });
    co_return http::private_answer(ctx, json::value_from(DeletedDto{id.value_or(0), deleted}));
  };
  auto post_history = [&](http::RequestContext& ctx) -> Awaitable {
    const std::string type(ctx.param("type"));
    const auto id = http::id_or_404(ctx.param("id"), "ARTICLE_NOT_FOUND", "Article");
    const auto body = http::read_body<ActionBody>(ctx);
    const auto c = caller_of(ctx);
    auto entry = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.record(c, type, id, body.contentType.value); }));
    co_return http::private_answer(ctx, json::value_from(history_dto(entry)), http::Status::created);
  };
  auto list_history = [&](http::RequestContext& ctx) -> Awaitable {
    const auto limit = http::page_number(ctx, "limit", kHistoryPageSize);
    const auto offset = http::page_number(ctx, "offset", 0);
    const auto c = caller_of(ctx);
    const int max_rating = parental_control::max_rating_for(ctx);
    auto listing = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.list(c, limit, offset, max_rating); }));
    json::array data;
    for (auto& i : listing.items) {
      const auto& e = i.entry;
      data.push_back(json::value_from(
          HistoryItemDto{e.article_id, e.content_type, in_seconds(e.position_ms), e.updated_at, std::move(i.article)}));
    }
    auto res = http::private_answer(ctx, data);
    res.set("x-result-count", http::result_count(listing.offset, data.size(), listing.total));
    res.set(boost::beast::http::field::access_control_expose_headers, "x-result-count");
    co_return res;
  };

  using http::schema_of;
  const auto user = http::Access::user;
  const auto guest = http::Access::guest;
  const auto header = http::TenantFrom::header;
  return http::with_docs(
      {
          {http::Verb::post, "/backend/song", song, header, guest},
          {http::Verb::post, "/backend/video/streaming", video, header, guest},
          {http::Verb::post, "/backend/content/streaming/report", report, header, user},
          {http::Verb::get, "/backend/user/history/PLAY", list_history, header, user},
          {http::Verb::get, "/backend/user/history/PLAY/{id}", get_history, header, user},
          {http::Verb::put, "/backend/user/history/PLAY/{id}", put_history, header, user},
          {http::Verb::delete_, "/backend/user/history/PLAY/{id}", delete_history, header, user},
          {http::Verb::post, "/backend/user/history/{type}/{id}", post_history, header, user},
      },
      {
          {"POST /backend/song",
           {"A track, chapter or episode to play: the signed full URL and a ticket when the entitlement decision "
            "allows it without spending (free, owned, unlimited plan) or, with consume=true, after spending one "
            "credit; else the public preview (\"\" when none) with the purchase offers (none for guests, none when "
            "only a credit is missing its confirmation). Bodies: protocol http, https or hls. A user holds at most 3 "
            "open tickets (a new one closes the oldest) and gets at most 30 per 5-minute window (--play-tickets-per-window; "
            "then 429 with Retry-After)",
            "streaming", schema_of<SongBody>, schema_of<PlayDto>,
            {"400 VALIDATION_ERROR", "400 NOT_AUDIO", "404 ARTICLE_NOT_FOUND", "404 MEDIA_NOT_FOUND",
             "429 TOO_MANY_REQUESTS"}}},
          {"POST /backend/video/streaming",
           {"A video to stream: the HLS master playlist signed for the article and its directory (renditions and "
            "segments carry the grant; unsigned, or another article's, they are 403), by the same rules as /song "
            "(tickets and their limits included); else the public preview. drm other than none is 400 "
            "DRM_NOT_SUPPORTED",
            "streaming", schema_of<VideoBody>, schema_of<PlayDto>,
            {"400 VALIDATION_ERROR", "400 NOT_VIDEO", "400 DRM_NOT_SUPPORTED", "404 ARTICLE_NOT_FOUND",
             "404 MEDIA_NOT_FOUND", "429 TOO_MANY_REQUESTS"}}},
          {"POST /backend/content/streaming/report",
           {"Usage of a ticket's play (type listened claims usageDuration seconds; what counts is at most the time "
            "the ticket has been open, plus max(10 s, 10 %), and at most the media length: countedSeconds; progress "
            "records a position). 201 stored; 200 a retry of the same (ticket, type, date, usageDuration), stored "
            "once",
            "streaming", schema_of<ReportBody>, schema_of<ReportDto>,
            {"400 VALIDATION_ERROR", "404 TICKET_NOT_FOUND", "410 TICKET_EXPIRED", "422 USAGE_EXCEEDS_LENGTH"}}},
          {"GET /backend/user/history/PLAY",
           {"The caller's play history, newest first (query limit 1-100 default 50, offset); header x-result-count "
            "a-b/total",
            "streaming", {}, schema_of<std::vector<HistoryItemDto>>, {"400 VALIDATION_ERROR"},
            {{"limit", "page size, 1-100 (default 50)", "integer"}, {"offset", "entries to skip (default 0)", "integer"}}}},
          {"GET /backend/user/history/PLAY/{id}",
           {"Where the caller left an article (userCurrentPlaying: seconds); null when nothing is recorded yet",
            "streaming", {}, schema_of<std::optional<HistoryDto>>, {"404 HISTORY_NOT_FOUND (a malformed id)"}}},
          {"PUT /backend/user/history/PLAY/{id}",
           {"Save the resume position (seconds, at most the media length + 10 s) of a playable article",
            "streaming", schema_of<PositionBody>, schema_of<HistoryDto>,
            {"400 VALIDATION_ERROR", "404 ARTICLE_NOT_FOUND"}}},
          {"DELETE /backend/user/history/PLAY/{id}",
           {"Forget where the caller left an article (200 also when there was nothing: deleted false)", "streaming",
            {}, schema_of<DeletedDto>, {}, {}, true}},
          {"POST /backend/user/history/{type}/{id}",
           {"Record that the caller played a playable article now (type PLAY); a saved position is kept",
            "streaming", schema_of<ActionBody>, schema_of<HistoryDto>, {"400 VALIDATION_ERROR", "404 ARTICLE_NOT_FOUND"}}},
      });
}

}  // namespace portal::streaming
