#pragma once
// Subscriptions: the plans of a tenant (groups, types, payment options,
// external codes) and what users hold (docs/contracts.md "Subscriptions").
// Rows here; the wire shapes are in subscriptions_dto.hpp.
// free-form: a type's definition is the operator's plan document, kept as given for the console's
// round-trip edits; a subscription's marketing campaign, consents and partner metadata are the
// client's values, stored and answered verbatim (docs/decisions.md "Subscriptions: typed rows").
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/utc_time.hpp"
#include "domains/payments/payments_types.hpp"
#include "domains/subscriptions/subscription_rules.hpp"

namespace portal::subscriptions {

using payments::Money;
// A name in the six languages: {lang, text} in the plans file's order (texts_json.hpp reads and writes
// its JSON object form).
struct Texts {
  std::vector<std::pair<std::string, std::string>> entries;
  const std::string* find(std::string_view lang) const;  // the text in lang, or nullptr
  bool contains(std::string_view lang) const { return find(lang) != nullptr; }
};

struct Group {
  std::string id;
  Texts name;
  std::vector<std::vector<std::int64_t>> levels;
};

struct PaymentOption {
  std::string code;      // "card", "operator"
  std::string provider;  // "sandbox", "sandbox-operator"
  std::string flow;      // "WEB" or "API"
  Texts name;
};

struct ExternalCode {
  std::string code;
  std::int64_t type_id = 0;
  std::optional<std::string> valid_until;
};

// A price change (console, plans_admin.hpp): the new price sells at once; a renewal whose
// period starts before effective_from still charges `previous` (what renewals charged before).
struct PriceChange {
  Money previous;
  std::string effective_from;  // ISO UTC time, in the future when it was set
};

// A retired type is sold no more; its subscribers renew onto the successor when one is named,
// otherwise they keep renewing on it (docs/decisions.md "Plans from the console").
struct Retirement {
  std::string at;
  std::optional<std::int64_t> successor_id;
};

struct SubscriptionType {
  std::int64_t id = 0;
  std::string name;
  std::optional<std::string> group_id;
  std::string billing_cycle;
  Money price;
  std::optional<Money> promotion_price;
  std::vector<Contingent> contingents;
  bool accumulate_contingent = false;
  std::optional<std::string> max_trial_duration;
  std::optional<std::string> cancel_url;
  std::vector<std::string> required_identity_fields;
  std::vector<std::string> payment_options;
  std::vector<std::pair<std::string, std::string>> attributes;  // file order
  std::optional<PriceChange> price_change;                      // definition "priceChange"
  std::optional<Retirement> retired;                            // definition "retired"
  boost::json::object definition;                               // free-form: as in the plans file
  std::int64_t version = 0;                                     // raised by every console edit

  // What a purchase costs now: the promotion price when it is lower.
  Money current_price() const {
    return promotion_price && promotion_price->amount < price.amount ? *promotion_price : price;
  }
  // What a renewal of the period starting at `period_start` (ISO UTC) charges: the current
  // price, or the price before a change that is not yet effective at that period.
  Money renewal_price(std::string_view period_start) const {
    if (price_change) {
      const auto period = core::parse_utc(period_start);
      const auto effective = core::parse_utc(price_change->effective_from);
      if (period && effective && *period < *effective) return price_change->previous;
    }
    return current_price();
  }
  std::string attribute(std::string_view key, std::string fallback = {}) const {
    for (const auto& [k, v] : attributes)
      if (k == key) return v;
    return fallback;
  }
  // Where the user cancels this plan instead of here (a partner's page, commerce §4 "Cancel subscription"): the
  // plan's own cancelUrl, else its attribute cancelUrl (commerce §3 lists it among the attribute keys; issue 72
  // item 7); nullopt when neither names one.
  std::optional<std::string> cancel_at() const {
    if (cancel_url && !cancel_url->empty()) return cancel_url;
    if (auto from_attribute = attribute("cancelUrl"); !from_attribute.empty()) return from_attribute;
    return std::nullopt;
  }
};

// Everything a tenant sells.
struct Plans {
  std::vector<Group> groups;
  std::vector<PaymentOption> options;
  std::vector<ExternalCode> external_codes;
  std::vector<SubscriptionType> types;  // sorted by ment_sort, then id
  int grace_days = 3;

  const SubscriptionType* type(std::int64_t id) const;
  const Group* group(std::string_view id) const;
  const PaymentOption* option(std::string_view code) const;
};

// What an import of plans stored.
struct PlansImported {
  std::size_t types = 0;
  std::size_t groups = 0;
  std::size_t payment_options = 0;
  std::size_t external_codes = 0;
};

// A name in `lang`, else in English, else the first one; "" when none.
std::string resolve(const Texts& texts, std::string_view lang);
// The plan as customers see it named in the language: web planTitle's fallbacks (NAME_TEXT, TITLE_TEXT, the name).
std::string type_name(const SubscriptionType& t, std::string_view lang);

// Plans list their types by ment_sort (a number; missing or unreadable is 0), then id.
void sort_types(std::vector<SubscriptionType>& types);

struct UserSubscription {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::int64_t type_id = 0;
  Status status;
  std::string start_date;
  std::optional<std::string> end_date;
  std::optional<std::string> next_renewal_date;
  std::optional<std::string> grace_until;
  std::vector<Contingent> contingents;
  std::optional<std::string> payment_option;
  std::optional<std::string> payment_method_id;
  std::optional<std::string> checkout_id;
  std::optional<std::string> migrate_from;
  std::optional<std::string> external_code;
  // free-form, the client's, kept as sent:
  boost::json::value marketing_campaign;  // a string or an object from the subscribe call, or null
  boost::json::array consents;            // subscriptionConsentList of the subscribe call
  boost::json::object partner_metadata;   // merged by partners (Partners::merge_metadata)
  std::int64_t version = 0;
  std::string created_at;
  std::string updated_at;

  bool active() const { return status.state == State::active && !status.pending; }
};

// The type ids of the active subscriptions among `subs`.
std::vector<std::int64_t> active_type_ids(const std::vector<UserSubscription>& subs);

// What a subscribe call that opened a checkout answers, kept with the checkout
// (its answer column) so a repeated call answers the same options.
struct OfferedOption {
  std::string uuid;
  std::string code;
  std::string name;  // in the language of the call that opened the checkout
  std::string flow;  // WEB or API
  std::optional<std::string> redirection_url;  // WEB: the hosted checkout page
};

struct CheckoutOffer {
  std::string type;  // "redirect" (one WEB option: open url) or "onclick" (the user picks)
  std::string purchase_id;
  std::optional<std::string> url;
  std::vector<OfferedOption> options;
};

struct Checkout {
  std::string id;  // purchaseID
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::int64_t type_id = 0;
  std::string status;  // OPEN, PENDING, PAID, FAILED, CANCELLED, EXPIRED
  std::string redirect;
  std::string lang;
  Money amount;
  std::optional<std::string> migrate_from;
  std::optional<std::string> external_code;
  boost::json::value marketing_campaign;  // as on UserSubscription; copied to the subscription
  boost::json::array consents;
  CheckoutOffer offer;
  std::optional<std::string> subscription_id;  // the one it made; a pay-again checkout's: the held one it pays
  // A pay-again checkout (issue 72 item 4): the due period (the held subscription's next_renewal_date) it pays with
  // another card or the mobile bill, under the renewal's purpose and reference ("<subscription>@<period>").
  std::optional<std::string> pays_period;
};

// One row of a subscription's audit trail (subscription_events): the status it left and reached.
struct SubscriptionEvent {
  std::optional<std::string> from_state;      // none for the first event
  std::optional<std::string> from_sub_state;  // "PENDING" or none
  std::string to_state;
  std::optional<std::string> to_sub_state;
  std::string reason;
  std::string actor;
  std::string at;
};

struct CheckoutOption {
  std::string uuid;
  std::string checkout_id;
  std::string code;
  std::string provider;
  std::string flow;
};

}  // namespace portal::subscriptions
