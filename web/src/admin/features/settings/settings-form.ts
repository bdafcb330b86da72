/**
 * The settings editor's form: the values it edits, made from and turned back into the Settings of
 * GET/PUT /backend/admin/settings, and where a field the server refuses (400 VALIDATION_ERROR, data.field
 * and data.reason) sits in the form (`formFieldOf`). The form does not repeat the server's checks
 * (server/src/domains/tenants/tenant_settings.cpp, settings_entries.cpp; issue 77 item 7): the server's
 * message is shown at the field it names.
 */
import { LANGUAGE_CODES } from '@/config/languages';
import type { Settings, SettingsBody } from './settings-api';

export const COLOR_NAMES = ['primary', 'primary-contrast', 'bg', 'surface', 'text', 'muted', 'border', 'accent'] as const;
export type ColorName = (typeof COLOR_NAMES)[number];
export type Palette = Record<ColorName, string>;
export const THEMES = ['light', 'dark'] as const;

export interface RedirectRow {
  from: string;
  to: string;
  permanent: boolean;
}

/** The ways the Share dialog can offer (settings.sharedLinks), in the storefront's order. */
export const SHARE_WAYS = ['copy', 'email', 'whatsapp', 'telegram', 'facebook', 'x'] as const;
export type ShareWay = (typeof SHARE_WAYS)[number];
/** The account menu's own entries (settings.profileMenu.items), in the storefront's order. */
export const PROFILE_ITEMS = ['profile', 'manage', 'favorites', 'history', 'rewards', 'purchases', 'redeem'] as const;
export type ProfileItem = (typeof PROFILE_ITEMS)[number];
/** The storefront's page keys (the `meta` keys of src/locales/en/messages.json: a test keeps them equal), for tab names. */
export const TAB_PAGES = [
  'home', 'appsConsent', 'appsFaq', 'appsManageApp', 'appsManage', 'appsPartner', 'appsProduct', 'appsProfile', 'appsRegister', 'appsAll',
  'arcadeDetails', 'premiumArticles', 'premiumCategory', 'premiumSubcategory', 'premiumArticle', 'articlesCategory', 'articlesSubcategory',
  'article', 'audiobookArtist', 'audiobookCategories', 'audiobookDetails', 'audiobookGenre', 'audiobookList', 'gamesCategory', 'gameDetails',
  'gamesList', 'gamesPublisher', 'marketplaceCategory', 'marketplaceApp', 'musicAlbums', 'musicAlbumCategory', 'musicAlbum', 'musicArtist',
  'musicGenre', 'musicList', 'musicPlaylists', 'musicPlaylist', 'musicTracks', 'musicTrackCategories', 'musicTrack', 'musicVideo', 'cart',
  'purchases', 'parentalControl', 'infoServices', 'infoService', 'partner', 'service', 'newsCategory', 'newsSubcategory', 'newsArticle',
  'podcastDetails', 'podcastEpisode', 'podcastList', 'profile', 'profileInfo', 'profileInfoServices', 'profileManage', 'tournament',
  'tournamentNews', 'tournamentVideo', 'login', 'loginEmail', 'register', 'partnerRegister', 'videoCategory', 'videoDetails', 'videoList',
  'seriesDetails', 'videoStream', 'videoTest', 'voucherBook', 'voucherCategory', 'voucherDetails', 'favorites', 'history', 'impressum', 'info',
  'launch', 'mainPage', 'marketing', 'search', 'subscription', 'notifications', 'reward', 'resetPassword', 'externalLogout',
] as const;

/** A text of the settings as the form edits it: words for each of the six languages, '' where there are none. */
export type LocalText = Record<string, string>;
export interface LinkRow {
  label: LocalText;
  href: string;
}
/** A card or dialog the operator writes (customPlan, popups.welcome). */
export interface Offer {
  enabled: boolean;
  title: LocalText;
  text: LocalText;
  button: LocalText;
  href: string;
}
export interface MetaTexts {
  title: LocalText;
  description: LocalText;
}

export interface SettingsFormValues {
  displayName: string;
  hosts: string;
  defaultLocale: string;
  /** The languages offered (checked); the body keeps the order read, newly checked ones after it. */
  languages: string[];
  defaultTheme: string;
  logo: string;
  /** images.icon: the app icon (a brand upload's 512-pixel one, whose 192-pixel sibling the manifest also lists). */
  icon: string;
  customStyle: string;
  allowedOrigins: string;
  /** partnerLoginOptionsUrl: where a partner tenant's partner answers its sign-in ways ('' = none). */
  partnerLoginOptionsUrl: string;
  colors: { light: Palette; dark: Palette };
  flags: Record<string, boolean>;
  /** settings.currency ('' = none set). */
  currency: string;
  redirects: RedirectRow[];
  /** settings.externalRedirectDisclaimer: ask before another site opens, in these words per language ('' the storefront's own). */
  disclaimer: { enabled: boolean; text: LocalText };
  // The other named entries (docs/tenants.md "The other named settings"); each left empty is left out of settings.
  /** settings.sharedLinks: the ways checked, in the order read, newly checked ones after them. */
  sharing: ShareWay[];
  avatars: { src: string }[];
  ads: { client: string; home: string; details: string };
  parentalMail: { subject: LocalText; body: LocalText };
  customPlan: Offer;
  tabNames: { page: string; text: LocalText }[];
  loginMeta: MetaTexts;
  paymentMeta: MetaTexts;
  announcement: { text: LocalText; href: string };
  /** profileMenu.items: all seven, in the menu's order, the shown ones checked. */
  profileItems: { item: ProfileItem; shown: boolean }[];
  profileLinks: LinkRow[];
  navLinks: LinkRow[];
  /** desktopSettings.layout: 'bar' or 'sidebar'. */
  layout: string;
  /** mobileSettings.cardsPerRow: '1', '2' or '3'. */
  cardsPerRow: string;
  welcome: Offer;
  // The areas the storefront reads besides the named entries (docs/tenants.md "The areas header, footer, cookies and images").
  /** metaData.description: what the pages' description says about the site. */
  siteDescription: LocalText;
  /** header.structure and footer.structure: the structures whose links they show ('header' and 'footer' by default). */
  headerStructure: string;
  footerStructure: string;
  /** cookies.consentCookie and enabledCookie ('' = ncc_c and ncc_e). */
  consentCookie: string;
  enabledCookie: string;
  /** images.placeholder: shown where an image does not load ('' = the storefront's own). */
  placeholder: string;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function palette(colors: Record<string, string> | undefined): Palette {
  return Object.fromEntries(COLOR_NAMES.map((name) => [name, colors?.[name] ?? ''])) as Palette;
}

/** The storefront's on/off feature flags, each named and explained in the console (settings.flagNames, flagHints). */
export const KNOWN_FLAGS = [
  'mssAutoSubscription', 'subAuthRequired', 'showPaymentOptions', 'V2Modals', 'SubscriptionPopUpV2', 'monsooqMent', 'vodacomMent',
  'redirectToSubPage', 'multipleLoginOptionsFlow2', 'directSubscriptionFlow', 'isPartner', 'partnerLoginFlow', 'FTMDOnly', 'doubleOptIn',
] as const;
export type KnownFlag = (typeof KNOWN_FLAGS)[number];
export const isKnownFlag = (key: string): key is KnownFlag => (KNOWN_FLAGS as readonly string[]).includes(key);

/** The currencies a tenant may sell in (ISO 4217). */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'RON', 'PLN', 'TRY', 'AED', 'SAR', 'QAR', 'KWD', 'BHD', 'OMR', 'JOD', 'EGP', 'MAD', 'TND', 'ZAR', 'NGN', 'KES'] as const;

/**
 * The feature flags the editor shows as toggles: every known flag (off when the tenant does not set it, so a new
 * tenant can switch one on) and any other whose value is true or false.
 */
export function booleanFlags(features: Record<string, unknown>): Record<string, boolean> {
  const own = Object.fromEntries(Object.entries(features).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  return { ...Object.fromEntries(KNOWN_FLAGS.map((key) => [key, false])), ...own };
}

export function logoOf(settings: Record<string, unknown>): string {
  const logo = record(settings.images).logo;
  return typeof logo === 'string' ? logo : '';
}

export function iconOf(settings: Record<string, unknown>): string {
  const icon = record(settings.images).icon;
  return typeof icon === 'string' ? icon : '';
}

/** A brand upload's icon (…/icon-512.webp) and its 192-pixel sibling, as the web app manifest lists them; none for another icon. */
export function appIcons(icon: string): { src: string; sizes: string; type: string }[] | undefined {
  if (!icon.endsWith('/icon-512.webp')) return undefined;
  const folder = icon.slice(0, -'icon-512.webp'.length);
  return [
    { src: `${folder}icon-192.webp`, sizes: '192x192', type: 'image/webp' },
    { src: icon, sizes: '512x512', type: 'image/webp' },
  ];
}

export function toFormValues(s: Settings): SettingsFormValues {
  return {
    displayName: s.displayName,
    hosts: s.hosts.join('\n'),
    defaultLocale: s.defaultLocale,
    languages: s.languages.length > 0 ? [...s.languages] : [...LANGUAGE_CODES],
    defaultTheme: s.defaultTheme,
    logo: logoOf(s.settings),
    icon: iconOf(s.settings),
    customStyle: s.customStyle,
    allowedOrigins: s.allowedOrigins.join('\n'),
    partnerLoginOptionsUrl: s.partnerLoginOptionsUrl ?? '',
    colors: { light: palette(s.colors.light), dark: palette(s.colors.dark) },
    flags: booleanFlags(s.features),
    currency: str(s.settings.currency),
    redirects: s.redirects.map((r) => ({ from: r.from, to: r.to, permanent: r.permanent })),
    disclaimer: { enabled: record(s.settings.externalRedirectDisclaimer).enabled === true, text: localText(record(s.settings.externalRedirectDisclaimer).text) },
    ...entriesOf(s.settings),
  };
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A text of the settings (language → words) as the form edits it. */
export function localText(value: unknown): LocalText {
  const text = record(value);
  return Object.fromEntries(LANGUAGE_CODES.map((code) => [code, str(text[code])]));
}

/** A text as the body carries it: the languages with words, trimmed; undefined when none has any. */
export function localWords(text: LocalText): Record<string, string> | undefined {
  const words = Object.entries(text)
    .map(([code, value]): [string, string] => [code, value.trim()])
    .filter(([, value]) => value !== '');
  return words.length > 0 ? Object.fromEntries(words) : undefined;
}

const offerOf = (value: unknown): Offer => {
  const o = record(value);
  return { enabled: o.enabled === true, title: localText(o.title), text: localText(o.text), button: localText(o.button), href: str(o.href) };
};
const metaOf = (value: unknown): MetaTexts => ({ title: localText(record(value).title), description: localText(record(value).description) });
const linksOf = (value: unknown): LinkRow[] => list(value).map((link) => ({ label: localText(record(link).label), href: str(record(link).href) }));

/** The layout a wide screen gets without desktopSettings: the former storefront.layout, else the bar. */
const layoutWithout = (settings: Record<string, unknown>) => (record(settings.storefront).layout === 'sidebar' ? 'sidebar' : 'bar');

function entriesOf(settings: Record<string, unknown>) {
  const ads = record(settings.googleAds);
  const mail = record(settings.parentalControlMail);
  const menu = record(settings.profileMenu);
  const items = Array.isArray(menu.items) ? menu.items.filter((item): item is ProfileItem => PROFILE_ITEMS.includes(item as never)) : [...PROFILE_ITEMS];
  const layout = record(settings.desktopSettings).layout;
  const cards = record(settings.mobileSettings).cardsPerRow;
  return {
    sharing: Array.isArray(settings.sharedLinks) ? settings.sharedLinks.filter((way): way is ShareWay => SHARE_WAYS.includes(way as never)) : [...SHARE_WAYS],
    avatars: list(settings.avatarList).map((src) => ({ src: str(src) })),
    ads: { client: str(ads.client), home: str(record(ads.slots).home), details: str(record(ads.slots).details) },
    parentalMail: { subject: localText(mail.subject), body: localText(mail.body) },
    customPlan: offerOf(settings.customPlan),
    tabNames: Object.entries(record(settings.seoTabNames)).map(([page, text]) => ({ page, text: localText(text) })),
    loginMeta: metaOf(settings.loginMetaData),
    paymentMeta: metaOf(settings.paymentMetaData),
    announcement: { text: localText(record(record(settings.global).announcement).text), href: str(record(record(settings.global).announcement).href) },
    profileItems: [...items.map((item) => ({ item, shown: true })), ...PROFILE_ITEMS.filter((item) => !items.includes(item)).map((item) => ({ item, shown: false }))],
    profileLinks: linksOf(menu.links),
    navLinks: linksOf(record(settings.navigation).links),
    layout: layout === 'bar' || layout === 'sidebar' ? layout : layoutWithout(settings),
    cardsPerRow: cards === 1 || cards === 3 ? String(cards) : '2',
    welcome: offerOf(record(settings.popups).welcome),
    ...areasOf(settings),
  };
}

/** metaData.description as written: words per language, or one text (which every language shows: kept as the English words). */
function descriptionOf(value: unknown): LocalText {
  return typeof value === 'string' ? { ...localText(undefined), en: value } : localText(value);
}

function areasOf(settings: Record<string, unknown>) {
  const structureOf = (area: 'header' | 'footer') => str(record(settings[area]).structure) || area;
  return {
    siteDescription: descriptionOf(record(settings.metaData).description),
    headerStructure: structureOf('header'),
    footerStructure: structureOf('footer'),
    consentCookie: str(record(settings.cookies).consentCookie),
    enabledCookie: str(record(settings.cookies).enabledCookie),
    placeholder: str(record(settings.images).placeholder),
  };
}

/** The areas as settings carries them: a structure named as read or other than the default, cookie names given. */
function areasBody(settings: Record<string, unknown>, v: SettingsFormValues): Record<string, unknown> {
  const structure = (area: 'header' | 'footer', name: string) => (name !== area || 'structure' in record(settings[area]) ? name : undefined);
  return {
    metaData: entry({ ...record(settings.metaData), description: localWords(v.siteDescription) }),
    header: entry({ ...record(settings.header), structure: structure('header', v.headerStructure) }),
    footer: entry({ ...record(settings.footer), structure: structure('footer', v.footerStructure) }),
    cookies: entry({ ...record(settings.cookies), consentCookie: trimmed(v.consentCookie), enabledCookie: trimmed(v.enabledCookie) }),
  };
}

/** An object without its undefined members; undefined when none is left (an entry left empty is left out). */
function entry(members: Record<string, unknown>): Record<string, unknown> | undefined {
  const kept = Object.entries(members).filter(([, value]) => value !== undefined);
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
const trimmed = (value: string) => value.trim() || undefined;
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

function offerBody(o: Offer) {
  const rest = entry({ title: localWords(o.title), text: localWords(o.text), href: trimmed(o.href), button: localWords(o.button) });
  return o.enabled || rest ? { enabled: o.enabled, ...rest } : undefined;
}
const metaBody = (m: MetaTexts) => entry({ title: localWords(m.title), description: localWords(m.description) });
const linksBody = (rows: LinkRow[]) => (rows.length > 0 ? rows.map((row) => ({ label: localWords(row.label) ?? {}, href: row.href.trim() })) : undefined);

/** The named entries as settings carries them (undefined: left out, the storefront's behaviour without it). */
function entriesBody(settings: Record<string, unknown>, v: SettingsFormValues): Record<string, unknown> {
  const items = v.profileItems.filter((row) => row.shown).map((row) => row.item);
  const slots = entry({ home: trimmed(v.ads.home), details: trimmed(v.ads.details) });
  const disclaimer = localWords(v.disclaimer.text);
  return {
    externalRedirectDisclaimer: v.disclaimer.enabled || disclaimer ? { enabled: v.disclaimer.enabled, text: disclaimer ?? {} } : undefined,
    // Absent is all six (and the whole menu) in the storefront's order: so is a list equal to that.
    sharedLinks: same(v.sharing, SHARE_WAYS) ? undefined : [...v.sharing],
    avatarList: v.avatars.length > 0 ? v.avatars.map((row) => row.src.trim()) : undefined,
    googleAds: v.ads.client.trim() || slots ? { client: v.ads.client.trim(), slots: slots ?? {} } : undefined,
    parentalControlMail: entry({ subject: localWords(v.parentalMail.subject), body: localWords(v.parentalMail.body) }),
    customPlan: offerBody(v.customPlan),
    seoTabNames: entry(Object.fromEntries(v.tabNames.map((row) => [row.page, localWords(row.text)]))),
    paymentMetaData: metaBody(v.paymentMeta),
    loginMetaData: metaBody(v.loginMeta),
    global: entry({ ...record(settings.global), announcement: entry({ text: localWords(v.announcement.text), href: trimmed(v.announcement.href) }) }),
    profileMenu: entry({ ...record(settings.profileMenu), items: same(items, PROFILE_ITEMS) ? undefined : items, links: linksBody(v.profileLinks) }),
    navigation: entry({ ...record(settings.navigation), links: linksBody(v.navLinks) }),
    desktopSettings: v.layout === layoutWithout(settings) ? undefined : { layout: v.layout },
    mobileSettings: v.cardsPerRow === '2' ? undefined : { cardsPerRow: Number(v.cardsPerRow) },
    popups: entry({ ...record(settings.popups), welcome: offerBody(v.welcome) }),
  };
}

/** The PUT body: the settings read, with what the form edits put in (every other member kept as read). */
export function toSettingsBody(base: Settings, v: SettingsFormValues): SettingsBody {
  const settings: Record<string, unknown> = { ...base.settings };
  const images = { ...record(settings.images) };
  if (v.logo.trim()) images.logo = v.logo.trim();
  else delete images.logo;
  if (v.icon.trim()) images.icon = v.icon.trim();
  else delete images.icon;
  if (v.placeholder.trim()) images.placeholder = v.placeholder.trim();
  else delete images.placeholder;
  if (Object.keys(images).length > 0) settings.images = images;
  else delete settings.images;
  // The manifest's icons follow the icon: a brand upload's two sizes, or (another icon, none) the icon alone.
  if (v.icon.trim() !== iconOf(base.settings)) {
    const app = { ...record(settings.app) };
    const icons = appIcons(v.icon.trim());
    if (icons) app.icons = icons;
    else delete app.icons;
    if (Object.keys(app).length > 0) settings.app = app;
    else delete settings.app;
  }
  delete settings.redirects;  // the rules travel in `redirects`
  if (v.currency) settings.currency = v.currency;
  return {
    version: base.version,
    name: base.name,
    displayName: v.displayName.trim(),
    hosts: lines(v.hosts),
    defaultLocale: v.defaultLocale,
    languages: [...base.languages.filter((code) => v.languages.includes(code)), ...LANGUAGE_CODES.filter((code) => v.languages.includes(code) && !base.languages.includes(code))],
    defaultTheme: v.defaultTheme,
    colors: { light: { ...v.colors.light }, dark: { ...v.colors.dark } },
    customStyle: v.customStyle.trim(),
    // A flag the tenant never set stays unset while off (no `false` written for every known flag).
    features: { ...base.features, ...Object.fromEntries(Object.entries(v.flags).filter(([key, on]) => on || key in base.features)) },
    settings: Object.fromEntries(Object.entries({ ...settings, ...entriesBody(base.settings, v), ...areasBody(base.settings, v) }).filter(([, value]) => value !== undefined)),
    redirects: v.redirects.map((r) => ({ from: r.from.trim(), to: r.to.trim(), permanent: r.permanent })),
    allowedOrigins: lines(v.allowedOrigins),
    partnerLoginOptionsUrl: v.partnerLoginOptionsUrl.trim() === '' ? null : v.partnerLoginOptionsUrl.trim(),
  };
}

/** A #rrggbb colour (what <input type="color"> takes), from #rgb or #rrggbb; null for any other spelling. */
export function hexColor(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) {
    const [r, g, b] = [v.charAt(1), v.charAt(2), v.charAt(3)];
    return `#${r}${r}${g}${g}${b}${b}`;
  }
  return null;
}

/** The names the storefront gives its consent cookies when the settings name none. */
export const DEFAULT_CONSENT_COOKIES = { consentCookie: 'ncc_c', enabledCookie: 'ncc_e' } as const;

/** What a language's body of the parental-control mail holds where the code goes. */
export const CODE_PLACEHOLDER = '{{code}}';

const LANG = `(?:\\.(?:${LANGUAGE_CODES.join('|')}))?`;
/** The named entries' server fields (after "settings.", indexes as ".2") and their form paths. */
const ENTRY_FIELDS: [RegExp, string][] = [
  [new RegExp(`^externalRedirectDisclaimer\\.(enabled|text${LANG})$`), 'disclaimer.$1'],
  [/^sharedLinks(\.\d+)?$/, 'sharing'],
  [/^avatarList\.(\d+)$/, 'avatars.$1.src'],
  [/^avatarList$/, 'avatars'],
  [/^googleAds\.slots\.(home|details)$/, 'ads.$1'],
  [/^googleAds(\.\w+)?$/, 'ads.client'],
  [new RegExp(`^parentalControlMail\\.((?:subject|body)${LANG})$`), 'parentalMail.$1'],
  [new RegExp(`^customPlan\\.(enabled|href|(?:title|text|button)${LANG})$`), 'customPlan.$1'],
  [new RegExp(`^popups\\.welcome\\.(enabled|href|(?:title|text|button)${LANG})$`), 'welcome.$1'],
  [new RegExp(`^(payment|login)MetaData\\.((?:title|description)${LANG})$`), '$1Meta.$2'],
  [new RegExp(`^global\\.announcement\\.(href|text${LANG})$`), 'announcement.$1'],
  [/^profileMenu(\.items(\.\d+)?)?$/, 'profileItems'],
  [new RegExp(`^profileMenu\\.links\\.(\\d+\\.(?:href|label${LANG}))$`), 'profileLinks.$1'],
  [/^profileMenu\.links$/, 'profileLinks'],
  [new RegExp(`^navigation\\.links\\.(\\d+\\.(?:href|label${LANG}))$`), 'navLinks.$1'],
  [/^navigation(\.links)?$/, 'navLinks'],
  [/^desktopSettings(\.layout)?$/, 'layout'],
  [/^mobileSettings(\.cardsPerRow)?$/, 'cardsPerRow'],
  [new RegExp(`^metaData\\.description(${LANG})$`), 'siteDescription$1'],
  [/^header\.structure$/, 'headerStructure'],
  [/^footer\.structure$/, 'footerStructure'],
  [/^cookies\.(consentCookie|enabledCookie)$/, '$1'],
  [/^images\.placeholder$/, 'placeholder'],
];

/**
 * The form path of a field the server named in a 400 (data.field): "redirects[2].to" → "redirects.2.to",
 * "colors.dark.bg" as it is, "settings.navigation.links[2].label.de" → "navLinks.2.label.de" (a tab name by the
 * row of its page in `values`); null for a field the form does not show (the message then goes to the save bar).
 */
export function formFieldOf(serverField: string, values?: SettingsFormValues): string | null {
  const path = serverField.replace(/\[(\d+)\]/g, '.$1');
  if (path.startsWith('settings.')) {
    const member = path.slice('settings.'.length);
    const tab = new RegExp(`^seoTabNames\\.(\\w+)(${LANG})$`).exec(member);
    const row = tab ? (values?.tabNames.findIndex((r) => r.page === tab[1]) ?? -1) : -1;
    if (tab && row >= 0) return `tabNames.${row}.text${tab[2] ?? ''}`;
    if (/^seoTabNames(\.\w+)?$/.test(member)) return 'tabNames';
    const rule = ENTRY_FIELDS.find(([pattern]) => pattern.test(member));
    return rule ? member.replace(rule[0], rule[1]) : null;
  }
  if (/^redirects\.\d+\.(from|to|permanent)$/.test(path)) return path;
  if (/^colors\.(light|dark)\.[a-z-]+$/.test(path)) return COLOR_NAMES.some((name) => path.endsWith(`.${name}`)) ? path : null;
  const direct: Record<string, string> = { displayName: 'displayName', hosts: 'hosts', defaultLocale: 'defaultLocale', languages: 'languages', defaultTheme: 'defaultTheme', customStyle: 'customStyle', allowedOrigins: 'allowedOrigins', partnerLoginOptionsUrl: 'partnerLoginOptionsUrl' };
  return direct[path] ?? null;
}
