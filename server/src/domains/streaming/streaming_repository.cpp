#include "domains/streaming/streaming_repository.hpp"

#include "core/ids.hpp"
#include "domains/streaming/streaming_sql.hpp"

namespace portal::streaming {

namespace {

Ticket ticket_of(const db::Row& r) {
  Ticket t;
  t.id = r.text(0);
  t.tenant_id = r.integer(1);
  t.user_uuid = r.text(2);
  t.article_id = r.integer(3);
  t.content_type = r.text(4);
  t.media_ms = r.integer(5);
  t.listened_ms = r.integer(6);
  t.created_at = r.text(7);
  t.expires_at = r.text(8);
  return t;
}

HistoryEntry entry_of(const db::Row& r) {
  return {r.integer(0), r.text(1), r.text(2), r.integer(3), r.text(4)};
}

std::string_view type_name(ReportType t) { return t == ReportType::listened ? "listened" : "progress"; }

// Thrown inside the report's transaction to roll it back with an outcome.
struct Rollback {
  StreamingRepository::Outcome outcome;
  Ticket ticket;
};

}  // namespace

void StreamingRepository::create_ticket(const Ticket& t) {
  db_.execute(sql::kInsertTicket, {t.id, t.tenant_id, t.user_uuid, t.article_id, t.content_type, t.media_ms,
                                   t.created_at, t.expires_at});
}

StreamingRepository::ReportResult StreamingRepository::report(std::int64_t tenant_id, const std::string& user_uuid,
                                                              const Report& r, const std::string& now) {
  ReportResult out;
  try {
    db_.transaction([&](db::Session& s) {
      auto rows = s.query(sql::kTicket, {tenant_id, r.ticket_id, user_uuid});
      if (rows.empty()) throw Rollback{Outcome::not_found, {}};
      Ticket t = ticket_of(rows[0]);
      if (t.expires_at <= now) throw Rollback{Outcome::expired, t};
      // A progress report is a position: it adds nothing, but cannot lie past the end either.
      if (r.type == ReportType::progress && r.usage_ms > t.media_ms) throw Rollback{Outcome::exceeds, t};
      const auto inserted =
          s.execute(sql::kInsertReport, {core::new_uuid(), t.id, tenant_id, std::string(type_name(r.type)),
                                         r.reported_at, r.usage_ms, r.max_usage_ms, std::int64_t{r.offline ? 1 : 0},
                                         std::int64_t{r.partial ? 1 : 0}, now});
      if (inserted == 0) throw Rollback{Outcome::duplicate, t};
      if (r.type == ReportType::listened) {
        if (s.execute(sql::kAddListened, {tenant_id, t.id, r.usage_ms, now}) == 0) {
          // Re-read: a concurrent report may have filled it, or time ran out.
          auto again = s.query(sql::kTicket, {tenant_id, r.ticket_id, user_uuid});
          Ticket now_t = again.empty() ? t : ticket_of(again[0]);
          throw Rollback{now_t.expires_at <= now ? Outcome::expired : Outcome::exceeds, now_t};
        }
        t.listened_ms += r.usage_ms;
      }
      out = {Outcome::counted, std::move(t)};
    });
  } catch (const Rollback& rb) {
    if (rb.outcome != Outcome::duplicate) return {rb.outcome, rb.ticket};
    // The first copy's transaction committed: answer the ticket as it is now.
    auto rows = db_.query(sql::kTicket, {tenant_id, r.ticket_id, user_uuid});
    return {Outcome::duplicate, rows.empty() ? rb.ticket : ticket_of(rows[0])};
  } catch (const db::ConstraintError&) {
    // A twin inserted the same report between our insert and commit (PostgreSQL),
    // or the CHECK on the total refused: neither counts.
    auto rows = db_.query(sql::kTicket, {tenant_id, r.ticket_id, user_uuid});
    if (rows.empty()) return {Outcome::not_found, {}};
    return {Outcome::duplicate, ticket_of(rows[0])};
  }
  return out;
}

std::optional<HistoryEntry> StreamingRepository::history(std::int64_t tenant_id, const std::string& user_uuid,
                                                         std::int64_t article_id, const std::string& action) {
  auto rows = db_.query(sql::kHistory, {tenant_id, user_uuid, article_id, action});
  if (rows.empty()) return std::nullopt;
  return entry_of(rows[0]);
}

HistoryEntry StreamingRepository::put_position(std::int64_t tenant_id, const std::string& user_uuid,
                                               std::int64_t article_id, const std::string& action,
                                               const std::string& content_type, std::int64_t position_ms,
                                               const std::string& at) {
  auto rows = db_.query(sql::kPutPosition, {tenant_id, user_uuid, article_id, action, content_type, position_ms, at});
  return entry_of(rows[0]);
}

HistoryEntry StreamingRepository::record(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                                         const std::string& action, const std::string& content_type,
                                         const std::string& at) {
  auto rows = db_.query(sql::kRecord, {tenant_id, user_uuid, article_id, action, content_type, at});
  return entry_of(rows[0]);
}

bool StreamingRepository::remove(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t article_id,
                                 const std::string& action) {
  return db_.execute(sql::kDeleteHistory, {tenant_id, user_uuid, article_id, action}) > 0;
}

HistoryPage StreamingRepository::page(std::int64_t tenant_id, const std::string& user_uuid, const std::string& action,
                                      std::int64_t limit, std::int64_t offset) {
  HistoryPage p;
  p.offset = offset;
  for (const auto& r : db_.query(sql::kHistoryPage, {tenant_id, user_uuid, action, limit, offset}))
    p.entries.push_back(entry_of(r));
  auto count = db_.query(sql::kHistoryCount, {tenant_id, user_uuid, action});
  p.total = count.empty() ? 0 : count[0].integer(0);
  return p;
}

}  // namespace portal::streaming
