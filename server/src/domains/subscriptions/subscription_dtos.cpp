// Plans and subscriptions as DTOs (see the header).
#include "domains/subscriptions/subscription_dtos.hpp"

#include <algorithm>

#include "domains/subscriptions/plan_html.hpp"

namespace portal::subscriptions {

namespace {

std::vector<GroupDto> group_list(const Plans& plans, const SubscriptionType& t, std::string_view lang,
                                 const std::vector<std::int64_t>& active) {
  std::vector<GroupDto> out;
  const Group* g = t.group_id ? plans.group(*t.group_id) : nullptr;
  if (!g) return out;
  GroupDto dto{g->id, resolve(g->name, lang), {}};
  for (std::size_t i = 0; i < g->levels.size(); ++i) {
    LevelDto level{static_cast<std::int64_t>(i), false, g->levels[i]};
    for (auto id : g->levels[i])
      if (std::find(active.begin(), active.end(), id) != active.end()) level.currentSubscriptionExist = true;
    dto.levels.push_back(std::move(level));
  }
  out.push_back(std::move(dto));
  return out;
}

std::vector<ContingentDto> contingent_dtos(const std::vector<Contingent>& list) {
  std::vector<ContingentDto> out;
  for (const auto& c : list) out.push_back({c.content_types, c.amount});
  return out;
}

constexpr std::string_view kNameHtmlPrefix = "DISPLAY_SERVICE_NAME_HTML_TEXT_";

std::optional<std::string> present(std::string v) { return v.empty() ? std::nullopt : std::optional<std::string>(std::move(v)); }

// `prefix`_<lang>, else `prefix`_en.
std::optional<std::string> localized(const SubscriptionType& t, std::string_view prefix, std::string_view lang) {
  if (auto v = present(t.attribute(std::string(prefix) + "_" + std::string(lang)))) return v;
  return present(t.attribute(std::string(prefix) + "_en"));
}

}  // namespace

PlanDisplayDto display_dto(const SubscriptionType& t, std::string_view lang) {
  PlanDisplayDto d;
  const auto flag = t.attribute("ment_default");
  d.isDefault = flag == "1" || flag == "true";
  d.note = present(t.attribute("ment_note"));
  d.redirect = present(t.attribute("ment_redirect"));
  d.icon = present(t.attribute("ment_icon"));
  d.iconAlternativeTheme = present(t.attribute("ment_icon_alernativeTheme"));
  d.backgroundImage = present(t.attribute("ment_background_image"));
  d.url = present(t.attribute("ment_url"));
  if (auto html = localized(t, "DISPLAY_SERVICE_NAME_HTML_TEXT", lang)) d.nameHtml = present(sanitize_plan_html(*html));
  d.descriptionCredit = localized(t, "DISPLAY_SERVICE_DESC_TEXT_CREDIT", lang);
  d.abovePurchaseOptions = localized(t, "DISPLAY_SERVICE_ABOVE_PURCHASE_OPTIONS", lang);
  d.aboveCta = localized(t, "DISPLAY_SERVICE_ABOVE_CTA", lang);
  d.currencyText = localized(t, "DISPLAY_SERVICE_CURRENCY_TEXT", lang);
  return d;
}

SubscriptionTypeDto type_dto(const Plans& plans, const SubscriptionType& t, std::string_view lang,
                             const std::vector<std::int64_t>& active) {
  SubscriptionTypeDto dto;
  dto.id = t.id;
  dto.name = type_name(t, lang);
  dto.billingCycle = t.billing_cycle;
  dto.subscriptionTypePrice = {t.price.amount, t.price.currency};
  if (t.promotion_price) dto.subscriptionTypePromotionPrice = MoneyDto{t.promotion_price->amount, t.promotion_price->currency};
  for (const auto& [k, v] : t.attributes)  // the HTML name only as sanitised (plan_html.hpp)
    dto.attributes.push_back({k, k.rfind(kNameHtmlPrefix, 0) == 0 ? sanitize_plan_html(v) : v});
  dto.contingents = contingent_dtos(t.contingents);
  dto.accumulateContingent = t.accumulate_contingent;
  dto.cancelUrl = t.cancel_at();  // the plan's field, else its attribute
  dto.maxTrialDuration = t.max_trial_duration;
  dto.requiredIdentityFields = t.required_identity_fields;
  for (const auto& code : t.payment_options)
    if (const PaymentOption* o = plans.option(code)) dto.paymentOptions.push_back({o->code, o->flow, resolve(o->name, lang)});
  dto.subscriptionTypeGroupList = group_list(plans, t, lang, active);
  dto.display = display_dto(t, lang);
  return dto;
}

UserSubscriptionDto subscription_dto(const Plans& plans, const UserSubscription& s, std::string_view lang,
                                     bool include_type, const std::vector<std::int64_t>& active) {
  UserSubscriptionDto dto;
  dto.id = s.id;
  dto.typeId = s.type_id;
  dto.state = to_string(s.status.state);
  if (s.status.pending) dto.subState = "PENDING";
  dto.active = s.active();
  dto.trial = s.status.trial;
  dto.startDate = s.start_date;
  dto.endDate = s.end_date;
  dto.nextRenewalDate = s.next_renewal_date;
  dto.graceUntil = s.grace_until;
  dto.cancelRequested = s.status.cancel_requested;
  dto.contingents = contingent_dtos(s.contingents);
  dto.paymentOption = s.payment_option;
  dto.partnerMetadata = s.partner_metadata;
  dto.marketingCampaign = s.marketing_campaign;
  dto.consents = s.consents;
  dto.createdAt = s.created_at;
  dto.updatedAt = s.updated_at;
  if (const SubscriptionType* t = plans.type(s.type_id)) {
    if (include_type) dto.subscriptionType = type_dto(plans, *t, lang, active);
    dto.subscriptionTypeGroupList = group_list(plans, *t, lang, active);
  }
  return dto;
}

}  // namespace portal::subscriptions
