#pragma once
// Plans from the console (issue 33 item 4; docs/decisions.md "Plans from the console"): list,
// read, edit, create, duplicate, change the price (renewals from a chosen date, subscribers
// mailed) and retire with a successor. Every edit is validated by parse_type (plans_document.hpp),
// the validator of `portal import-subscriptions`, and written only over the version it was read
// at; each write raises the tenant's configuration version in its transaction, so every
// instance's plans cache follows within the poll. Expected failures are PlanEditError values;
// nothing here knows HTTP. Blocking (SQL): call on the database pool.
// free-form: the console edits the operator's plan document (a type's definition), kept as given.
#include <boost/json/value.hpp>
#include <boost/system/result.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/subscriptions/subscriptions_types.hpp"

namespace portal::subscriptions {

class SubscriptionsRepository;
class PlansCache;

enum class PlanEditErrorCode {
  invalid_field,     // field and reason
  version_conflict,  // the edit was based on another version: current_version
  not_found,         // no such type
  id_taken,          // create: the id is used already
  in_use,            // a payment option some plan still offers
};

struct PlanEditError {
  PlanEditErrorCode code = PlanEditErrorCode::invalid_field;
  std::string message;  // English, for developers
  std::string field;
  std::string reason;
  std::int64_t current_version = 0;

  static PlanEditError invalid(std::string field, std::string reason) {
    return {PlanEditErrorCode::invalid_field, field + ": " + reason, std::move(field), std::move(reason), 0};
  }
};

template <class T>
using PlanEditResult = boost::system::result<T, PlanEditError>;

// One type as the console shows it: the type, its place in its group and its subscribers.
struct PlanView {
  SubscriptionType type;
  std::int64_t level = -1;        // index in its group's levels; -1 without a group
  std::int64_t subscribers = 0;   // ACTIVE subscriptions of it
};

struct PlansOverview {
  std::vector<PlanView> plans;  // by ment_sort, then id
  std::vector<Group> groups;
  std::vector<std::string> payment_options;
};

struct PlanChange {
  std::string action;  // plans.update, plans.create, plans.duplicate, plans.price, plans.retire
  std::optional<PlanView> before;
  PlanView after;
  std::int64_t notices = 0;  // mails put into the outbox (price change)
};

// Sends the notice before a price change to one subscriber (address, language or ""): `plan` at
// `price` from `effective_from` (ISO) on. The composition root renders it from the mail templates
// (billing_mail::BillingMail::price_notice); true when a mail went to the outbox.
using PriceNotice = std::function<bool(std::int64_t tenant_id, const std::string& email, const std::string& lang,
                                       const SubscriptionType& plan, const Money& price,
                                       const std::string& effective_from)>;

// A payment provider a payment option can use, as the composition root knows them: its name and its flow
// (WEB: the buyer pays on the provider's page; API: the portal charges, e.g. a mobile bill with a PIN).
struct ProviderChoice {
  std::string name;
  std::string flow;
};

// A payment option's write: before (none for a new one) and after (none once deleted).
struct PaymentOptionChange {
  std::optional<PaymentOption> before;
  std::optional<PaymentOption> after;
};

struct PlansAdminDeps {
  SubscriptionsRepository& repository;
  PlansCache& cache;
  const core::Clock& clock;
  PriceNotice notice;
  std::function<void()> changed;  // this instance reloads its tenants (their versions) at once
  // The payment providers this portal has that the tenant can use (Stripe once its account is configured).
  std::function<std::vector<ProviderChoice>(std::int64_t tenant_id)> providers;
};

// The tenant facts an edit checks against.
struct PlanTenant {
  std::int64_t id = 0;
  std::string currency;        // settings.currency, or "" (any)
  std::string default_locale;  // the notice's language when the user has none
};

class PlansAdmin {
 public:
  explicit PlansAdmin(PlansAdminDeps deps) : d_(std::move(deps)) {}

  PlansOverview list(std::int64_t tenant_id);
  PlanEditResult<PlanView> read(std::int64_t tenant_id, std::int64_t type_id);

  // `record` runs in the writing transaction with the change (the staff audit entry).
  using Record = std::function<void(db::Session&, const PlanChange&)>;
  // The document: the type's fields as the console sends them (AdminPlanWriteDto) with the version read.
  PlanEditResult<PlanChange> update(const PlanTenant& t, std::int64_t type_id, const boost::json::value& document,
                                    const Record& record);
  PlanEditResult<PlanChange> create(const PlanTenant& t, const boost::json::value& document, const Record& record);
  PlanEditResult<PlanChange> duplicate(const PlanTenant& t, std::int64_t type_id, const Record& record);
  // A new price: sells at once; renewals from effective_from (ISO UTC, in the future); each current subscriber
  // gets one notice mail.
  struct PriceChange {
    std::int64_t version = 0;  // the version read
    Money price;
    std::string effective_from;
  };
  PlanEditResult<PlanChange> change_price(const PlanTenant& t, std::int64_t type_id, const PriceChange& change,
                                          const Record& record);
  // Sold no more; subscribers renew onto the successor (none: they keep renewing on the retired plan).
  struct Retirement {
    std::int64_t version = 0;  // the version read
    std::optional<std::int64_t> successor_id;
  };
  PlanEditResult<PlanChange> retire(const PlanTenant& t, std::int64_t type_id, const Retirement& retirement,
                                    const Record& record);

  // The tenant's payment options (issue 50: a new tenant adds its first in the console) and the providers
  // one can use (plans_payment_options.cpp).
  std::vector<PaymentOption> payment_options(std::int64_t tenant_id);
  std::vector<ProviderChoice> providers(std::int64_t tenant_id) const;
  using RecordOption = std::function<void(db::Session&, const PaymentOptionChange&)>;
  // Adds or changes one: its code (lower-case letters, digits, dashes, at most 32), a provider this portal has
  // (the flow is the provider's) and its name by language with "en". invalid_field ("code", "provider", "name").
  PlanEditResult<PaymentOptionChange> save_payment_option(std::int64_t tenant_id, PaymentOption option,
                                                          const RecordOption& record);
  // Deletes one no plan offers (in_use names the plans in its reason); not_found.
  PlanEditResult<PaymentOptionChange> remove_payment_option(std::int64_t tenant_id, const std::string& code,
                                                            const RecordOption& record);

 private:
  PlansAdminDeps d_;
};

// The definition a console document describes, on top of `base` (the stored one, or {} for a new
// type); the document's fields replace the editable ones. A field of the wrong shape is an error.
PlanEditResult<boost::json::object> definition_from(const boost::json::object& base, const boost::json::object& document);
// parse_type and the checks against the tenant's plans: group, payment options, currency.
PlanEditResult<SubscriptionType> validate_type(const Plans& plans, const PlanTenant& t, const boost::json::object& definition);

}  // namespace portal::subscriptions
