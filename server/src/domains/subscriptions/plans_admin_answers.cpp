#include "domains/subscriptions/plans_admin_answers.hpp"

#include <boost/json.hpp>


namespace portal::subscriptions {

AdminPlanDto admin_plan_dto(const PlanView& v) {
  const auto& t = v.type;
  AdminPlanDto d;
  d.version = t.version;
  d.id = t.id;
  d.name = t.name;
  d.state = t.retired ? "RETIRED" : "ACTIVE";
  if (t.retired) {
    d.retiredAt = t.retired->at;
    d.successorId = t.retired->successor_id;
  }
  d.subscribers = v.subscribers;
  d.groupId = t.group_id;
  d.level = v.level;
  d.billingCycle = t.billing_cycle;
  d.price = {t.price.amount, t.price.currency};
  if (t.promotion_price) d.promotionPrice = MoneyDto{t.promotion_price->amount, t.promotion_price->currency};
  if (t.price_change)
    d.priceChange = PriceChangeDto{{t.price_change->previous.amount, t.price_change->previous.currency},
                                   t.price_change->effective_from};
  d.maxTrialDuration = t.max_trial_duration;
  for (const auto& c : t.contingents) d.contingents.push_back({c.content_types, c.amount});
  d.accumulateContingent = t.accumulate_contingent;
  d.cancelUrl = t.cancel_url;
  d.requiredIdentityFields = t.required_identity_fields;
  d.paymentOptions = t.payment_options;
  for (const auto& [k, val] : t.attributes) d.attributes.push_back({k, val});
  return d;
}

AdminPlansDto admin_plans_dto(const PlansOverview& o) {
  AdminPlansDto d;
  for (const auto& v : o.plans) d.plans.push_back(admin_plan_dto(v));
  for (const auto& g : o.groups) d.groups.push_back({g.id, resolve(g.name, "en"), g.levels});
  d.paymentOptions = o.payment_options;
  return d;
}

AdminPaymentOptionDto payment_option_dto(const PaymentOption& o) {
  AdminPaymentOptionDto d{o.code, o.provider, o.flow, {}};
  for (const auto& [lang, text] : o.name.entries) d.name[lang] = text;
  return d;
}

AdminPaymentOptionsDto payment_options_dto(const std::vector<PaymentOption>& options, const std::vector<ProviderChoice>& providers) {
  AdminPaymentOptionsDto d;
  for (const auto& o : options) d.options.push_back(payment_option_dto(o));
  for (const auto& p : providers) d.providers.push_back({p.name, p.flow});
  return d;
}

PaymentOption payment_option_from(const std::string& code, const AdminPaymentOptionBody& body) {
  PaymentOption o;
  o.code = code;
  o.provider = body.provider;
  for (const auto& [lang, text] : body.name)
    if (!text.empty()) o.name.entries.emplace_back(lang, text);
  return o;
}

http::Error http_error(const PlanEditError& e) {
  switch (e.code) {
    case PlanEditErrorCode::invalid_field:
      return http::Error::invalid_field(e.field, e.reason);
    case PlanEditErrorCode::version_conflict: {
      auto out = http::Error::conflict("PLAN_VERSION_CONFLICT", "The plan changed since it was read; load it again");
      out.data = boost::json::object{{"field", "version"}, {"version", e.current_version}};
      return out;
    }
    case PlanEditErrorCode::id_taken: {
      auto out = http::Error::conflict("PLAN_ID_TAKEN", "A subscription type with this id exists");
      out.data = boost::json::object{{"field", "id"}};
      return out;
    }
    case PlanEditErrorCode::in_use: {
      auto out = http::Error::conflict("PAYMENT_OPTION_IN_USE", e.message);
      out.data = boost::json::object{{"field", e.field}, {"reason", e.reason}};
      return out;
    }
    case PlanEditErrorCode::not_found:
      if (e.field == "code") return http::Error::not_found("PAYMENT_OPTION_NOT_FOUND", e.message);
      break;
  }
  return http::Error::not_found("SUBSCRIPTION_TYPE_NOT_FOUND", "No such subscription type");
}

}  // namespace portal::subscriptions
