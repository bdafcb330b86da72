#pragma once
// SMTP delivery of one mail with Poco::Net: the message is an RFC 5322 /
// MIME document made by Poco::Net::MailMessage (RFC 5322 Date, Message-ID,
// RFC 2047 encoded subject, quoted-printable UTF-8 text and, when the mail
// has one, an HTML alternative); the conversation is SMTPClientSession with,
// as configured, STARTTLS or implicit TLS (PocoNetSSL, the peer's certificate
// checked against the configured host name) and AUTH PLAIN or LOGIN.
// Blocking network I/O: the delivery thread calls it, nothing else.
#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "domains/identity/mailer.hpp"

namespace portal::identity {

enum class SmtpTls {
  none,      // plain SMTP (a local relay)
  starttls,  // STARTTLS is required: a server that does not offer it is a failed attempt
  tls,       // implicit TLS from the first byte (submissions port 465)
};
std::optional<SmtpTls> parse_smtp_tls(std::string_view text);  // "none", "starttls", "tls"

struct SmtpSettings {
  std::string host;
  std::string port = "25";
  std::string from = "portal@localhost";  // an address, or "Name <address>" (ASCII)
  std::string user{};                     // AUTH when not empty
  std::string password{};
  SmtpTls tls = SmtpTls::none;
  std::string ca_file{};  // PEM certificates trusted besides the system's (a private relay's CA)
  std::chrono::seconds timeout{30};  // connect, and each reply
};

// "host:port" (port defaults to 25); nullopt when empty.
std::optional<SmtpSettings> parse_smtp(std::string_view host_port, std::string_view from);

// A failed delivery. permanent: the server refused the message itself with a
// 5xx reply (a recipient that does not exist); retrying cannot help. Anything
// else (connection refused, timeouts, 4xx, TLS or AUTH trouble) is worth a retry.
struct DeliveryError : std::runtime_error {
  DeliveryError(const std::string& what, bool permanent) : std::runtime_error(what), permanent(permanent) {}
  bool permanent;
};

class MailTransport {
 public:
  virtual ~MailTransport() = default;
  // Throws DeliveryError.
  virtual void deliver(const MailJob& job) = 0;
};

// RFC 5322 date-time in UTC: "Tue, 05 Mar 2024 14:07:09 +0000".
std::string rfc5322_date(core::Clock::time_point t);
// An unstructured header value as RFC 2047 encoded-words (UTF-8, base64, each
// word whole characters, folded) unless it is plain printable ASCII. CR and LF never pass.
std::string encode_header_text(std::string_view text);
// "<outbox-id@domain of the From address>": the same on every retry.
std::string message_id(std::string_view outbox_id, std::string_view from);
// The whole message as it goes over the wire after DATA (for tests and logs).
std::string render_message(const SmtpSettings& settings, const MailJob& job, core::Clock::time_point date);

class SmtpTransport final : public MailTransport {
 public:
  SmtpTransport(SmtpSettings settings, const core::Clock& clock);
  ~SmtpTransport() override;
  void deliver(const MailJob& job) override;
  const SmtpSettings& settings() const { return settings_; }

 private:
  SmtpSettings settings_;
  const core::Clock& clock_;
  std::string helo_;  // the From address's domain
  struct Tls;         // the TLS client context (PocoNetSSL), made once; null without TLS
  std::unique_ptr<Tls> tls_;
};

}  // namespace portal::identity
