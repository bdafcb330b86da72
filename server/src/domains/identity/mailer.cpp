#include "domains/identity/mailer.hpp"

#include "core/ids.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/identity_sql.hpp"

namespace portal::identity {
namespace {

db::Value optional_value(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

}  // namespace

void OutboxRepository::insert(std::int64_t tenant_id, const std::string& id, const Mail& m, const std::string& now,
                              const std::optional<std::string>& deliver_at) {
  db_.execute(sql::kInsertMail, {tenant_id, id, m.recipient, m.subject, m.body,
                                 m.html.empty() ? db::Value(nullptr) : db::Value(m.html), now,
                                 optional_value(deliver_at)});
}

std::vector<OutboxMail> OutboxRepository::recent(std::int64_t tenant_id, int limit) {
  std::vector<OutboxMail> out;
  for (const auto& r : db_.query(sql::kRecentMail, {tenant_id, std::int64_t{limit}}))
    out.push_back({r.text(0), r.text(1), r.text(2), r.text(3), r.optional_text(4), r.text(5), r.optional_text(6),
                   r.integer(7), r.optional_text(8), r.optional_text(9)});
  return out;
}

std::vector<DueMail> OutboxRepository::due(const std::string& now, int limit) {
  std::vector<DueMail> out;
  for (const auto& r : db_.query(sql::kDueMail, {now, std::int64_t{limit}}))
    out.push_back({r.integer(0), r.text(1), r.text(2)});
  return out;
}

std::optional<MailJob> OutboxRepository::claim(const DueMail& seen, const std::string& lease_until) {
  auto rows = db_.query(sql::kClaimMail, {seen.tenant_id, seen.id, seen.due_at, lease_until});
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  return MailJob{seen.tenant_id, seen.id, Mail{r.text(0), r.text(1), r.text(2), r.text(3)}, r.integer(4)};
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
  const auto rows = db_.query(sql::kOldestWaitingMail);
  if (rows.empty() || rows[0].is_null(0)) return std::nullopt;
  return rows[0].text(0);
}

}  // namespace portal::identity
