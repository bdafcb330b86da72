#include "domains/payments/refunds_admin_routes.hpp"

#include <boost/json.hpp>

#include "domains/audit/audit_repository.hpp"
#include "domains/audit/staff_entry.hpp"
#include "domains/payments/payments_answers.hpp"
#include "domains/payments/payments_dto.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/idempotency.hpp"
#include "http/json.hpp"
#include "http/on_pool.hpp"
#include "http/openapi.hpp"
#include "http/respond.hpp"
#include "http/schema.hpp"

namespace portal::payments {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

RefundDto refund_dto(const Refund& r) {
  return RefundDto{r.id,          r.payment_id, r.amount.amount, r.amount.currency, std::string(to_string(r.status)),
                   r.reason,      r.staff_id,   r.keep_plan,     r.created_at,      r.settled_at};
}

audit::Entry audit_entry(const http::RequestContext& ctx, std::int64_t tenant_id, const Payment& p, const Refund& r) {
  auto e = audit::staff_entry(ctx, tenant_id, "payments.refund", "payment", p.id);
  e.before = json::object{{"refunded", p.refunded - (r.status == RefundStatus::failed ? 0 : r.amount.amount)}};
  json::object after = json::value_from(refund_dto(r)).as_object();
  after["userId"] = p.user_uuid;
  after["paymentRefunded"] = p.refunded;
  e.after = std::move(after);
  return e;
}

}  // namespace

std::vector<http::Route> refunds_admin_routes(const RefundsAdminRouteDeps& deps) {
  auto create = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const auto body = http::read_body<RefundBody>(ctx);
    RefundRequest req;
    req.tenant_id = tenant_id;
    req.user_uuid = std::string(ctx.param("userId"));
    req.payment_id = std::string(ctx.param("paymentId"));
    req.amount = body.amount;
    req.reason = body.reason;
    req.staff_id = ctx.staff->id;
    req.keep_plan = body.keepPlan.value_or(false);
    req.confirm_redeemed = body.confirmRedeemed.value_or(false);
    co_return co_await http::on_pool(ctx, deps.db_pool, [&] {
      const auto audit = [&](db::Session& s, const Payment& p, const Refund& r) {
        audit::AuditRepository::append(s, audit_entry(ctx, tenant_id, p, r));
      };
      // The key commits with the refund's reservation; a retry of a call whose process died
      // after it resumes that refund (http/idempotency.hpp) instead of refunding again.
      auto done = [&] {
        if (auto refund_id = http::idempotency_recovery(ctx)) return deps.service.resume_refund(tenant_id, *refund_id, audit);
        return deps.service.refund(req, audit, http::idempotency_mark(ctx));
      }();
      if (!done) return http::error_response(ctx.req, http_error(done.error()), ctx.request_id);
      return http::no_store(http::data_response(ctx, json::value_from(refund_dto(*done)), http::Status::created));
    });
  };
  auto list = [deps](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    const std::string user(ctx.param("userId"));
    const std::string payment_id(ctx.param("paymentId"));
    auto answer = co_await db::offload(deps.db_pool, [&]() -> std::optional<RefundsDto> {
      auto p = deps.service.payment(payment_id);
      if (!p || p->tenant_id != tenant_id || p->user_uuid != user) return std::nullopt;
      RefundsDto out{p->id, p->amount.amount, p->refunded, p->amount.amount - p->refunded, p->amount.currency,
                     std::string(to_string(p->status)), {}, std::nullopt};
      for (const auto& r : deps.service.refunds(tenant_id, p->id)) out.refunds.push_back(refund_dto(r));
      if (auto preview = deps.service.refund_preview(*p)) {
        RefundCodesDto codes{preview->codes, {}, preview->unredeemed_amount};
        for (const auto& c : preview->redeemed) codes.redeemed.push_back({c.hint, c.redeemed_at});
        out.codes = std::move(codes);
      }
      return out;
    });
    if (!answer) throw http::ErrorException(http_error(Error::of(ErrorCode::payment_not_found, "No such payment")));
    co_return http::no_store(http::data_response(ctx, json::value_from(*answer)));
  };

  using http::StaffRole;
  using http::Verb;
  const std::string path = "/backend/admin/customers/{userId}/payments/{paymentId}/refunds";
  auto post = http::staff_route(Verb::post, path, create, StaffRole::finance);
  post.idempotency = http::Idempotency::key_one_trip;  // a money write
  return http::with_docs(
      {post, http::staff_route(Verb::get, path, list, StaffRole::finance)},
      {{"POST " + path,
        {"Refunds (part of) a customer's succeeded payment through its payment provider (finance, admin, owner): "
         "the amount in minor units, at most what is left; a card refund succeeds at once, a mobile bill's is PENDING "
         "and settles later; a refunded purchase leaves the wallet and a refunded subscription period ends the plan "
         "unless keepPlan; a refunded voucher order's unredeemed codes are voided, and one with redeemed codes "
         "needs confirmRedeemed (docs/contracts.md \"Refunds\"); audited",
         "customers", http::schema_of<RefundBody>, http::schema_of<RefundDto>,
         {"400 VALIDATION_ERROR", "404 PAYMENT_NOT_FOUND", "409 PAYMENT_NOT_REFUNDABLE", "409 REFUND_EXCEEDS_PAYMENT",
          "409 VOUCHER_CODES_REDEEMED", "502 REFUND_FAILED"}}},
       {"GET " + path,
        {"A customer's payment: its amount, what is refunded and left, its refunds and, for a voucher order, its "
         "codes as a refund would meet them (the redeemed ones stay) (finance, admin, owner)",
         "customers", {}, http::schema_of<RefundsDto>, {"404 PAYMENT_NOT_FOUND"}}}});
}

}  // namespace portal::payments
