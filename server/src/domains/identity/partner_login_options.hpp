#pragma once
// A partner tenant's sign-in options, as its partner defines them (commerce §1 isPartner: "partner login options
// flow", §6 "Partner tenants have their own login options flow", §7 getPartnerLoginOptions(url, locale, tenant),
// §3 the client's session storage key loginOptionsObject; issue 72 item 7). The rules here are pure: the address
// asked (the tenant's backend.partner.loginOptionsUrl with the locale and the tenant), and what of the partner's
// answer the portal passes on (docs/contracts.md "Partner sign-in options"):
//
//   GET <loginOptionsUrl>?lang=<locale>&tenant=<tenant name>        Accept: application/json, no credentials
//   200 application/json  {"partner": {"label": "Mit Vela-ID anmelden"}, "email": true, "operator": false}
//
// The answer is a login options object of the shape the tenant's own settings.loginOptions has: each sign-in way
// ("email", "operator", "partner") is offered (true, or an object whose "label" names it in the asked language) or
// not (false, or absent), in the order the partner lists them. Other keys are ignored (a later contract may add
// some); a known key of another type, a label that is not one short line of text, or an answer that offers nothing
// the tenant can serve is outside the contract. No HTTP, no I/O.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "domains/tenants/tenants_types.hpp"

namespace portal::identity {

inline constexpr std::size_t kMaxPartnerAnswerBytes = 16 * 1024;
inline constexpr std::size_t kMaxPartnerLabelLength = 60;  // code points

// One sign-in way of the answer: "email" (the hosted sign-in), "operator" (the mobile network's), "partner" (the
// partner's own sign-in, POST /partner/login), and the words the partner shows for it (nullopt: the portal's own).
struct PartnerLoginOption {
  std::string id;
  std::optional<std::string> label;
};

struct PartnerLoginOptions {
  std::vector<PartnerLoginOption> options;  // in the partner's order; at least one
};

// The ways a tenant can serve whatever its partner says: e-mail always; the operator's when its mobile network signs
// its subscribers in (features.autoLogin.providerCookieName); the partner's when it is a partner tenant
// (features.isPartner or partnerLoginFlow).
struct ServableWays {
  bool operator_network = false;
  bool partner = false;
};
ServableWays servable_ways(const tenants::Tenant& tenant);

// The tenant's partner address (backend.partner.loginOptionsUrl, as tenants::valid_partner_address allows it: the
// console and the tenant file refuse any other); nullopt when it names none.
std::optional<std::string> partner_login_options_url(const tenants::Tenant& tenant);

// The address asked: `configured` with lang and tenant set in its query (its other parameters kept).
std::string partner_request_url(std::string_view configured, std::string_view lang, std::string_view tenant);

// What the portal passes on of an answer (status, Content-Type, body), or why the answer is outside the contract.
std::variant<PartnerLoginOptions, std::string> read_partner_answer(int status, std::string_view content_type,
                                                                   std::string_view body, ServableWays servable);

}  // namespace portal::identity
