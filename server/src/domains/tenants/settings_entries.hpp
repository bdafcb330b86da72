#pragma once
// The global settings' named entries of portal §3 (docs/tenants.md "The other named settings"): their checks,
// shared by the tenant file's import and the console's save, and the reads the server makes of them (the
// storefront reads the rest from the configurations structure).
#include <boost/json/object.hpp>  // free-form: the tenant's settings document
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domains/tenants/tenants_types.hpp"

namespace portal::tenants {

struct EntryProblem {
  std::string field;  // "settings.customPlan.href", "settings.navigation.links[2].label.de"
  std::string reason;
};

// The first problem of the named entries (externalRedirectDisclaimer, sharedLinks, avatarList, googleAds,
// parentalControlMail, customPlan, seoTabNames, paymentMetaData, loginMetaData, global, profileMenu,
// navigation, desktopSettings, mobileSettings, popups) and of the areas header ({structure, logo}), footer
// ({structure}) and cookies ({consentCookie, enabledCookie}), or nullopt. Absent entries are fine. Whether a named
// structure exists is the settings service's to ask (SettingsService::set_structure_exists).
std::optional<EntryProblem> settings_entries_problem(const boost::json::object& settings);

// The words of a text of the settings at `path` (members from `settings`, e.g. {"seoTabNames", "home"})
// in `lang`, else the tenant's default language, else English; "" when there are none.
std::string settings_text(const Tenant& tenant, std::initializer_list<std::string_view> path, std::string_view lang);

// The structure whose links the header ("header") or the footer ("footer") shows: settings.<area>.structure, else
// the area's own name.
std::string chrome_structure(const Tenant& tenant, std::string_view area);

// The tenant's description (metaData.description: words per language, or one text) in `lang`, else the tenant's
// default language's, else the English words; "" when it wrote none. The pages' <meta name="description"> and
// og:description (where the page has no words of its own) and the web app manifest.
std::string site_description(const Tenant& tenant, std::string_view lang);

// googleAds.client when the tenant shows ads (checked when written), else "".
std::string google_ads_client(const Tenant& tenant);
// The origins AdSense loads from and frames for such a tenant; empty otherwise.
std::vector<std::string> google_ads_origins(const Tenant& tenant);

// ":root{--cards-per-row-mobile:N}" for a tenant with mobileSettings.cardsPerRow, else "": the grids' phone columns
// (page-tables.json) read it, in the server's first view as in the app.
std::string mobile_cards_css(const Tenant& tenant);

// Whether `image` is one of the tenant's avatarList.
bool offered_avatar(const Tenant& tenant, std::string_view image);

}  // namespace portal::tenants
