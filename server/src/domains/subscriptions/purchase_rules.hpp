#pragma once
// Rules a purchase (subscribe, trial, partner redirection) meets before and
// while it is paid: geo-blocked plans, tenant features, the address to return
// to, and one active level per plan group (docs/security.md "Plan groups:
// one active level"). Blocking where they read.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domains/hosted/return_page.hpp"
#include "domains/subscriptions/service_context.hpp"
#include "domains/subscriptions/service_types.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"

namespace portal::subscriptions {

// The tenant's features.geoBlock lists the type.
bool geo_blocked(const tenants::Tenant& t, std::int64_t type_id);
bool feature_on(const tenants::Tenant& t, std::string_view name);

// The user's ACTIVE or REQUESTED subscription of the type, if any.
UserSubscription* find_live(std::vector<UserSubscription>& subs, std::int64_t type_id);

// The caller's active type ids (none for a guest).
std::vector<std::int64_t> active_types_of(Context& ctx, const Caller& c);

// The address to return to, when it belongs to the tenant; invalid_redirect naming `field` otherwise.
Result<std::string> allowed_return(const Caller& c, const std::string& redirect, std::string_view field = "redirect");

// The error of a purchase (checkout `c`) in a plan group where the user holds
// `held_type` ACTIVE: upgrade_blocked or downgrade_blocked with the held
// subscription, both types and the redirect with status=409&error=<code>;
// already_subscribed for the same type.
Error level_refused(const Plans& plans, const Checkout& c, std::int64_t held_type,
                    const std::optional<std::string>& held_id);
// The user's ACTIVE subscription of the checkout's group, other than the one it
// migrates from, as that error. With a session: inside the transaction that
// would make the purchase ACTIVE (the unique index of the plan_group_levels
// migration backs it); without: to say which level won a race, or to refuse early.
std::optional<Error> level_taken(Context& ctx, db::Session* s, const Plans& plans, const Checkout& c);

}  // namespace portal::subscriptions
