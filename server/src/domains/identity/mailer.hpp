#pragma once
// Outgoing mail goes through the outbox: every mail (and every SMS, as
// "sms:+<msisdn>") is a row of mail_outbox, which the dev outbox page lists.
// With SMTP configured a mail's row is also a delivery job: MailDelivery
// (mail_delivery.hpp) sends it from its own thread and retries it with
// backoff. Sending here only writes the row, so no request waits for SMTP.
// Blocking (SQL): call on the database pool.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/identity/identity_types.hpp"

namespace portal::identity {

// A row as the dev outbox page shows it.
struct OutboxMail {
  std::string id;
  std::string recipient;
  std::string subject;
  std::string body;
  std::optional<std::string> html;
  std::string created_at;
  std::optional<std::string> sent_at;
  std::int64_t attempts = 0;
  std::optional<std::string> next_attempt_at;  // due for (another) delivery attempt
  std::optional<std::string> last_error;
};

// A mail due for delivery, as the worker saw it before claiming it.
struct DueMail {
  std::int64_t tenant_id = 0;
  std::string id;
  std::string due_at;
};

// A claimed delivery job.
struct MailJob {
  std::int64_t tenant_id = 0;
  std::string id;
  Mail mail;
  std::int64_t attempts = 0;  // this attempt included
};

class OutboxRepository {
 public:
  explicit OutboxRepository(db::Database& db) : db_(db) {}
  // deliver_at: when the row is due for SMTP delivery; nullopt: only listed.
  void insert(std::int64_t tenant_id, const std::string& id, const Mail& mail, const std::string& now,
              const std::optional<std::string>& deliver_at);
  std::vector<OutboxMail> recent(std::int64_t tenant_id, int limit);

  // Delivery, across tenants (the worker serves them all).
  std::vector<DueMail> due(const std::string& now, int limit);
  // The job when this caller won it: the row was still due at `seen.due_at`;
  // it stays claimed until lease_until. nullopt when another instance won it.
  std::optional<MailJob> claim(const DueMail& seen, const std::string& lease_until);
  // Moves a claim's lease end from `held_until` on to `lease_until`; false when the claim is no longer
  // this caller's (its lease ran out and another instance claimed the mail).
  bool renew(const MailJob& job, const std::string& held_until, const std::string& lease_until);
  void delivered(std::int64_t tenant_id, const std::string& id, const std::string& at);
  // retry_at: when to try again; nullopt gives up (the row keeps the error).
  void failed(std::int64_t tenant_id, const std::string& id, const std::optional<std::string>& retry_at,
              const std::string& error);
  // When the oldest mail still waiting for delivery was written (every tenant; the metrics' outbox age).
  std::optional<std::string> oldest_waiting();

 private:
  db::Database& db_;
};

class Mailer {
 public:
  virtual ~Mailer() = default;
  virtual void send(std::int64_t tenant_id, const Mail& mail) = 0;
};

// Writes each mail to the outbox. With deliver, the row is due for SMTP
// delivery at once and on_queued (if any) is told after it is written (it
// wakes the delivery thread); without, the row is only listed.
class OutboxMailer final : public Mailer {
 public:
  OutboxMailer(OutboxRepository& outbox, const core::Clock& clock, bool deliver = false,
               std::function<void()> on_queued = {})
      : outbox_(outbox), clock_(clock), deliver_(deliver), on_queued_(std::move(on_queued)) {}
  void send(std::int64_t tenant_id, const Mail& mail) override;

 private:
  OutboxRepository& outbox_;
  const core::Clock& clock_;
  bool deliver_;
  std::function<void()> on_queued_;
};

}  // namespace portal::identity
