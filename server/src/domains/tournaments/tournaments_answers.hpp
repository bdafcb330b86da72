#pragma once
// The one place where tournaments' domain values meet the wire
// (docs/contracts.md "Tournaments" and "Tournament brackets"): errors to the
// error shape, domain types to the described answers of tournaments_dto.hpp.
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/value.hpp>

#include "http/context.hpp"
#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/tournaments/bracket_types.hpp"
#include "domains/tournaments/tournaments_dto.hpp"
#include "domains/tournaments/tournaments_errors.hpp"
#include "domains/tournaments/tournaments_types.hpp"

namespace portal::tournaments {

// Status, code, message and data of the error shape.
http::Error http_error(const Error& e);
// The caller of an Access::user route (the pipeline answered guests 401), and of an optional one.
Caller caller_of(const http::RequestContext& ctx);
std::optional<Caller> maybe_caller(const http::RequestContext& ctx);
// An answer that depends on the caller (their team, what they may report; polled with a cache-busting `c`):
// never stored anywhere.
http::Response uncached(const http::RequestContext& ctx, const boost::json::value& data,
                        http::Status status = http::Status::ok);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

// Answers.
TeamDto team_dto(const Team& team);
JoinRequestDto request_dto(const JoinRequestRecord& request);
MarkedDto marked_dto(std::int64_t updated);
// The structure fragments; `fragment_id` is the {id} of the call.
NotificationsFragmentDto notifications_fragment(std::string_view fragment_id,
                                                const std::vector<NotificationRecord>& notifications);
PendingFragmentDto pending_fragment(std::string_view fragment_id, const std::vector<JoinRequestRecord>& requests);
MatchDto match_dto(const BracketMatch& match);
BracketDto bracket_dto(const Bracket& bracket);
MediaDto media_dto(const MediaText& text);
MediaListDto media_list_dto(const MediaList& list);

}  // namespace portal::tournaments
