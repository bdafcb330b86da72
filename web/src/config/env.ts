/** Build-time and document-level constants of the client. */

declare const __BUILD_ID__: string;

/** Id of this build; the same id is written to dist/build.json and served at /builds/latest.json. */
export const BUILD_ID: string = __BUILD_ID__;

/** Id of the server-rendered payload script (docs/contracts.md). */
export const PORTAL_DATA_ELEMENT_ID = '__PORTAL_DATA__';
export const TENANT_COLORS_ELEMENT_ID = 'tenant-colors';
export const TENANT_STYLESHEET_ELEMENT_ID = 'tenant-custom-style';

/** The portal face (same origin as the page): env config and build descriptor. */
export const ENV_FILE_URL = '/api/envFile';
export const LATEST_BUILD_URL = '/builds/latest.json';

/** Spec §9. */
export const RELOAD_GUARD_LIFETIME_MS = 10_000;
export const FIRST_BUILD_CHECK_DELAY_MS = 1_000;
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;
export const SCROLL_WAIT_MS = 100;
export const LANGUAGE_COOKIE = 'i18n_redirected';
export const LANGUAGE_COOKIE_DAYS = 365;
export const THEME_COOKIE = 'alternat_theme';
export const THEME_COOKIE_DAYS = 30 * 12;
/** Local storage of the recent searches (commerce §5, §9); a preference, like the theme cookie. */
export const RECENT_SEARCH_KEY = 'recentSearch';
export const CONSENT_GIVEN_COOKIE = 'ncc_c';
export const CONSENT_ENABLED_COOKIE = 'ncc_e';
export const CONSENT_COOKIE_LIFETIME_MS = 31_536_000_000;
/** Commerce §3 local storage: analytics consent "1"/"0", and "1" once the tenant's tracking scripts were added. */
export const ANALYTICS_CONSENT_KEY = 'analyticsConsent';
export const TRACKING_SCRIPTS_LOADED_KEY = 'tenantTrackingScriptsLoaded';
/** Commerce §9: a page view is reported this long after the navigation (the title has settled). */
export const PAGE_VIEW_DELAY_MS = 250;
export const LAZY_IMAGE_MAX_ATTEMPTS = 3;
export const LAZY_IMAGE_PRELOAD_FACTOR = 1.3;
export const LAZY_IMAGE_CACHE_SIZE = 200;
export const MAX_PLACEHOLDER_SUBSTITUTIONS = 20;
export const DISTRIBUTION_CHANNEL = 'WEB';
