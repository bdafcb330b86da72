// The SMTP conversation against a scripted in-process server.
#include "domains/identity/mailer.hpp"

#include <gtest/gtest.h>

#include <boost/asio.hpp>
#include <thread>

namespace portal::identity {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

TEST(Smtp, DeliversWithDotStuffingAndEncodedSubject) {
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  std::string transcript;
  std::thread server([&] {
    tcp::iostream conn;
    acceptor.accept(conn.socket());
    auto reply = [&](const char* line) { conn << line << "\r\n" << std::flush; };
    std::string line;
    reply("220 test ESMTP");
    bool in_data = false;
    while (std::getline(conn, line)) {
      transcript += line + "\n";
      if (in_data) {
        if (line == ".\r") {
          in_data = false;
          reply("250 queued");
        }
        continue;
      }
      if (line.starts_with("EHLO")) conn << "250-test\r\n250 8BITMIME\r\n" << std::flush;
      else if (line.starts_with("DATA")) { in_data = true; reply("354 go"); }
      else if (line.starts_with("QUIT")) { reply("221 bye"); break; }
      else reply("250 ok");
    }
  });
  SmtpSettings s{"127.0.0.1", std::to_string(acceptor.local_endpoint().port()), "portal@example.com"};
  smtp_deliver(s, {"ada@example.com", "Réinitialiser", "Hello\n.hidden line\nbye"});
  server.join();
  EXPECT_NE(transcript.find("MAIL FROM:<portal@example.com>"), std::string::npos);
  EXPECT_NE(transcript.find("RCPT TO:<ada@example.com>"), std::string::npos);
  EXPECT_NE(transcript.find("Subject: =?UTF-8?B?"), std::string::npos);
  EXPECT_NE(transcript.find("\n..hidden line"), std::string::npos);
}

TEST(Smtp, ARefusedRecipientNamesTheStep) {
  asio::io_context io;
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  std::thread server([&] {
    tcp::iostream conn;
    acceptor.accept(conn.socket());
    conn << "220 hi\r\n" << std::flush;
    std::string line;
    while (std::getline(conn, line)) {
      if (line.starts_with("RCPT")) { conn << "550 no such user\r\n" << std::flush; break; }
      conn << "250 ok\r\n" << std::flush;
    }
  });
  SmtpSettings s{"127.0.0.1", std::to_string(acceptor.local_endpoint().port())};
  try {
    smtp_deliver(s, {"x@example.com", "s", "b"});
    ADD_FAILURE() << "expected a failure";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("RCPT TO refused: 550"), std::string::npos) << e.what();
  }
  server.join();
}

TEST(Smtp, ParsesHostAndPort) {
  EXPECT_FALSE(parse_smtp("", ""));
  EXPECT_EQ(parse_smtp("mail.local", "")->port, "25");
  auto s = parse_smtp("127.0.0.1:1025", "noreply@portal.example");
  EXPECT_EQ(s->host, "127.0.0.1");
  EXPECT_EQ(s->port, "1025");
  EXPECT_EQ(s->from, "noreply@portal.example");
}

}  // namespace
}  // namespace portal::identity
