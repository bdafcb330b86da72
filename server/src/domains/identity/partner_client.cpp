#include "domains/identity/partner_client.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/URI.h>

#include <istream>
#include <memory>
#include <stdexcept>

#include "core/tls_client.hpp"
#include "domains/identity/partner_login_options.hpp"

namespace portal::identity {
namespace net = Poco::Net;

PartnerAnswer partner_get(const std::string& url) {
  try {
    const Poco::URI uri(url);
    std::unique_ptr<net::HTTPClientSession> session;
    if (uri.getScheme() == "https")
      session = std::make_unique<net::HTTPSClientSession>(uri.getHost(), uri.getPort(), core::tls_client_context());
    else
      session = std::make_unique<net::HTTPClientSession>(uri.getHost(), uri.getPort());
    session->setTimeout(Poco::Timespan(kPartnerTimeout.count(), 0));
    net::HTTPRequest req(net::HTTPRequest::HTTP_GET, uri.getPathAndQuery(), net::HTTPMessage::HTTP_1_1);
    req.set("Accept", "application/json");
    req.set("User-Agent", "portal (partner sign-in options)");
    session->sendRequest(req);
    net::HTTPResponse res;
    std::istream& in = session->receiveResponse(res);
    PartnerAnswer answer;
    answer.status = static_cast<int>(res.getStatus());
    answer.content_type = res.getContentType();
    // A redirect is an answer like any other (not followed): the contract names one address.
    char buffer[4096];
    while (answer.body.size() <= kMaxPartnerAnswerBytes && in) {
      in.read(buffer, sizeof buffer);
      answer.body.append(buffer, static_cast<std::size_t>(in.gcount()));
    }
    if (answer.body.size() > kMaxPartnerAnswerBytes) answer.body.resize(kMaxPartnerAnswerBytes + 1);
    return answer;
  } catch (const Poco::Exception& e) {
    throw std::runtime_error("the partner could not be reached: " + e.displayText());
  }
}

}  // namespace portal::identity
