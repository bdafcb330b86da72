#include "domains/identity/partner_login_service.hpp"

#include <stdexcept>
#include <variant>

#include "core/log.hpp"
#include "domains/tenants/tenant_settings.hpp"

namespace portal::identity {

namespace {
// Tenants x six languages, with room for old versions until they expire.
constexpr std::size_t kCapacity = 4096;
}  // namespace

PartnerLoginService::PartnerLoginService(Fetch fetch)
    : fetch_(std::move(fetch)), answers_(kPartnerOptionsLifetime, kCapacity), refusals_(kPartnerRefusalLifetime, kCapacity) {}

Result<PartnerLoginOptions> PartnerLoginService::options(const tenants::Tenant& tenant, std::string_view lang) {
  const auto configured = partner_login_options_url(tenant);
  if (!configured) return Error::of(ErrorCode::partner_not_set, "The tenant names no partner sign-in options address");
  if (!tenants::valid_partner_address(*configured))  // written by hand into the database: never asked
    return Error::of(ErrorCode::partner_unavailable, "The tenant's partner sign-in options address is not an http(s) address");
  const std::string url = partner_request_url(*configured, lang, tenant.name);
  const std::string key = std::to_string(tenant.id) + "|" + std::to_string(tenant.version) + "|" + url;
  if (auto kept = answers_.get(key)) return *kept;
  if (auto refused = refusals_.get(key)) return Error::of(ErrorCode::partner_unavailable, *refused);
  std::variant<PartnerLoginOptions, std::string> read;
  try {
    const auto answer = fetch_(url);
    read = read_partner_answer(answer.status, answer.content_type, answer.body, servable_ways(tenant));
  } catch (const std::runtime_error& e) {
    read = std::string(e.what());
  }
  if (auto* why = std::get_if<std::string>(&read)) {
    const std::string message = "Partner sign-in options of " + tenant.name + ": " + *why;
    core::log_json(spdlog::level::warn, "partner sign-in options refused", {{"tenant", tenant.name}, {"reason", *why}});
    refusals_.put(key, message);
    return Error::of(ErrorCode::partner_unavailable, message);
  }
  return *answers_.put(key, std::get<PartnerLoginOptions>(std::move(read)));
}

}  // namespace portal::identity
