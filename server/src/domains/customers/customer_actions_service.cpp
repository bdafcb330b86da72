#include "domains/customers/customer_actions_service.hpp"

#include "core/text.hpp"
#include "domains/audit/audit_repository.hpp"

namespace portal::customers {

ActionResult<identity::User> CustomerActions::customer(std::int64_t tenant_id, const std::string& user_uuid) {
  if (user_uuid.empty() || user_uuid.size() > 64)
    return ActionError::of(ActionErrorCode::customer_not_found, "No such customer");
  auto user = users_.by_uuid(tenant_id, user_uuid);
  if (!user || user->tenant_id != tenant_id) return ActionError::of(ActionErrorCode::customer_not_found, "No such customer");
  return std::move(*user);
}

void CustomerActions::audit(const audit::Entry& entry) {
  db_.transaction([&](db::Session& s) { audit::AuditRepository::append(s, entry); });
}

ActionResult<std::string> CustomerActions::reason(const std::optional<std::string>& text, bool required) {
  std::string out(core::trim(text.value_or("")));
  if (required && out.empty()) return ActionError::invalid("reason", "is required");
  if (out.size() > kMaxReasonLength) return ActionError::invalid("reason", "must be at most 500 characters");
  return out;
}

ActionResult<subscriptions::CancelWhen> CustomerActions::when(const std::string& text) {
  if (text == "now") return subscriptions::CancelWhen::now;
  if (text == "periodEnd") return subscriptions::CancelWhen::period_end;
  return ActionError::invalid("when", "must be \"now\" or \"periodEnd\"");
}

ActionResult<int> CustomerActions::days(std::int64_t days) {
  if (days < 1 || days > subscriptions::kMaxCompDays) return ActionError::invalid("days", "must be 1 to 366");
  return static_cast<int>(days);
}

ActionResult<std::int64_t> CustomerActions::article_id(std::int64_t id) {
  if (id <= 0) return ActionError::invalid("articleId", "must be a positive whole number");
  return id;
}

}  // namespace portal::customers
