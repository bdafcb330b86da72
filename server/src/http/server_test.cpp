// The session loop on a real socket: heads a proxy could read otherwise are
// refused, and an answer whose body is a stream arrives whole, piece by piece.
#include "http/server.hpp"

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <thread>

namespace portal::http {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

// A stream of `size` bytes 'a', 'b', 'c', ... handed out in pieces of at most `piece`.
class Letters final : public BodyStream {
 public:
  Letters(std::uint64_t size, std::size_t piece, std::uint64_t fail_at = UINT64_MAX)
      : size_(size), piece_(piece), fail_at_(fail_at) {}
  std::uint64_t size() const override { return size_; }
  asio::awaitable<std::size_t> read(asio::mutable_buffer into) override {
    if (done_ >= fail_at_) co_return 0;  // the source failed
    const auto n = static_cast<std::size_t>(std::min<std::uint64_t>({into.size(), piece_, size_ - done_}));
    auto* out = static_cast<char*>(into.data());
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<char>('a' + (done_ + i) % 26);
    done_ += n;
    co_return n;
  }

 private:
  std::uint64_t size_, done_ = 0;
  std::size_t piece_;
  std::uint64_t fail_at_;
};

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<Server>(
        ioc_, ServerOptions{"127.0.0.1", 0},
        [this](const Request& req, std::string, unsigned short local_port) -> asio::awaitable<Response> {
          local_port_ = local_port;
          Response res{Status::ok, req.version()};
          if (req.target() == "/stream") {
            res.body().stream = std::make_shared<Letters>(300 * 1024, 10000);
          } else if (req.target() == "/broken") {
            res.body().stream = std::make_shared<Letters>(300 * 1024, 10000, 100000);
          } else {
            res.body() = "ok";
          }
          res.prepare_payload();
          co_return res;
        },
        metrics_);
    server_->start();
    thread_ = std::thread([this] { ioc_.run(); });
  }
  void TearDown() override {
    ioc_.stop();
    thread_.join();
  }

  // Sends `request` on a fresh connection; everything the server sent until it closed.
  std::string exchange(const std::string& request) {
    asio::io_context client;
    tcp::socket socket(client);
    socket.connect({asio::ip::make_address("127.0.0.1"), server_->port()});
    asio::write(socket, asio::buffer(request));
    std::string reply;
    boost::system::error_code ec;
    asio::read(socket, asio::dynamic_buffer(reply), ec);
    return reply;
  }

  asio::io_context ioc_;
  Metrics metrics_;
  std::unique_ptr<Server> server_;
  std::thread thread_;
  std::atomic<unsigned short> local_port_{0};
};

TEST_F(ServerTest, AFoldedHeaderLineIsRefused) {
  for (const char* fold : {" two", "\ttwo"}) {
    const auto reply = exchange(std::string("GET / HTTP/1.1\r\nHost: localhost\r\nX-Folded: one\r\n") + fold +
                                "\r\nConnection: close\r\n\r\n");
    EXPECT_TRUE(reply.starts_with("HTTP/1.1 400")) << reply;
    EXPECT_NE(reply.find("obs-fold"), std::string::npos) << reply;
  }
}

TEST_F(ServerTest, TwoHostHeadersAreRefused) {
  const auto reply = exchange("GET / HTTP/1.1\r\nHost: localhost\r\nhost: vela.localhost\r\nConnection: close\r\n\r\n");
  EXPECT_TRUE(reply.starts_with("HTTP/1.1 400")) << reply;
  EXPECT_NE(reply.find("more than one Host"), std::string::npos);
}

TEST_F(ServerTest, PlainRequestsPipelinedAndTheListeningPort) {
  const auto reply = exchange("GET / HTTP/1.1\r\nHost: localhost\r\n\r\nGET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(reply.find("HTTP/1.1 200"), 0u) << reply;
  EXPECT_NE(reply.find("HTTP/1.1 200", 10), std::string::npos) << reply;
  EXPECT_EQ(local_port_.load(), server_->port());
  EXPECT_TRUE(exchange("BAD REQUEST LINE\r\n\r\n").starts_with("HTTP/1.1 400"));
}

TEST_F(ServerTest, AStreamedBodyArrivesWholeAndHeadHasItsLength) {
  const auto reply = exchange("GET /stream HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  const auto end = reply.find("\r\n\r\n");
  ASSERT_NE(end, std::string::npos);
  EXPECT_NE(reply.find("Content-Length: 307200"), std::string::npos) << reply.substr(0, end);
  const std::string body = reply.substr(end + 4);
  ASSERT_EQ(body.size(), 300u * 1024);
  for (std::size_t i = 0; i < body.size(); i += 4099) ASSERT_EQ(body[i], static_cast<char>('a' + i % 26)) << i;

  const auto head = exchange("HEAD /stream HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  EXPECT_NE(head.find("Content-Length: 307200"), std::string::npos) << head;
  EXPECT_TRUE(head.ends_with("\r\n\r\n")) << head.size();
}

TEST_F(ServerTest, AStreamThatFailsMidwayClosesTheConnection) {
  // The head promised 300 KiB; the source gave out at about 100 KB: the connection closes, short.
  const auto reply = exchange("GET /broken HTTP/1.1\r\nHost: localhost\r\n\r\n");
  const auto end = reply.find("\r\n\r\n");
  ASSERT_NE(end, std::string::npos);
  EXPECT_LT(reply.size() - end - 4, 300u * 1024);
  EXPECT_TRUE(reply.starts_with("HTTP/1.1 200"));
}

}  // namespace
}  // namespace portal::http
