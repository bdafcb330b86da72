#pragma once
// What every part of the subscriptions service shares: its dependencies, the
// clock, the checkout texts and the plans of each tenant (read once a minute;
// an import forgets them). No rule lives here. Blocking (SQL).
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "domains/billing_mail/billing_mail.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/notifications/notifier.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/subscriptions/subscription_rules.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::subscriptions {

struct ServiceDeps {
  SubscriptionsRepository& repository;
  payments::PaymentsService& payments;
  identity::UsersRepository& users;
  identity::Mailer& sms;  // the outbox: PIN messages go there as "sms:+<msisdn>"
  const i18n::I18nService& i18n;
  const core::Clock& clock;
  std::function<std::shared_ptr<const tenants::Tenant>(std::int64_t id)> tenant_by_id;
  bool dev_stage = false;
  // Tells a subscriber of a renewal and of a failed one (optional).
  notifications::Notifier* notifier = nullptr;
  // The customer's mails (issue 34): dunning for a failed renewal, the notice before a trial ends (optional).
  billing_mail::BillingMail* mails = nullptr;
};

// The tenant's plans as stored, kept for a minute and only while the tenant's
// configuration version (tenants::Tenant::version) is the one they were read under:
// a plan change through any instance retires them here within the poll.
class PlansCache {
 public:
  using VersionOf = std::function<std::int64_t(std::int64_t tenant_id)>;
  PlansCache(SubscriptionsRepository& repository, VersionOf version_of)
      : repository_(repository), version_of_(std::move(version_of)) {}
  // Inside a transaction pass its session: a second pooled connection could
  // wait for one that transactions hold (pool exhaustion on PostgreSQL).
  std::shared_ptr<const Plans> get(std::int64_t tenant_id, db::Session* session = nullptr);
  void forget(std::int64_t tenant_id);

 private:
  struct Entry {
    std::chrono::steady_clock::time_point read_at;
    std::int64_t version = 0;
    std::shared_ptr<const Plans> plans;
  };
  SubscriptionsRepository& repository_;
  VersionOf version_of_;
  std::mutex mutex_;
  std::map<std::int64_t, Entry> cache_;
};

struct Context {
  explicit Context(ServiceDeps deps)
      : d(std::move(deps)), plans(d.repository, [this](std::int64_t id) {
          const auto t = d.tenant_by_id ? d.tenant_by_id(id) : nullptr;
          return t ? t->version : std::int64_t{0};
        }) {}
  ServiceDeps d;
  PlansCache plans;

  TimePoint now() const { return d.clock.now(); }
  // hosted.checkout.<key> in `lang`, with {{site}} the tenant's name when given.
  std::string text(std::string_view lang, std::string_view key, const tenants::Tenant* t = nullptr) const;
};

}  // namespace portal::subscriptions
