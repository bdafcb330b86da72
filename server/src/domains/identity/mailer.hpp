#pragma once
// Outgoing mail. Every mail is written to the tenant's outbox (the dev page
// lists it); the SMTP mailer then also delivers it over plain SMTP (no TLS,
// no AUTH: a local relay such as the host's MTA or a test catcher) and
// records the outcome on the outbox row. Blocking: call on the database pool.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/identity/identity_types.hpp"

namespace portal::identity {

struct OutboxMail {
  std::string id;
  std::string recipient;
  std::string subject;
  std::string body;
  std::string created_at;
  std::optional<std::string> sent_at;
  std::optional<std::string> error;
};

class OutboxRepository {
 public:
  explicit OutboxRepository(db::Database& db) : db_(db) {}
  void insert(std::int64_t tenant_id, const std::string& id, const Mail& mail, const std::string& now);
  void mark(std::int64_t tenant_id, const std::string& id, const std::optional<std::string>& sent_at,
            const std::optional<std::string>& error);
  std::vector<OutboxMail> recent(std::int64_t tenant_id, int limit);

 private:
  db::Database& db_;
};

class Mailer {
 public:
  virtual ~Mailer() = default;
  virtual void send(std::int64_t tenant_id, const Mail& mail) = 0;
};

class OutboxMailer : public Mailer {
 public:
  OutboxMailer(OutboxRepository& outbox, const core::Clock& clock) : outbox_(outbox), clock_(clock) {}
  void send(std::int64_t tenant_id, const Mail& mail) override;

 protected:
  std::string store(std::int64_t tenant_id, const Mail& mail);  // returns the outbox id
  OutboxRepository& outbox_;
  const core::Clock& clock_;
};

struct SmtpSettings {
  std::string host;
  std::string port = "25";
  std::string from = "portal@localhost";
  std::chrono::seconds timeout{10};
};

// "host:port" (port defaults to 25); nullopt when empty.
std::optional<SmtpSettings> parse_smtp(std::string_view host_port, std::string_view from);

class SmtpMailer final : public OutboxMailer {
 public:
  SmtpMailer(OutboxRepository& outbox, const core::Clock& clock, SmtpSettings settings)
      : OutboxMailer(outbox, clock), settings_(std::move(settings)) {}
  // A failed delivery is logged and kept on the outbox row; it does not fail the caller.
  void send(std::int64_t tenant_id, const Mail& mail) override;

 private:
  SmtpSettings settings_;
};

// One SMTP conversation (EHLO, MAIL FROM, RCPT TO, DATA, QUIT); throws
// std::runtime_error naming the step that failed.
void smtp_deliver(const SmtpSettings& settings, const Mail& mail);

}  // namespace portal::identity
