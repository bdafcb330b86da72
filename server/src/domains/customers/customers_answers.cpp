#include "domains/customers/customers_answers.hpp"

#include <string>

namespace portal::customers {

CustomerSearchDto search_dto(const std::vector<Match>& matches) {
  CustomerSearchDto out;
  for (const auto& m : matches)
    out.customers.push_back(
        {m.uuid, m.user_id, m.email, m.msisdn, m.name, m.created_at, m.tenant, std::string(key_name(m.key))});
  out.more = matches.size() >= kMaxMatches;
  return out;
}

CustomerDto customer_dto(const Customer& c) {
  CustomerDto out;
  const auto& p = c.profile;
  out.profile = {p.uuid,     p.user_id,      p.email,      p.msisdn,     p.name,      p.last_name,
                 p.roles,    p.language,     p.has_password, p.created_at, p.updated_at, p.tenant};
  for (const auto& s : c.sessions) {
    out.sessions.push_back({s.id, s.created_at, s.last_token_at, s.revoked_at, s.revoke_reason, s.open});
    if (s.open) ++out.openSessions;
  }
  out.signIn = {c.sign_in.recent_failures, c.sign_in.locked};
  for (const auto& s : c.subscriptions) {
    CustomerSubscriptionDto d;
    d.id = s.id;
    d.typeId = s.type_id;
    d.plan = s.plan;
    d.status = s.state;
    d.subState = s.sub_state;
    d.trial = s.trial;
    d.cancelRequested = s.cancel_requested;
    d.startDate = s.start_date;
    d.endsAt = s.end_date;
    d.nextRenewalAt = s.next_renewal_date;
    d.paymentOption = s.payment_option;
    for (const auto& cr : s.credits) d.credits.push_back({cr.content_types, cr.left});
    for (const auto& e : s.events)
      d.events.push_back({e.version, e.from_state, e.to_state, e.to_sub_state, e.reason, e.actor, e.at});
    out.subscriptions.push_back(std::move(d));
  }
  for (const auto& x : c.payments) {
    CustomerPaymentDto p{x.id, x.purpose, x.reference, x.provider, x.instrument, x.amount, x.currency, x.status,
                         x.refunded, x.created_at, x.provider_ref, std::nullopt, std::nullopt};
    if (x.dispute) {  // "<status>:<reason>"
      const auto colon = x.dispute->find(':');
      p.disputeStatus = x.dispute->substr(0, colon);
      if (colon != std::string::npos) p.disputeReason = x.dispute->substr(colon + 1);
    }
    out.payments.push_back(std::move(p));
  }
  for (const auto& x : c.purchases)
    out.purchases.push_back(
        {x.id, std::to_string(x.article_id), x.content_type, x.amount, x.currency, x.status, x.created_at});
  for (const auto& x : c.wallet)
    out.wallet.push_back({std::to_string(x.article_id), x.content_type, x.source, x.reference, x.acquired_at});
  for (const auto& x : c.voucher_orders)
    out.voucherOrders.push_back(
        {x.id, x.source, x.status, x.amount, x.currency, x.payment_id, x.fulfilled_at, x.codes, x.created_at});
  out.parentalControl = c.parental_control;
  for (const auto& n : c.notifications) out.notifications.push_back({n.id, n.kind, n.created_at, n.read_at});
  out.unreadNotifications = c.unread_notifications;
  out.likes = c.likes;
  out.ratings = c.ratings;
  out.tickets = c.tickets;
  for (auto id : c.challenges) out.challenges.push_back(std::to_string(id));
  for (const auto& t : c.teams)
    out.teams.push_back({std::to_string(t.id), std::to_string(t.tournament_id), t.name, t.role, t.joined_at});
  return out;
}

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_query:
      return http::Error::invalid_field(e.field, e.message);
    case ErrorCode::tenant_not_found:
      return http::Error::not_found("TENANT_NOT_FOUND", e.message);
    case ErrorCode::customer_not_found:
      break;
  }
  return http::Error::not_found("CUSTOMER_NOT_FOUND", e.message);
}

}  // namespace portal::customers
