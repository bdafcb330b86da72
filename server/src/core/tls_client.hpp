#pragma once
// Outbound HTTPS (the object store, Stripe): one TLS client context with the system's certificate
// authorities, strict verification and TLS 1.2 at least. Poco's SSL is initialised once per process.
#include <Poco/Net/Context.h>

namespace portal::core {

Poco::Net::Context::Ptr tls_client_context();

}  // namespace portal::core
