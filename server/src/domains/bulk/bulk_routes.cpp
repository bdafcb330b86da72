#include "domains/bulk/bulk_routes.hpp"

#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/bulk/bulk_answers.hpp"
#include "domains/bulk/bulk_articles.hpp"
#include "domains/bulk/bulk_plans.hpp"
#include "domains/bulk/bulk_customers.hpp"
#include "domains/bulk/bulk_vouchers.hpp"
#include "domains/tenants/tenant_currency.hpp"
#include "http/body.hpp"
#include "http/idempotency.hpp"
#include "http/json.hpp"
#include "http/on_pool.hpp"
#include "http/openapi.hpp"
#include "http/schema.hpp"

namespace portal::bulk {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

Actor actor_of(const http::RequestContext& ctx) {
  const auto& staff = *ctx.staff;
  return {staff.id,
          staff.email,
          std::string(http::staff_role_name(staff.role)),
          std::string(ctx.req.method_string()) + " " + std::string(ctx.url.path()),
          ctx.client_address,
          ctx.request_id};
}

http::ErrorException bad(std::string field, std::string reason) {
  return http::ErrorException(http::Error::invalid_field(std::move(field), std::move(reason)));
}

catalog::admin::Filter article_filter(const ArticleSelectionDto& s) {
  using catalog::admin::State;
  catalog::admin::Filter f;
  f.q = s.q.value_or("");
  if (f.q.size() > 200) throw bad("filter.q", "must be at most 200 characters");
  f.type = s.type.value_or("");
  f.section = s.section.value_or("");
  if (s.rating) f.rating = static_cast<int>(*s.rating);
  if (s.availability && !s.availability->empty()) {
    const auto& a = *s.availability;
    if (a == "published") f.state = State::published;
    else if (a == "unpublished") f.state = State::unpublished;
    else if (a == "scheduled") f.state = State::scheduled;
    else if (a == "expired") f.state = State::expired;
    else throw bad("filter.availability", "must be published, unpublished, scheduled or expired");
  }
  f.licensor = s.licensor.value_or("");
  f.has_media = s.hasMedia;
  f.price_model = s.priceModel.value_or("");
  return f;
}

// Every kind's POST after its body is read: a retry of a call whose process died after the job was made answers
// that job (the key's recovery point); else the kind's job (`make_job`, on the pool: it may read the selection),
// created under the request's idempotency mark and answered 202.
template <class MakeJob>
Awaitable create_job(http::RequestContext& ctx, const BulkRouteDeps& deps, const char* kind, std::int64_t tenant_id,
                     MakeJob make_job) {
  const auto actor = actor_of(ctx);
  co_return co_await http::on_pool(ctx, deps.db_pool, [&] {
    if (auto made = http::idempotency_recovery(ctx)) {
      auto view = value_or_throw(deps.service.read(tenant_id, kind, *made));
      return http::no_store(http::data_response(ctx, json::value_from(job_dto(view)), http::Status::accepted));
    }
    auto job = value_or_throw(make_job());
    job.actor = actor;
    auto made = value_or_throw(deps.service.create(tenant_id, std::move(job), http::idempotency_mark(ctx)));
    return http::no_store(http::data_response(ctx, json::value_from(job_dto({made, {}})), http::Status::accepted));
  });
}

}  // namespace

std::vector<http::Route> bulk_routes(const BulkRouteDeps& deps) {
  // prices: the route of the price actions (editors and finance), else of the others (editors).
  auto create_articles = [deps](bool prices) {
    return [deps, prices](http::RequestContext& ctx) -> Awaitable {
      const auto tenant_id = ctx.require_tenant().id;
      const auto body = http::read_body<BulkArticlesBody>(ctx);
      const bool price_action = body.action == "pricePercent" || body.action == "priceAmount";
      if (prices && !price_action) throw bad("action", "must be pricePercent or priceAmount");
      if (!prices && price_action) throw bad("action", "prices change through POST /backend/admin/catalog/bulk/prices");
      ArticlesRequest request{body.action, body.ids, std::nullopt, body.category, body.percent, body.amount,
                              body.priceModel};
      if (body.filter) request.filter = article_filter(*body.filter);
      co_return co_await create_job(ctx, deps, kArticles, tenant_id,
                                    [&] { return articles_job(deps.catalog, tenant_id, request); });
    };
  };
  auto create_plans = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto& tenant = ctx.require_tenant();
    const auto tenant_id = tenant.id;
    const auto body = http::read_body<BulkPlansBody>(ctx);
    PlansRequest request{body.action, body.ids, body.successorId, tenants::currency_setting(tenant), tenant.default_locale};
    co_return co_await create_job(ctx, deps, kPlans, tenant_id, [&] { return plans_job(request); });
  };
  auto create_customers = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<BulkCustomersBody>(ctx);
    co_return co_await create_job(ctx, deps, kCustomers, tenant_id,
                                  [&] { return customers_job(body.action, body.ids, body.reason); });
  };
  auto create_vouchers = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<BulkVouchersBody>(ctx);
    VouchersRequest request{body.action, body.ids, std::nullopt, ""};
    if (body.filter) {
      request.batch_id = body.filter->batchId;
      request.state = body.filter->state.value_or("");
    }
    co_return co_await create_job(ctx, deps, kVouchers, tenant_id,
                                  [&] { return vouchers_job(deps.vouchers, tenant_id, request); });
  };
  auto read = [deps](const char* kind) {
    return [deps, kind](http::RequestContext& ctx) -> Awaitable {
      const auto tenant_id = ctx.require_tenant().id;
      const std::string id(ctx.param("id"));
      auto view = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.read(tenant_id, kind, id)); });
      co_return http::no_store(http::data_response(ctx, json::value_from(job_dto(view))));
    };
  };

  using http::StaffRole;
  using http::Verb;
  // The catalog's single writes (publish, edit an article and its prices) take a content editor or above; its prices
  // are finance's too (issue 78 item 3: docs/decisions.md "Bulk actions").
  auto post_articles = http::staff_route(Verb::post, "/backend/admin/catalog/bulk", create_articles(false), StaffRole::editor);
  post_articles.idempotency = http::Idempotency::key_one_trip;
  auto post_prices =
      http::staff_route(Verb::post, "/backend/admin/catalog/bulk/prices", create_articles(true), StaffRole::prices);
  post_prices.idempotency = http::Idempotency::key_one_trip;
  // A plan's retirement takes finance, an admin or the owner (plans_admin_routes.cpp "money").
  auto post_plans = http::staff_route(Verb::post, "/backend/admin/plans/bulk", create_plans, StaffRole::finance);
  post_plans.idempotency = http::Idempotency::key_one_trip;
  // Ending a customer's sessions takes support, an admin or the owner (customer_actions_routes.cpp "support").
  auto post_customers = http::staff_route(Verb::post, "/backend/admin/customers/bulk", create_customers, StaffRole::support);
  post_customers.idempotency = http::Idempotency::key_one_trip;
  // Voiding a voucher code takes a content editor or above (voucher_batches_routes.cpp).
  auto post_vouchers = http::staff_route(Verb::post, "/backend/admin/vouchers/bulk", create_vouchers, StaffRole::editor);
  post_vouchers.idempotency = http::Idempotency::key_one_trip;
  return http::with_docs(
      {post_vouchers,
       http::staff_route(Verb::get, "/backend/admin/vouchers/bulk/jobs/{id}", read(kVouchers), StaffRole::editor),
       post_customers,
       http::staff_route(Verb::get, "/backend/admin/customers/bulk/jobs/{id}", read(kCustomers), StaffRole::support),
       post_articles, post_prices,
       http::staff_route(Verb::get, "/backend/admin/catalog/bulk/jobs/{id}", read(kArticles), StaffRole::prices),
       post_plans, http::staff_route(Verb::get, "/backend/admin/plans/bulk/jobs/{id}", read(kPlans), StaffRole::finance)},
      {{"POST /backend/admin/catalog/bulk",
        {"A bulk action on articles (content editor and above, as each single write): publish, unpublish, tag (add "
         "category) or move (category in place of the others), on the ids or on every article the filter matches (at "
         "most 10,000), frozen now; prices go to .../bulk/prices. Answers 202 with the job; it runs in the "
         "background, each row checked as its single write is and audited on its own (docs/decisions.md \"Bulk "
         "actions\")",
         "catalog-admin", http::schema_of<BulkArticlesBody>, http::schema_of<BulkJobDto>,
         {"400 VALIDATION_ERROR", "400 NOTHING_SELECTED", "400 TOO_MANY_ROWS"}}},
       {"POST /backend/admin/catalog/bulk/prices",
        {"Change the prices of many articles (finance, content editor and above): pricePercent (percent, -99.99 to "
         "1000) or priceAmount (amount in minor units) of the prices of priceModel, on the ids or on every article the "
         "filter matches (at most 10,000), frozen now. Answers 202 with the job; each row goes through the article's "
         "single write, audited on its own as catalog.price",
         "catalog-admin", http::schema_of<BulkArticlesBody>, http::schema_of<BulkJobDto>,
         {"400 VALIDATION_ERROR", "400 NOTHING_SELECTED", "400 TOO_MANY_ROWS"}}},
       {"POST /backend/admin/vouchers/bulk",
        {"Void many voucher codes (content editor and above, as the single void): the codes of ids, or every code of "
         "the filter's batch in the filter's state (at most 10,000), frozen now. Answers 202 with the job; each code is "
         "voided as its single void does (a redeemed one refused with VOUCHER_ALREADY_REDEEMED, one already voided "
         "with VOUCHER_ALREADY_VOIDED), audited on its own",
         "vouchers", http::schema_of<BulkVouchersBody>, http::schema_of<BulkJobDto>,
         {"400 VALIDATION_ERROR", "400 NOTHING_SELECTED", "400 TOO_MANY_ROWS"}}},
       {"GET /backend/admin/vouchers/bulk/jobs/{id}",
        {"A voucher codes' bulk job's progress and the codes refused with the single void's error", "vouchers", {},
         http::schema_of<BulkJobDto>, {"404 BULK_JOB_NOT_FOUND"}}},
       {"POST /backend/admin/customers/bulk",
        {"End every session of many customers (support, admin and above, as the single action), with the reason the "
         "audit keeps. Answers 202 with the job; each customer's sessions are ended as the single action does, "
         "audited on its own",
         "customers", http::schema_of<BulkCustomersBody>, http::schema_of<BulkJobDto>,
         {"400 VALIDATION_ERROR", "400 NOTHING_SELECTED", "400 TOO_MANY_ROWS"}}},
       {"GET /backend/admin/customers/bulk/jobs/{id}",
        {"A customers' bulk job's progress and the customers refused with the single action's error", "customers", {},
         http::schema_of<BulkJobDto>, {"404 BULK_JOB_NOT_FOUND"}}},
       {"POST /backend/admin/plans/bulk",
        {"Retire many plans (finance, admin and above, as a single retirement), with one successor or none. Answers 202 "
         "with the job; each plan is retired as its single call does, audited on its own",
         "plans", http::schema_of<BulkPlansBody>, http::schema_of<BulkJobDto>,
         {"400 VALIDATION_ERROR", "400 NOTHING_SELECTED", "400 TOO_MANY_ROWS"}}},
       {"GET /backend/admin/plans/bulk/jobs/{id}",
        {"A plans' bulk job's progress and the plans refused with the single call's error", "plans", {},
         http::schema_of<BulkJobDto>, {"404 BULK_JOB_NOT_FOUND"}}},
       {"GET /backend/admin/catalog/bulk/jobs/{id}",
        {"A bulk job's progress: done and failed of total, its state, and the rows refused with the single write's "
         "error code and message",
         "catalog-admin", {}, http::schema_of<BulkJobDto>, {"404 BULK_JOB_NOT_FOUND"}}}});
}

}  // namespace portal::bulk
