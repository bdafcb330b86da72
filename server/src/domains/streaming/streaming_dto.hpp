#pragma once
// The wire shapes of the streaming calls: request bodies (http::read_body) and answers
// (described structs serialised by boost::json::value_from; their JSON Schema documents the calls).
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"
#include "domains/catalog/catalog_dto.hpp"
#include "domains/purchases/purchases_dto.hpp"

namespace portal::streaming {

// ---- request bodies (commerce §7)
struct SongBody {
  http::Id id;
  http::Text protocol;       // http, https, hls
  std::optional<bool> consume;  // true: the user confirmed spending a credit
};
BOOST_DESCRIBE_STRUCT(SongBody, (), (id, protocol, consume))
struct VideoBody {
  http::Id id;
  http::Text protocol;
  std::optional<http::Text> drm;  // "none" or absent; anything else is refused
  std::optional<http::Text> externalProviderCode;
  std::optional<bool> consume;
};
BOOST_DESCRIBE_STRUCT(VideoBody, (), (id, protocol, drm, externalProviderCode, consume))
struct ReportBody {
  http::Text ticketId;
  http::Text type;  // listened, progress
  http::Text date;  // ISO-8601 with a zone
  double usageDuration = 0;     // seconds
  double maxUsageDuration = 0;  // seconds: the media's length as the player saw it
  std::optional<bool> offline;
  std::optional<bool> partial;
};
BOOST_DESCRIBE_STRUCT(ReportBody, (), (ticketId, type, date, usageDuration, maxUsageDuration, offline, partial))
struct PositionBody {
  double userCurrentPlaying = 0;  // seconds
  http::Text contentType;
};
BOOST_DESCRIBE_STRUCT(PositionBody, (), (userCurrentPlaying, contentType))
struct ActionBody {
  http::Text contentType;
};
BOOST_DESCRIBE_STRUCT(ActionBody, (), (contentType))
// ---- answers (the purchase entries: purchases::PurchaseOptionDto, the purchase options answer's shape)
struct PlayDto {
  std::string url;
  bool isPreview = true;
  std::vector<purchases::PurchaseOptionDto> purchase;
  std::optional<std::string> ticket;
  std::optional<std::int64_t> expires;  // epoch milliseconds
};
BOOST_DESCRIBE_STRUCT(PlayDto, (), (url, isPreview, purchase, ticket, expires))
struct ReportDto {
  std::string ticketId;
  bool counted = true;  // false: a retry of a stored report
  double listenedSeconds = 0;  // the ticket's counted total (what royalty statements use)
  double mediaSeconds = 0;
  std::string expiresAt;
  double claimedSeconds = 0;  // the ticket's claimed total (the reports' usageDuration)
  double countedSeconds = 0;  // what this report's usageDuration counted
  std::optional<std::string> closedAt;  // a newer play closed the ticket: it counts the time it was open until then
};
BOOST_DESCRIBE_STRUCT(ReportDto, (), (ticketId, counted, listenedSeconds, mediaSeconds, expiresAt, claimedSeconds,
                                      countedSeconds, closedAt))
struct HistoryDto {
  std::int64_t articleId = 0;
  std::string contentType;
  double userCurrentPlaying = 0;  // seconds
  std::string updatedAt;
};
BOOST_DESCRIBE_STRUCT(HistoryDto, (), (articleId, contentType, userCurrentPlaying, updatedAt))
struct HistoryItemDto {
  std::int64_t articleId = 0;
  std::string contentType;
  double userCurrentPlaying = 0;
  std::string updatedAt;
  std::optional<catalog::ArticleDto> article;  // null when it left the catalog
};
BOOST_DESCRIBE_STRUCT(HistoryItemDto, (), (articleId, contentType, userCurrentPlaying, updatedAt, article))
struct DeletedDto {
  std::int64_t articleId = 0;
  bool deleted = false;  // false: there was nothing to forget
};
BOOST_DESCRIBE_STRUCT(DeletedDto, (), (articleId, deleted))

}  // namespace portal::streaming
