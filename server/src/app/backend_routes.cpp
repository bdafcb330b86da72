#include "app/backend_routes.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>

#include "app/health_routes.hpp"
#include "app/web_app_routes.hpp"
#include "core/text.hpp"
#include "core/utc_time.hpp"
#include "domains/apps/apps_routes.hpp"
#include "domains/webhooks/webhooks_routes.hpp"
#include "domains/cart/cart_routes.hpp"
#include "domains/catalog/catalog_admin_routes.hpp"
#include "domains/catalog/catalog_file_routes.hpp"
#include "domains/bulk/bulk_routes.hpp"
#include "domains/catalog/catalog_routes.hpp"
#include "domains/challenges/challenges_routes.hpp"
#include "domains/console_search/console_search_routes.hpp"
#include "domains/customers/customer_actions_routes.hpp"
#include "domains/customers/customers_routes.hpp"
#include "domains/engagement/engagement_routes.hpp"
#include "domains/events/events_routes.hpp"
#include "domains/games/games_routes.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "domains/i18n/i18n_routes.hpp"
#include "domains/identity/identity_routes.hpp"
#include "domains/info_services/info_services_routes.hpp"
#include "domains/media/media_routes.hpp"
#include "domains/notifications/notifications_routes.hpp"
#include "domains/parental_control/parental_control_routes.hpp"
#include "domains/payments/camara_admin_routes.hpp"
#include "domains/payments/camara_notify.hpp"
#include "domains/payments/payments_routes.hpp"
#include "domains/payments/refunds_admin_routes.hpp"
#include "domains/payments/stripe_admin_routes.hpp"
#include "domains/payments/stripe_webhook.hpp"
#include "domains/privacy/privacy_routes.hpp"
#include "domains/purchases/purchases_routes.hpp"
#include "domains/reports/reports_routes.hpp"
#include "domains/reports/usage_routes.hpp"
#include "domains/staff/staff_routes.hpp"
#include "domains/streaming/streaming_routes.hpp"
#include "domains/structure/structure_admin_routes.hpp"
#include "domains/structure/structure_routes.hpp"
#include "domains/subscriptions/plans_admin_routes.hpp"
#include "domains/subscriptions/subscriptions_routes.hpp"
#include "domains/tenants/settings_routes.hpp"
#include "domains/tournaments/bracket_routes.hpp"
#include "domains/tournaments/tournaments_routes.hpp"
#include "domains/vouchers/voucher_batches_routes.hpp"
#include "domains/vouchers/vouchers_routes.hpp"
#include "domains/wallet/wallet_routes.hpp"
#include "http/openapi.hpp"

namespace portal::app {
namespace asio = boost::asio;

namespace {

// The key that signs a tenant's operator auto-login assertions: configured
// (config file or --operator-secret), else PORTAL_OPERATOR_SECRET_<TENANT>,
// else in the dev stage a known dev key (the dev operator page signs with
// it), else none: no auto-login.
std::string operator_secret(const Config& config, std::string_view tenant) {
  if (auto it = config.operator_secrets.find(std::string(tenant)); it != config.operator_secrets.end()) return it->second;
  std::string env = "PORTAL_OPERATOR_SECRET_" + core::upper(tenant);
  std::ranges::replace(env, '-', '_');
  if (const char* value = std::getenv(env.c_str()); value && std::strlen(value) >= 16) return value;
  return config.stage == "dev" ? "dev-operator-secret-not-for-production" : "";
}

// --dev-clock: POST /backend/dev/clock moves the one offset clock forward (empty without it).
std::function<std::string(std::int64_t)> clock_advancer(OffsetClock* dev_clock) {
  if (!dev_clock) return {};
  return [dev_clock](std::int64_t seconds) {
    // The moved clock stays below the year 2200 (far from the overflow of 2262).
    if (dev_clock->now() + std::chrono::seconds(seconds) > std::chrono::sys_days(std::chrono::year(2200) / 1 / 1))
      throw http::ErrorException(http::Error::invalid_field("advanceSeconds", "would move the clock past the year 2200"));
    dev_clock->advance(std::chrono::seconds(seconds));
    return core::utc_text(dev_clock->now());
  };
}

}  // namespace

KeptRouteDeps kept_route_deps(Domains& d, const Config& config, tenants::Tenants& tenants, asio::thread_pool& db_pool,
                              OffsetClock* dev_clock) {
  const bool dev = config.stage == "dev";
  const auto by_name = [&tenants](std::string_view name) { return tenants.registry->by_name(name); };
  return {{d.identity->service, *d.outbox, *d.i18n, db_pool, by_name, dev,
           [&config](std::string_view name) { return operator_secret(config, name); }, &d.identity->partner_login,
           d.network_login.get()},
          {d.subscriptions->service, *d.i18n, db_pool, dev, clock_advancer(dev_clock)},
          {d.staff->service, d.staff->audit, *d.i18n, db_pool, by_name, [&tenants] { return tenants.registry->all(); }}};
}

void add_backend_routes(http::Router& backend, Domains& d, const KeptRouteDeps& kept, tenants::Tenants& tenants,
                        asio::thread_pool& db_pool) {
  backend.add(i18n::i18n_routes(*d.i18n));
  backend.add(structure::structure_routes(d.structure->service, db_pool));
  backend.add(events::events_routes(d.events->service, db_pool));
  backend.add(catalog::catalog_routes(d.catalog->service, db_pool, [&d](std::int64_t tenant_id, const std::string& uuid) {
    return d.wallet->repository.owned_ids(tenant_id, uuid);
  }));
  backend.add(catalog::catalog_admin_routes({d.catalog->admin, db_pool}));
  backend.add(catalog::catalog_file_routes({d.catalog->files, db_pool}));
  backend.add(tournaments::tournaments_routes(d.tournaments->service, db_pool));
  backend.add(tournaments::bracket_routes(d.tournaments->brackets, d.tournaments->media, db_pool));
  backend.add(notifications::notifications_routes(d.notifications->service, db_pool));
  backend.add(info_services::info_services_routes(d.info_services->service, db_pool));
  backend.add(identity::identity_routes(kept.identity));
  backend.add(identity::hosted_routes(kept.identity));
  backend.add(subscriptions::subscriptions_routes(kept.subscriptions));
  backend.add(subscriptions::checkout_routes(kept.subscriptions));
  backend.add(subscriptions::pay_again_routes(kept.subscriptions));
  const payments::PaymentsService::Then settled = [&d](db::Session& s, const payments::Payment& p) {
    d.subscriptions->service.on_payment_settled(s, p);
  };
  backend.add(payments::payments_routes(d.payments->service, settled, db_pool));
  backend.add(payments::stripe_webhook_routes({d.payments->service, d.payments->repository, d.payments->stripe_accounts,
                                               d.payments->stripe_client, d.payments->service.clock(), settled, db_pool}));
  backend.add(payments::camara_notify_routes({d.payments->service, d.payments->repository, d.payments->camara_accounts,
                                              d.payments->service.clock(), settled, db_pool}));
  backend.add(wallet::wallet_routes(d.wallet->service, db_pool));
  backend.add(purchases::purchases_routes({d.purchases->service, d.catalog->service, *d.i18n, db_pool}));
  backend.add(streaming::streaming_routes(d.streaming->service, db_pool));
  backend.add(games::games_routes(d.games->service, db_pool));
  backend.add(engagement::engagement_routes(d.engagement->service, db_pool));
  backend.add(challenges::challenges_routes(d.challenges->service, db_pool));
  backend.add(apps::apps_routes(d.apps->service, db_pool));
  backend.add(webhooks::webhooks_routes(d.webhooks->service, db_pool));  // the console's webhooks (owner)
  backend.add_webhooks(webhooks::webhook_docs());
  backend.add(vouchers::vouchers_routes(d.vouchers->service, db_pool));
  backend.add(parental_control::parental_control_routes(d.parental_control->service, *d.i18n, db_pool));
  backend.add(cart::cart_routes(d.cart->service, *d.i18n, db_pool));
  backend.add(staff::staff_routes(kept.staff));
  backend.add(tenants::settings_routes({tenants.settings, db_pool}));
  backend.add(vouchers::voucher_batch_routes({d.vouchers->service, db_pool}));  // the console's vouchers page
  backend.add(media::media_routes({d.media->service, db_pool}));
  backend.add(structure::structure_admin_routes({d.structure->admin, db_pool}));
  backend.add(subscriptions::plans_admin_routes({d.subscriptions->plans_admin, db_pool}));
  backend.add(customers::customers_routes({d.customers->service, db_pool}));
  backend.add(console_search::console_search_routes({d.console_search->service, db_pool}));
  backend.add(bulk::bulk_routes(
      {d.bulk->service, d.catalog->admin, d.subscriptions->plans_admin, d.identity->service, d.vouchers->service,
       db_pool}));  // the lists' bulk actions
  backend.add(payments::refunds_admin_routes({d.payments->service, db_pool}));
  backend.add(payments::stripe_admin_routes(
      {d.payments->stripe_accounts, d.payments->stripe_client,
       [&plans = d.subscriptions->plans_admin](std::int64_t tenant_id) {
         for (const auto& o : plans.payment_options(tenant_id))
           if (o.provider == "stripe") return true;
         return false;
       },
       db_pool}));
  backend.add(payments::camara_admin_routes(
      {d.payments->camara_accounts, d.payments->camara_client,
       [&plans = d.subscriptions->plans_admin](std::int64_t tenant_id) {
         for (const auto& o : plans.payment_options(tenant_id))
           if (o.provider == "camara") return true;
         return false;
       },
       [&payments = *d.payments](std::int64_t tenant_id) { return payments.camara_sink_url(tenant_id); }, db_pool}));
  backend.add(customers::customer_actions_routes({d.customers->actions, d.subscriptions->service,
                                                  d.purchases->service, d.vouchers->service, d.identity->service,
                                                  d.parental_control->service, *d.i18n, db_pool}));
  backend.add(privacy::privacy_routes({d.privacy->service, d.identity->service, db_pool}));
  backend.add(reports::reports_routes({d.reports->service, db_pool}));
  backend.add(reports::usage_routes({d.reports->usage, d.reports->royalties, db_pool}));
}

int write_openapi(const http::Router& backend, const std::string& file) {
  const std::string text = http::pretty_json(http::openapi_document(backend));
  if (std::ifstream in(file, std::ios::binary); in) {
    const std::string old((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (old == text) return 0;
  }
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out.flush()) {
    std::cerr << "portal: cannot write " << file << "\n";
    return 1;
  }
  return 0;
}

}  // namespace portal::app
