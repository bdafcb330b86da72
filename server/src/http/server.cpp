#include "http/server.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>

#include "core/ids.hpp"
#include "core/log.hpp"

namespace portal::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

struct Server::Session {
  explicit Session(tcp::socket socket) : stream(std::move(socket)) {}
  beast::tcp_stream stream;
  bool idle = true;  // waiting for the next request; touched only on the stream's strand
};

namespace {

// A request the parser refused: answered once, then the connection closes.
Response refusal(unsigned version, Status status, std::string_view code, std::string_view message) {
  const std::string request_id = core::new_request_id();
  Response res{status, version};
  res.set(bhttp::field::content_type, "application/json");
  res.set("X-Request-ID", request_id);
  res.body() = boost::json::serialize(boost::json::object{{"status", static_cast<int>(status)},
                                                          {"error", code},
                                                          {"message", message},
                                                          {"data", nullptr},
                                                          {"requestId", request_id}});
  res.keep_alive(false);
  res.prepare_payload();
  return res;
}

// After refusing a request whose body is still arriving, closing at once
// would reset the connection and the client would lose our answer; like
// nginx's lingering close, stop sending and drain what comes for a moment.
asio::awaitable<void> linger_close(beast::tcp_stream& stream) {
  boost::system::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
  std::array<char, 16 * 1024> sink;
  std::size_t drained = 0;
  stream.expires_after(std::chrono::seconds(2));
  while (drained < 8 * 1024 * 1024) {
    auto [rec, n] = co_await stream.async_read_some(asio::buffer(sink), asio::as_tuple(asio::use_awaitable));
    if (rec) break;
    drained += n;
  }
}

}  // namespace

Server::Server(asio::io_context& ioc, ServerOptions options, Dispatch dispatch, Metrics& metrics,
               std::vector<asio::io_context*> session_contexts)
    : ioc_(ioc),
      session_contexts_(std::move(session_contexts)),
      options_(std::move(options)),
      dispatch_(std::move(dispatch)),
      metrics_(metrics),
      acceptor_(ioc) {}

Server::~Server() = default;

void Server::start() {
  tcp::endpoint endpoint{asio::ip::make_address(options_.address), options_.port};
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
  asio::co_spawn(acceptor_.get_executor(), accept_loop(), asio::detached);
}

void Server::stop() {
  if (stopping_.exchange(true)) return;
  asio::post(acceptor_.get_executor(), [this] {
    boost::system::error_code ec;
    acceptor_.close(ec);
  });
  std::lock_guard lock(sessions_mutex_);
  if (sessions_.empty() && on_drained_) asio::post(acceptor_.get_executor(), on_drained_);
  for (const auto& session : sessions_) {
    asio::post(session->stream.get_executor(), [session] {
      if (session->idle) session->stream.cancel();  // busy ones close after their answer
    });
  }
}

asio::awaitable<void> Server::accept_loop() {
  while (!stopping_) {
    const auto on = session_contexts_.empty()
                              ? asio::any_io_executor(asio::make_strand(ioc_))
                              : asio::any_io_executor(session_contexts_[next_context_++ % session_contexts_.size()]->get_executor());
    auto [ec, socket] = co_await acceptor_.async_accept(on, asio::as_tuple(asio::use_awaitable));
    if (ec) {
      if (stopping_ || ec == asio::error::operation_aborted) break;
      core::log_json(spdlog::level::warn, "accept failed", {{"error", ec.message()}});
      continue;
    }
    socket.set_option(tcp::no_delay(true), ec);
    auto session = std::make_shared<Session>(std::move(socket));
    {
      std::lock_guard lock(sessions_mutex_);
      sessions_.insert(session);
    }
    auto executor = session->stream.get_executor();
    asio::co_spawn(executor, run_session(session), [this, session](std::exception_ptr) { session_ended(session); });
  }
}

void Server::session_ended(const std::shared_ptr<Session>& session) {
  std::function<void()> drained;
  {
    std::lock_guard lock(sessions_mutex_);
    sessions_.erase(session);
    if (stopping_ && sessions_.empty()) drained = on_drained_;
  }
  if (drained) drained();
}

asio::awaitable<void> Server::run_session(std::shared_ptr<Session> session) {
  metrics_.connection_opened();
  struct Closed {
    Metrics& m;
    ~Closed() { m.connection_closed(); }
  } closed{metrics_};

  auto& stream = session->stream;
  beast::flat_buffer buffer;
  std::string client;
  {
    boost::system::error_code ec;
    auto remote = stream.socket().remote_endpoint(ec);
    if (!ec) client = remote.address().to_string();
  }

  while (!stopping_) {
    bhttp::request_parser<bhttp::string_body> parser;
    parser.header_limit(16 * 1024);
    parser.body_limit(options_.body_limit);

    session->idle = true;
    stream.expires_after(options_.header_timeout);
    auto [hec, hn] = co_await bhttp::async_read_header(stream, buffer, parser, asio::as_tuple(asio::use_awaitable));
    session->idle = false;
    if (hec == bhttp::error::end_of_stream || hec == asio::error::operation_aborted || hec == beast::error::timeout ||
        hec == asio::error::connection_reset || hec == asio::error::eof)
      break;
    if (hec) {
      // Beast checks an announced Content-Length against the limit while
      // parsing the header.
      Response res = hec == bhttp::error::body_limit
                         ? refusal(parser.get().version(), Status::payload_too_large, "PAYLOAD_TOO_LARGE",
                                   "The request body is larger than " + std::to_string(options_.body_limit) + " bytes")
                     : hec == bhttp::error::header_limit
                         ? refusal(11, Status::request_header_fields_too_large, "HEADERS_TOO_LARGE",
                                   "The request headers are larger than 16 KiB")
                         : refusal(11, Status::bad_request, "BAD_REQUEST", "Malformed HTTP request: " + hec.message());
      co_await bhttp::async_write(stream, res, asio::as_tuple(asio::use_awaitable));
      co_await linger_close(stream);
      break;
    }
    // Refuse an announced oversized body before reading it.
    if (auto len = parser.content_length(); len && *len > options_.body_limit) {
      auto res = refusal(parser.get().version(), Status::payload_too_large, "PAYLOAD_TOO_LARGE",
                         "The request body is larger than " + std::to_string(options_.body_limit) + " bytes");
      co_await bhttp::async_write(stream, res, asio::as_tuple(asio::use_awaitable));
      co_await linger_close(stream);
      break;
    }
    stream.expires_after(options_.body_timeout);
    auto [bec, bn] = co_await bhttp::async_read(stream, buffer, parser, asio::as_tuple(asio::use_awaitable));
    if (bec) {
      if (bec == beast::error::timeout || bec == asio::error::eof || bec == asio::error::connection_reset) break;
      const bool too_large = bec == bhttp::error::body_limit;
      auto res = refusal(parser.get().version(), too_large ? Status::payload_too_large : Status::bad_request,
                         too_large ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST",
                         too_large ? "The request body is larger than " + std::to_string(options_.body_limit) + " bytes"
                                   : "Malformed HTTP request: " + bec.message());
      co_await bhttp::async_write(stream, res, asio::as_tuple(asio::use_awaitable));
      co_await linger_close(stream);
      break;
    }

    Request req = parser.release();
    Response res = co_await dispatch_(req, client);
    const bool keep_alive = req.keep_alive() && !stopping_;
    res.keep_alive(keep_alive);
    if (req.method() == Verb::head) {
      // HEAD: the GET answer's headers (Content-Length included), no body.
      const auto length = res.body().size();
      res.body().clear();
      res.content_length(length);
    }
    stream.expires_after(options_.body_timeout);
    bhttp::response_serializer<bhttp::string_body> serializer(res);
    if (req.method() == Verb::head) serializer.split(true);
    boost::system::error_code wec;
    if (req.method() == Verb::head) {
      std::tie(wec, std::ignore) =
          co_await bhttp::async_write_header(stream, serializer, asio::as_tuple(asio::use_awaitable));
    } else {
      std::tie(wec, std::ignore) = co_await bhttp::async_write(stream, serializer, asio::as_tuple(asio::use_awaitable));
    }
    if (wec || !keep_alive) break;
  }
  boost::system::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
}

}  // namespace portal::http
