#pragma once
// Mail: every mail is written to the outbox. With SMTP configured (--smtp or PORTAL_SMTP, docs/operations.md "Mail")
// the outbox is the delivery queue too: a thread of its own (never an I/O thread or the database pool) sends what is
// due, woken by each new mail and every --mail-interval seconds for retries. Any number of instances may run it: each
// mail is claimed once.
#include <memory>

#include "app/config.hpp"
#include "app/scheduler_runner.hpp"
#include "core/clock.hpp"
#include "domains/identity/mail_delivery.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/smtp_transport.hpp"

namespace portal::app {

struct MailSystem {
  std::unique_ptr<identity::SmtpTransport> transport;
  std::unique_ptr<identity::MailDelivery> delivery;
  std::unique_ptr<SchedulerRunner> runner;  // null without SMTP
  std::unique_ptr<identity::OutboxMailer> mailer;
};

// Throws when SMTP is configured but cannot be (a TLS context without its CA file).
MailSystem make_mail(const Config& config, identity::OutboxRepository& outbox, const core::Clock& clock);

}  // namespace portal::app
