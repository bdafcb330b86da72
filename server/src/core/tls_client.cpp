#include "core/tls_client.hpp"

#include <Poco/Net/RejectCertificateHandler.h>
#include <Poco/Net/SSLManager.h>

#include <mutex>

namespace portal::core {

Poco::Net::Context::Ptr tls_client_context() {
  namespace net = Poco::Net;
  static std::once_flag once;
  static net::Context::Ptr context;
  std::call_once(once, [] {
    net::initializeSSL();
    net::SSLManager::instance().initializeClient(nullptr, new net::RejectCertificateHandler(false), nullptr);
    net::Context::Params params;
    params.loadDefaultCAs = true;
    params.verificationMode = net::Context::VERIFY_STRICT;
    context = new net::Context(net::Context::TLS_CLIENT_USE, params);
    context->requireMinimumProtocol(net::Context::PROTO_TLSV1_2);
  });
  return context;
}

}  // namespace portal::core
