#include "app/mail_system.hpp"

#include "core/log.hpp"

namespace portal::app {

MailSystem make_mail(const Config& config, identity::OutboxRepository& outbox, const core::Clock& clock) {
  MailSystem m;
  auto settings = identity::parse_smtp(config.smtp, config.mail_from);
  if (!settings) {
    m.mailer = std::make_unique<identity::OutboxMailer>(outbox, clock);
    return m;
  }
  settings->user = config.smtp_user;
  settings->password = config.smtp_password;
  settings->tls = identity::parse_smtp_tls(config.smtp_tls).value_or(identity::SmtpTls::none);
  settings->ca_file = config.smtp_ca_file;
  core::log_json(spdlog::level::info, "mail via SMTP",
                 {{"host", settings->host}, {"port", settings->port}, {"tls", config.smtp_tls},
                  {"auth", !settings->user.empty()}});
  if (!settings->user.empty() && settings->tls == identity::SmtpTls::none)
    core::log_json(spdlog::level::warn, "SMTP AUTH without TLS: the password crosses the network in clear",
                   {{"host", settings->host}});
  m.transport = std::make_unique<identity::SmtpTransport>(std::move(*settings), clock);
  m.delivery = std::make_unique<identity::MailDelivery>(outbox, *m.transport, clock);
  m.runner = std::make_unique<SchedulerRunner>(std::chrono::seconds(config.mail_interval),
                                               [d = m.delivery.get()] { d->run_once(); });
  m.mailer = std::make_unique<identity::OutboxMailer>(outbox, clock, true, [r = m.runner.get()] { r->wake(); });
  return m;
}

}  // namespace portal::app
