// Outgoing mail: the message Poco builds (RFC 5322 date, encoded subject,
// MIME parts), the SMTP conversation against a scripted in-process server, and
// the outbox's delivery worker (claims, retries with backoff, giving up).
#include <gtest/gtest.h>

#include <boost/asio.hpp>
#include <filesystem>
#include <regex>
#include <sodium.h>
#include <thread>

#include "db/test_database.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/mail_delivery.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/smtp_transport.hpp"

namespace portal::identity {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using namespace std::chrono_literals;

const core::Clock::time_point kMarch5 = std::chrono::sys_days(std::chrono::year(2024) / 3 / 5) + 14h + 7min + 9s;

std::string unbase64(std::string_view b64) {
  std::string out(b64.size(), '\0');
  std::size_t len = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), b64.data(), b64.size(), nullptr,
                        &len, nullptr, sodium_base64_VARIANT_ORIGINAL) != 0)
    ADD_FAILURE() << "not base64: " << b64;
  out.resize(len);
  return out;
}

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

TEST(MailMessage, HasAnRfc5322DateAStableMessageIdAndAnEncodedSubject) {
  SmtpSettings s{"relay", "25", "Portal <noreply@portal.example>"};
  const std::string subject = "إعادة تعيين كلمة المرور لحسابك في البوابة الرقمية";
  const MailJob job{1, "0b8f-42", Mail{"ada@example.com", subject, "Hello\n.dot line é\nhttp://x/reset?session=ab"}, 1};
  const std::string text = render_message(s, job, kMarch5);
  EXPECT_NE(text.find("Date: Tue, 05 Mar 2024 14:07:09 +0000\r\n"), std::string::npos) << text;
  EXPECT_NE(text.find("From: Portal <noreply@portal.example>\r\n"), std::string::npos);
  EXPECT_NE(text.find("To: <ada@example.com>\r\n"), std::string::npos);
  EXPECT_NE(text.find("Message-ID: <0b8f-42@portal.example>\r\n"), std::string::npos);
  EXPECT_NE(text.find("MIME-Version: 1.0\r\n"), std::string::npos);
  EXPECT_NE(text.find("Content-Type: text/plain; charset=UTF-8\r\n"), std::string::npos);
  EXPECT_NE(text.find("Content-Transfer-Encoding: quoted-printable\r\n"), std::string::npos);
  EXPECT_EQ(text.find("GMT"), std::string::npos);
  EXPECT_NE(text.find(".dot line =C3=A9"), std::string::npos);
  // The subject: encoded-words of whole characters that together give it back.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("Subject: ((?:=\\?UTF-8\\?B\\?[A-Za-z0-9+/=]+\\?=(?:\r\n )?)+)\r\n")))
      << text;
  std::string decoded;
  const std::string words = m[1];
  const std::regex word("=\\?UTF-8\\?B\\?([A-Za-z0-9+/=]+)\\?=");
  for (std::sregex_iterator it(words.begin(), words.end(), word), end; it != end; ++it) {
    EXPECT_LE(it->str().size(), 75u);
    const std::string part = unbase64((*it)[1].str());
    EXPECT_TRUE(valid_utf8(part)) << "a character split across encoded-words";
    decoded += part;
  }
  EXPECT_EQ(decoded, subject);
}

TEST(MailMessage, AnHtmlAlternativeMakesItMultipart) {
  SmtpSettings s{"relay", "25", "noreply@portal.example"};
  const MailJob job{1, "id1", Mail{"ada@example.com", "Reset", "Open http://x/y", "<p><a href=\"http://x/y\">x</a></p>"}, 1};
  const std::string text = render_message(s, job, kMarch5);
  EXPECT_NE(text.find("Content-Type: multipart/alternative; boundary="), std::string::npos) << text;
  const auto plain = text.find("Content-Type: text/plain; charset=UTF-8");
  const auto html = text.find("Content-Type: text/html; charset=UTF-8");
  ASSERT_NE(plain, std::string::npos);
  ASSERT_NE(html, std::string::npos);
  EXPECT_LT(plain, html);  // the preferred (last) alternative is the HTML
  EXPECT_NE(text.find("Subject: Reset\r\n"), std::string::npos);
}

TEST(MailMessage, HeaderTextNeverCarriesALineBreak) {
  EXPECT_EQ(encode_header_text("Reset your password"), "Reset your password");
  EXPECT_EQ(encode_header_text("a\r\nBcc: x@evil.example"), "aBcc: x@evil.example");
  const std::string encoded = encode_header_text("Réinitialiser\r\nBcc: x");
  EXPECT_EQ(encoded.rfind("=?UTF-8?B?", 0), 0u);
  EXPECT_EQ(unbase64(encoded.substr(10, encoded.size() - 12)), "RéinitialiserBcc: x");
  EXPECT_EQ(message_id("abc", "noreply@a.example"), "<abc@a.example>");
  EXPECT_EQ(message_id("abc", "no-domain"), "<abc@localhost>");
}

TEST(Smtp, ParsesHostPortAndTlsMode) {
  EXPECT_FALSE(parse_smtp("", ""));
  EXPECT_EQ(parse_smtp("mail.local", "")->port, "25");
  auto s = parse_smtp("127.0.0.1:1025", "noreply@portal.example");
  EXPECT_EQ(s->host, "127.0.0.1");
  EXPECT_EQ(s->port, "1025");
  EXPECT_EQ(s->from, "noreply@portal.example");
  EXPECT_EQ(parse_smtp_tls("starttls"), SmtpTls::starttls);
  EXPECT_EQ(parse_smtp_tls("tls"), SmtpTls::tls);
  EXPECT_EQ(parse_smtp_tls("none"), SmtpTls::none);
  EXPECT_FALSE(parse_smtp_tls("ssl"));
}

// A scripted SMTP server on a thread: answers each command by `reply`, keeps
// the transcript (commands and message lines).
class ScriptedServer {
 public:
  using Reply = std::function<std::string(const std::string& command)>;
  explicit ScriptedServer(Reply reply, std::string ehlo = "250-test\r\n250 8BITMIME")
      : acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
    thread_ = std::thread([this, reply = std::move(reply), ehlo = std::move(ehlo)] {
      tcp::iostream conn;
      acceptor_.accept(conn.socket());
      auto send = [&](const std::string& line) { conn << line << "\r\n" << std::flush; };
      send("220 test ESMTP");
      bool in_data = false;
      for (std::string line; std::getline(conn, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        else bare_lf_ = true;
        transcript_ += line + "\n";
        if (in_data) {
          if (line == ".") {
            in_data = false;
            send(reply("."));
          }
          continue;
        }
        if (line.starts_with("EHLO")) {
          send(ehlo);
          continue;
        }
        const std::string answer = reply(line);
        send(answer);
        if (line.starts_with("DATA") && answer.starts_with("354")) in_data = true;
        if (line.starts_with("QUIT") || answer.starts_with("221")) break;
      }
    });
  }
  ~ScriptedServer() { join(); }
  void join() {
    if (thread_.joinable()) thread_.join();
  }
  std::string port() const { return std::to_string(acceptor_.local_endpoint().port()); }
  const std::string& transcript() const { return transcript_; }
  bool bare_lf() const { return bare_lf_; }  // a line that did not end in CRLF

 private:
  asio::io_context io_;
  tcp::acceptor acceptor_;
  std::thread thread_;
  std::string transcript_;
  bool bare_lf_ = false;
};

std::string accept_all(const std::string& command) {
  if (command.starts_with("DATA")) return "354 go";
  if (command.starts_with("QUIT")) return "221 bye";
  if (command.starts_with("AUTH")) return "235 ok";
  return "250 ok";
}

// A lone "." line and one starting with "." (bare LF, as the services write them).
const MailJob kJob{1, "m1", Mail{"ada@example.com", "Réinitialiser", "Hello\n.hidden line\n.\nbye\r\n.end"}, 1};

TEST(Smtp, DeliversWithPocoDotStuffedAndEncoded) {
  ScriptedServer server(accept_all);
  core::ManualClock clock(kMarch5);
  SmtpTransport transport({"127.0.0.1", server.port(), "portal@example.com"}, clock);
  transport.deliver(kJob);
  server.join();
  const auto& t = server.transcript();
  EXPECT_NE(t.find("EHLO example.com"), std::string::npos) << t;
  EXPECT_NE(t.find("MAIL FROM: <portal@example.com>"), std::string::npos) << t;
  EXPECT_NE(t.find("RCPT TO: <ada@example.com>"), std::string::npos);
  EXPECT_NE(t.find("Subject: =?UTF-8?B?"), std::string::npos);
  EXPECT_NE(t.find("Date: Tue, 05 Mar 2024 14:07:09 +0000"), std::string::npos);
  EXPECT_NE(t.find("\nHello\n..hidden line\n..\nbye\n..end\n.\nQUIT"), std::string::npos) << t;
  EXPECT_FALSE(server.bare_lf()) << "every line ends in CRLF";
  EXPECT_EQ(t.find("AUTH"), std::string::npos);
}

TEST(Smtp, AuthenticatesWithPlainWhenOfferedElseLogin) {
  {
    ScriptedServer server(accept_all, "250-test\r\n250-AUTH LOGIN PLAIN\r\n250 8BITMIME");
    core::ManualClock clock;
    SmtpSettings s{"127.0.0.1", server.port(), "portal@example.com", "portal", "s3cret"};
    SmtpTransport(s, clock).deliver(kJob);
    server.join();
    // "\0portal\0s3cret" in base64
    EXPECT_NE(server.transcript().find("AUTH PLAIN AHBvcnRhbABzM2NyZXQ="), std::string::npos) << server.transcript();
  }
  {
    // AUTH LOGIN: a 334 for the command and for the user line, 235 after the password line.
    ScriptedServer server(
        [](const std::string& c) -> std::string {
          if (c == "AUTH LOGIN") return "334 VXNlcm5hbWU6";
          if (c == "cG9ydGFs") return "334 UGFzc3dvcmQ6";  // "portal"
          if (c == "czNjcmV0") return "235 ok";            // "s3cret"
          return accept_all(c);
        },
        "250-test\r\n250 AUTH LOGIN");
    core::ManualClock clock;
    SmtpSettings s{"127.0.0.1", server.port(), "portal@example.com", "portal", "s3cret"};
    SmtpTransport(s, clock).deliver(kJob);
    server.join();
    EXPECT_NE(server.transcript().find("AUTH LOGIN\ncG9ydGFs\nczNjcmV0\n"), std::string::npos) << server.transcript();
  }
}

TEST(Smtp, ARefusedRecipientIsPermanentAFullMailboxIsNot) {
  {
    ScriptedServer server([](const std::string& c) { return c.starts_with("RCPT") ? "550 no such user" : accept_all(c); });
    core::ManualClock clock;
    try {
      SmtpTransport({"127.0.0.1", server.port()}, clock).deliver(kJob);
      ADD_FAILURE() << "expected a failure";
    } catch (const DeliveryError& e) {
      EXPECT_TRUE(e.permanent) << e.what();
      EXPECT_NE(std::string(e.what()).find("550"), std::string::npos) << e.what();
    }
  }
  {
    ScriptedServer server([](const std::string& c) { return c == "." ? "451 4.3.0 try again later" : accept_all(c); });
    core::ManualClock clock;
    try {
      SmtpTransport({"127.0.0.1", server.port()}, clock).deliver(kJob);
      ADD_FAILURE() << "expected a failure";
    } catch (const DeliveryError& e) {
      EXPECT_FALSE(e.permanent) << e.what();
    }
  }
}

TEST(Smtp, NoServerAndNoStarttlsAreWorthARetry) {
  std::string closed_port;
  {
    asio::io_context io;
    tcp::acceptor a(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    closed_port = std::to_string(a.local_endpoint().port());
  }
  core::ManualClock clock;
  try {
    SmtpTransport({"127.0.0.1", closed_port}, clock).deliver(kJob);
    ADD_FAILURE() << "expected a failure";
  } catch (const DeliveryError& e) {
    EXPECT_FALSE(e.permanent) << e.what();
  }
  ScriptedServer server(accept_all);  // offers no STARTTLS
  SmtpSettings s{"127.0.0.1", server.port()};
  s.tls = SmtpTls::starttls;
  try {
    SmtpTransport(s, clock).deliver(kJob);
    ADD_FAILURE() << "expected a failure";
  } catch (const DeliveryError& e) {
    EXPECT_FALSE(e.permanent);
    EXPECT_NE(std::string(e.what()).find("STARTTLS"), std::string::npos) << e.what();
  }
  server.join();
  EXPECT_EQ(server.transcript().find("MAIL FROM"), std::string::npos);  // nothing sent in clear
}

// ---------------------------------------------------------------- the worker

class FakeTransport final : public MailTransport {
 public:
  void deliver(const MailJob& job) override {
    seen.push_back(job);
    if (fail) throw DeliveryError("smtp: 451 later", permanent);
  }
  std::vector<MailJob> seen;
  bool fail = false;
  bool permanent = false;
};

class MailDeliveryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-mail");
    db_ = db::open_test_database(dir_, {});
    outbox_ = std::make_unique<OutboxRepository>(*db_);
  }
  void TearDown() override {
    outbox_.reset();
    db_.reset();
    std::filesystem::remove_all(dir_);
  }
  OutboxMail row(std::int64_t tenant = 1) { return outbox_->recent(tenant, 10).at(0); }

  std::filesystem::path dir_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<OutboxRepository> outbox_;
  core::ManualClock clock_;
  FakeTransport transport_;
};

TEST_F(MailDeliveryTest, SendingOnlyQueuesAndWakesTheWorker) {
  int woken = 0;
  OutboxMailer mailer(*outbox_, clock_, true, [&] { ++woken; });
  mailer.send(1, {"ada@example.com", "Hi", "Body", "<p>Body</p>"});
  EXPECT_EQ(woken, 1);
  EXPECT_TRUE(transport_.seen.empty());
  auto r = row();
  EXPECT_FALSE(r.sent_at);
  EXPECT_EQ(r.next_attempt_at, r.created_at);
  EXPECT_EQ(r.html, "<p>Body</p>");
  // The outbox of SMS (and of a portal without SMTP) lists only.
  OutboxMailer sms(*outbox_, clock_);
  sms.send(2, {"sms:+971500000001", "PIN", "1234"});
  EXPECT_FALSE(row(2).next_attempt_at);

  MailDelivery delivery(*outbox_, transport_, clock_);
  EXPECT_EQ(delivery.run_once().sent, 1);
  ASSERT_EQ(transport_.seen.size(), 1u);
  EXPECT_EQ(transport_.seen[0].mail.html, "<p>Body</p>");
  EXPECT_EQ(transport_.seen[0].attempts, 1);
  r = row();
  EXPECT_TRUE(r.sent_at);
  EXPECT_FALSE(r.next_attempt_at);
  EXPECT_EQ(r.attempts, 1);
  EXPECT_EQ(delivery.run_once().sent, 0);  // once
}

TEST_F(MailDeliveryTest, AFailedAttemptIsRetriedWithBackoffUntilItIsDelivered) {
  DeliveryPolicy policy;
  policy.first_retry = 30s;
  OutboxMailer(*outbox_, clock_, true).send(1, {"ada@example.com", "Hi", "Body"});
  MailDelivery delivery(*outbox_, transport_, clock_, policy);
  transport_.fail = true;
  EXPECT_EQ(delivery.run_once().retrying, 1);
  auto r = row();
  EXPECT_EQ(r.attempts, 1);
  EXPECT_EQ(r.last_error, "smtp: 451 later");
  ASSERT_TRUE(r.next_attempt_at);
  EXPECT_GE(*r.next_attempt_at, db::utc_timestamp(clock_.now() + 30s));
  EXPECT_LE(*r.next_attempt_at, db::utc_timestamp(clock_.now() + 33s));
  EXPECT_EQ(delivery.run_once().retrying, 0);  // not due yet
  clock_.advance(34s);
  EXPECT_EQ(delivery.run_once().retrying, 1);
  r = row();
  EXPECT_EQ(r.attempts, 2);
  EXPECT_GE(*r.next_attempt_at, db::utc_timestamp(clock_.now() + 60s));  // doubled
  transport_.fail = false;
  clock_.advance(70s);
  EXPECT_EQ(delivery.run_once().sent, 1);
  r = row();
  EXPECT_EQ(r.attempts, 3);
  EXPECT_TRUE(r.sent_at);
  EXPECT_FALSE(r.last_error);
  EXPECT_EQ(transport_.seen.size(), 3u);
}

TEST_F(MailDeliveryTest, APermanentRefusalOrTooManyAttemptsGivesUp) {
  OutboxMailer(*outbox_, clock_, true).send(1, {"nobody@example.com", "Hi", "Body"});
  MailDelivery delivery(*outbox_, transport_, clock_);
  transport_.fail = transport_.permanent = true;
  EXPECT_EQ(delivery.run_once().given_up, 1);
  auto r = row();
  EXPECT_FALSE(r.next_attempt_at);
  EXPECT_FALSE(r.sent_at);
  EXPECT_TRUE(r.last_error);

  DeliveryPolicy policy;
  policy.max_attempts = 2;
  MailDelivery short_lived(*outbox_, transport_, clock_, policy);
  transport_.permanent = false;
  OutboxMailer(*outbox_, clock_, true).send(2, {"ada@example.com", "Hi", "Body"});
  EXPECT_EQ(short_lived.run_once().retrying, 1);
  clock_.advance(3h);
  EXPECT_EQ(short_lived.run_once().given_up, 1);
  EXPECT_EQ(row(2).attempts, 2);
  EXPECT_FALSE(row(2).next_attempt_at);
  clock_.advance(3h);
  EXPECT_EQ(short_lived.run_once().given_up + short_lived.run_once().retrying, 0);
}

TEST_F(MailDeliveryTest, OneInstanceWinsEachClaimAndALapsedLeaseMakesTheMailDueAgain) {
  OutboxMailer(*outbox_, clock_, true).send(1, {"ada@example.com", "Hi", "Body"});
  const auto due = outbox_->due(db::utc_timestamp(clock_.now()), 10);
  ASSERT_EQ(due.size(), 1u);
  // Two instances read the same due row; the first claim wins.
  EXPECT_TRUE(outbox_->claim(due[0], db::utc_timestamp(clock_.now() + 600s)));
  EXPECT_FALSE(outbox_->claim(due[0], db::utc_timestamp(clock_.now() + 600s)));
  // The claiming instance died: nothing is due until its lease ends.
  MailDelivery delivery(*outbox_, transport_, clock_);
  EXPECT_EQ(delivery.run_once().sent, 0);
  clock_.advance(601s);
  EXPECT_EQ(delivery.run_once().sent, 1);
  EXPECT_EQ(row().attempts, 2);
}

// A transport that talks for a while: the clock moves on past several leases meanwhile, and the
// mail is never due for another instance until the heartbeat stops.
class SlowTransport final : public MailTransport {
 public:
  explicit SlowTransport(std::function<void()> meanwhile) : meanwhile_(std::move(meanwhile)) {}
  void deliver(const MailJob&) override { meanwhile_(); }

 private:
  std::function<void()> meanwhile_;
};

TEST_F(MailDeliveryTest, AHeartbeatKeepsTheClaimWhileTheTransportTalksAndAStoppedOneLapsesInALease) {
  OutboxMailer(*outbox_, clock_, true).send(1, {"ada@example.com", "Hi", "Body"});
  DeliveryPolicy policy;
  policy.beat = 5ms;
  int others_sent = -1;
  SlowTransport slow([&] {
    // A minute of talking, a lease at a time; the heartbeat (renewing at the clock's now) keeps up.
    for (int i = 0; i < 4; ++i) {
      const auto lease_end = outbox_->recent(1, 1).at(0).next_attempt_at;
      clock_.advance(policy.lease);
      for (int k = 0; k < 400 && outbox_->recent(1, 1).at(0).next_attempt_at == lease_end; ++k)
        std::this_thread::sleep_for(2ms);
    }
    MailDelivery other(*outbox_, transport_, clock_, policy);
    others_sent = other.run_once().sent;
  });
  MailDelivery delivery(*outbox_, slow, clock_, policy);
  EXPECT_EQ(delivery.run_once().sent, 1);
  EXPECT_EQ(others_sent, 0) << "another instance sent the mail while its claim was renewed";
  EXPECT_TRUE(transport_.seen.empty());
  EXPECT_EQ(row().attempts, 1);

  // An instance that dies while sending leaves a claim no heartbeat renews: due again one lease later.
  OutboxMailer(*outbox_, clock_, true).send(2, {"bob@example.com", "Hi", "Body"});
  const auto due = outbox_->due(db::utc_timestamp(clock_.now()), 10);
  ASSERT_EQ(due.size(), 1u);
  ASSERT_TRUE(outbox_->claim(due[0], db::utc_timestamp(clock_.now() + policy.lease)));
  MailDelivery survivor(*outbox_, transport_, clock_, policy);
  EXPECT_EQ(survivor.run_once().sent, 0);
  clock_.advance(policy.lease + 1s);
  EXPECT_EQ(survivor.run_once().sent, 1);
  EXPECT_LE(policy.lease, 15s) << "a claim must lapse within seconds (issue 48: takeover within 30 s)";
}

TEST(MailRetry, DelayDoublesUpToTheLongestWithSomeJitter) {
  DeliveryPolicy p;
  p.first_retry = 30s;
  p.longest_retry = 7200s;
  for (int i = 0; i < 20; ++i) {
    EXPECT_GE(retry_delay(p, 1), 30s);
    EXPECT_LE(retry_delay(p, 1), 33s);
    EXPECT_GE(retry_delay(p, 3), 120s);
    EXPECT_LE(retry_delay(p, 3), 132s);
    EXPECT_GE(retry_delay(p, 40), 7200s);
    EXPECT_LE(retry_delay(p, 40), 7920s);
  }
}

}  // namespace
}  // namespace portal::identity
