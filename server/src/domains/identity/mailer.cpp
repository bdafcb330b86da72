#include "domains/identity/mailer.hpp"

#include <sodium.h>

#include <boost/asio/ip/tcp.hpp>
#include <stdexcept>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/identity_sql.hpp"

namespace portal::identity {
namespace {

std::string base64(std::string_view text) {
  std::string out(sodium_base64_encoded_len(text.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(text.data()), text.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  out.resize(std::strlen(out.c_str()));
  return out;
}

// No CR or LF may reach a header line or an SMTP command.
std::string one_line(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != '\r' && c != '\n') out += c;
  return out;
}

// Reads one (possibly multi-line) reply and checks its code class.
void expect_reply(boost::asio::ip::tcp::iostream& conn, char want, std::string_view step) {
  std::string line;
  do {
    if (!std::getline(conn, line)) throw std::runtime_error("smtp: connection lost at " + std::string(step));
  } while (line.size() > 3 && line[3] == '-');
  if (line.empty() || line[0] != want)
    throw std::runtime_error("smtp: " + std::string(step) + " refused: " + one_line(line.substr(0, 200)));
}

}  // namespace

void OutboxRepository::insert(std::int64_t tenant_id, const std::string& id, const Mail& m, const std::string& now) {
  db_.execute(sql::kInsertMail, {tenant_id, id, m.recipient, m.subject, m.body, now});
}

void OutboxRepository::mark(std::int64_t tenant_id, const std::string& id, const std::optional<std::string>& sent_at,
                            const std::optional<std::string>& error) {
  db_.execute(sql::kMarkMailSent, {tenant_id, id, sent_at ? db::Value(*sent_at) : db::Value(nullptr),
                                   error ? db::Value(*error) : db::Value(nullptr)});
}

std::vector<OutboxMail> OutboxRepository::recent(std::int64_t tenant_id, int limit) {
  std::vector<OutboxMail> out;
  for (const auto& r : db_.query(sql::kRecentMail, {tenant_id, std::int64_t{limit}}))
    out.push_back({r.text(0), r.text(1), r.text(2), r.text(3), r.text(4), r.optional_text(5), r.optional_text(6)});
  return out;
}

std::string OutboxMailer::store(std::int64_t tenant_id, const Mail& mail) {
  std::string id = core::new_uuid();
  outbox_.insert(tenant_id, id, mail, db::utc_timestamp(clock_.now()));
  return id;
}

void OutboxMailer::send(std::int64_t tenant_id, const Mail& mail) { store(tenant_id, mail); }

std::optional<SmtpSettings> parse_smtp(std::string_view host_port, std::string_view from) {
  if (host_port.empty()) return std::nullopt;
  SmtpSettings s;
  const auto colon = host_port.rfind(':');
  s.host = std::string(host_port.substr(0, colon));
  if (colon != std::string_view::npos) s.port = std::string(host_port.substr(colon + 1));
  if (!from.empty()) s.from = std::string(from);
  return s;
}

void smtp_deliver(const SmtpSettings& s, const Mail& mail) {
  boost::asio::ip::tcp::iostream conn;
  conn.expires_after(s.timeout);
  conn.connect(s.host, s.port);
  if (!conn) throw std::runtime_error("smtp: cannot connect to " + s.host + ":" + s.port);
  auto command = [&](const std::string& line, char want, std::string_view step) {
    conn << line << "\r\n" << std::flush;
    expect_reply(conn, want, step);
  };
  expect_reply(conn, '2', "greeting");
  command("EHLO portal.localhost", '2', "EHLO");
  command("MAIL FROM:<" + one_line(s.from) + ">", '2', "MAIL FROM");
  command("RCPT TO:<" + one_line(mail.recipient) + ">", '2', "RCPT TO");
  command("DATA", '3', "DATA");
  conn << "From: <" << one_line(s.from) << ">\r\n"
       << "To: <" << one_line(mail.recipient) << ">\r\n"
       << "Subject: =?UTF-8?B?" << base64(one_line(mail.subject)) << "?=\r\n"
       << "Date: " << db::utc_timestamp() << "\r\n"
       << "Message-ID: <" << core::new_uuid() << "@portal.localhost>\r\n"
       << "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n";
  // Dot-stuffing (RFC 5321 §4.5.2): a line starting with '.' gets another.
  std::string_view body = mail.body;
  while (!body.empty()) {
    auto nl = body.find('\n');
    std::string_view line = body.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.starts_with('.')) conn << '.';
    conn << line << "\r\n";
    body = nl == std::string_view::npos ? std::string_view{} : body.substr(nl + 1);
  }
  command(".", '2', "message");
  conn << "QUIT\r\n" << std::flush;
}

void SmtpMailer::send(std::int64_t tenant_id, const Mail& mail) {
  const std::string id = store(tenant_id, mail);
  try {
    smtp_deliver(settings_, mail);
    outbox_.mark(tenant_id, id, db::utc_timestamp(clock_.now()), std::nullopt);
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::err, "mail delivery failed", {{"outboxId", id}, {"error", e.what()}});
    outbox_.mark(tenant_id, id, std::nullopt, std::string(e.what()));
  }
}

}  // namespace portal::identity
