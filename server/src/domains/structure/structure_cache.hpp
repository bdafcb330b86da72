#pragma once
// Built structures by key (tenant + structure + fragment + normalised query),
// each with its own lifetime (commerce §9: structures 120 s, configurations
// 3600 s). Thread-safe; entries are immutable and shared with the requests
// that read them. Time comes from the injected clock so tests can move it.
#include <boost/json/value.hpp>  // free-form: the built ConfigNode tree, kept with its serialised body
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/clock.hpp"

namespace portal::structure {

struct CachedStructure {
  boost::json::value node;  // the ConfigNode as sent
  std::string etag;         // strong, quoted
  std::string body;         // {"data": node} serialised once: a hit costs no JSON work
  core::Clock::time_point expires;
};

class StructureCache {
 public:
  explicit StructureCache(const core::Clock& clock, std::size_t capacity = 4096)
      : clock_(clock), capacity_(capacity) {}

  // Null when absent or expired.
  std::shared_ptr<const CachedStructure> get(const std::string& key) const;
  // Stores node with a fresh ETag and returns the entry.
  std::shared_ptr<const CachedStructure> put(const std::string& key, boost::json::value node,
                                             std::chrono::seconds ttl);
  // Drops every key that starts with prefix (e.g. one tenant's entries).
  void erase_prefix(std::string_view prefix);
  void clear();
  std::size_t size() const;

 private:
  void make_room(core::Clock::time_point now);  // mutex_ held

  const core::Clock& clock_;
  std::size_t capacity_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const CachedStructure>> entries_;
};

}  // namespace portal::structure
