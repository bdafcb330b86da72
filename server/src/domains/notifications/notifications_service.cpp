#include "domains/notifications/notifications_service.hpp"

#include <chrono>
#include <cstdio>
#include <exception>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "db/timestamp.hpp"
#include "domains/notifications/notifications_repository.hpp"

namespace portal::notifications {

namespace {
std::atomic<std::uint64_t> last_id{0};
}  // namespace

std::string next_id() {
  // The wall clock, not the injected one: the id orders insertions, and a
  // test clock standing still must not make them tie.
  const auto micros = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
  const std::uint64_t salt = std::stoull(core::random_hex(1), nullptr, 16);
  std::uint64_t candidate = (micros << 8) | salt;
  std::uint64_t previous = last_id.load();
  std::uint64_t next = 0;
  do {
    next = candidate > previous ? candidate : previous + 1;
  } while (!last_id.compare_exchange_weak(previous, next));
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(next));
  return buf;
}

bool is_notification_id(std::string_view text) {
  if (text.size() != 16) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

NotificationRecord NotificationsService::record_of(const Note& note) const {
  return {next_id(), note.user_uuid, note.kind, note.params, note.target, db::utc_timestamp(clock_.now()),
          std::nullopt};
}

void NotificationsService::notify(db::Session& s, std::int64_t tenant_id, const Note& note) {
  repository_.insert(s, tenant_id, record_of(note), note.source);
}

void NotificationsService::notify(std::int64_t tenant_id, const Note& note) noexcept {
  try {
    repository_.insert(tenant_id, record_of(note), note.source);
  } catch (const std::exception& e) {
    try {
      core::log_json(spdlog::level::err, "notification not written",
                     {{"tenant", tenant_id}, {"kind", note.kind}, {"error", e.what()}});
    } catch (...) {
    }
  }
}

Result<NotificationPageDto> NotificationsService::list(std::int64_t tenant_id, const std::string& user_uuid,
                                                             std::int64_t limit, std::int64_t offset) {
  if (limit < 1 || limit > kMaxPageSize) return Error::invalid("limit", "must be 1 to 100");
  if (offset < 0) return Error::invalid("offset", "must be 0 or more");
  NotificationPageDto page;
  page.offset = offset;
  page.limit = limit;
  for (auto& n : repository_.page(tenant_id, user_uuid, limit, offset))
    page.items.push_back({std::move(n.id), std::move(n.kind), std::move(n.params), std::move(n.target),
                          n.read_at.has_value(), std::move(n.created_at), std::move(n.read_at)});
  page.total = repository_.count(tenant_id, user_uuid);
  page.unread = repository_.unread(tenant_id, user_uuid);
  return page;
}

UnreadCountDto NotificationsService::unread(std::int64_t tenant_id, const std::string& user_uuid) {
  return {repository_.unread(tenant_id, user_uuid)};
}

Result<MarkedReadDto> NotificationsService::mark_read(std::int64_t tenant_id, const std::string& user_uuid,
                                                            const std::string& id) {
  auto not_found = Error::of(ErrorCode::notification_not_found, "Notification " + id + " not found");
  if (!is_notification_id(id)) return not_found;
  const auto updated = repository_.mark_read(tenant_id, user_uuid, id, db::utc_timestamp(clock_.now()));
  if (updated == 0 && !repository_.exists(tenant_id, user_uuid, id)) return not_found;
  return MarkedReadDto{updated, repository_.unread(tenant_id, user_uuid)};
}

MarkedReadDto NotificationsService::mark_all_read(std::int64_t tenant_id, const std::string& user_uuid) {
  const auto updated = repository_.mark_all_read(tenant_id, user_uuid, db::utc_timestamp(clock_.now()));
  return {updated, repository_.unread(tenant_id, user_uuid)};
}

}  // namespace portal::notifications
