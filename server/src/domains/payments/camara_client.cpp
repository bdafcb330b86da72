#include "domains/payments/camara_client.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/StreamCopier.h>
#include <Poco/URI.h>
#include <boost/json.hpp>

#include <cmath>
#include <memory>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "core/tls_client.hpp"
#include "domains/payments/camara_jwt.hpp"
#include "domains/payments/stripe_client.hpp"

namespace portal::payments {
namespace net = Poco::Net;
namespace json = boost::json;

namespace {

constexpr int kCamaraTimeoutSeconds = 30;
constexpr std::chrono::minutes kDiscoveryKept{60};
constexpr std::chrono::seconds kTokenMargin{60};

struct CamaraReply {
  int status = 0;
  std::string body;
};

CamaraReply camara_exchange(std::string_view method, const std::string& url, const std::vector<std::pair<std::string, std::string>>& headers,
               const std::string& body, std::string_view content_type) {
  const Poco::URI uri(url);
  if ((uri.getScheme() != "https" && uri.getScheme() != "http") || uri.getHost().empty())
    throw std::runtime_error("not an http(s) URL: " + url);
  std::unique_ptr<net::HTTPClientSession> session;
  if (uri.getScheme() == "https")
    session = std::make_unique<net::HTTPSClientSession>(uri.getHost(), uri.getPort(), core::tls_client_context());
  else
    session = std::make_unique<net::HTTPClientSession>(uri.getHost(), uri.getPort());
  session->setTimeout(Poco::Timespan(kCamaraTimeoutSeconds, 0));
  net::HTTPRequest req(std::string(method), uri.getPathAndQuery(), net::HTTPMessage::HTTP_1_1);
  req.set("Accept", "application/json");
  for (const auto& [name, value] : headers) req.set(name, value);
  const bool with_body = method != "GET";
  if (with_body) {
    req.setContentType(std::string(content_type));
    req.setContentLength(static_cast<std::streamsize>(body.size()));
  }
  try {
    std::ostream& os = session->sendRequest(req);
    if (with_body) os << body;
    net::HTTPResponse res;
    std::istream& is = session->receiveResponse(res);
    CamaraReply reply;
    reply.status = static_cast<int>(res.getStatus());
    Poco::StreamCopier::copyToString(is, reply.body);
    return reply;
  } catch (const Poco::Exception& e) {
    throw std::runtime_error("the operator could not be reached: " + e.displayText());
  }
}

json::value camara_parsed(const CamaraReply& r) {
  if (r.body.empty()) return nullptr;
  boost::system::error_code ec;
  auto v = json::parse(r.body, ec);
  if (ec) throw std::runtime_error("the operator answered " + std::to_string(r.status) + " without JSON");
  return v;
}

std::string text_of(const json::value& v, std::string_view member) {
  if (!v.is_object()) return "";
  const auto* m = v.as_object().if_contains(member);
  return m && m->is_string() ? std::string(m->as_string()) : "";
}

std::string camara_key_of(const CamaraAccount& a) {
  return std::to_string(a.tenant_id) + "|" + std::to_string(a.version) + "|" + a.client_id + "|" + a.issuer;
}

}  // namespace

std::string CamaraAnswer::text(std::string_view member) const { return text_of(body, member); }

int currency_exponent(std::string_view c) {
  for (std::string_view zero : {"BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
                                "XAF", "XOF", "XPF"})
    if (c == zero) return 0;
  for (std::string_view three : {"BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"})
    if (c == three) return 3;
  return 2;
}

double camara_amount(std::int64_t minor, std::string_view currency) {
  return static_cast<double>(minor) / std::pow(10.0, currency_exponent(currency));
}

std::int64_t minor_units(double amount, std::string_view currency) {
  return static_cast<std::int64_t>(std::llround(amount * std::pow(10.0, currency_exponent(currency))));
}

CamaraEndpoints CamaraClient::endpoints(const CamaraAccount& a) const {
  const auto now = clock_.now();
  {
    std::lock_guard lock(mutex_);
    if (auto it = discovered_.find(a.issuer); it != discovered_.end() && it->second.second > now) return it->second.first;
  }
  const CamaraReply r = camara_exchange("GET", a.issuer + "/.well-known/openid-configuration", {}, "", "");
  if (r.status != 200) throw std::runtime_error("the operator's discovery document answered " + std::to_string(r.status));
  const json::value doc = camara_parsed(r);
  CamaraEndpoints e{text_of(doc, "authorization_endpoint"), text_of(doc, "token_endpoint")};
  if (e.token.empty()) throw std::runtime_error("the operator's discovery document names no token endpoint");
  if (text_of(doc, "issuer") != a.issuer) throw std::runtime_error("the discovery document is another issuer's");
  std::lock_guard lock(mutex_);
  discovered_[a.issuer] = {e, now + kDiscoveryKept};
  return e;
}

std::string CamaraClient::ask_token(const CamaraAccount& a) const {
  const CamaraEndpoints e = endpoints(a);
  const std::string assertion = camara_client_assertion(a.client_id, a.client_secret, e.token, clock_.now(), core::new_uuid());
  const std::string form = form_encode({{"grant_type", "client_credentials"},
                                        {"scope", std::string(kCamaraTwoLeggedScopes)},
                                        {"client_id", a.client_id},
                                        {"client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"},
                                        {"client_assertion", assertion}});
  const CamaraReply r = camara_exchange("POST", e.token, {}, form, "application/x-www-form-urlencoded");
  {
    std::lock_guard lock(mutex_);
    ++asked_;
  }
  const json::value body = camara_parsed(r);
  if (r.status == 400 || r.status == 401)
    throw CamaraRefused("the operator refused the client: " + text_of(body, "error") + " " + text_of(body, "error_description"));
  const std::string token = text_of(body, "access_token");
  if (r.status != 200 || token.empty()) throw std::runtime_error("the operator's token endpoint answered " + std::to_string(r.status));
  std::int64_t lifetime = 300;
  if (body.is_object())
    if (const auto* in = body.as_object().if_contains("expires_in"); in && in->is_int64()) lifetime = in->as_int64();
  std::lock_guard lock(mutex_);
  tokens_[camara_key_of(a)] = {token, clock_.now() + std::chrono::seconds(lifetime) - kTokenMargin};
  return token;
}

std::string CamaraClient::token(const CamaraAccount& a) const {
  {
    std::lock_guard lock(mutex_);
    if (auto it = tokens_.find(camara_key_of(a)); it != tokens_.end() && it->second.until > clock_.now()) return it->second.token;
  }
  return ask_token(a);
}

void CamaraClient::forget(const CamaraAccount& a) const {
  std::lock_guard lock(mutex_);
  tokens_.erase(camara_key_of(a));
}

int CamaraClient::tokens_asked() const {
  std::lock_guard lock(mutex_);
  return asked_;
}

CamaraAnswer CamaraClient::call_as(const CamaraAccount& a, std::string_view bearer, std::string_view method,
                                   const std::string& path, const json::value& body, std::string_view correlator) const {
  std::vector<std::pair<std::string, std::string>> headers{{"Authorization", "Bearer " + std::string(bearer)}};
  if (!correlator.empty()) headers.emplace_back("x-correlator", std::string(correlator));
  const CamaraReply r = camara_exchange(method, a.api_root + path, headers, body.is_null() ? "" : json::serialize(body), "application/json");
  return {r.status, camara_parsed(r)};
}

CamaraAnswer CamaraClient::call(const CamaraAccount& a, std::string_view method, const std::string& path,
                                const json::value& body, std::string_view correlator) const {
  CamaraAnswer answer = call_as(a, token(a), method, path, body, correlator);
  if (answer.status != 401) return answer;
  forget(a);  // revoked or expired early: one new token, one more try
  return call_as(a, ask_token(a), method, path, body, correlator);
}

CamaraAnswer CamaraClient::exchange_code(const CamaraAccount& a, const std::string& code, const std::string& redirect_uri,
                                         const std::string& verifier) const {
  const CamaraEndpoints e = endpoints(a);
  const std::string assertion = camara_client_assertion(a.client_id, a.client_secret, e.token, clock_.now(), core::new_uuid());
  const std::string form = form_encode({{"grant_type", "authorization_code"},
                                        {"code", code},
                                        {"redirect_uri", redirect_uri},
                                        {"code_verifier", verifier},
                                        {"client_id", a.client_id},
                                        {"client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"},
                                        {"client_assertion", assertion}});
  const CamaraReply r = camara_exchange("POST", e.token, {}, form, "application/x-www-form-urlencoded");
  return {r.status, camara_parsed(r)};
}

std::optional<Error> CamaraClient::check(const CamaraAccount& candidate) const {
  try {
    (void)ask_token(candidate);
    return std::nullopt;
  } catch (const CamaraRefused& e) {
    Error err = Error::of(ErrorCode::invalid_key, "The operator does not accept this client id and secret");
    err.field = "clientSecret";
    return err;
  } catch (const std::exception& e) {
    return Error::of(ErrorCode::provider_unavailable, std::string("The operator could not be asked: ") + e.what());
  }
}

}  // namespace portal::payments
