#include "domains/customers/customers_service.hpp"

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "core/text.hpp"
#include "db/timestamp.hpp"
#include "domains/identity/identity_types.hpp"
#include "domains/vouchers/voucher_codes.hpp"

namespace portal::customers {

std::string_view key_name(MatchKey k) {
  switch (k) {
    case MatchKey::email: return "email";
    case MatchKey::email_prefix: return "emailPrefix";
    case MatchKey::msisdn: return "msisdn";
    case MatchKey::user_id: return "userId";
    case MatchKey::uuid: return "uuid";
    case MatchKey::payment_id: return "paymentId";
    case MatchKey::payment_reference: return "paymentReference";
    case MatchKey::provider_reference: return "providerReference";
    case MatchKey::provider_customer: return "providerCustomer";
    case MatchKey::voucher_buyer: return "voucherBuyer";
    case MatchKey::voucher_redeemer: return "voucherRedeemer";
  }
  return "uuid";
}

namespace {

constexpr std::size_t kMaxQuery = 200;
constexpr std::size_t kMinPrefix = 3;

// "+971500000001", "971500000001", "00971500000001": the digits of a phone number.
std::optional<std::string> msisdn_digits(const std::string& q) {
  std::string_view s = q;
  if (s.starts_with('+')) s.remove_prefix(1);
  else if (s.starts_with("00")) s.remove_prefix(2);
  if (s.size() < 6 || s.size() > 15) return std::nullopt;
  if (!std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); })) return std::nullopt;
  return std::string(s);
}

Error invalid(std::string message, std::string field = "q") {
  return {ErrorCode::invalid_query, std::move(message), std::move(field)};
}

}  // namespace

Result<Scope> CustomersService::scope(const Caller& caller, const std::optional<std::string>& tenant) {
  if (!tenant || tenant->empty()) return Scope{caller.tenant_id};
  if (!caller.platform) {
    // Only the caller's own tenant (named by its name) is allowed.
    const auto id = d_.repository.tenant_id(*tenant);
    if (id && *id == caller.tenant_id) return Scope{caller.tenant_id};
    return invalid("only a platform administrator searches another tenant", "tenant");
  }
  if (*tenant == "all") return Scope{std::nullopt};
  const auto id = d_.repository.tenant_id(*tenant);
  if (!id) return Error{ErrorCode::tenant_not_found, "No such tenant", "tenant"};
  return Scope{*id};
}

Result<std::vector<Match>> CustomersService::search(const Scope& scope, std::string_view typed) {
  const std::string q(core::trim(typed));
  if (q.empty()) return invalid("required");
  if (q.size() > kMaxQuery) return invalid("at most 200 characters");
  auto& repo = d_.repository;
  const std::string folded = core::lower(q);

  std::vector<Match> found;
  auto take = [&](std::vector<Match> more) {
    for (auto& m : more) found.push_back(std::move(m));
  };
  // The exact keys first, the prefix last: a result is listed once, under the first key that found it.
  if (q.find('@') != std::string::npos) take(repo.by_email(scope, folded));
  if (const auto digits = msisdn_digits(q)) {
    take(repo.by_msisdn(scope, "+" + *digits));
    take(repo.by_msisdn(scope, *digits));
  }
  take(repo.by_user_id(scope, q));
  take(repo.by_uuid(scope, folded));
  take(repo.by_payment_id(scope, q));
  take(repo.by_payment_reference(scope, q));
  take(repo.by_provider_ref(scope, q));
  if (q.starts_with("cus_")) take(repo.by_provider_customer(scope, q));
  if (const auto code = vouchers::normalize_code(q)) take(repo.by_voucher_hash(scope, vouchers::code_hash(d_.voucher_key, *code)));
  if (folded.size() >= kMinPrefix && folded.find(' ') == std::string::npos && !msisdn_digits(q))
    take(repo.by_email_prefix(scope, folded));

  std::vector<Match> out;
  std::unordered_set<std::string> seen;
  for (auto& m : found) {
    if (out.size() == kMaxMatches) break;
    if (seen.insert(m.uuid).second) out.push_back(std::move(m));
  }
  return out;
}

Result<Customer> CustomersService::customer(const Caller& caller, const std::string& uuid, const Viewed& viewed) {
  auto profile = d_.repository.profile(core::lower(core::trim(uuid)));
  if (!profile || (!caller.platform && profile->tenant_id != caller.tenant_id))
    return Error{ErrorCode::customer_not_found, "No such customer", ""};
  Customer c;
  c.profile = std::move(*profile);
  const identity::ThrottleLimits limits;
  const auto now = d_.clock.now();
  d_.repository.fill(c, db::utc_timestamp(now), db::utc_timestamp(now - limits.window), limits.per_account);
  if (viewed) d_.db.transaction([&](db::Session& s) { viewed(s, c); });
  return c;
}

}  // namespace portal::customers
