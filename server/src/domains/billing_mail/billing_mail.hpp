#pragma once
// The mails a customer keeps (issue 34): a receipt for each successful payment and each refund, a
// notice before a price change and before a trial ends, dunning for a failed renewal. Each is
// rendered from the templates (mail_templates.hpp) in the customer's language (users.selected_lang
// when the tenant offers it, else the tenant's default) and written to the outbox through the
// Mailer, right after the commit of the write that caused it. A customer without an e-mail address
// (an operator MSISDN user) gets none. Links go to the tenant's public origin (issue 72 item 3), never to
// the Host a request named. Blocking (SQL): call on the database pool.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "db/database.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/payments/payments_types.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::billing_mail {

// The plan's (or article's) name in a language.
using NameIn = std::function<std::string(const std::string& lang)>;

struct BillingMailDeps {
  identity::UsersRepository& users;
  identity::Mailer& mailer;
  db::Database& database;
  std::function<std::shared_ptr<const tenants::Tenant>(std::int64_t id)> tenant_by_id;
  // Whether a payment provider bills the operator's mobile account (its charges confirm with a PIN).
  std::function<bool(std::string_view provider)> bills_mobile;
  // The operator a tenant's mobile bill goes through ("Noor Mobile": a CAMARA operator's name), "" when none is named.
  std::function<std::string(std::int64_t tenant_id, std::string_view provider)> operator_name = {};
};

// Where a recipient is reached and in which language.
struct Recipient {
  std::string email;
  std::string lang;
  std::string name;  // the first name they gave; "" greets without one
};

// Days before a trial's end its notice goes out.
inline constexpr int kTrialNoticeDays = 3;

class BillingMail {
 public:
  explicit BillingMail(BillingMailDeps deps) : d_(std::move(deps)) {}

  // A successful payment's receipt; `what` names what was bought (a plan), else the namer its purpose registered
  // (name_items), else it says "Payment". False when nothing was sent (no address, no tenant).
  bool receipt(const payments::Payment& payment, const NameIn& what = {});
  // How receipts name what a payment of `purpose` bought (the purchases domain: its article's title), for
  // domains made after the one that sends the receipts (app.cpp wires them).
  using ItemNamer = std::function<NameIn(const payments::Payment&)>;
  void name_items(std::string purpose, ItemNamer namer) { namers_[std::move(purpose)] = std::move(namer); }
  // A refund's receipt: `refunded` of `payment` went back to the customer (the refunds call it). `returned`: the
  // charge was given back because what it paid for could not be completed (payments::kReturnedReason).
  bool refund_receipt(std::int64_t tenant_id, const std::string& user_uuid, const payments::Payment& payment,
                      const payments::Money& refunded, bool returned = false);
  // The notice before a price change: `price` from `effective_from` (ISO) on.
  bool price_notice(std::int64_t tenant_id, const std::string& email, const std::string& lang, const NameIn& plan,
                    const payments::Money& price, const std::string& effective_from);
  // The notice before a trial ends (at `trial_end`, ISO); links to the plans page.
  bool trial_notice(std::int64_t tenant_id, const std::string& user_uuid, const NameIn& plan,
                    const std::string& trial_end);
  // Dunning for a failed renewal: `amount` could not be charged; the plan stays until `grace_until`.
  bool dunning(std::int64_t tenant_id, const std::string& user_uuid, const NameIn& plan, const payments::Money& amount,
               const std::string& grace_until);

  // True for the one caller that records the notice of (subscription, trial end): a unique row
  // (trial_end_notices), so several instances and runs send it once.
  bool claim_trial_notice(std::int64_t tenant_id, const std::string& subscription_id, const std::string& trial_end,
                          const std::string& now);

  // `path` of the storefront in `lang` (prefixed "/de/…" but for English, as the client's routes are) on the tenant's
  // public origin (Tenant::public_origin: backend.publicOrigin, else the portal's public URL; never an allowed origin
  // picked at random, nor a request's Host); nullopt, logged, when it has none.
  static std::optional<std::string> link(const tenants::Tenant& tenant, std::string_view lang, std::string_view path);
  // The page that manages plans (dunning's "pay again", the trial's "choose a plan").
  static constexpr std::string_view kPlansPath = "/profile/manage";

  // A staff member is told that a webhook endpoint was disabled after a day of failures (issue 78 item 1), in their
  // language, with the console's webhooks page (`console_link`).
  bool webhook_disabled(const tenants::Tenant& t, const std::string& email, const std::string& lang,
                        const std::string& endpoint_url, const std::string& console_link) {
    return send(t, email, lang, "webhook_disabled", {{"endpoint", endpoint_url}, {"link", console_link}}, "");
  }

 private:
  std::optional<Recipient> recipient(const tenants::Tenant& t, const std::string& user_uuid);
  std::string method_of(const std::string& lang, const payments::Payment& p) const;
  // `name`: the recipient's first name for the greeting ("" greets without one).
  bool send(const tenants::Tenant& t, const std::string& email, const std::string& lang, std::string_view kind,
            const std::map<std::string, std::string, std::less<>>& values, const std::string& name = {});
  BillingMailDeps d_;
  std::map<std::string, ItemNamer, std::less<>> namers_;
};

// The tenant's language for a customer's choice (selected_lang when offered, else the default).
std::string language_for(const tenants::Tenant& t, const std::optional<std::string>& selected);
// settings.priceFormat.decimals, else 2.
int decimals_of(const tenants::Tenant& t);

}  // namespace portal::billing_mail
