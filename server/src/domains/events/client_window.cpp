#include "domains/events/client_window.hpp"

#include <algorithm>

namespace portal::events {

std::optional<std::int64_t> ClientWindow::take(std::int64_t tenant_id, const std::string& client,
                                               std::chrono::system_clock::time_point now) {
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
  const std::int64_t minute = seconds / 60;
  std::lock_guard lock(mutex_);
  if (counts_.size() >= kMaxClients)
    std::erase_if(counts_, [minute](const auto& entry) { return entry.second.window != minute; });
  Count& c = counts_[{tenant_id, client}];
  if (c.window != minute) c = Count{minute, 0};
  if (c.events >= per_minute_) return std::max<std::int64_t>(1, (minute + 1) * 60 - seconds);
  ++c.events;
  return std::nullopt;
}

void ClientWindow::give_back(std::int64_t tenant_id, const std::string& client,
                             std::chrono::system_clock::time_point now) {
  const std::int64_t minute = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count() / 60;
  std::lock_guard lock(mutex_);
  const auto it = counts_.find({tenant_id, client});
  if (it != counts_.end() && it->second.window == minute && it->second.events > 0) --it->second.events;
}

}  // namespace portal::events
