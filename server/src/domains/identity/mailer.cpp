#include "domains/identity/mailer.hpp"

#include <boost/describe/class.hpp>

#include "core/ids.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/identity_sql.hpp"

namespace portal::identity {
BOOST_DESCRIBE_STRUCT(Mail, (), (recipient, subject, body, html))
BOOST_DESCRIBE_STRUCT(OutboxMail, (), (id, recipient, subject, body, html, created_at, sent_at, attempts, next_attempt_at,
                                       last_error))
BOOST_DESCRIBE_STRUCT(DueMail, (), (tenant_id, id, due_at))

namespace {

// What a claim returns (kClaimMail): the mail, then its attempts.
struct ClaimedMail {
  Mail mail;
  std::int64_t attempts = 0;
};
BOOST_DESCRIBE_STRUCT(ClaimedMail, (), (mail, attempts))

db::Value optional_value(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

}  // namespace

void OutboxRepository::insert(std::int64_t tenant_id, const std::string& id, const Mail& m, const std::string& now,
                              const std::optional<std::string>& deliver_at) {
  db_.execute(sql::kInsertMail, {tenant_id, id, m.recipient, m.subject, m.body,
                                 m.html.empty() ? db::Value(nullptr) : db::Value(m.html), now,
                                 optional_value(deliver_at)});
}

std::vector<OutboxMail> OutboxRepository::recent(std::int64_t tenant_id, int limit) {
  return db::read_rows<OutboxMail>(db_.query(sql::kRecentMail, {tenant_id, std::int64_t{limit}}));
}

std::vector<DueMail> OutboxRepository::due(const std::string& now, int limit) {
  return db::read_rows<DueMail>(db_.query(sql::kDueMail, {now, std::int64_t{limit}}));
}

std::optional<MailJob> OutboxRepository::claim(const DueMail& seen, const std::string& lease_until) {
  auto claimed = db::read_first<ClaimedMail>(db_.query(sql::kClaimMail, {seen.tenant_id, seen.id, seen.due_at, lease_until}));
  if (!claimed) return std::nullopt;
  return MailJob{seen.tenant_id, seen.id, std::move(claimed->mail), claimed->attempts};
}

bool OutboxRepository::renew(const MailJob& job, const std::string& held_until, const std::string& lease_until) {
  return db_.execute(sql::kRenewMail, {job.tenant_id, job.id, held_until, lease_until}) == 1;
}

void OutboxRepository::delivered(std::int64_t tenant_id, const std::string& id, const std::string& at) {
  db_.execute(sql::kMailDelivered, {tenant_id, id, at});
}

void OutboxRepository::failed(std::int64_t tenant_id, const std::string& id,
                              const std::optional<std::string>& retry_at, const std::string& error) {
  db_.execute(sql::kMailFailed, {tenant_id, id, optional_value(retry_at), error});
}

void OutboxMailer::send(std::int64_t tenant_id, const Mail& mail) {
  const std::string now = db::utc_timestamp(clock_.now());
  outbox_.insert(tenant_id, core::new_uuid(), mail, now, deliver_ ? std::optional<std::string>(now) : std::nullopt);
  if (deliver_ && on_queued_) on_queued_();
}

std::optional<std::string> OutboxRepository::oldest_waiting() {
  return db::read_value<std::optional<std::string>>(db_.query(sql::kOldestWaitingMail)).value_or(std::nullopt);
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(OutboxMail, sql::kRecentMail);
PORTAL_ROW_READS(DueMail, sql::kDueMail);
PORTAL_ROW_READS(ClaimedMail, sql::kClaimMail);
}  // namespace portal::identity
