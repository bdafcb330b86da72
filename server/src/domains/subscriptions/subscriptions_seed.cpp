#include "domains/subscriptions/subscriptions_seed.hpp"

// free-form: the plans files and data/users/demo.json are read here, at the edge; parse_plans types the plans.
#include <boost/json.hpp>

#include "core/ids.hpp"
#include "core/json_file.hpp"
#include "core/utc_time.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/subscriptions/plans_document.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"
#include "domains/tenants/tenant_currency.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::subscriptions {
namespace json = boost::json;

namespace {

// The document parsed and validated once, here where it is loaded; a tenant
// sells its plans in the currency of its catalog: every price (and promotion
// price) in settings.currency, else invalid_field naming the type. The counts of what was stored.
Result<PlansImported> import_for(SubscriptionsService& service, const tenants::Tenant& t, const json::value& doc) {
  auto parsed = parse_plans(doc);
  if (!parsed) return parsed.error();
  const std::string currency = tenants::currency_setting(t);
  if (!currency.empty())
    for (const auto& type : parsed->types)
      if (type.price.currency != currency)
        return Error::invalid("types.price.currency", "type " + std::to_string(type.id) + " is priced in " +
                                                          type.price.currency + ", the tenant " + t.name + " sells in " +
                                                          currency);
  return service.import_plans(t.id, *parsed);
}

// An input of the import command that is not usable (the tenant's name, the file), its message as said.
Error refused_input(std::string field, std::string message) {
  Error e = Error::of(ErrorCode::invalid_field, std::move(message));
  e.field = std::move(field);
  e.reason = e.message;
  return e;
}

std::optional<tenants::Tenant> tenant_named(tenants::TenantsRepository& tenants, const std::string& name) {
  for (auto& t : tenants.load_all())
    if (t.name == name) return t;
  return std::nullopt;
}

}  // namespace

Result<PlansImported> import_plans_file(db::Database& db, SubscriptionsService& service,
                                        const std::filesystem::path& file, const std::string& tenant) {
  tenants::TenantsRepository tenants(db);
  auto t = tenant_named(tenants, tenant);
  if (!t) return refused_input("tenant", "no tenant named '" + tenant + "'");
  auto value = core::read_json_file(file);
  if (!value) return refused_input("file", value.error().message);
  auto result = import_for(service, *t, *value);
  if (!result) {
    Error e = result.error();
    e.message.insert(0, file.string() + ": ");
    return e;
  }
  return result;
}

int seed_plans(db::Database& db, SubscriptionsService& service, const std::filesystem::path& dir,
               const std::vector<tenants::Tenant>& tenants, core::SeedGuard* guard) {
  int count = 0;
  for (const auto& t : tenants) {
    const auto file = dir / (t.name + ".json");
    if (!std::filesystem::exists(file)) continue;
    if (guard && !guard->may_write(t.id, "plans", file)) continue;
    auto value = core::read_json_file(file);
    if (!value) throw std::runtime_error(value.error().message);
    auto result = import_for(service, t, *value);
    if (!result) throw std::runtime_error(file.string() + ": " + result.error().message);
    if (guard) guard->wrote(t.id, "plans", file);
    ++count;
  }
  return count;
}

int seed_demo_subscriptions(db::Database& db, SubscriptionsRepository& repository, const std::filesystem::path& users_file,
                            const core::Clock& clock, const std::vector<tenants::Tenant>& tenants) {
  if (!std::filesystem::exists(users_file)) return 0;
  auto value = core::read_json_file(users_file);
  if (!value) throw std::runtime_error(value.error().message);
  const auto* users_list = value->is_object() ? value->as_object().if_contains("users") : nullptr;
  if (!users_list || !users_list->is_array()) return 0;
  identity::UsersRepository users(db);
  int created = 0;
  for (const auto& t : tenants) {
    std::shared_ptr<const Plans> plans;
    for (const auto& entry : users_list->as_array()) {
      const auto* u = entry.if_object();
      const auto* email = u ? u->if_contains("email") : nullptr;
      const auto* per_tenant = u ? u->if_contains("subscriptions") : nullptr;
      if (!email || !email->is_string() || !per_tenant || !per_tenant->is_object()) continue;
      const auto* type_id = per_tenant->as_object().if_contains(t.name);
      if (!type_id || !type_id->is_int64()) continue;
      auto user = users.by_email(t.id, std::string(email->as_string()));
      if (!user) continue;
      if (!plans) plans = std::make_shared<const Plans>(repository.load_plans(t.id));
      const SubscriptionType* type = plans->type(type_id->as_int64());
      if (!type)
        throw std::runtime_error(users_file.string() + ": " + std::string(email->as_string()) + " holds type " +
                                 std::to_string(type_id->as_int64()) + ", which tenant " + t.name + " does not sell");
      // Once: a later start keeps what the user has (renewed, cancelled or changed).
      bool holds = false;
      for (const auto& sub : repository.for_user(t.id, user->uuid))
        if (sub.status.state == State::active) holds = true;
      if (holds) continue;
      // The demo grant is an operator subscription (paymentOption "auto", as with
      // mssAutoSubscription): ACTIVE now, renewed by the scheduler without a charge.
      UserSubscription sub;
      sub.id = core::new_uuid();
      sub.tenant_id = t.id;
      sub.user_uuid = user->uuid;
      sub.type_id = type->id;
      sub.payment_option = "auto";
      const auto now = clock.now();
      const auto end = add_cycle(now, parse_cycle(type->billing_cycle).value_or(Cycle{1, 'M'}));
      sub.start_date = core::utc_text(now);
      sub.end_date = sub.next_renewal_date = core::utc_text(end);
      sub.contingents = type->contingents;
      auto next = transition(Status{}, Event::paid_now);
      if (!next) throw std::runtime_error(next.error().message);
      sub.status = *next;
      sub.created_at = sub.updated_at = core::utc_text(now);
      if (repository.create(sub, "demo subscription", "seed", std::nullopt, {}) != Outcome::created)
        throw std::runtime_error("demo subscription of " + user->uuid + ": the user holds its type or level already");
      ++created;
    }
  }
  return created;
}

}  // namespace portal::subscriptions
