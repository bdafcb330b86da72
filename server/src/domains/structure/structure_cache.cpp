#include "domains/structure/structure_cache.hpp"

#include <boost/json/serialize.hpp>  // free-form: the built ConfigNode tree, serialised once

#include "domains/structure/structure_rules.hpp"

namespace portal::structure {

std::shared_ptr<const CachedStructure> StructureCache::get(const std::string& key) const {
  auto now = clock_.now();
  std::lock_guard lock(mutex_);
  auto it = entries_.find(key);
  if (it == entries_.end() || it->second->expires <= now) return nullptr;
  return it->second;
}

std::shared_ptr<const CachedStructure> StructureCache::put(const std::string& key, boost::json::value node,
                                                           std::chrono::seconds ttl) {
  auto now = clock_.now();
  // Serialising and hashing happen outside the lock.
  std::string serialized = boost::json::serialize(node);
  std::string etag = strong_etag(serialized);
  std::string body = "{\"data\":" + serialized + "}";
  auto entry = std::make_shared<const CachedStructure>(
      CachedStructure{std::move(node), std::move(etag), std::move(body), now + ttl});
  std::lock_guard lock(mutex_);
  if (!entries_.contains(key)) make_room(now);
  entries_[key] = entry;
  return entry;
}

void StructureCache::make_room(core::Clock::time_point now) {
  if (entries_.size() < capacity_) return;
  std::erase_if(entries_, [&](const auto& kv) { return kv.second->expires <= now; });
  // Still full of live entries (many distinct query combinations): drop the
  // one closest to expiry; it would have gone soonest anyway.
  while (entries_.size() >= capacity_ && !entries_.empty()) {
    auto victim = entries_.begin();
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->second->expires < victim->second->expires) victim = it;
    }
    entries_.erase(victim);
  }
}

void StructureCache::erase_prefix(std::string_view prefix) {
  std::lock_guard lock(mutex_);
  std::erase_if(entries_, [&](const auto& kv) { return kv.first.starts_with(prefix); });
}

void StructureCache::clear() {
  std::lock_guard lock(mutex_);
  entries_.clear();
}

std::size_t StructureCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace portal::structure
