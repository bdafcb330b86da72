#pragma once
// The two JSON inputs of challenges, read leniently into their types: the
// catalog's challenge document as the repository reads it (rules_of,
// titles_of; docs/catalog-format.md "challenges") and an event's payload
// (play_of). The service and the rules see only ChallengeRules, ChallengeTitles
// and Play.
#include <boost/json/object.hpp>  // free-form: an event's payload is what its sender put in it (events_types.hpp)
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "domains/challenges/challenges_types.hpp"

namespace portal::challenges {

// The catalog document of a challenge as rules (missing or malformed fields:
// the defaults of ChallengeRules and StepRule; a step without an id is left out).
ChallengeRules rules_of(std::int64_t id, std::int64_t game_id, const boost::json::object& doc);

// Its title and its steps' titles in lang (catalog::localized), for the ledger.
ChallengeTitles titles_of(const boost::json::object& doc, std::string_view lang);

// What a play event is, as far as challenges care; nullopt for events that
// count for nothing (every event a client sent: from_server false).
std::optional<Play> play_of(std::string_view name, const boost::json::object& payload, bool from_server,
                            std::string event_id, std::string at);

}  // namespace portal::challenges
