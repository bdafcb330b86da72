#pragma once
// Every domain of the portal, made in order (app/domains.cpp) and wired to each other's events
// (app/domain_reactions.cpp).
#include <memory>

#include "app/config.hpp"
#include "app/mail_system.hpp"
#include "domains/identity/network_login.hpp"
#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/apps/apps_module.hpp"
#include "domains/billing_mail/billing_mail.hpp"
#include "domains/bulk/bulk_module.hpp"
#include "domains/cart/cart_module.hpp"
#include "domains/catalog/catalog_module.hpp"
#include "domains/challenges/challenges_module.hpp"
#include "domains/console_search/console_search_module.hpp"
#include "domains/customers/customers_module.hpp"
#include "domains/engagement/engagement_module.hpp"
#include "domains/events/events_module.hpp"
#include "domains/games/games_module.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/identity_module.hpp"
#include "domains/info_services/info_services_module.hpp"
#include "domains/media/media_module.hpp"
#include "domains/notifications/notifications_module.hpp"
#include "domains/parental_control/parental_control_module.hpp"
#include "domains/payments/payments_module.hpp"
#include "domains/privacy/privacy_module.hpp"
#include "domains/purchases/purchases_module.hpp"
#include "domains/reports/reports_module.hpp"
#include "domains/staff/staff_module.hpp"
#include "domains/streaming/streaming_module.hpp"
#include "domains/structure/structure_module.hpp"
#include "domains/subscriptions/subscriptions_module.hpp"
#include "domains/tenants/tenants_module.hpp"
#include "domains/tournaments/tournaments_module.hpp"
#include "domains/vouchers/vouchers_module.hpp"
#include "domains/wallet/wallet_module.hpp"
#include "domains/webhooks/webhooks_module.hpp"
#include "store/media_store.hpp"

namespace portal::app {

// Every domain, made in order (each by the make_<domain> beside it), each after the domains it takes; destroyed in
// the reverse order. Demo data is seeded as each domain is made.
struct Domains {
  std::unique_ptr<catalog::Catalog> catalog;
  std::unique_ptr<notifications::Notifications> notifications;
  std::unique_ptr<tournaments::Tournaments> tournaments;
  std::unique_ptr<info_services::InfoServices> info_services;
  std::unique_ptr<i18n::I18nService> i18n;
  std::unique_ptr<structure::Structure> structure;
  std::unique_ptr<identity::OutboxRepository> outbox;
  MailSystem mail;
  std::unique_ptr<identity::Identity> identity;
  std::unique_ptr<payments::Payments> payments;
  std::unique_ptr<identity::NetworkLogin> network_login;  // the operator's network sign-in (app/network_login.hpp)
  std::unique_ptr<identity::OutboxMailer> sms;  // SMS are never sent over SMTP
  std::unique_ptr<billing_mail::BillingMail> billing_mail;
  std::unique_ptr<subscriptions::Subscriptions> subscriptions;
  std::unique_ptr<wallet::Wallet> wallet;
  std::unique_ptr<purchases::Purchases> purchases;
  std::unique_ptr<vouchers::Vouchers> vouchers;
  std::unique_ptr<cart::Cart> cart;
  std::unique_ptr<parental_control::ParentalControl> parental_control;
  std::unique_ptr<events::Events> events;
  std::unique_ptr<streaming::Streaming> streaming;
  std::unique_ptr<games::Games> games;
  std::unique_ptr<engagement::Engagement> engagement;
  std::unique_ptr<challenges::Challenges> challenges;
  std::unique_ptr<apps::Apps> apps;
  std::unique_ptr<staff::Staff> staff;
  std::unique_ptr<store::MediaStore> media_store;  // where uploads' chunks and jobs' results live
  std::unique_ptr<media::Media> media;
  std::unique_ptr<customers::Customers> customers;
  std::unique_ptr<console_search::ConsoleSearch> console_search;  // the console's one search (issue 78 item 4)
  std::unique_ptr<privacy::Privacy> privacy;
  std::unique_ptr<reports::Reports> reports;
  std::unique_ptr<webhooks::Webhooks> webhooks;
  std::unique_ptr<bulk::Bulk> bulk;  // the console lists' bulk actions (issue 78 item 3)
};

// Throws when a domain cannot start (a broken demo file, an SMTP setting that cannot be used).
// `demo_tenants`: the demo's own tenants (with --seed demo), the only ones the demo seeds write into. `reads`: the
// read handle (db/read_database.hpp) of the storefront's catalog, search and structures and of the reports; null:
// `database`.
void make_domains(Domains& d, const Config& config, db::Database& database, const core::Clock& clock,
                  tenants::Tenants& tenants, const std::vector<tenants::Tenant>& demo_tenants,
                  db::Database* reads = nullptr);

// What one domain does when another's event happens (a refund, a receipt, a currency change), each a named
// reaction in app/domain_reactions.cpp; make_domains calls it once every domain is made.
void connect_domains(Domains& d, tenants::Tenants& tenants);

}  // namespace portal::app
