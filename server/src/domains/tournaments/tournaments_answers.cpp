#include "domains/tournaments/tournaments_answers.hpp"

namespace portal::tournaments {

core::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return core::Error::invalid_field(e.field, e.reason);
    case ErrorCode::tournament_not_found: return {404, "TOURNAMENT_NOT_FOUND", e.message, nullptr};
    case ErrorCode::registration_closed: return {409, "REGISTRATION_CLOSED", e.message, nullptr};
    case ErrorCode::already_in_team: return {409, "ALREADY_IN_TEAM", e.message, nullptr};
    case ErrorCode::team_name_taken: return {409, "TEAM_NAME_TAKEN", e.message, nullptr};
    case ErrorCode::team_not_found: return {404, "TEAM_NOT_FOUND", e.message, nullptr};
    case ErrorCode::team_full: return {409, "TEAM_FULL", e.message, nullptr};
    case ErrorCode::join_request_pending: return {409, "JOIN_REQUEST_PENDING", e.message, nullptr};
    case ErrorCode::join_request_not_found: return {404, "JOIN_REQUEST_NOT_FOUND", e.message, nullptr};
    case ErrorCode::not_team_captain: return {403, "NOT_TEAM_CAPTAIN", e.message, nullptr};
    case ErrorCode::request_already_answered: return {409, "REQUEST_ALREADY_ANSWERED", e.message, nullptr};
    case ErrorCode::not_organizer: return {403, "NOT_ORGANIZER", e.message, nullptr};
    case ErrorCode::not_enough_teams: return {409, "NOT_ENOUGH_TEAMS", e.message, nullptr};
    case ErrorCode::match_not_found: return {404, "MATCH_NOT_FOUND", e.message, nullptr};
    case ErrorCode::match_not_ready: return {409, "MATCH_NOT_READY", e.message, nullptr};
    case ErrorCode::match_decided: return {409, "MATCH_DECIDED", e.message, nullptr};
    case ErrorCode::match_disputed: return {409, "MATCH_DISPUTED", e.message, nullptr};
    case ErrorCode::already_reported: return {409, "ALREADY_REPORTED", e.message, nullptr};
    case ErrorCode::not_in_match: return {403, "NOT_IN_MATCH", e.message, nullptr};
    case ErrorCode::news_not_found: return {404, "NEWS_NOT_FOUND", e.message, nullptr};
    case ErrorCode::video_not_found: return {404, "VIDEO_NOT_FOUND", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::tournaments
