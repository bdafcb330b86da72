#include "domains/cart/cart_service.hpp"

#include "db/timestamp.hpp"
#include "domains/hosted/return_page.hpp"
#include "domains/hosted/return_state.hpp"
#include "domains/tenants/tenant_currency.hpp"

namespace portal::cart {

CartService::CartService(CartRepository& repository, vouchers::VouchersService& vouchers,
                         vouchers::VouchersService::TenantLookup tenants, const core::Clock& clock)
    : repository_(repository), vouchers_(vouchers), tenants_(std::move(tenants)), clock_(clock) {}

CartDto CartService::cart(std::int64_t tenant_id, const std::string& user_uuid, const std::string& lang) {
  CartDto out;
  auto tenant = tenants_(tenant_id);
  if (!tenant) return out;
  out.maxQuantity = vouchers::max_quantity(*tenant);
  out.totals.currency = tenants::currency_of(*tenant);
  for (const auto& row : repository_.items(tenant_id, user_uuid)) {
    auto p = vouchers_.product(tenant_id, row.product_id);
    if (!p) continue;
    CartItemDto item;
    item.id = p->id;
    item.imageUrl = p->image_url;
    item.name = vouchers::text_in(p->title, lang);
    item.description = vouchers::text_in(p->description, lang);
    item.availableNo = vouchers_.available(tenant_id, *p);
    item.discountPercentage = p->discount_percentage;
    item.price = {p->price.amount, p->price.currency};
    item.originalPrice = {p->original_amount, p->price.currency};
    item.quantity = row.quantity;
    item.currency = p->price.currency;
    item.contentType = p->content_type;
    out.totals.quantity += row.quantity;
    out.totals.subtotalAmount += p->original_amount * row.quantity;
    out.totals.totalAmount += p->price.amount * row.quantity;
    out.items.push_back(std::move(item));
  }
  out.totals.discountAmount = out.totals.subtotalAmount - out.totals.totalAmount;
  return out;
}

Result<CartDto> CartService::put(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t product_id,
                                 std::int64_t quantity, const std::string& lang) {
  auto tenant = tenants_(tenant_id);
  if (!tenant) return Error::of(ErrorCode::tenant_not_found, "No such tenant");
  const auto most = vouchers::max_quantity(*tenant);
  if (quantity < 1 || quantity > most)
    return Error::invalid("quantity", "must be 1 to " + std::to_string(most));
  auto p = vouchers_.product(tenant_id, product_id);
  if (!p) return Error::invalid("productId", "is not a voucher product of the tenant");
  if (auto left = vouchers_.available(tenant_id, *p); left && *left < quantity)
    return Error::invalid("quantity", "only " + std::to_string(*left) + " left");
  repository_.put(tenant_id, user_uuid, product_id, quantity, db::utc_timestamp(clock_.now()));
  return cart(tenant_id, user_uuid, lang);
}

CartDto CartService::remove(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t product_id,
                            const std::string& lang) {
  repository_.remove(tenant_id, user_uuid, product_id);
  return cart(tenant_id, user_uuid, lang);
}

Result<CartDto> CartService::merge(std::int64_t tenant_id, const std::string& user_uuid,
                                   const std::vector<MergeItem>& items, const std::string& lang) {
  auto tenant = tenants_(tenant_id);
  if (!tenant) return Error::of(ErrorCode::tenant_not_found, "No such tenant");
  if (items.size() > kMaxMergeItems)
    return Error::invalid("items", "at most " + std::to_string(kMaxMergeItems) + " entries");
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].quantity < 1)
      return Error::invalid("items[" + std::to_string(i) + "].quantity", "must be at least 1");
  const auto most = vouchers::max_quantity(*tenant);
  std::vector<CartRow> rows = repository_.items(tenant_id, user_uuid);
  std::vector<CartRow> changed;
  for (const auto& item : items) {
    auto p = vouchers_.product(tenant_id, item.product_id);
    if (!p) continue;  // a stale browser cart must not fail the sign-in
    auto it = std::find_if(rows.begin(), rows.end(), [&](const CartRow& r) { return r.product_id == item.product_id; });
    const std::int64_t had = it == rows.end() ? 0 : it->quantity;
    std::int64_t want = std::min(most, had + std::min(item.quantity, most));
    if (auto left = vouchers_.available(tenant_id, *p)) want = std::min(want, *left);
    if (want < 1 || want == had) continue;
    if (it == rows.end()) rows.push_back({item.product_id, want});
    else it->quantity = want;
    auto c = std::find_if(changed.begin(), changed.end(), [&](const CartRow& r) { return r.product_id == item.product_id; });
    if (c == changed.end()) changed.push_back({item.product_id, want});
    else c->quantity = want;
  }
  repository_.put_all(tenant_id, user_uuid, changed, db::utc_timestamp(clock_.now()));
  return cart(tenant_id, user_uuid, lang);
}

Result<CheckoutDto> CartService::checkout(std::int64_t tenant_id, const std::string& user_uuid,
                                          const std::string& redirect, const std::string& lang,
                                          const std::string& backend_base) {
  std::vector<std::pair<std::int64_t, std::int64_t>> items;
  for (const auto& item : cart(tenant_id, user_uuid, lang).items) items.emplace_back(item.id, item.quantity);
  if (items.empty()) return Error::of(ErrorCode::cart_empty, "The cart is empty");
  auto order = vouchers_.open_order(tenant_id, user_uuid, "cart", items, lang, redirect);
  if (!order) return Error::passed_on(ErrorCode::voucher, order.error(), &ErrorDetails::voucher);
  CheckoutDto out;
  out.purchaseID = order->id;
  out.url = backend_base + "/checkout/cart/" + order->id + "?lang=" + lang;
  out.amount = {order->amount.amount, order->amount.currency};
  return out;
}

namespace {

// "2 × Gift card, 1 × Game pass": what the order holds, in its language.
std::string order_items(vouchers::VouchersService& vouchers, const vouchers::Order& order) {
  std::string out;
  for (const auto& item : order.items) {
    auto p = vouchers.product(order.tenant_id, item.product_id);
    if (!out.empty()) out += ", ";
    out += std::to_string(item.quantity) + " × " +
           (p ? vouchers::text_in(p->title, order.lang) : "#" + std::to_string(item.product_id));
  }
  return out;
}

}  // namespace

std::optional<hosted::CheckoutPageView> CartService::checkout_view(const std::string& order_id) {
  auto order = vouchers_.order_by_id(order_id);
  if (!order || order->source != "cart") return std::nullopt;
  hosted::CheckoutPageView v;
  v.tenant = tenants_(order->tenant_id);
  if (!v.tenant) return std::nullopt;
  v.lang = order->lang;
  v.open = order->status == "OPEN";
  v.item = order_items(vouchers_, *order);
  v.amount = order->amount;
  if (const auto* provider = vouchers_.card_provider(order->tenant_id)) {
    v.test_cards = provider->test_instruments();
    v.provider_page = provider->collects_card();
    v.test_mode = provider->test_mode(order->tenant_id);
    v.provider_origin = provider->page_origin();
  }
  return v;
}

namespace {

using hosted::Ending;

// Where the order's checkout returns: its redirect with how it ended; a paid or pending order names itself.
std::string returned_to(const vouchers::Order& o, Ending ending) {
  hosted::ReturnParams params{{"purchaseType", "cart"}};
  if (ending == Ending::paid || ending == Ending::pending) params.emplace_back("purchaseID", o.id);
  return hosted::return_url(o.redirect.value_or("/"), ending, params);
}

// The same with the ending the order's status tells.
std::string returned_to(const vouchers::Order& o) {
  if (o.status == "PAID") return returned_to(o, Ending::paid);
  if (o.status == "PENDING") return returned_to(o, Ending::pending);
  if (o.status == "CANCELLED") return returned_to(o, Ending::cancelled);
  return returned_to(o, Ending::checkout_closed);
}

}  // namespace

Result<std::string> CartService::checkout_returned(const std::string& order_id, bool cancelled) {
  auto order = vouchers_.order_by_id(order_id);
  if (!order || order->source != "cart") return Error::of(ErrorCode::order_not_found, "No such checkout");
  if (order->status == "PENDING" && cancelled) {
    vouchers_.decline_pending(*order);
    order = vouchers_.order_by_id(order_id);
    if (!order) return Error::of(ErrorCode::order_not_found, "No such checkout");
  }
  if (order->status == "PAID" || (order->status == "PENDING" && !vouchers_.pending_payment(*order))) {
    for (const auto& item : order->items) repository_.remove(order->tenant_id, order->user_uuid, item.product_id);
    vouchers_.fulfil(*order);  // the codes now, not at the scheduler's next run
    return returned_to(*order);
  }
  if (order->status == "PENDING") return returned_to(*order);
  if (order->status == "FAILED" && !cancelled)
    return returned_to(*order, Ending::declined);
  return returned_to(*order, Ending::cancelled);
}

Result<std::string> CartService::checkout_submit(const std::string& order_id,
                                                 const hosted::CheckoutSubmit& submit) {
  auto order = vouchers_.order_by_id(order_id);
  if (!order || order->source != "cart") return Error::of(ErrorCode::order_not_found, "No such checkout");
  if (order->status == "PENDING")  // back on this page while the provider's page is open: that page again
    if (auto p = vouchers_.pending_payment(*order)) return *p->provider_url;
  if (order->status != "OPEN") return returned_to(*order);
  if (submit.cancel) {
    vouchers_.cancel_order(*order);
    return returned_to(vouchers_.order_by_id(order_id).value_or(*order));
  }
  const std::string user = order->user_uuid;
  // The provider's page (Stripe Checkout) takes the card and sends the payer back to checkout_returned.
  const std::string return_to = submit.backend_base + "/checkout/cart/return/" + order->id + "?lang=" + order->lang +
                                "&state=" + hosted::return_state(hosted::kCartReturn, order->id);
  payments::HostedPayment hosted;
  hosted.description = order_items(vouchers_, *order);
  hosted.success_url = return_to;
  hosted.cancel_url = return_to + "&cancelled=1";
  hosted.lang = order->lang;
  auto paid = vouchers_.pay_order(
      order_id, submit.card,
      [&](db::Session& s, const vouchers::Order& placed) {
        for (const auto& item : placed.items) repository_.remove(s, placed.tenant_id, user, item.product_id);
      },
      std::move(hosted));
  if (!paid) {
    const vouchers::Error& e = paid.error();
    if (e.code == vouchers::ErrorCode::payment && e.payment.code == payments::ErrorCode::invalid_card)
      return Error::passed_on(ErrorCode::voucher, e, &ErrorDetails::voucher);
    if (e.code == vouchers::ErrorCode::not_enough_available)
      return returned_to(*order, Ending::not_enough_available);
    // Paid or closed meanwhile (a second submit): answer what the order is now.
    if (auto now = vouchers_.order_by_id(order_id); now && now->status != "OPEN") return returned_to(*now);
    return Error::passed_on(ErrorCode::voucher, e, &ErrorDetails::voucher);
  }
  switch (paid->payment) {
    case payments::Status::pending:
      if (auto p = vouchers_.pending_payment(paid->order)) return *p->provider_url;  // on to the provider's page
      return returned_to(paid->order);
    case payments::Status::succeeded:
      return returned_to(paid->order);
    case payments::Status::insufficient_funds:
      return returned_to(*order, Ending::insufficient_funds);
    default:
      return returned_to(*order, Ending::declined);
  }
}

}  // namespace portal::cart
