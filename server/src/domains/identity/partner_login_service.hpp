#pragma once
// The partner sign-in options of a tenant, asked of its partner (partner_login_options.hpp) and kept for a while:
// an answer for kPartnerOptionsLifetime per tenant, configuration version, address and language, a refusal (the
// partner down or outside the contract) for kPartnerRefusalLifetime, so that a partner that fails is not asked by
// every guest's page, and one that recovers is asked again soon. Blocking (the partner call): call it on the
// database pool.
#include <chrono>
#include <functional>
#include <string>
#include <string_view>

#include "core/ttl_cache.hpp"
#include "domains/identity/identity_errors.hpp"
#include "domains/identity/partner_client.hpp"
#include "domains/identity/partner_login_options.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::identity {

inline constexpr std::chrono::seconds kPartnerOptionsLifetime{300};
inline constexpr std::chrono::seconds kPartnerRefusalLifetime{30};

class PartnerLoginService {
 public:
  // How the partner is asked: partner_get, or a test's stand-in.
  using Fetch = std::function<PartnerAnswer(const std::string& url)>;
  explicit PartnerLoginService(Fetch fetch = partner_get);

  // The tenant's partner options in `lang`: partner_not_set when the tenant names no partner address;
  // partner_unavailable (the message says why) when the partner cannot be asked or answers outside the contract.
  Result<PartnerLoginOptions> options(const tenants::Tenant& tenant, std::string_view lang);

 private:
  Fetch fetch_;
  core::TtlCache<PartnerLoginOptions> answers_;
  core::TtlCache<std::string> refusals_;
};

}  // namespace portal::identity
