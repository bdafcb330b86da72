#pragma once
// The listener and the session loop. It knows no domain: it reads requests
// with a body limit and timeouts, refuses heads a proxy could read otherwise
// (folded lines, two Host fields), hands each request to the pipeline, writes
// the answer (streaming a body that is a stream, http/response_body.hpp), keeps
// the connection alive when asked, and on stop() lets in-flight requests
// finish while idle connections are closed.
#include <boost/asio/io_context.hpp>
#include <vector>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <set>

#include "http/context.hpp"
#include "http/metrics.hpp"

namespace portal::http {

struct ServerOptions {
  std::string address = "0.0.0.0";
  unsigned short port = 8080;       // 0 picks a free port (tests)
  std::size_t body_limit = 1 << 20;  // bytes; larger bodies get 413
  // Paths (a prefix of the target) that take a larger body than body_limit: a catalog file
  // imported from the console (issue 78 item 2). The composition root names them.
  std::vector<std::pair<std::string, std::size_t>> larger_bodies;
  std::chrono::seconds header_timeout{15};  // idle keep-alive and header read
  std::chrono::seconds body_timeout{30};
};

// local_port: the listening port the connection was accepted on.
using Dispatch = std::function<boost::asio::awaitable<Response>(const Request&, std::string client_address,
                                                                unsigned short local_port)>;

class Server {
 public:
  // ioc accepts. Connections go round-robin to session_contexts, each run by
  // one thread, so a request's handlers never hop between threads; without
  // them, each connection is a strand of ioc.
  Server(boost::asio::io_context& ioc, ServerOptions options, Dispatch dispatch, Metrics& metrics,
         std::vector<boost::asio::io_context*> session_contexts = {});
  ~Server();

  // Binds and starts accepting; throws when the address cannot be bound.
  void start();
  unsigned short port() const { return port_; }
  // Stops accepting, closes idle connections, lets busy ones finish their request.
  void stop();
  // Called once after stop() when the last connection has closed.
  void on_drained(std::function<void()> callback) { on_drained_ = std::move(callback); }

 private:
  struct Session;
  boost::asio::awaitable<void> accept_loop();
  boost::asio::awaitable<void> run_session(std::shared_ptr<Session> session);
  boost::asio::awaitable<void> watch(std::shared_ptr<Session> session);  // the session's timeouts

  boost::asio::io_context& ioc_;
  std::vector<boost::asio::io_context*> session_contexts_;
  std::size_t next_context_ = 0;  // touched only by the accept loop
  ServerOptions options_;
  Dispatch dispatch_;
  Metrics& metrics_;
  boost::asio::ip::tcp::acceptor acceptor_;
  unsigned short port_ = 0;
  std::atomic<bool> stopping_{false};
  std::mutex sessions_mutex_;
  std::set<std::shared_ptr<Session>> sessions_;
  std::function<void()> on_drained_;
  void session_ended(const std::shared_ptr<Session>& session);
};

}  // namespace portal::http
