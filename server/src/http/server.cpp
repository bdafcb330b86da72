#include "http/server.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/read_size.hpp>
#include <boost/beast/http.hpp>
#include <boost/json/serialize.hpp>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "http/body_buffers.hpp"
#include "http/wire.hpp"

namespace portal::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

// Timeouts: the session moves its deadline before each read and write, and one
// watchdog timer per connection closes it once the deadline passes. A Beast
// tcp_stream instead arms, cancels and completes a timer around every read
// and write, which cost more than the rest of a cached answer's work.
// Everything here is touched only on the session's executor.
struct Server::Session {
  using Clock = std::chrono::steady_clock;
  explicit Session(tcp::socket s) : socket(std::move(s)), watchdog(socket.get_executor()) {
    watchdog.expires_at(Clock::time_point::max());
  }

  // The current wait gives up at now + timeout (time_point::max(): no limit).
  void wait_at_most(Clock::duration timeout) { set_deadline(Clock::now() + timeout); }
  void set_deadline(Clock::time_point at) {
    deadline = at;
    if (at < watchdog.expiry()) watchdog.cancel();  // it sleeps past the new deadline: wake it to re-arm
  }

  tcp::socket socket;
  asio::steady_timer watchdog;
  Clock::time_point deadline = Clock::time_point::max();
  bool timed_out = false;  // the watchdog cancelled the socket's operations
  bool ended = false;      // the session loop is over; the watchdog stops
  bool idle = true;        // waiting for the next request
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
template <class Session>
asio::awaitable<void> linger_close(Session& session) {
  boost::system::error_code ec;
  session.socket.shutdown(tcp::socket::shutdown_send, ec);
  std::array<char, 16 * 1024> sink;
  std::size_t drained = 0;
  session.wait_at_most(std::chrono::seconds(2));
  while (drained < 8 * 1024 * 1024) {
    auto [rec, n] = co_await session.socket.async_read_some(asio::buffer(sink), asio::as_tuple(asio::use_awaitable));
    if (rec) break;
    drained += n;
  }
}

// Sends a refusal, then lingers (see linger_close).
template <class Session>
asio::awaitable<void> refuse(Session& session, const Response& res) {
  std::string head;
  write_head(res, head);
  const std::array<asio::const_buffer, 2> bytes{asio::buffer(head), asio::buffer(res.body())};
  co_await asio::async_write(session.socket, bytes, asio::as_tuple(asio::use_awaitable));
  co_await linger_close(session);
}

constexpr std::size_t kHeaderLimit = 16 * 1024;
constexpr std::size_t kStreamPiece = 64 * 1024;  // a streamed body goes out in pieces this large

// Reads until `buffer` holds a whole request head (up to the blank line);
// returns its length. Beast's parser would read it too, but it unfolds
// obs-fold lines silently, and a proxy in front may read such a head otherwise
// (request smuggling): the session looks at the raw head first.
template <class Session>
asio::awaitable<std::pair<boost::system::error_code, std::size_t>> read_head(Session& session,
                                                                             beast::flat_buffer& buffer) {
  std::size_t searched = 0;
  for (;;) {
    const std::string_view data(static_cast<const char*>(buffer.data().data()), buffer.size());
    if (const auto end = data.find("\r\n\r\n", searched); end != std::string_view::npos)
      co_return std::pair{boost::system::error_code{}, end + 4};
    searched = data.size() < 3 ? 0 : data.size() - 3;
    if (!data.empty()) {
      // Beast refuses a bad request line before the head is whole; so do we,
      // rather than wait for the blank line until the timeout.
      bhttp::request_parser<bhttp::empty_body> probe;
      probe.header_limit(kHeaderLimit);
      boost::system::error_code pec;
      probe.put(asio::buffer(data.data(), data.size()), pec);
      if (pec && pec != bhttp::error::need_more) co_return std::pair{pec, std::size_t{0}};
    }
    if (data.size() >= kHeaderLimit) co_return std::pair{boost::system::error_code(bhttp::error::header_limit), std::size_t{0}};
    auto [ec, n] = co_await session.socket.async_read_some(buffer.prepare(beast::read_size(buffer, 64 * 1024)),
                                                           asio::as_tuple(asio::use_awaitable));
    if (ec) co_return std::pair{ec, std::size_t{0}};
    buffer.commit(n);
  }
}

// A field line continued on the next line (obs-fold, RFC 9112 §5.2): a line
// of the head, after the request line, that starts with a space or a tab.
bool has_folded_line(std::string_view head) {
  for (auto at = head.find("\r\n"); at != std::string_view::npos && at + 2 < head.size(); at = head.find("\r\n", at + 2))
    if (head[at + 2] == ' ' || head[at + 2] == '\t') return true;
  return false;
}

// Sends the head and then the stream's bytes, piece by piece, each write
// with its own deadline. False when the connection cannot go on: a write
// failed, or the stream failed after the head promised its length (a failure
// before anything was sent is answered 500 first).
template <class Session>
asio::awaitable<bool> send_stream(Session& session, const std::string& head, BodyStream& stream, unsigned version,
                                  std::chrono::seconds timeout) {
  const std::uint64_t size = stream.size();
  const auto piece = std::make_unique_for_overwrite<char[]>(kStreamPiece);
  std::uint64_t sent = 0;
  for (bool head_sent = false; !head_sent || sent < size; head_sent = true) {
    std::size_t n = 0;
    if (sent < size) {
      const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(kStreamPiece, size - sent));
      try {
        n = co_await stream.read(asio::buffer(piece.get(), want));
      } catch (const std::exception& e) {
        core::log_json(spdlog::level::err, "streaming an answer failed", {{"error", e.what()}});
        n = 0;
      }
      if (n == 0 || n > want) {
        if (!head_sent) {
          const Response failed = refusal(version, Status::internal_server_error, "INTERNAL_ERROR", "Internal server error");
          std::string failed_head;
          write_head(failed, failed_head);
          const std::array<asio::const_buffer, 2> bytes{asio::buffer(failed_head), asio::buffer(failed.body())};
          session.wait_at_most(timeout);
          co_await asio::async_write(session.socket, bytes, asio::as_tuple(asio::use_awaitable));
        }
        co_return false;
      }
    }
    const std::array<asio::const_buffer, 2> bytes{head_sent ? asio::const_buffer() : asio::buffer(head),
                                                  asio::buffer(piece.get(), n)};
    session.wait_at_most(timeout);
    auto [ec, written] = co_await asio::async_write(session.socket, bytes, asio::as_tuple(asio::use_awaitable));
    if (ec) co_return false;
    sent += n;
  }
  co_return true;
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
    asio::post(session->socket.get_executor(), [session] {
      boost::system::error_code ec;
      if (session->idle) session->socket.cancel(ec);  // busy ones close after their answer
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
    auto executor = session->socket.get_executor();
    asio::co_spawn(executor, watch(session), asio::detached);
    asio::co_spawn(executor, run_session(session), [this, session](std::exception_ptr) {
      session->ended = true;
      session->watchdog.cancel();
      session_ended(session);
    });
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

asio::awaitable<void> Server::watch(std::shared_ptr<Session> session) {
  while (!session->ended) {
    if (Session::Clock::now() >= session->deadline) {
      session->timed_out = true;
      boost::system::error_code ec;
      session->socket.cancel(ec);  // the pending read or write ends with operation_aborted
      co_return;
    }
    session->watchdog.expires_at(session->deadline);
    co_await session->watchdog.async_wait(asio::as_tuple(asio::use_awaitable));  // expiry or a new deadline
  }
}

asio::awaitable<void> Server::run_session(std::shared_ptr<Session> session) {
  metrics_.connection_opened();
  struct Closed {
    Metrics& m;
    ~Closed() { m.connection_closed(); }
  } closed{metrics_};

  auto& socket = session->socket;
  beast::flat_buffer buffer;
  std::string head;  // the answer's head; keeps its capacity from one answer to the next
  std::string client;
  {
    boost::system::error_code ec;
    auto remote = socket.remote_endpoint(ec);
    if (!ec) client = remote.address().to_string();
  }

  unsigned short local_port = 0;
  {
    boost::system::error_code ec;
    auto local = socket.local_endpoint(ec);
    if (!ec) local_port = local.port();
  }

  while (!stopping_) {
    bhttp::request_parser<bhttp::string_body> parser;
    parser.header_limit(kHeaderLimit);
    std::size_t body_limit = options_.body_limit;
    for (const auto& [prefix, limit] : options_.larger_bodies) body_limit = std::max(body_limit, limit);
    parser.body_limit(body_limit);  // the largest any path takes, until the target is known

    session->idle = true;
    session->wait_at_most(options_.header_timeout);
    auto [hec, head_size] = co_await read_head(*session, buffer);
    session->idle = false;
    if (hec == bhttp::error::end_of_stream || hec == asio::error::operation_aborted || session->timed_out ||
        hec == asio::error::connection_reset || hec == asio::error::eof)
      break;
    if (!hec) {
      const std::string_view raw_head(static_cast<const char*>(buffer.data().data()), head_size);
      if (has_folded_line(raw_head)) {
        co_await refuse(*session, refusal(11, Status::bad_request, "BAD_REQUEST",
                                          "Malformed HTTP request: folded header lines (obs-fold) are not accepted"));
        break;
      }
      const std::size_t used = parser.put(asio::buffer(raw_head.data(), raw_head.size()), hec);
      if (!hec && !parser.is_header_done()) hec = bhttp::error::partial_message;  // cannot be: the head is whole
      if (!hec) buffer.consume(used);
    }
    if (hec) {
      // Beast checks an announced Content-Length against the limit while
      // parsing the header.
      Response res = hec == bhttp::error::body_limit
                         ? refusal(parser.get().version(), Status::payload_too_large, "PAYLOAD_TOO_LARGE",
                                   "The request body is larger than " + std::to_string(body_limit) + " bytes")
                     : hec == bhttp::error::header_limit
                         ? refusal(11, Status::request_header_fields_too_large, "HEADERS_TOO_LARGE",
                                   "The request headers are larger than 16 KiB")
                         : refusal(11, Status::bad_request, "BAD_REQUEST", "Malformed HTTP request: " + hec.message());
      co_await refuse(*session, res);
      break;
    }
    // One Host only (RFC 9112 §3.2), one X-Tenant-ID only: two could name two tenants to two readers
    // (a proxy that reads the last, the portal that would read the first).
    if (parser.get().count(bhttp::field::host) > 1 || parser.get().count("X-Tenant-ID") > 1) {
      const std::string_view which = parser.get().count(bhttp::field::host) > 1 ? "Host" : "X-Tenant-ID";
      co_await refuse(*session, refusal(parser.get().version(), Status::bad_request, "BAD_REQUEST",
                                        "Malformed HTTP request: more than one " + std::string(which) + " header"));
      break;
    }
    // The target's own limit, set before any body octet is parsed.
    body_limit = options_.body_limit;
    for (const auto& [prefix, limit] : options_.larger_bodies)
      if (std::string_view(parser.get().target()).starts_with(prefix)) body_limit = std::max(body_limit, limit);
    parser.body_limit(body_limit);
    // Refuse an announced oversized body before reading it.
    if (auto len = parser.content_length(); len && *len > body_limit) {
      auto res = refusal(parser.get().version(), Status::payload_too_large, "PAYLOAD_TOO_LARGE",
                         "The request body is larger than " + std::to_string(body_limit) + " bytes");
      co_await refuse(*session, res);
      break;
    }
    if (!parser.is_done()) {  // a body follows (a GET has none: no read to wait for)
      session->wait_at_most(options_.body_timeout);
      auto [bec, bn] = co_await bhttp::async_read(socket, buffer, parser, asio::as_tuple(asio::use_awaitable));
      if (bec) {
        if (session->timed_out || bec == asio::error::eof || bec == asio::error::connection_reset) break;
        const bool too_large = bec == bhttp::error::body_limit;
        auto res = refusal(parser.get().version(), too_large ? Status::payload_too_large : Status::bad_request,
                           too_large ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST",
                           too_large ? "The request body is larger than " + std::to_string(body_limit) + " bytes"
                                     : "Malformed HTTP request: " + bec.message());
        co_await refuse(*session, res);
        break;
      }
    }
    session->set_deadline(Session::Clock::time_point::max());  // a handler takes the time it takes

    Request req = parser.release();
    Response res = co_await dispatch_(req, client, local_port);
    const bool keep_alive = req.keep_alive() && !stopping_;
    res.keep_alive(keep_alive);
    std::shared_ptr<BodyStream> stream = std::move(res.body().stream);
    if (req.method() == Verb::head) {
      // HEAD: the GET answer's headers (Content-Length included), no body.
      const auto length = stream ? stream->size() : res.body().size();
      res.body().clear();
      stream.reset();
      res.content_length(length);
    }
    write_head(res, head);
    if (stream) {
      // A stream: the head with its first piece, then piece by piece, each
      // write with its own deadline (a slow reader is cut, a long file is not).
      if (!co_await send_stream(*session, head, *stream, res.version(), options_.body_timeout)) break;
      if (!keep_alive) break;
      continue;
    }
    // Head and body in one gather write: one sendmsg for the whole answer.
    const std::array<asio::const_buffer, 2> bytes{asio::buffer(head), asio::buffer(res.body())};
    session->wait_at_most(options_.body_timeout);
    auto [wec, wn] = co_await asio::async_write(socket, bytes, asio::as_tuple(asio::use_awaitable));
    recycle_body(std::move(res.body()));
    if (wec || !keep_alive) break;
  }
  boost::system::error_code ec;
  socket.shutdown(tcp::socket::shutdown_send, ec);
}

}  // namespace portal::http
