#include "domains/identity/smtp_transport.hpp"

#include <Poco/DateTimeFormatter.h>
#include <Poco/Net/Context.h>
#include <Poco/Net/MailMessage.h>
#include <Poco/Net/MailRecipient.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/RejectCertificateHandler.h>
#include <Poco/Net/SMTPClientSession.h>
#include <Poco/Net/SSLManager.h>
#include <Poco/Net/SecureStreamSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/Net/StringPartSource.h>
#include <Poco/Timestamp.h>
#include <sodium.h>

#include <cstring>
#include <mutex>
#include <sstream>

#include "core/text.hpp"

namespace portal::identity {
namespace net = Poco::Net;

namespace {

// No CR or LF may reach a header line or an SMTP command.
std::string one_line(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != '\r' && c != '\n') out += c;
  return out;
}

// Every line break as CRLF. Poco's DATA stream dot-stuffs only lines that
// follow a CRLF: a line after a bare LF that starts with '.' (or is a lone
// '.') would otherwise reach the server unstuffed.
std::string crlf_lines(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 40);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\r') {
      out += "\r\n";
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else if (c == '\n') {
      out += "\r\n";
    } else {
      out += c;
    }
  }
  return out;
}

std::string base64(std::string_view bytes) {
  std::string out(sodium_base64_encoded_len(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  out.resize(std::strlen(out.c_str()));
  return out;
}

// The address inside "Name <address>", or the whole text.
std::string address_of(std::string_view from) {
  const auto open = from.rfind('<');
  const auto close = from.rfind('>');
  if (open != std::string_view::npos && close != std::string_view::npos && close > open)
    return std::string(from.substr(open + 1, close - open - 1));
  return std::string(from);
}

std::string domain_of(std::string_view from) {
  const std::string address = address_of(from);
  const auto at = address.rfind('@');
  const std::string domain = at == std::string::npos ? "" : address.substr(at + 1);
  return domain.empty() ? "localhost" : domain;
}

bool offers(const std::string& ehlo_reply, std::string_view keyword) {
  // Each line is "250-KEYWORD params" or "250 KEYWORD params".
  std::istringstream lines(ehlo_reply);
  for (std::string line; std::getline(lines, line);) {
    if (line.size() < 4) continue;
    if (core::upper(std::string_view(line).substr(4)).starts_with(keyword)) return true;
  }
  return false;
}

bool offers_auth_plain(const std::string& ehlo_reply) {
  std::istringstream lines(ehlo_reply);
  for (std::string line; std::getline(lines, line);) {
    line = core::upper(line);
    if (line.size() > 4 && line.compare(4, 5, "AUTH ") == 0 && line.find(" PLAIN") != std::string::npos) return true;
  }
  return false;
}

void make_message(net::MailMessage& m, const SmtpSettings& s, const MailJob& job, core::Clock::time_point date) {
  m.set("Date", rfc5322_date(date));  // MailMessage's own says "GMT", an obsolete zone (RFC 5322 §4.3)
  m.setSender(one_line(s.from));
  m.addRecipient(net::MailRecipient(net::MailRecipient::PRIMARY_RECIPIENT, one_line(job.mail.recipient)));
  m.setSubject(encode_header_text(job.mail.subject));
  m.set("Message-ID", message_id(job.id, s.from));
  m.set("MIME-Version", "1.0");
  m.set("Auto-Submitted", "auto-generated");  // RFC 3834: no vacation replies to a reset mail
  if (job.mail.html.empty()) {
    m.setContentType("text/plain; charset=UTF-8");
    m.setContent(crlf_lines(job.mail.body), net::MailMessage::ENCODING_QUOTED_PRINTABLE);
  } else {
    m.setContentType("multipart/alternative");
    m.addPart("", new net::StringPartSource(crlf_lines(job.mail.body), "text/plain; charset=UTF-8"),
              net::MailMessage::CONTENT_INLINE, net::MailMessage::ENCODING_QUOTED_PRINTABLE);
    m.addPart("", new net::StringPartSource(crlf_lines(job.mail.html), "text/html; charset=UTF-8"),
              net::MailMessage::CONTENT_INLINE, net::MailMessage::ENCODING_QUOTED_PRINTABLE);
  }
}

// SMTPClientSession with STARTTLS done as SecureSMTPClientSession::startTLS
// does it (the STARTTLS command, then SecureStreamSocket::attach on the same
// socket), but with the configured host name for the certificate check: that
// class checks the peer's address instead when it did not open the connection
// itself, and it cannot open one with a connect timeout.
class Session final : public net::SMTPClientSession {
 public:
  using net::SMTPClientSession::SMTPClientSession;
  void start_tls(const std::string& host, const net::Context::Ptr& context) {
    std::string reply;
    if (sendCommand("STARTTLS", reply) / 100 != 2) throw DeliveryError("smtp: STARTTLS refused: " + one_line(reply), false);
    socket() = net::SecureStreamSocket::attach(socket(), host, context);
  }
};

// Poco's SSL manager asks its certificate handler what to do with a
// certificate that fails verification; without one it would read an
// application configuration we do not have. Ours refuses.
void init_tls_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    net::initializeSSL();
    net::SSLManager::instance().initializeClient(nullptr, new net::RejectCertificateHandler(false), nullptr);
  });
}

}  // namespace

std::optional<SmtpTls> parse_smtp_tls(std::string_view text) {
  if (text.empty() || text == "none") return SmtpTls::none;
  if (text == "starttls") return SmtpTls::starttls;
  if (text == "tls") return SmtpTls::tls;
  return std::nullopt;
}

std::optional<SmtpSettings> parse_smtp(std::string_view host_port, std::string_view from) {
  if (host_port.empty()) return std::nullopt;
  SmtpSettings s;
  const auto colon = host_port.rfind(':');
  s.host = std::string(host_port.substr(0, colon));
  if (colon != std::string_view::npos) s.port = std::string(host_port.substr(colon + 1));
  if (!from.empty()) s.from = std::string(from);
  return s;
}

std::string rfc5322_date(core::Clock::time_point t) {
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
  return Poco::DateTimeFormatter::format(Poco::Timestamp::fromEpochTime(static_cast<std::time_t>(seconds)),
                                         "%w, %d %b %Y %H:%M:%S +0000");
}

std::string encode_header_text(std::string_view raw) {
  const std::string text = one_line(raw);
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
  // "=?" in plain text would read as the start of an encoded-word.
  if (plain && text.size() <= 900 && text.find("=?") == std::string::npos) return text;
  // Encoded-words of at most 75 characters: "=?UTF-8?B?" + base64 of at most
  // 45 bytes + "?=", each cut between UTF-8 characters (RFC 2047 §5), folded.
  constexpr std::size_t kMaxBytes = 45;
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = std::min(text.size(), at + kMaxBytes);
    // Back off continuation bytes (10xxxxxx) so no character is split.
    while (end < text.size() && end > at + 1 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(std::string_view(text).substr(at, end - at)) + "?=";
    at = end;
  }
  return out;
}

std::string message_id(std::string_view outbox_id, std::string_view from) {
  return "<" + one_line(outbox_id) + "@" + one_line(domain_of(from)) + ">";
}

std::string render_message(const SmtpSettings& settings, const MailJob& job, core::Clock::time_point date) {
  std::ostringstream out;
  net::MailMessage message;
  make_message(message, settings, job, date);
  message.write(out);
  return out.str();
}

struct SmtpTransport::Tls {
  net::Context::Ptr context;
};

SmtpTransport::SmtpTransport(SmtpSettings settings, const core::Clock& clock)
    : settings_(std::move(settings)), clock_(clock), helo_(domain_of(settings_.from)) {
  if (settings_.tls == SmtpTls::none) return;
  init_tls_once();
  net::Context::Params params;
  params.caLocation = settings_.ca_file;
  params.loadDefaultCAs = true;
  // The chain must verify and the certificate name the configured host. STRICT,
  // not RELAXED: with RELAXED Poco skips the name check for loopback hosts.
  params.verificationMode = net::Context::VERIFY_STRICT;
  tls_ = std::make_unique<Tls>();
  tls_->context = new net::Context(net::Context::TLS_CLIENT_USE, params);
  tls_->context->requireMinimumProtocol(net::Context::PROTO_TLSV1_2);
}

SmtpTransport::~SmtpTransport() = default;

void SmtpTransport::deliver(const MailJob& job) {
  net::MailMessage message;
  make_message(message, settings_, job, clock_.now());
  const Poco::Timespan timeout(static_cast<long>(settings_.timeout.count()), 0);
  bool sending = false;  // past the handshake: a 5xx now refuses this message
  try {
    int port = 0;
    try {
      port = std::stoi(settings_.port);
    } catch (const std::exception&) {
    }
    if (port < 1 || port > 65535) throw DeliveryError("smtp: the port '" + settings_.port + "' is not a number", false);
    const net::SocketAddress address(settings_.host, static_cast<Poco::UInt16>(port));
    net::StreamSocket socket;
    if (settings_.tls == SmtpTls::tls) {
      net::SecureStreamSocket secure(tls_->context);
      secure.setPeerHostName(settings_.host);  // the certificate must name the configured host
      secure.connect(address, timeout);
      socket = secure;
    } else {
      socket.connect(address, timeout);
    }
    Session session(socket);
    session.setTimeout(timeout);
    session.open();  // the greeting
    std::string ehlo;
    if (session.sendCommand("EHLO", helo_, ehlo) / 100 != 2)
      throw DeliveryError("smtp: EHLO refused: " + one_line(ehlo), false);
    if (settings_.tls == SmtpTls::starttls) {
      if (!offers(ehlo, "STARTTLS")) throw DeliveryError("smtp: the server offers no STARTTLS", false);
      session.start_tls(settings_.host, tls_->context);
      session.setTimeout(timeout);
      ehlo.clear();
      if (session.sendCommand("EHLO", helo_, ehlo) / 100 != 2)
        throw DeliveryError("smtp: EHLO after STARTTLS refused: " + one_line(ehlo), false);
    }
    if (!settings_.user.empty())
      session.login(helo_,
                    offers_auth_plain(ehlo) ? net::SMTPClientSession::AUTH_PLAIN : net::SMTPClientSession::AUTH_LOGIN,
                    settings_.user, settings_.password);
    sending = true;
    session.sendMessage(message);
    try {
      session.close();  // QUIT; the message is accepted already
    } catch (const Poco::Exception&) {
    }
  } catch (const DeliveryError&) {
    throw;
  } catch (const net::SMTPException& e) {
    const int code = e.code();
    throw DeliveryError("smtp: " + one_line(e.displayText()), sending && code >= 500 && code < 600);
  } catch (const Poco::Exception& e) {
    throw DeliveryError("smtp: " + one_line(e.displayText()), false);
  } catch (const std::exception& e) {
    throw DeliveryError(std::string("smtp: ") + e.what(), false);
  }
}

}  // namespace portal::identity
