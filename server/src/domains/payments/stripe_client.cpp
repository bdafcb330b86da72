#include "domains/payments/stripe_client.hpp"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/StreamCopier.h>
#include <Poco/URI.h>
#include <boost/json/parse.hpp>

#include <memory>
#include <sstream>
#include <stdexcept>

#include "core/tls_client.hpp"

namespace portal::payments {
namespace net = Poco::Net;

namespace {

constexpr int kTimeoutSeconds = 30;

// RFC 3986's unreserved characters stay; in a path segment the dot too is encoded, so no id is "." or "..".
std::string percent_encode(std::string_view text, bool segment = false) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    const bool ascii_alnum = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    if (ascii_alnum || c == '-' || c == '_' || c == '~' || (c == '.' && !segment)) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace

std::string form_encode(const StripeForm& form) {
  std::string out;
  for (const auto& [key, value] : form) {
    if (!out.empty()) out += '&';
    out += percent_encode(key) + "=" + percent_encode(value);
  }
  return out;
}

std::string path_segment(std::string_view text) { return percent_encode(text, true); }

bool is_stripe_id(std::string_view id) {
  if (id.empty() || id.size() > 255) return false;
  for (const char c : id) {
    const bool ok = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    if (!ok) return false;
  }
  return true;
}

std::string StripeAnswer::error(std::string_view member) const {
  if (!body.is_object()) return "";
  const auto* e = body.as_object().if_contains("error");
  if (!e || !e->is_object()) return "";
  const auto* v = e->as_object().if_contains(member);
  return v && v->is_string() ? std::string(v->as_string()) : "";
}

StripeClient::StripeClient(std::string api_base) : base_(std::move(api_base)) {
  while (!base_.empty() && base_.back() == '/') base_.pop_back();
  const Poco::URI uri(base_);
  if ((uri.getScheme() != "https" && uri.getScheme() != "http") || uri.getHost().empty())
    throw std::invalid_argument("the Stripe API base must be an http(s) URL: " + base_);
}

StripeAnswer StripeClient::post(std::string_view secret_key, std::string_view path, const StripeForm& form,
                                std::string_view idempotency_key) const {
  return call("POST", secret_key, path, form_encode(form), idempotency_key);
}

StripeAnswer StripeClient::get(std::string_view secret_key, std::string_view path) const {
  return call("GET", secret_key, path, "", "");
}

StripeAnswer StripeClient::call(std::string_view method, std::string_view secret_key, std::string_view path,
                                const std::string& body, std::string_view idempotency_key) const {
  const Poco::URI uri(base_);
  std::unique_ptr<net::HTTPClientSession> session;
  if (uri.getScheme() == "https")
    session = std::make_unique<net::HTTPSClientSession>(uri.getHost(), uri.getPort(), core::tls_client_context());
  else
    session = std::make_unique<net::HTTPClientSession>(uri.getHost(), uri.getPort());
  session->setTimeout(Poco::Timespan(kTimeoutSeconds, 0));
  net::HTTPRequest req(std::string(method), uri.getPath() + std::string(path), net::HTTPMessage::HTTP_1_1);
  req.set("Authorization", "Bearer " + std::string(secret_key));
  req.set("Stripe-Version", std::string(kStripeApiVersion));
  req.set("Accept", "application/json");
  if (!idempotency_key.empty()) req.set("Idempotency-Key", std::string(idempotency_key));
  if (method == "POST") {
    req.setContentType("application/x-www-form-urlencoded");
    req.setContentLength(static_cast<std::streamsize>(body.size()));
  }
  try {
    std::ostream& os = session->sendRequest(req);
    if (method == "POST") os << body;
    net::HTTPResponse res;
    std::istream& is = session->receiveResponse(res);
    std::string text;
    Poco::StreamCopier::copyToString(is, text);
    StripeAnswer answer;
    answer.status = static_cast<int>(res.getStatus());
    answer.replayed = res.get("Idempotent-Replayed", "") == "true";
    boost::system::error_code ec;
    answer.body = boost::json::parse(text, ec);
    if (ec) throw std::runtime_error("Stripe answered " + std::to_string(answer.status) + " without JSON");
    return answer;
  } catch (const Poco::Exception& e) {
    throw std::runtime_error("Stripe could not be reached: " + e.displayText());
  }
}

std::optional<Error> check_secret_key(const StripeClient& client, std::string_view secret_key) {
  StripeAnswer a;
  try {
    a = client.get(secret_key, "/v1/checkout/sessions?limit=1");
  } catch (const std::exception& e) {
    return Error::of(ErrorCode::provider_unavailable, std::string("The key could not be checked: ") + e.what());
  }
  if (a.ok()) return std::nullopt;
  if (a.status == 401 || a.status == 403) {
    Error e = Error::of(ErrorCode::invalid_key, a.status == 401 ? "Stripe does not accept this key"
                                                                : "This key may not use Stripe Checkout");
    e.field = "secretKey";
    return e;
  }
  return Error::of(ErrorCode::provider_unavailable, "Stripe answered " + std::to_string(a.status) + " to the key's check");
}

}  // namespace portal::payments
