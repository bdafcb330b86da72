#pragma once
// What a structure request asks for (spec 1 §7 query parameters, defaults
// from commerce §9) and the languages a node can be localised into.
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/languages.hpp"

namespace portal::structure {

using core::kLanguages;
inline constexpr int kDefaultMaxRating = 60;  // commerce §5: tenant maxRating, else 60

struct StructureQuery {
  std::string lang;                 // one of kLanguages (tenant default when not asked)
  bool omit_cache = false;
  bool pre_live = true;             // show nodes flagged customProperties.preLive
  int min_rating = 0;
  int max_rating = kDefaultMaxRating;
  int force_timeout_ms = 0;         // > 0: answer 504 when building took longer
  std::string device_id;            // accepted; the answer does not depend on it
  std::string last_id;              // "" (or "0"): from the start
  std::optional<bool> is_desktop;   // keep nodes for this platform only
  std::string os;                   // lower case; "" = any
  // The UTC time ("2026-12-01T08:00:00Z") a node's customProperties.schedule is
  // read at; "" reads no schedule. Set by the service from its clock, not part of
  // the cache key: an answer follows a schedule within its cache lifetime.
  std::string now;

  // The parameters that change the answer, in a fixed form (cache key part).
  std::string normalized() const;
};

}  // namespace portal::structure
