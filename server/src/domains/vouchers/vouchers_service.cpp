// Redemption, operator minting and the demo's codes. Orders are in
// voucher_orders.cpp, fulfilment and mail in voucher_mail.cpp.
#include "domains/vouchers/vouchers_service.hpp"


#include "core/ids.hpp"
#include "db/timestamp.hpp"
#include "domains/subscriptions/subscriptions_grant.hpp"
#include "domains/vouchers/voucher_codes.hpp"
#include "domains/vouchers/vouchers_service_detail.hpp"

namespace portal::vouchers {
using namespace detail;  // NOLINT: the private helpers of this class's sources
using std::chrono::seconds;

namespace {

// Unwinds a redemption's transaction without it being a fault.
struct Rollback {};

}  // namespace

VouchersService::VouchersService(Deps deps) : d_(std::move(deps)) {}


// ---------------------------------------------------------------- redemption

Result<void> VouchersService::check_limits(std::int64_t tenant_id, const Caller& caller) {
  const auto now = d_.clock.now();
  const std::string start = db::utc_timestamp(now - d_.limits.window);
  auto over = [&](const std::string& scope, const std::string& subject, int limit) -> std::optional<Error> {
    if (subject.empty()) return std::nullopt;
    const auto [count, oldest] = d_.repository.attempts_since(tenant_id, scope, subject, start);
    if (count < limit) return std::nullopt;
    const auto first = core::required_utc<Error>(oldest, "voucher_attempts.at");
    if (!first) return first.error();
    const auto wait =
        std::max<std::int64_t>(1, std::chrono::duration_cast<seconds>(*first + d_.limits.window - now).count() + 1);
    Error e = Error::of(ErrorCode::too_many_attempts,
                        "Too many wrong voucher codes; try again in " + std::to_string(wait) + " seconds");
    e.retry_after = wait;
    return e;
  };
  if (auto e = over("user", caller.uuid, d_.limits.failures_per_user)) return *e;
  if (auto e = over("address", caller.address, d_.limits.failures_per_address)) return *e;
  return {};
}

void VouchersService::record_failure(std::int64_t tenant_id, const Caller& caller) {
  const std::string now = d_.clock.now_text();
  d_.repository.record_attempt(tenant_id, "user", caller.uuid, now);
  if (!caller.address.empty()) d_.repository.record_attempt(tenant_id, "address", caller.address, now);
  d_.repository.prune_attempts(tenant_id, db::utc_timestamp(d_.clock.now() - std::max(d_.limits.window, seconds(3600))));
}

Result<RedeemDto> VouchersService::redeem(std::int64_t tenant_id, const Caller& caller, const std::string& code,
                                                std::optional<std::int64_t> type_id) {
  if (code.empty()) return Error::invalid("voucherCode", "is required");
  if (auto limited = check_limits(tenant_id, caller); !limited) return limited.error();
  const auto normalized = normalize_code(code);
  if (!normalized) {
    record_failure(tenant_id, caller);
    return not_found();
  }
  const std::string hash = code_hash(d_.key, *normalized);
  const auto row = d_.repository.code_by_hash(tenant_id, hash);
  // Guesses are what the limits count: unknown codes (another tenant's too).
  if (!row || row->voided_at) {
    record_failure(tenant_id, caller);
    return not_found();
  }
  if (type_id && *type_id != row->subscription_type_id) return not_found();
  if (row->redeemed_at) return already_redeemed();
  const auto now = d_.clock.now();
  const std::string at = db::utc_timestamp(now);
  if (row->valid_until <= at) {
    Error e = Error::of(ErrorCode::expired, "This voucher code has expired");
    e.valid_until = row->valid_until;
    return e;
  }
  if (row->valid_from && *row->valid_from > at) {
    Error e = Error::of(ErrorCode::not_yet_valid, "This voucher code is not valid yet");
    e.valid_from = *row->valid_from;
    return e;
  }

  // A plan that needs profile fields asks for them as subscribing does.
  if (d_.missing_fields) {
    const auto plans = d_.subscriptions.load_plans(tenant_id);
    if (const auto* type = plans.type(row->subscription_type_id); type && !type->required_identity_fields.empty()) {
      const auto missing = d_.missing_fields(tenant_id, caller.uuid, type->required_identity_fields);
      if (!missing.empty()) {
        Error e = Error::of(ErrorCode::identity_fields_missing, "The profile lacks fields this plan requires");
        e.fields.assign(missing.begin(), missing.end());
        return e;
      }
    }
  }

  std::optional<subscriptions::Error> refused;
  std::optional<subscriptions::Granted> granted;
  try {
    d_.repository.database().transaction([&](db::Session& s) {
      refused.reset();  // a retried transaction (db::TransientError) decides again
      granted.reset();
      subscriptions::GrantRequest grant;
      grant.tenant_id = tenant_id;
      grant.user_uuid = caller.uuid;
      grant.type_id = row->subscription_type_id;
      grant.subscription_id = core::new_uuid();
      grant.periods = row->periods;
      grant.now = now;
      // The code first: of simultaneous attempts one moves the row, the others
      // wait for it (PostgreSQL) or run after it (SQLite) and move nothing.
      if (!d_.repository.redeem(s, tenant_id, hash, at, caller.uuid, grant.subscription_id)) throw Rollback{};
      auto sub = subscriptions::grant_subscription(s, d_.subscriptions, grant);
      if (!sub) {
        refused = sub.error();
        throw Rollback{};  // the code stays unspent
      }
      if (sub->extended) d_.repository.link_subscription(s, tenant_id, hash, sub->subscription.id);
      granted = std::move(*sub);
    });
  } catch (const Rollback&) {
  }
  if (refused) {
    // Never a false reason: the error code names it (a held level of the
    // group is "duplicate" (3) as the subscribe flow says it; a payment under
    // way on the held plan is neither), and the code stays usable.
    // The grant's one "not found" is the plan.
    using Refusal = subscriptions::ErrorCode;
    Error e = Error::of(ErrorCode::grant_refused, refused->message);
    e.feedback = refused->code == Refusal::type_not_found    ? Feedback::not_found
                 : refused->code == Refusal::payment_pending ? Feedback::other
                                                             : Feedback::duplicate;
    e.grant = std::move(*refused);
    return e;
  }
  if (!granted) {
    const auto now_row = d_.repository.code_by_hash(tenant_id, hash);
    if (now_row && now_row->redeemed_at) return already_redeemed();
    return not_found();
  }
  const auto& sub = granted->subscription;
  RedeemDto out;
  out.subscriptionTypeId = sub.type_id;
  out.periods = row->periods;
  out.extended = granted->extended;
  out.subscription = {sub.id, sub.type_id, std::string(subscriptions::to_string(sub.status.state)), sub.start_date,
                      sub.end_date};
  return out;
}

// ---------------------------------------------------------------- operators and the demo

Result<Minted> VouchersService::issue(std::int64_t tenant_id, std::int64_t type_id, int count, int valid_days,
                                      const std::string& note, const OnChange& on_change) {
  if (count < 1 || count > kMaxBatchCount) return Error::invalid("count", "must be 1 to 10000");
  if (valid_days < 1 || valid_days > 3650) return Error::invalid("valid-days", "must be 1 to 3650");
  const auto plans = d_.subscriptions.load_plans(tenant_id);
  if (!plans.type(type_id))
    return Error::of(ErrorCode::type_not_found, "The tenant sells no subscription type " + std::to_string(type_id));
  NewBatch spec;
  spec.type_id = type_id;
  spec.count = count;
  spec.valid_until = db::utc_timestamp(d_.clock.now() + std::chrono::days(valid_days));
  spec.note = note;
  return mint_batch(tenant_id, spec, Actor{"cli", "cli"}, "cli", on_change);
}

bool VouchersService::ensure_code(std::int64_t tenant_id, const std::string& code, std::int64_t type_id,
                                  int valid_days) {
  const auto normalized = normalize_code(code);
  if (!normalized) return false;
  const std::string hash = code_hash(d_.key, *normalized);
  const auto now = d_.clock.now();
  const std::string at = db::utc_timestamp(now);
  if (auto row = d_.repository.code_by_hash(tenant_id, hash))
    return !row->redeemed_at && !row->voided_at && row->valid_until > at;
  // The tenant's demo batch of this plan (made once; its count follows its codes).
  Batch batch;
  batch.id = "demo-" + std::to_string(tenant_id) + "-" + std::to_string(type_id);
  batch.subscription_type_id = type_id;
  batch.valid_from = at;
  batch.valid_until = db::utc_timestamp(now + std::chrono::days(valid_days));
  batch.note = "Demo codes";
  batch.source = "demo";
  batch.created_by = "demo";
  batch.created_by_email = "demo";
  batch.created_at = at;
  d_.repository.ensure_batch(tenant_id, batch);
  NewCode c;
  c.batch_id = batch.id;
  c.id = core::new_uuid();
  c.code_hash = hash;
  c.subscription_type_id = type_id;
  c.hint = normalized->substr(normalized->size() - 4);
  c.valid_until = db::utc_timestamp(now + std::chrono::days(valid_days));
  d_.repository.store_code(tenant_id, c, at);  // false: another instance stored it first, as good
  d_.repository.count_batch_codes(tenant_id, batch.id);
  return true;
}
}  // namespace portal::vouchers
