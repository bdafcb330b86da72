#include "app/network_login.hpp"

namespace portal::app {
namespace {

identity::NetworkLogin::Attempt attempt_of(const payments::CamaraLogin::Attempt& a) {
  return {a.state, a.return_to, a.lang, a.msisdn, a.tries_left};
}

}  // namespace

std::unique_ptr<identity::NetworkLogin> network_login(payments::CamaraLogin& camara) {
  using identity::NetworkLogin;
  auto login = std::make_unique<NetworkLogin>();
  login->offered = [&camara](std::int64_t tenant_id) { return camara.offered(tenant_id); };
  login->start = [&camara](std::int64_t tenant_id, const std::string& callback, const std::string& return_to,
                           const std::string& lang) { return camara.start(tenant_id, callback, return_to, lang); };
  login->attempt = [&camara](std::int64_t tenant_id, const std::string& state) -> std::optional<NetworkLogin::Attempt> {
    auto a = camara.attempt(tenant_id, state);
    if (!a) return std::nullopt;
    return attempt_of(*a);
  };
  login->finish = [&camara](std::int64_t tenant_id, const std::string& state, const std::string& code,
                            const std::string& error, const std::string& callback) -> std::optional<NetworkLogin::Finished> {
    auto f = camara.finish(tenant_id, state, code, error, callback);
    if (!f) return std::nullopt;
    const auto outcome = f->outcome == payments::CamaraLogin::Outcome::signed_in     ? NetworkLogin::Outcome::signed_in
                         : f->outcome == payments::CamaraLogin::Outcome::off_network ? NetworkLogin::Outcome::off_network
                                                                                     : NetworkLogin::Outcome::failed;
    return NetworkLogin::Finished{outcome, f->msisdn, attempt_of(f->attempt)};
  };
  login->send_code = [&camara](std::int64_t tenant_id, const std::string& state, const std::string& msisdn,
                               const std::string& message) {
    switch (camara.send_code(tenant_id, state, msisdn, message)) {
      case payments::CamaraLogin::Sent::sent: return NetworkLogin::Sent::sent;
      case payments::CamaraLogin::Sent::invalid_number: return NetworkLogin::Sent::invalid_number;
      case payments::CamaraLogin::Sent::too_many: return NetworkLogin::Sent::too_many;
      case payments::CamaraLogin::Sent::unavailable: break;
    }
    return NetworkLogin::Sent::unavailable;
  };
  login->check_code = [&camara](std::int64_t tenant_id, const std::string& state,
                                const std::string& code) -> std::optional<NetworkLogin::Checked> {
    auto c = camara.check_code(tenant_id, state, code);
    if (!c) return std::nullopt;
    return NetworkLogin::Checked{c->signed_in, c->msisdn, c->tries_left};
  };
  return login;
}

}  // namespace portal::app
