// Payment options from the console (plans_admin.hpp): a tenant's ways to pay a plan, each a provider this
// portal has under a code the plans name, with its name in the tenant's languages.
#include <boost/json.hpp>
#include <algorithm>

#include "domains/subscriptions/plans_admin.hpp"
#include "domains/subscriptions/service_context.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"

namespace portal::subscriptions {

namespace {

constexpr std::size_t kMaxCode = 32;
constexpr std::size_t kMaxName = 80;

bool code_ok(std::string_view code) {
  if (code.empty() || code.size() > kMaxCode) return false;
  return std::all_of(code.begin(), code.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

PlanEditError option_missing(const std::string& code) {
  return PlanEditError{PlanEditErrorCode::not_found, "No payment option '" + code + "'", "code", "", 0};
}

}  // namespace

std::vector<PaymentOption> PlansAdmin::payment_options(std::int64_t tenant_id) {
  return d_.repository.load_plans(tenant_id).options;
}

std::vector<ProviderChoice> PlansAdmin::providers(std::int64_t tenant_id) const {
  return d_.providers ? d_.providers(tenant_id) : std::vector<ProviderChoice>{};
}

PlanEditResult<PaymentOptionChange> PlansAdmin::save_payment_option(std::int64_t tenant_id, PaymentOption option,
                                                                    const RecordOption& record) {
  if (!code_ok(option.code)) return PlanEditError::invalid("code", "must be 1 to 32 lower-case letters, digits and dashes");
  const auto choices = providers(tenant_id);
  const auto provider = std::find_if(choices.begin(), choices.end(), [&](const ProviderChoice& c) { return c.name == option.provider; });
  if (provider == choices.end()) {
    std::string names;
    for (const auto& c : choices) names += (names.empty() ? "" : ", ") + c.name;
    return PlanEditError::invalid("provider", "must be one of " + names);
  }
  option.flow = provider->flow;
  const auto* english = option.name.find("en");
  if (!english || english->empty()) return PlanEditError::invalid("name.en", "is required");
  for (const auto& [lang, text] : option.name.entries) {
    if (text.size() > kMaxName) return PlanEditError::invalid("name." + lang, "must be at most 80 characters");
  }
  PaymentOptionChange change;
  d_.repository.write_plans([&](db::Session& s) {
    const Plans plans = d_.repository.load_plans(s, tenant_id);
    if (const auto* before = plans.option(option.code)) change.before = *before;
    d_.repository.save_option(s, tenant_id, option);
    change.after = option;
    if (record) record(s, change);
  });
  d_.cache.forget(tenant_id);
  if (d_.changed) d_.changed();
  return change;
}

PlanEditResult<PaymentOptionChange> PlansAdmin::remove_payment_option(std::int64_t tenant_id, const std::string& code,
                                                                      const RecordOption& record) {
  std::optional<PlanEditError> refused;
  PaymentOptionChange change;
  d_.repository.write_plans([&](db::Session& s) {
    refused.reset();
    const Plans plans = d_.repository.load_plans(s, tenant_id);
    const auto* before = plans.option(code);
    if (!before) {
      refused = option_missing(code);
      return;
    }
    std::string offered_by;
    for (const auto& t : plans.types) {
      if (std::find(t.payment_options.begin(), t.payment_options.end(), code) != t.payment_options.end())
        offered_by += (offered_by.empty() ? "" : ", ") + t.name;
    }
    if (!offered_by.empty()) {
      // The reason is the plans' names (the console puts them into its own sentence).
      refused = PlanEditError{PlanEditErrorCode::in_use, "The payment option is offered by " + offered_by, "code", offered_by, 0};
      return;
    }
    change.before = *before;
    d_.repository.remove_option(s, tenant_id, code);
    if (record) record(s, change);
  });
  if (refused) return *refused;
  d_.cache.forget(tenant_id);
  if (d_.changed) d_.changed();
  return change;
}

}  // namespace portal::subscriptions
