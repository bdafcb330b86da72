#include "domains/streaming/streaming_repository.hpp"

#include <boost/describe/class.hpp>

#include "core/ids.hpp"
#include "core/utc_time.hpp"
#include "db/row_reads.hpp"
#include "domains/streaming/streaming_rules.hpp"
#include "domains/streaming/streaming_sql.hpp"

namespace portal::streaming {

BOOST_DESCRIBE_STRUCT(Ticket, (), (id, tenant_id, user_uuid, article_id, content_type, media_ms, counted_ms, created_at,
                                   expires_at, claimed_ms, closed_at))
static_assert(db::columns_match<Ticket>(PORTAL_TICKET_COLUMNS));
BOOST_DESCRIBE_STRUCT(HistoryEntry, (), (article_id, action, content_type, position_ms, updated_at))
static_assert(db::columns_match<HistoryEntry>(PORTAL_HISTORY_COLUMNS));

namespace {

Ticket ticket_of(const db::Row& r) { return db::read_row<Ticket>(r); }
HistoryEntry entry_of(const db::Row& r) { return db::read_row<HistoryEntry>(r); }

// The user's rate window: when it started and how many tickets it issued.
struct GateRow {
  std::string window_start;
  std::int64_t issued = 0;
};
BOOST_DESCRIBE_STRUCT(GateRow, (), (window_start, issued))

std::string_view type_name(ReportType t) { return t == ReportType::listened ? "listened" : "progress"; }

// Thrown inside the report's transaction to roll it back with an outcome.
struct Rollback {
  StreamingRepository::Outcome outcome;
  Ticket ticket;
};
// Thrown inside the issue's transaction: the window is full.
struct Limited {
  std::string window_start;
  std::int64_t in_window;
};

// Concurrent reports of one ticket: how often a report reads the totals
// again after another one changed them (each round is one that committed).
constexpr int kReportRounds = 64;

}  // namespace

void StreamingRepository::create_ticket(const Ticket& t) {
  db_.execute(sql::kInsertTicket, {t.id, t.tenant_id, t.user_uuid, t.article_id, t.content_type, t.media_ms,
                                   t.created_at, t.expires_at});
}

void StreamingRepository::insert_past(db::Session& s, const Ticket& t) {
  s.execute(sql::kInsertPastTicket, {t.id, t.tenant_id, t.user_uuid, t.article_id, t.content_type, t.media_ms,
                                     t.counted_ms, t.claimed_ms, t.created_at, t.expires_at,
                                     t.closed_at ? db::Value(*t.closed_at) : db::Value(nullptr)});
}

void StreamingRepository::insert_past_report(db::Session& s, std::int64_t tenant_id, const std::string& id,
                                             const Report& r, std::int64_t counted_ms, const std::string& created_at,
                                             const std::string& ticket_created_at) {
  s.execute(sql::kInsertReport, {id, r.ticket_id, tenant_id, std::string(type_name(r.type)), r.reported_at, r.usage_ms,
                                 counted_ms, r.max_usage_ms, std::int64_t{r.offline ? 1 : 0},
                                 std::int64_t{r.partial ? 1 : 0}, created_at, ticket_created_at});
}

void StreamingRepository::insert_past_entry(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                            const HistoryEntry& e) {
  s.execute(sql::kInsertPastEntry, {tenant_id, user_uuid, e.article_id, e.action, e.content_type, e.position_ms,
                                    e.updated_at});
}

std::optional<std::pair<std::string, std::int64_t>> StreamingRepository::window_of(std::int64_t tenant_id,
                                                                                  const std::string& user_uuid,
                                                                                  const std::string& window_over) {
  auto gate = db::read_first<GateRow>(db_.query(sql::kGate, {tenant_id, user_uuid}));
  if (!gate || gate->window_start <= window_over) return std::nullopt;
  return std::pair{std::move(gate->window_start), gate->issued};
}

StreamingRepository::IssueResult StreamingRepository::issue(const Ticket& t, const TicketLimits& limits,
                                                            const std::string& window_over) {
  IssueResult out;
  try {
    db_.transaction([&](db::Session& s) {
      out = {};
      auto gate = db::read_row<GateRow>(s.query(sql::kOpenGate, {t.tenant_id, t.user_uuid, t.created_at, window_over})[0]);
      out.window_start = std::move(gate.window_start);
      out.in_window = gate.issued;
      if (out.in_window >= limits.per_window) throw Limited{out.window_start, out.in_window};
      s.execute(sql::kCountIssue, {t.tenant_id, t.user_uuid});
      // Newest first: the first max_open - 1 stay unclosed beside the new one.
      const auto unclosed = db::read_values<std::string>(s.query(sql::kUnclosedTickets, {t.tenant_id, t.user_uuid}));
      for (std::size_t i = static_cast<std::size_t>(std::max(limits.max_open - 1, 0)); i < unclosed.size(); ++i) {
        const auto& id = unclosed[i];
        if (s.execute(sql::kCloseTicket, {t.tenant_id, id, t.created_at}) > 0) out.closed.push_back(id);
      }
      s.execute(sql::kInsertTicket, {t.id, t.tenant_id, t.user_uuid, t.article_id, t.content_type, t.media_ms,
                                     t.created_at, t.expires_at});
      out.issued = true;
    });
  } catch (const Limited& l) {
    return IssueResult{false, l.window_start, l.in_window, {}};
  }
  return out;
}

StreamingRepository::ReportResult StreamingRepository::report(
    std::int64_t tenant_id, const std::string& user_uuid, const Report& r, const std::string& now,
    const std::function<std::int64_t(const Ticket&)>& countable) {
  const std::string type(type_name(r.type));
  const auto stored_copy = [&](db::Session& s, const Ticket& t) -> std::optional<std::int64_t> {
    return db::read_value<std::int64_t>(
        s.query(sql::kStoredReport, {r.ticket_id, type, r.reported_at, r.usage_ms, t.created_at}));
  };
  // The week a ticket that takes reports was issued in (and a day either side for clocks apart).
  db::Params recent{tenant_id, r.ticket_id, user_uuid, std::string(), std::string()};
  if (const auto at = core::parse_utc(now)) {
    recent[3] = core::utc_text(*at - kMaxTicketLifetime - std::chrono::hours{24});
    recent[4] = core::utc_text(*at + std::chrono::hours{24});
  }
  ReportResult out;
  try {
    db_.transaction([&](db::Session& s) {
      out = {};
      auto rows = s.query(sql::kRecentTicket, recent);
      if (rows.empty()) rows = s.query(sql::kTicket, {tenant_id, r.ticket_id, user_uuid});  // older: expired
      if (rows.empty()) throw Rollback{Outcome::not_found, {}};
      Ticket t = ticket_of(rows[0]);
      // A retry of a stored report answers what the first copy counted.
      if (auto copy = stored_copy(s, t)) {
        out = {Outcome::duplicate, t, *copy, t.counted_ms};
        return;
      }
      if (t.expires_at <= now) throw Rollback{Outcome::expired, t};
      std::int64_t part = 0;
      if (r.type == ReportType::progress) {
        // A position: it adds nothing, but cannot lie past the end either.
        if (r.usage_ms > t.media_ms) throw Rollback{Outcome::exceeds, t};
      } else {
        bool written = false;
        for (int round = 0; round < kReportRounds && !written; ++round) {
          if (!fits(t.claimed_ms, r.usage_ms, t.media_ms)) throw Rollback{Outcome::exceeds, t};
          part = counted_part(t.counted_ms, r.usage_ms, countable(t));
          written = s.execute(sql::kAddUsage,
                              {tenant_id, t.id, r.usage_ms, part, t.claimed_ms, t.counted_ms, now, t.created_at}) > 0;
          if (written) break;
          // Another report of the ticket committed meanwhile, or it expired: read again.
          auto again = s.query(sql::kTicketAt, {tenant_id, r.ticket_id, user_uuid, t.created_at});
          if (again.empty()) throw Rollback{Outcome::not_found, {}};
          t = ticket_of(again[0]);
          if (t.expires_at <= now) throw Rollback{Outcome::expired, t};
        }
        if (!written) throw Rollback{Outcome::exceeds, t};  // never seen: 64 reports of one ticket committed first
      }
      const auto inserted = s.execute(sql::kInsertReport, {core::new_uuid(), t.id, tenant_id, type, r.reported_at,
                                                           r.usage_ms, part, r.max_usage_ms,
                                                           std::int64_t{r.offline ? 1 : 0},
                                                           std::int64_t{r.partial ? 1 : 0}, now, t.created_at});
      // A twin committed between our look and our insert: it counted, this one does not.
      if (inserted == 0) throw Rollback{Outcome::duplicate, t};
      const auto before = t.counted_ms;
      if (r.type == ReportType::listened) {
        t.claimed_ms += r.usage_ms;
        t.counted_ms += part;
      }
      out = {Outcome::counted, std::move(t), part, before};
    });
  } catch (const Rollback& rb) {
    if (rb.outcome != Outcome::duplicate) return {rb.outcome, rb.ticket, 0, rb.ticket.counted_ms};
    // The first copy's transaction committed: answer the ticket and that copy as they are now.
    return duplicate_of(tenant_id, user_uuid, r);
  } catch (const db::ConstraintError&) {
    // A twin inserted the same report between our insert and commit (PostgreSQL),
    // or the CHECK on the total refused: neither counts.
    return duplicate_of(tenant_id, user_uuid, r);
  }
  return out;
}

StreamingRepository::ReportResult StreamingRepository::duplicate_of(std::int64_t tenant_id,
                                                                     const std::string& user_uuid, const Report& r) {
  auto rows = db_.query(sql::kTicket, {tenant_id, r.ticket_id, user_uuid});
  if (rows.empty()) return {Outcome::not_found, {}, 0, 0};
  Ticket t = ticket_of(rows[0]);
  auto copy = db_.query(sql::kStoredReport,
                        {r.ticket_id, std::string(type_name(r.type)), r.reported_at, r.usage_ms, t.created_at});
  const auto counted = db::read_value<std::int64_t>(copy).value_or(0);
  const auto total = t.counted_ms;
  return {Outcome::duplicate, std::move(t), counted, total};
}

std::optional<HistoryEntry> StreamingRepository::history(std::int64_t tenant_id, const std::string& user_uuid,
                                                         std::int64_t article_id, const std::string& action) {
  return db::read_first<HistoryEntry>(db_.query(sql::kHistory, {tenant_id, user_uuid, article_id, action}));
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
  p.entries = db::read_rows<HistoryEntry>(db_.query(sql::kHistoryPage, {tenant_id, user_uuid, action, limit, offset}));
  p.total = db::read_value<std::int64_t>(db_.query(sql::kHistoryCount, {tenant_id, user_uuid, action})).value_or(0);
  return p;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(GateRow, sql::kGate);
PORTAL_ROW_READS(GateRow, sql::kOpenGate);
PORTAL_ROW_READS(HistoryEntry, sql::kHistory);
PORTAL_ROW_READS(HistoryEntry, sql::kHistoryPage);
PORTAL_ROW_READS(Ticket, sql::kRecentTicket);
PORTAL_ROW_READS(Ticket, sql::kTicket);
PORTAL_ROW_READS(Ticket, sql::kTicketAt);
PORTAL_ROW_READS(HistoryEntry, sql::kPutPosition);
PORTAL_ROW_READS(HistoryEntry, sql::kRecord);
}  // namespace portal::streaming
