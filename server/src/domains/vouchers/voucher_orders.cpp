// Voucher orders: products and their stock, buying with a saved instrument,
// the cart's hosted payment, and settling a pending payment.
#include "domains/tenants/tenant_currency.hpp"
#include "domains/vouchers/vouchers_service.hpp"

#include <algorithm>
#include <limits>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "core/money.hpp"
#include "db/timestamp.hpp"
#include "domains/subscriptions/subscription_rules.hpp"
#include "domains/vouchers/voucher_codes.hpp"
#include "domains/vouchers/vouchers_service_detail.hpp"

namespace portal::vouchers {
using namespace detail;  // NOLINT: the private helpers of this class's sources

// ---------------------------------------------------------------- products and orders

std::optional<Product> VouchersService::product(std::int64_t tenant_id, std::int64_t product_id) {
  auto tenant = d_.tenants(tenant_id);
  if (!tenant) return std::nullopt;
  auto article = d_.articles(tenant_id, product_id);
  if (!article) return std::nullopt;
  return product_of(*tenant, *article, d_.articles, d_.subscriptions.load_plans(tenant_id));
}

Result<VoucherProductDto> VouchersService::describe(std::int64_t tenant_id, std::int64_t product_id,
                                                          const std::string& lang, const std::optional<std::string>& holder) {
  const auto p = product(tenant_id, product_id);
  if (!p) return Error::of(ErrorCode::product_not_found, "No such voucher product");
  const auto plans = d_.subscriptions.load_plans(tenant_id);
  VoucherProductDto out;
  out.id = p->id;
  out.contentType = p->content_type;
  out.price = {p->price.amount, p->price.currency};
  for (const auto& g : p->grants) {
    const auto* plan = plans.type(g.subscription_type_id);
    if (!plan) continue;
    VoucherGrantDto dto;
    dto.subscriptionTypeId = g.subscription_type_id;
    dto.name = plan->attribute("DISPLAY_SERVICE_NAME_TEXT_" + lang, plan->attribute("DISPLAY_SERVICE_NAME_TEXT_en", plan->name));
    dto.billingCycle = plan->billing_cycle;
    dto.periods = g.periods;
    dto.validityMonths = g.validity_months;
    // P7D is a week, P14D two; other cycles count in their own unit.
    const auto cycle = subscriptions::parse_cycle(plan->billing_cycle).value_or(subscriptions::Cycle{1, 'M'});
    int count = cycle.count * g.periods;
    char unit = cycle.unit;
    if (unit == 'D' && cycle.count % 7 == 0) {
      unit = 'W';
      count /= 7;
    }
    dto.count = count;
    dto.unit = unit == 'D' ? "day" : unit == 'W' ? "week" : unit == 'Y' ? "year" : "month";
    out.grants.push_back(std::move(dto));
  }
  if (holder) out.codesHeld = d_.repository.live_code_count(tenant_id, *holder, product_id, db::utc_timestamp(d_.clock.now()));
  return out;
}

std::optional<std::int64_t> VouchersService::available(std::int64_t tenant_id, const Product& product) {
  if (!product.initial_available) return std::nullopt;
  return d_.repository.stock(tenant_id, product.id).value_or(*product.initial_available);
}

Result<Order> VouchersService::open_order(std::int64_t tenant_id, const std::string& user_uuid,
                                                std::string source,
                                                const std::vector<std::pair<std::int64_t, std::int64_t>>& items,
                                                const std::string& lang, std::optional<std::string> redirect) {
  auto tenant = d_.tenants(tenant_id);
  if (!tenant) return Error::of(ErrorCode::tenant_not_found, "No such tenant");
  Order o;
  o.id = core::new_uuid();
  o.tenant_id = tenant_id;
  o.user_uuid = user_uuid;
  o.source = std::move(source);
  o.status = "OPEN";
  o.amount = {0, tenants::currency_of(*tenant)};
  o.lang = lang;
  o.redirect = std::move(redirect);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto [id, quantity] = items[i];
    auto p = product(tenant_id, id);
    if (!p) return Error::of(ErrorCode::product_not_found, "No voucher product " + std::to_string(id));
    if (auto left = available(tenant_id, *p); left && *left < quantity)
      return not_enough(id, *left, "Only " + std::to_string(*left) + " left");
    o.items.push_back({id, quantity, p->price.amount});
    o.amount.amount += p->price.amount * quantity;
  }
  const auto now = d_.clock.now();
  o.created_at = db::utc_timestamp(now);
  o.expires_at = db::utc_timestamp(now + d_.limits.order_lifetime);
  d_.repository.insert_order(o);
  return o;
}

std::optional<Order> VouchersService::order_by_id(const std::string& order_id) {
  auto o = d_.repository.order_by_id(order_id);
  if (o && o->status == "OPEN" && o->expires_at <= d_.clock.now_text()) {
    d_.repository.expire_open(o->tenant_id, d_.clock.now_text());
    o = d_.repository.order_by_id(order_id);
  }
  return o;
}

bool VouchersService::cancel_order(const Order& order) {
  return d_.repository.set_status(order.tenant_id, order.id, "OPEN", "CANCELLED", d_.clock.now_text());
}

const payments::PaymentProvider* VouchersService::card_provider(std::int64_t tenant_id) {
  const auto plans = d_.subscriptions.load_plans(tenant_id);
  if (const auto* option = plans.option("card"))
    if (const auto* p = d_.payments.provider(option->provider); p && !p->needs_pin() && p->available_to(tenant_id))
      return p;
  return d_.payments.provider("sandbox");
}

void VouchersService::decline_pending(const Order& order) {
  // The settlement runs this domain's own handler (on_payment_settled, registered for the purpose).
  if (auto p = pending_payment(order)) (void)d_.payments.settle(p->id, payments::Status::declined, {});
}

std::optional<payments::Payment> VouchersService::pending_payment(const Order& order) {
  for (auto& p : d_.payments.for_reference(order.tenant_id, kPaymentPurpose, order.id))
    if (p.status == payments::Status::pending && p.provider_url) return p;
  return std::nullopt;
}

// Takes the order's quantities from the products' availability (in the claim
// of its charge, before the provider is asked): two buyers of the last unit
// cannot both pay for it. `initials`: each item's first stock, read before the
// transaction (no second pooled connection inside it); nullopt = unlimited.
std::optional<Error> VouchersService::reserve(db::Session& s, const Order& order,
                                                    const std::vector<std::optional<std::int64_t>>& initials) {
  const std::string at = d_.clock.now_text();
  auto current = d_.repository.order(s, order.tenant_id, order.id);
  if (!current || current->status != "OPEN") return order_closed(current ? current->status : std::string("NONE"));
  for (std::size_t i = 0; i < order.items.size(); ++i) {
    const auto& item = order.items[i];
    if (!initials[i]) continue;
    if (!d_.repository.take_stock(s, order.tenant_id, item.product_id, *initials[i], item.quantity, at)) {
      const auto left = d_.repository.stock(s, order.tenant_id, item.product_id).value_or(0);
      return not_enough(item.product_id, left, "Not enough of this voucher is left");
    }
  }
  d_.repository.set_reserved(s, order.tenant_id, order.id, false, true, at);
  return std::nullopt;
}

// Gives a refused or declined order's quantities back, once.
void VouchersService::release(db::Session& s, const Order& order) {
  const std::string at = d_.clock.now_text();
  if (!d_.repository.set_reserved(s, order.tenant_id, order.id, true, false, at)) return;
  for (const auto& item : order.items) d_.repository.return_stock(s, order.tenant_id, item.product_id, item.quantity, at);
}

std::vector<std::optional<std::int64_t>> VouchersService::initials_of(const Order& order) {
  std::vector<std::optional<std::int64_t>> out;
  for (const auto& item : order.items) {
    auto p = product(order.tenant_id, item.product_id);
    out.push_back(p ? p->initial_available : std::nullopt);
  }
  return out;
}

// In the transaction that records the charge's outcome.
void VouchersService::record_charge(db::Session& s, const Order& order, const payments::Payment& payment,
                                    const OnPlaced& on_placed) {
  const std::string at = d_.clock.now_text();
  switch (payment.status) {
    case payments::Status::succeeded:
      d_.repository.set_status(s, order.tenant_id, order.id, "OPEN", "PAID", payment.id, at);
      tell_paid(s, order);
      if (on_placed) on_placed(s, order);
      break;
    case payments::Status::pending:
      d_.repository.set_status(s, order.tenant_id, order.id, "OPEN", "PENDING", payment.id, at);
      // On the provider's page the payer may still give up: the cart keeps its items until it is paid.
      if (on_placed && !payment.provider_url) on_placed(s, order);
      break;
    default:
      release(s, order);
      // The voucher call is one attempt; a hosted checkout stays open for another card.
      if (order.source == "voucher") d_.repository.set_status(s, order.tenant_id, order.id, "OPEN", "FAILED", payment.id, at);
      break;
  }
}

void VouchersService::on_payment_settled(db::Session& s, const payments::Payment& payment) {
  if (payment.purpose != kPaymentPurpose) return;
  auto order = d_.repository.order(s, payment.tenant_id, payment.reference);
  if (!order) return;
  const std::string at = d_.clock.now_text();
  if (payment.status == payments::Status::succeeded) {
    if (d_.repository.set_status(s, order->tenant_id, order->id, "PENDING", "PAID", payment.id, at)) {
      tell_paid(s, *order);
      if (order_paid_) order_paid_(s, *order);
    }
  } else if (payment.status == payments::Status::declined) {
    if (d_.repository.set_status(s, order->tenant_id, order->id, "PENDING", "FAILED", payment.id, at)) release(s, *order);
  }
}

void VouchersService::on_charge_released(db::Session& s, const payments::Payment& payment) {
  auto order = d_.repository.order(s, payment.tenant_id, payment.reference);
  if (!order || order->status != "OPEN") return;
  release(s, *order);
  if (payment.status == payments::Status::succeeded || order->source == "voucher")
    d_.repository.set_status(s, order->tenant_id, order->id, "OPEN", "FAILED", payment.id, d_.clock.now_text());
  // A charge taken and then given back (payments' return_taken): the customer is told here too, not only by mail.
  if (payment.status == payments::Status::succeeded && payment.refunded > 0 && d_.notifier)
    d_.notifier->notify(s, order->tenant_id,
                        {order->user_uuid, std::string(notifications::kPaymentReturned), {}, "/myCart",
                         "returned:" + payment.id});
}

// ---------------------------------------------------------------- refunds

namespace {

// A code the order holds now: redeemed, or not voided (a resend's voided originals and an
// operator's voided code are not the order's any more).
bool current(const CodeRecord& c) { return c.redeemed_at || !c.voided_at; }

}  // namespace

std::optional<VouchersService::RefundView> VouchersService::refund_view(std::int64_t tenant_id,
                                                                         const std::string& order_id) {
  const auto order = d_.repository.order(tenant_id, order_id);
  if (!order) return std::nullopt;
  const auto codes = d_.repository.order_codes(tenant_id, order_id);
  RefundView out;
  for (const auto& item : order->items) {
    std::int64_t held = 0, unredeemed = 0;
    for (const auto& c : codes) {
      if (!current(c) || c.product_id != item.product_id) continue;
      ++held;
      if (!c.redeemed_at) ++unredeemed;
    }
    const __int128 paid = static_cast<__int128>(item.unit_amount) * item.quantity;
    // Not fulfilled yet: every unit is unredeemed. Rounded down: never more than the codes' share.
    const __int128 share = held == 0 ? paid : paid * unredeemed / held;
    out.unredeemed_amount = core::add_saturating(
        out.unredeemed_amount, share > std::numeric_limits<std::int64_t>::max() ? std::numeric_limits<std::int64_t>::max()
                                                                               : static_cast<std::int64_t>(share));
  }
  for (const auto& c : codes) {
    if (!current(c)) continue;
    ++out.codes;
    if (c.redeemed_at) out.redeemed.push_back(c);
  }
  out.unredeemed_amount = std::min(out.unredeemed_amount, order->amount.amount);
  return out;
}

std::vector<CodeRecord> VouchersService::redeemed_codes(db::Session& s, std::int64_t tenant_id,
                                                        const std::string& order_id) {
  std::vector<CodeRecord> out;
  for (auto& c : d_.repository.order_codes(s, tenant_id, order_id))
    if (c.redeemed_at) out.push_back(std::move(c));
  return out;
}

std::int64_t VouchersService::on_payment_refunded(db::Session& s, const payments::Payment& payment,
                                                  const std::string& by) {
  if (payment.purpose != kPaymentPurpose) return 0;
  const std::string at = d_.clock.now_text();
  // Codes are issued once, by the transaction that claims the fulfilment: claimed here, an order
  // paid but not fulfilled yet (the scheduler's next run) is never given codes.
  d_.repository.claim_fulfilment(s, payment.tenant_id, payment.reference, at);
  const auto voided = d_.repository.void_order_codes(s, payment.tenant_id, payment.reference, at, by);
  core::log_json(spdlog::level::info, "refunded voucher order: unspent codes voided",
                 {{"order", payment.reference}, {"codes", voided}});
  return voided;
}

std::int64_t VouchersService::on_refund_reserved(db::Session& s, const payments::Payment& payment,
                                                 const std::string& by) {
  if (payment.purpose != kPaymentPurpose) return 0;
  const std::string at = d_.clock.now_text();
  d_.repository.hold_fulfilment(s, payment.tenant_id, payment.reference, at, by);
  return d_.repository.void_order_codes(s, payment.tenant_id, payment.reference, at, by);
}

std::int64_t VouchersService::on_refund_failed(db::Session& s, const payments::Payment& payment, const std::string& by,
                                               const std::optional<std::string>& standing) {
  if (payment.purpose != kPaymentPurpose) return 0;
  d_.repository.release_fulfilment(s, payment.tenant_id, payment.reference, by, standing, d_.clock.now_text());
  const auto back = d_.repository.restore_order_codes(s, payment.tenant_id, payment.reference, by, standing);
  core::log_json(spdlog::level::info, standing ? "failed refund: held codes pass to a standing refund"
                                               : "failed refund: held voucher codes redeem again",
                 {{"order", payment.reference}, {"codes", back}});
  return back;
}

void VouchersService::tell_paid(db::Session& s, const Order& order) {
  if (!d_.notifier) return;
  // The codes are mailed; the note says so and opens nothing.
  d_.notifier->notify(s, order.tenant_id,
                      {order.user_uuid, std::string(notifications::kVoucherOrderPaid), {}, "", "voucher-order:" + order.id});
}

// ---------------------------------------------------------------- buying

Result<VoucherOrderDto> VouchersService::buy(std::int64_t tenant_id, const Caller& caller,
                                                   const std::string& option_code, std::int64_t product_id,
                                                   std::int64_t quantity, const std::string& lang,
                                                   const payments::PaymentsService::Mark& mark) {
  auto tenant = d_.tenants(tenant_id);
  if (!tenant) return Error::of(ErrorCode::tenant_not_found, "No such tenant");
  const auto most = max_quantity(*tenant);
  if (quantity < 1 || quantity > most)
    return Error::invalid("voucherRequest.quantity", "must be 1 to " + std::to_string(most));
  const auto plans = d_.subscriptions.load_plans(tenant_id);
  const auto* option = plans.option(option_code);
  if (!option) return Error::invalid("externalProviderCode", "is not a payment option of the tenant");
  const auto p = product(tenant_id, product_id);
  if (!p) return Error::of(ErrorCode::product_not_found, "No such voucher product");
  const auto method = d_.payments.saved_method(tenant_id, caller.uuid, option->provider);
  if (!method) {
    Error e = Error::of(ErrorCode::no_saved_payment_method,
                        "No saved " + option_code + " payment method: buy through the cart's checkout once");
    e.field = "externalProviderCode";
    return e;
  }
  auto opened = open_order(tenant_id, caller.uuid, "voucher", {{product_id, quantity}}, lang, std::nullopt);
  if (!opened) return opened.error();
  const Order order = *opened;
  const auto initials = initials_of(order);

  payments::ChargeRequest req;
  req.tenant_id = tenant_id;
  req.user_uuid = caller.uuid;
  req.purpose = std::string(kPaymentPurpose);
  req.reference = order.id;
  req.provider = option->provider;
  req.instrument = method->token;
  req.saved = true;
  req.present = true;  // the buyer is there
  req.amount = order.amount;
  std::optional<Error> refused;  // the reservation's reason when it refused the charge
  auto paid = d_.payments.charge(
      req, [&](db::Session& s, const payments::Payment& pay) { record_charge(s, order, pay, {}); },
      [&](db::Session& s) {
        if ((refused = reserve(s, order, initials))) return true;
        if (mark) mark(s, order.id);  // the caller's Idempotency-Key commits with the charge's claim
        return false;
      });
  if (!paid) {
    d_.repository.set_status(tenant_id, order.id, "OPEN", "FAILED", d_.clock.now_text());
    if (refused) return *refused;
    return Error::from_payment(paid.error(), Feedback::other);
  }
  return bought(tenant_id, caller, order, *paid);
}

// What buy() answers for its order once the charge has an outcome.
Result<VoucherOrderDto> VouchersService::bought(std::int64_t tenant_id, const Caller& caller, const Order& order,
                                                const payments::Payment& payment) {
  const std::int64_t product_id = order.items.empty() ? 0 : order.items.front().product_id;
  const std::int64_t quantity = order.items.empty() ? 0 : order.items.front().quantity;
  VoucherOrderDto dto;
  dto.orderId = order.id;
  dto.voucherId = product_id;
  dto.quantity = quantity;
  dto.price = {order.amount.amount, order.amount.currency};
  switch (payment.status) {
    case payments::Status::succeeded: {
      auto now_order = d_.repository.order(tenant_id, order.id);
      dto.codes = fulfil(now_order.value_or(order));
      // Issued before (a resumed call whose first run fulfilled it): as many as the order carries.
      if (dto.codes == 0 && now_order && now_order->fulfilled_at) dto.codes = code_count(*now_order);
      dto.mailedTo = masked(d_.recipients(tenant_id, caller.uuid).value_or(""));
      return dto;
    }
    case payments::Status::pending:
      return charge_error(ErrorCode::purchase_pending, "The payment is pending; the codes follow by mail", order.id, payment.id);
    case payments::Status::insufficient_funds:
      return charge_error(ErrorCode::insufficient_funds, "Insufficient funds", order.id, payment.id);
    default:
      return charge_error(ErrorCode::payment_declined, "The payment was declined", order.id, payment.id);
  }
}

// The voucher call of a process that died before answering, from its mark (the
// order id): the charge in flight is finished, then the answer built as buy()
// builds it; a FAILED order answers its charge's refusal again.
Result<VoucherOrderDto> VouchersService::resume_buy(std::int64_t tenant_id, const Caller& caller,
                                                    const std::string& option_code, const std::string& order_id) {
  auto order = d_.repository.order(tenant_id, order_id);
  if (!order || order->user_uuid != caller.uuid || order->source != "voucher")
    return Error::of(ErrorCode::order_not_found, "No such order");
  std::optional<payments::Payment> charge;
  for (auto& p : d_.payments.for_reference(tenant_id, kPaymentPurpose, order->id))
    if (!charge || p.created_at >= charge->created_at) charge = std::move(p);
  if (!charge) return Error::of(ErrorCode::order_not_found, "No such order");
  if (charge->status != payments::Status::processing) return bought(tenant_id, caller, *order, *charge);
  // The claim committed, the outcome did not: ask the provider again and record it.
  const auto plans = d_.subscriptions.load_plans(tenant_id);
  const auto* option = plans.option(option_code);
  const auto method = option ? d_.payments.saved_method(tenant_id, caller.uuid, option->provider) : std::nullopt;
  if (!method) return Error::of(ErrorCode::no_saved_payment_method, "The saved payment method is gone");
  payments::ChargeRequest req;
  req.tenant_id = tenant_id;
  req.user_uuid = caller.uuid;
  req.purpose = std::string(kPaymentPurpose);
  req.reference = order->id;
  req.provider = charge->provider;
  req.instrument = method->token;
  req.saved = true;
  req.present = true;  // the buyer is there
  req.amount = order->amount;
  const Order placed = *order;
  auto paid = d_.payments.resume_charge(
      req, charge->id, [&](db::Session& s, const payments::Payment& pay) { record_charge(s, placed, pay, {}); });
  if (!paid) return Error::from_payment(paid.error(), Feedback::other);
  return bought(tenant_id, caller, placed, *paid);
}

// How many codes an order carries: one per grant of each unit.
std::int64_t VouchersService::code_count(const Order& order) {
  std::int64_t n = 0;
  for (const auto& item : order.items)
    if (auto p = product(order.tenant_id, item.product_id)) n += item.quantity * static_cast<std::int64_t>(p->grants.size());
  return n;
}

Result<VouchersService::Paid> VouchersService::pay_order(const std::string& order_id, const std::string& card,
                                                               const OnPlaced& on_placed,
                                                               std::optional<payments::HostedPayment> hosted) {
  auto order = order_by_id(order_id);
  if (!order) return Error::of(ErrorCode::order_not_found, "No such order");
  if (order->status != "OPEN") return order_closed(order->status);
  const auto initials = initials_of(*order);
  payments::ChargeRequest req;
  req.tenant_id = order->tenant_id;
  req.user_uuid = order->user_uuid;
  req.purpose = std::string(kPaymentPurpose);
  req.reference = order->id;
  const auto* provider = card_provider(order->tenant_id);
  if (!provider) return Error::of(ErrorCode::order_not_found, "No card provider");
  req.provider = std::string(provider->name());
  req.instrument = card;
  req.amount = order->amount;
  if (provider->collects_card()) req.hosted = std::move(hosted);
  const Order placed = *order;
  std::optional<Error> refused;  // the reservation's reason when it refused the charge
  auto paid = d_.payments.charge(
      req, [&](db::Session& s, const payments::Payment& pay) { record_charge(s, placed, pay, on_placed); },
      [&](db::Session& s) { return (refused = reserve(s, placed, initials)).has_value(); });
  if (!paid) return refused ? *refused : Error::from_payment(paid.error());
  Paid out{d_.repository.order(placed.tenant_id, placed.id).value_or(placed), paid->status};
  if (paid->status == payments::Status::succeeded) fulfil(out.order);
  return out;
}
}  // namespace portal::vouchers
