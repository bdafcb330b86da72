#include "domains/webhooks/webhooks_sender.hpp"

#include <Poco/Exception.h>
#include <Poco/Net/DNS.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/Net/HostEntry.h>
#include <Poco/Net/IPAddress.h>
#include <Poco/Net/SecureStreamSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/URI.h>

#include <memory>

#include "core/tls_client.hpp"
#include "domains/webhooks/webhooks_address.hpp"

namespace portal::webhooks {
namespace net = Poco::Net;

namespace {

// The addresses of a host: the literal itself, or what the name resolves to.
std::vector<net::IPAddress> addresses_of(const std::string& host) {
  net::IPAddress literal;
  if (net::IPAddress::tryParse(host, literal)) return {literal};
  const auto entry = net::DNS::hostByName(host);
  return {entry.addresses().begin(), entry.addresses().end()};
}

}  // namespace

Answer HttpSender::send(const Outgoing& out) {
  Answer answer;
  const auto started = std::chrono::steady_clock::now();
  auto done = [&](Answer a) {
    a.duration_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    return a;
  };
  try {
    const Poco::URI uri(out.url);
    const bool tls = uri.getScheme() == "https";
    if (!tls && uri.getScheme() != "http") return done({0, "", "not an http(s) URL", 0});
    std::string host = uri.getHost();
    if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
    const auto addresses = addresses_of(host);
    if (addresses.empty()) return done({0, "", "the name resolves to no address", 0});
    // The first address is the one connected to; it is the one checked.
    const net::IPAddress& address = addresses.front();
    if (!out.allow_private && !public_address(address.toString()))
      return done({0, "", "refused: " + address.toString() + " is not a public address", 0});
    const net::SocketAddress peer(address, uri.getPort());
    const Poco::Timespan timeout(kSendTimeout.count(), 0);
    std::unique_ptr<net::HTTPClientSession> session;
    if (tls) {
      net::SecureStreamSocket socket(core::tls_client_context());
      socket.setPeerHostName(host);
      socket.connect(peer, timeout);
      session = std::make_unique<net::HTTPSClientSession>(socket);
    } else {
      net::StreamSocket socket;
      socket.connect(peer, timeout);
      session = std::make_unique<net::HTTPClientSession>(socket);
    }
    session->setTimeout(timeout);
    session->setKeepAlive(false);
    std::string target = uri.getPathAndQuery();
    if (target.empty()) target = "/";
    net::HTTPRequest req(net::HTTPRequest::HTTP_POST, target, net::HTTPMessage::HTTP_1_1);
    req.setHost(uri.getHost(), uri.getPort());
    req.setContentType("application/json");
    req.setContentLength(static_cast<std::streamsize>(out.body.size()));
    req.set("User-Agent", "portal-webhooks/1");
    for (const auto& [name, value] : out.headers) req.set(name, value);
    session->sendRequest(req) << out.body;
    net::HTTPResponse res;
    std::istream& is = session->receiveResponse(res);
    answer.status = static_cast<int>(res.getStatus());
    answer.head.resize(kAnswerHead);
    is.read(answer.head.data(), static_cast<std::streamsize>(kAnswerHead));
    answer.head.resize(static_cast<std::size_t>(is.gcount()));
    return done(std::move(answer));
  } catch (const Poco::Exception& e) {
    return done({0, "", e.displayText(), 0});
  } catch (const std::exception& e) {
    return done({0, "", e.what(), 0});
  }
}

}  // namespace portal::webhooks
