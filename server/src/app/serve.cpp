#include "app/serve.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <thread>

#include "app/service_notify.hpp"
#include "core/log.hpp"
#include "domains/identity/identity_seed.hpp"
#include "domains/tenants/tenants_service.hpp"
#include "http/server.hpp"

namespace portal::app {
namespace asio = boost::asio;

namespace {

// The dev stage's banner, for the person who ran `make run`. Any other stage writes JSON lines only, one per line
// on stdout, so a shipper or jq reads every line (issue 74 item 9).
void print_banner(const Config& config, unsigned short port, const tenants::TenantRegistry& registry) {
  std::cout << "\n  Portal is running on http://localhost:" << port << "/\n";
  if (registry.all().empty())
    std::cout << "\n  No tenant yet: portal tenant create NAME --host HOST (docs/operations.md \"Installing\"),\n"
                 "  or start with --seed demo for the demo tenants.\n";
  else
    std::cout << "\n  Tenants (open the host in Chromium):\n";
  for (const auto& t : registry.all()) {
    std::cout << "    " << t->name << " (" << t->display_name << ", " << t->default_locale << ", " << t->default_theme
              << "):";
    for (const auto& h : t->hosts)
      if (h.find('.') != std::string::npos || h == "localhost") std::cout << " http://" << h << ":" << port << "/";
    std::cout << "\n";
  }
  // Only when the demo was seeded: without --seed demo the accounts of the demo file do not exist.
  if (const auto accounts = identity::demo_accounts(config.data_dir); config.seed == "demo" && !accounts.empty()) {
    std::cout << "\n  Demo accounts (every tenant):";
    for (const auto& a : accounts) std::cout << "\n    " << a.email << " / " << a.password;
    std::cout << "\n";
  }
  if (config.stage == "dev") {
    std::cout << "\n  Dev pages: mail outbox http://localhost:" << port << "/backend/dev/outbox/<tenant>";
    for (const auto& t : registry.all())
      if (t->features.contains("autoLogin"))
        std::cout << "\n             operator network (auto-login) http://" << t->name << ".localhost:" << port
                  << "/backend/operator/" << t->name;
    std::cout << "\n";
  }
  std::cout << "\n  Database: " << config.database << "\n  Stop with Ctrl+C.\n" << std::endl;
}

}  // namespace

int serve(const Config& config, http::Pipeline& pipeline, http::Metrics& metrics, tenants::TenantRegistry& registry,
          http::Pipeline& metrics_pipeline, http::Metrics& metrics_listener_metrics) {
  const int threads = config.threads > 0 ? config.threads : std::max(1u, std::thread::hardware_concurrency());
  // One event loop per thread: ioc accepts, handles signals and serves its
  // share of the connections; the others serve theirs. A request's handlers
  // stay on their thread (no wake-ups of another thread between them).
  asio::io_context ioc(1);
  std::vector<std::unique_ptr<asio::io_context>> more;
  std::vector<asio::io_context*> contexts{&ioc};
  for (int i = 1; i < threads; ++i) contexts.push_back(more.emplace_back(std::make_unique<asio::io_context>(1)).get());
  http::ServerOptions options;
  options.address = config.address;
  options.port = config.port;
  options.body_limit = config.body_limit;
  // A catalog file from the console (issue 78 item 2): 10,000 articles with their titles in six languages pass 1 MiB.
  options.larger_bodies = {{"/backend/admin/catalog/import", std::size_t{32} << 20}};
  http::Server server(
      ioc, options,
      [&](const http::Request& req, std::string client, unsigned short local_port) {
        return pipeline.handle(req, std::move(client), local_port);
      },
      metrics, contexts);
  try {
    server.start();
  } catch (const std::exception& e) {
    std::cerr << "portal: cannot listen on " << config.address << ":" << config.port << ": " << e.what() << "\n";
    return 1;
  }
  // /metrics, /healthz and /readyz on an address of their own (issue 74 item 5), served by the accepting loop.
  std::unique_ptr<http::Server> metrics_server;
  if (!config.metrics_listen.empty()) {
    const auto [address, port] = listen_address(config.metrics_listen, "--metrics-listen");
    http::ServerOptions metrics_options;
    metrics_options.address = address;
    metrics_options.port = port;
    metrics_options.body_limit = 4096;
    metrics_server = std::make_unique<http::Server>(
        ioc, metrics_options,
        [&](const http::Request& req, std::string client, unsigned short local_port) {
          return metrics_pipeline.handle(req, std::move(client), local_port);
        },
        metrics_listener_metrics);
    try {
      metrics_server->start();
    } catch (const std::exception& e) {
      std::cerr << "portal: cannot listen on " << config.metrics_listen << " (--metrics-listen): " << e.what() << "\n";
      return 1;
    }
    core::log_json(spdlog::level::info, "metrics listening",
                   {{"address", address}, {"port", metrics_server->port()}});
  }
  // SIGINT/SIGTERM: stop accepting, let in-flight requests finish, give up
  // after a grace period. Caught from before the port file is written: a
  // supervisor (or a test) that stops the portal as soon as it listens gets a
  // clean stop, not a kill by the default handler.
  asio::signal_set signals(ioc, SIGINT, SIGTERM);
  asio::steady_timer grace(ioc);
  signals.async_wait([&](const boost::system::error_code& ec, int signal) {
    if (ec) return;
    core::log_json(spdlog::level::info, "shutting down", {{"signal", signal}});
    notify_service_manager("STOPPING=1");
    server.stop();
    if (metrics_server) metrics_server->stop();
    grace.expires_after(std::chrono::seconds(10));
    grace.async_wait([&](const boost::system::error_code& ec) {
      if (!ec) ioc.stop();
    });
  });
  server.on_drained([&] { grace.cancel(); });

  // The dev stage's public URL names the port it got (port 0: a free one): the mails' links reach this portal.
  if (config.public_url.empty() && config.port == 0) {
    if (const auto url = public_url_of(config, server.port()); !url.empty()) registry.set_public_url(url);
  }
  if (!config.port_file.empty()) {
    // Written whole then renamed: a reader never sees an empty file.
    const std::string partial = config.port_file + ".partial";
    std::ofstream(partial) << server.port() << "\n";
    std::filesystem::rename(partial, config.port_file);
  }
  core::log_json(spdlog::level::info, "listening", {{"port", server.port()}, {"threads", threads}});
  if (config.stage == "dev") print_banner(config, server.port(), registry);
  notify_service_manager("READY=1");  // systemd's Type=notify: migrated, seeded and listening

  // The other loops run until ioc's ends (drained, or the grace period over).
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> keep;
  std::vector<std::thread> workers;
  for (auto& context : more) {
    keep.push_back(asio::make_work_guard(*context));
    workers.emplace_back([&context] { context->run(); });
  }
  ioc.run();
  keep.clear();
  for (auto& context : more) context->stop();
  for (auto& w : workers) w.join();
  core::log_json(spdlog::level::info, "stopped");
  spdlog::default_logger()->flush();
  return 0;
}

}  // namespace portal::app
