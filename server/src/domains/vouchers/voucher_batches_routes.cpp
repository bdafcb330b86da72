#include "domains/vouchers/voucher_batches_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <charconv>

#include "db/blocking.hpp"
#include "domains/vouchers/vouchers_dto.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/vouchers/voucher_batches_dto.hpp"
#include "domains/vouchers/vouchers_answers.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/params.hpp"
#include "http/schema.hpp"

namespace portal::vouchers {
namespace asio = boost::asio;
namespace json = boost::json;
using http::bhttp::field;

namespace {

using Awaitable = asio::awaitable<http::Response>;

Actor actor_of(const http::RequestContext& ctx) { return {ctx.staff->id, ctx.staff->email}; }

std::int64_t number_of(const std::optional<std::string>& text, std::string_view name, std::int64_t fallback,
                       std::int64_t max, std::string_view reason) {
  if (!text || text->empty()) return fallback;
  std::int64_t n = 0;
  auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), n);
  if (ec != std::errc() || end != text->data() + text->size() || n < 1 || n > max)
    throw http::ErrorException(http_error(Error::invalid(std::string(name), std::string(reason))));
  return n;
}

Paging paging_of(const http::RequestContext& ctx) {
  return {number_of(ctx.query("page"), "page", 1, 1'000'000, "must be a whole number from 1"),
          number_of(ctx.query("size"), "size", 50, kMaxAdminPageSize, "must be a whole number from 1 to 200")};
}

// The audit entry of a voucher write: who, the call, the object before and after.
audit::Entry audit_entry(const http::RequestContext& ctx, std::int64_t tenant_id, const AdminChange& change) {
  auto e = audit::staff_entry(ctx, tenant_id, change.action, change.object_type, change.object_id);
  auto side = [&](const std::optional<Batch>& b, const std::optional<CodeView>& c) -> json::value {
    if (b) return json::value_from(batch_dto(*b));
    if (c) return json::value_from(code_dto(*c));
    return nullptr;
  };
  e.before = side(change.batch_before, change.code_before);
  e.after = side(change.batch_after, change.code_after);
  if (change.action == "vouchers.batch.void") e.after.as_object()["voidedNow"] = change.voided;
  return e;
}

}  // namespace

std::vector<http::Route> voucher_batch_routes(BatchRouteDeps deps) {
  auto list = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto paging = paging_of(ctx);
    auto page = co_await db::offload(deps.db_pool, [&] { return deps.service.batches(tenant_id, paging); });
    VoucherBatchPageDto out;
    for (const auto& b : page.items) out.items.push_back(batch_dto(b));
    out.total = page.total;
    out.page = page.paging.page;
    out.size = page.paging.size;
    co_return http::no_store(http::data_response(ctx, json::value_from(out)));
  };
  auto create = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<NewBatchBody>(ctx);
    NewBatch spec;
    if (body.typeId) spec.type_id = body.typeId->value;
    if (body.productId) spec.product_id = body.productId->value;
    spec.count = body.count;
    spec.valid_from = body.validFrom.value_or("");
    spec.valid_until = body.validUntil.value_or("");
    spec.note = body.note.value_or("");
    const Actor actor = actor_of(ctx);
    const auto accept = ctx.req.find(field::accept);
    const bool csv = ctx.query("format").value_or("") == "csv" ||
                     (accept != ctx.req.end() && accept->value().find("text/csv") != std::string_view::npos);
    auto minted = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.mint_batch(tenant_id, spec, actor, "console", [&](db::Session& s, const AdminChange& c) {
        audit::AuditRepository::append(s, audit_entry(ctx, tenant_id, c));
      }));
    });
    if (csv) {
      http::Response res{http::Status::ok, ctx.req.version()};
      res.set(field::content_type, "text/csv; charset=utf-8");
      res.set(field::content_disposition, "attachment; filename=\"vouchers-" + minted.batch.id + ".csv\"");
      res.set(field::cache_control, "no-store");
      res.body() = minted_csv(minted.batch, minted.codes);
      res.prepare_payload();
      co_return res;
    }
    co_return http::no_store(
        http::data_response(ctx, json::value_from(VoucherBatchCreatedDto{batch_dto(minted.batch), std::move(minted.codes)})));
  };
  auto detail = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    const auto paging = paging_of(ctx);
    auto found = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.batch_detail(tenant_id, id, paging)); });
    co_return http::no_store(http::data_response(
        ctx, json::value_from(VoucherBatchDetailDto{batch_dto(found.batch), redemptions_dto(found.redemptions)})));
  };
  auto codes = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    const auto paging = paging_of(ctx);
    const std::string state = ctx.query("state").value_or("");
    auto page = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.batch_codes(tenant_id, id, state, paging));
    });
    VoucherCodePageDto out;
    for (const auto& c : page.items) out.items.push_back(code_dto(c));
    out.total = page.total;
    out.page = page.paging.page;
    out.size = page.paging.size;
    out.state = state;
    co_return http::no_store(http::data_response(ctx, json::value_from(out)));
  };
  auto void_batch = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    const Actor actor = actor_of(ctx);
    auto done = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.void_batch(tenant_id, id, actor, [&](db::Session& s, const AdminChange& c) {
        audit::AuditRepository::append(s, audit_entry(ctx, tenant_id, c));
      }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(VoucherBatchVoidedDto{batch_dto(done.first), done.second})));
  };
  auto find = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<FindBody>(ctx);
    auto view = co_await db::offload(deps.db_pool, [&] { return value_or_throw(deps.service.find_code(tenant_id, body.code)); });
    co_return http::no_store(http::data_response(ctx, json::value_from(code_dto(view))));
  };
  auto void_code = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string id(ctx.param("id"));
    const Actor actor = actor_of(ctx);
    auto view = co_await db::offload(deps.db_pool, [&] {
      return value_or_throw(deps.service.void_code(tenant_id, id, actor, [&](db::Session& s, const AdminChange& c) {
        audit::AuditRepository::append(s, audit_entry(ctx, tenant_id, c));
      }));
    });
    co_return http::no_store(http::data_response(ctx, json::value_from(code_dto(view))));
  };
  auto choices = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string lang = http::api_language(ctx, ctx.query("lang"));
    auto c = co_await db::offload(deps.db_pool, [&] { return deps.service.choices(tenant_id, lang); });
    VoucherChoicesDto out;
    for (const auto& p : c.plans) out.plans.push_back({p.id, p.name, p.billing_cycle});
    for (const auto& p : c.products) out.products.push_back({p.id, p.title, p.subscription_type_id, p.periods, p.validity_months});
    co_return http::no_store(http::data_response(ctx, json::value_from(out)));
  };

  using http::schema_of;
  using http::Verb;
  auto editor = [](Verb verb, std::string pattern, http::Handler handler) {
    return http::Route{.verb = verb,
                       .pattern = std::move(pattern),
                       .handler = std::move(handler),
                       .tenant = http::TenantFrom::header,
                       .access = http::Access::staff,
                       .idempotency = http::Idempotency::none,
                       .doc = {},
                       .staff_role = http::StaffRole::editor};
  };
  const std::vector<http::ApiQuery> paging = {{"page", "1-based page (default 1)", "integer"},
                                              {"size", "Entries per page, 1 to 200 (default 50)", "integer"}};
  return http::with_docs(
      {
          editor(Verb::get, "/backend/admin/vouchers/batches", list),
          editor(Verb::post, "/backend/admin/vouchers/batches", create),
          editor(Verb::get, "/backend/admin/vouchers/batches/{id}", detail),
          editor(Verb::get, "/backend/admin/vouchers/batches/{id}/codes", codes),
          editor(Verb::post, "/backend/admin/vouchers/batches/{id}/void", void_batch),
          editor(Verb::post, "/backend/admin/vouchers/codes/find", find),
          editor(Verb::post, "/backend/admin/vouchers/codes/{id}/void", void_code),
          editor(Verb::get, "/backend/admin/vouchers/choices", choices),
      },
      {
          {"GET /backend/admin/vouchers/batches",
           {"The tenant's voucher batches, newest first, with how many codes were minted, redeemed, voided, are open "
            "and expired",
            "vouchers", {}, schema_of<VoucherBatchPageDto>, {"400 VALIDATION_ERROR"}, paging}},
          {"POST /backend/admin/vouchers/batches",
           {"Mint a batch of 1 to 10000 codes for a plan or a voucher product with a validity window. The answer holds "
            "the codes this once (only their hashes are stored); ?format=csv (or Accept: text/csv) answers them as CSV "
            "instead. In the audit log",
            "vouchers", schema_of<NewBatchBody>, schema_of<VoucherBatchCreatedDto>, {"400 VALIDATION_ERROR"},
            {{"format", "csv: the codes as text/csv"}}, false, false, "text/csv"}},
          {"GET /backend/admin/vouchers/batches/{id}",
           {"A batch with its counts and a page of its redemptions (newest first: which code, who, when)", "vouchers",
            {}, schema_of<VoucherBatchDetailDto>, {"400 VALIDATION_ERROR", "404 VOUCHER_BATCH_NOT_FOUND"}, paging}},
          {"GET /backend/admin/vouchers/batches/{id}/codes",
           {"A page of a batch's codes in minting order, all or of one state (open, redeemed, voided, expired): each "
            "code's id, last four characters, state, redemption and void; never the code itself (only its hash is "
            "stored). What a bulk void selects from",
            "vouchers", {}, schema_of<VoucherCodePageDto>, {"400 VALIDATION_ERROR", "404 VOUCHER_BATCH_NOT_FOUND"},
            {{"state", "open, redeemed, voided or expired (absent: every code)"},
             {"page", "1-based page (default 1)", "integer"},
             {"size", "Entries per page, 1 to 200 (default 50)", "integer"}}}},
          {"POST /backend/admin/vouchers/batches/{id}/void",
           {"Void a batch: every code of it not yet redeemed stops working (answers as not found when redeemed). A "
            "repeat changes nothing. In the audit log",
            "vouchers", {}, schema_of<VoucherBatchVoidedDto>, {"404 VOUCHER_BATCH_NOT_FOUND"}, {}, true}},
          {"POST /backend/admin/vouchers/codes/find",
           {"Find a code by its text (in the body, never in a URL): its batch, state (open, redeemed, voided, "
            "expired) and redemption",
            "vouchers", schema_of<FindBody>, schema_of<VoucherCodeDto>, {"400 VALIDATION_ERROR", "404 VOUCHER_NOT_FOUND"}}},
          {"POST /backend/admin/vouchers/codes/{id}/void",
           {"Void one code not yet redeemed; it then answers as not found when redeemed. A repeat changes nothing. In "
            "the audit log",
            "vouchers", {}, schema_of<VoucherCodeDto>, {"404 VOUCHER_NOT_FOUND", "409 VOUCHER_ALREADY_REDEEMED"}, {},
            true}},
          {"GET /backend/admin/vouchers/choices",
           {"What a batch can grant: the tenant's plans and its voucher products (books are minted voucher by "
            "voucher), titles in lang",
            "vouchers", {}, schema_of<VoucherChoicesDto>, {}, {{"lang", "Language of the product titles"}}}},
      });
}

}  // namespace portal::vouchers
