import { describe, expect, it } from 'vitest';
import { meta } from '@/locales/en/messages.json';
import { namedEntries, sampleSettings, settingsWithEntries } from './fixtures';
import {
  formFieldOf,
  hexColor,
  localText,
  PROFILE_ITEMS,
  TAB_PAGES,
  toFormValues,
  toSettingsBody,
} from '../settings-form';

describe('the settings form', () => {
  it('edits booleans as flags, the logo of settings.images, hosts and origins as lines', () => {
    const values = toFormValues(sampleSettings);
    // The tenant's own booleans, and every known flag (off until switched on) so that a new tenant can set one.
    expect(values.flags).toMatchObject({ V2Modals: true, autoLogin: false, FTMDOnly: false, doubleOptIn: false });
    expect(values.logo).toBe('/media/art/alpha.svg');
    expect(values.hosts).toBe('alpha.localhost\nlocalhost');
    expect(values.redirects).toEqual([{ from: '/old', to: '/new', permanent: true }]);
  });

  it('puts the edits back into the settings read, keeping every member it does not edit', () => {
    const values = toFormValues(sampleSettings);
    values.flags.autoLogin = true;
    values.colors.light.primary = '#ff0000';
    values.logo = '';
    values.hosts = ' alpha.localhost \n\nshop.example\n';
    values.redirects.push({ from: ' /a ', to: 'https://example.com/b', permanent: false });
    const body = toSettingsBody(sampleSettings, values);
    expect(body.version).toBe(7);
    expect(body.features).toEqual({ V2Modals: true, autoLogin: true, partnerName: 'x' });
    expect(body.colors.light.primary).toBe('#ff0000');
    expect(body.settings).toEqual({ images: { icon: '/i.png' }, other: 1 });
    expect(body.hosts).toEqual(['alpha.localhost', 'shop.example']);
    expect(body.redirects[1]).toEqual({ from: '/a', to: 'https://example.com/b', permanent: false });
    expect(body.allowedOrigins).toEqual(['https://partner.example']);
  });

  // Issue 72 item 7: where a partner tenant's partner answers its sign-in ways.
  it("edits the partner's sign-in options address: kept, changed, emptied to none", () => {
    const values = toFormValues({ ...sampleSettings, partnerLoginOptionsUrl: 'https://id.partner.example/login-options' });
    expect(values.partnerLoginOptionsUrl).toBe('https://id.partner.example/login-options');
    expect(toSettingsBody(sampleSettings, values).partnerLoginOptionsUrl).toBe('https://id.partner.example/login-options');
    values.partnerLoginOptionsUrl = '  ';
    expect(toSettingsBody(sampleSettings, values).partnerLoginOptionsUrl).toBeNull();
    expect(toFormValues(sampleSettings).partnerLoginOptionsUrl).toBe('');
    expect(formFieldOf('partnerLoginOptionsUrl')).toBe('partnerLoginOptionsUrl');
  });
});

describe('the external redirect disclaimer (issue 47 item 16)', () => {
  it('reads and writes settings.externalRedirectDisclaimer: on or off, the words given per language', () => {
    const values = toFormValues({ ...sampleSettings, settings: { ...sampleSettings.settings, externalRedirectDisclaimer: { enabled: true, text: { de: 'Tschüss' } } } });
    expect(values.disclaimer.enabled).toBe(true);
    expect(values.disclaimer.text).toMatchObject({ de: 'Tschüss', en: '' });
    values.disclaimer.text.en = '  Off you go.  ';
    expect(toSettingsBody(sampleSettings, values).settings.externalRedirectDisclaimer).toEqual({ enabled: true, text: { de: 'Tschüss', en: 'Off you go.' } });
    // Nothing set: the member is left out, as before.
    expect(toSettingsBody(sampleSettings, toFormValues(sampleSettings)).settings).not.toHaveProperty('externalRedirectDisclaimer');
  });
});

describe("the tenant's languages", () => {
  it('keeps the order read and puts newly checked languages after it', () => {
    const values = toFormValues({ ...sampleSettings, languages: ['ar', 'en', 'ro'] });
    expect(values.languages).toEqual(['ar', 'en', 'ro']);
    values.languages = ['fr', 'en', 'ar'];
    expect(toSettingsBody({ ...sampleSettings, languages: ['ar', 'en', 'ro'] }, values).languages).toEqual(['ar', 'en', 'fr']);
    expect(formFieldOf('languages')).toBe('languages');
  });
});

// The server's checks are not repeated (issue 77 item 7): what it refuses is shown at the field it names.
describe("the server's refusals", () => {
  it('a colour as <input type="color"> takes it', () => {
    expect(hexColor('#ABC')).toBe('#aabbcc');
    expect(hexColor('#a1B2c3')).toBe('#a1b2c3');
    expect(hexColor('rgb(1 2 3)')).toBeNull();
  });

  it("maps the server's field names to the form's", () => {
    expect(formFieldOf('redirects[2].to')).toBe('redirects.2.to');
    expect(formFieldOf('colors.dark.bg')).toBe('colors.dark.bg');
    expect(formFieldOf('hosts')).toBe('hosts');
    expect(formFieldOf('settings')).toBeNull();
    expect(formFieldOf('colors.dark.unknown')).toBeNull();
  });
});

describe('the other named settings (docs/tenants.md "The other named settings")', () => {
  const body = (values: ReturnType<typeof toFormValues>) => toSettingsBody(settingsWithEntries, values).settings;

  it('reads each entry into the form and writes it back as read, every other member kept', () => {
    const values = toFormValues(settingsWithEntries);
    expect(values.sharing).toEqual(['whatsapp', 'copy', 'email']);
    expect(values.avatars).toEqual([{ src: '/media/art/avatar-fox.svg' }, { src: 'https://cdn.example/owl.png' }]);
    expect(values.ads).toEqual({ client: 'ca-pub-1234567890123456', home: '1234567890', details: '' });
    expect(values.customPlan.title).toEqual({ en: 'Families', ar: '', fr: '', de: 'Familien', es: '', ro: '' });
    expect(values.tabNames.map((row) => row.page)).toEqual(['home', 'subscription']);
    // The menu's seven entries: those read in their order, then the others unchecked.
    expect(values.profileItems.map((row) => `${row.item}${row.shown ? '' : '-'}`)).toEqual(['profile', 'manage', 'purchases', 'favorites', 'history', 'redeem', 'rewards-']);
    expect(values.navLinks[1]?.href).toBe('https://blog.example/');
    expect([values.layout, values.cardsPerRow, values.welcome.enabled]).toEqual(['sidebar', '3', false]);
    const settings = body(values);
    for (const [name, entry] of Object.entries(namedEntries)) expect(settings[name], name).toEqual(entry);
    expect(settings).toMatchObject({ images: { logo: '/media/art/alpha.svg', icon: '/i.png' }, other: 1 });
  });

  it('drops empty texts, and an entry left empty from settings (absent: the behaviour without it)', () => {
    const values = toFormValues(settingsWithEntries);
    values.customPlan.title.de = '  ';
    values.loginMeta.description = localText({});
    expect(body(values).customPlan).toMatchObject({ title: { en: 'Families' } });
    expect(body(values).loginMetaData).toEqual({ title: { en: 'Sign in to Alpha' } });

    values.disclaimer = { enabled: false, text: localText({}) };
    values.sharing = ['copy', 'email', 'whatsapp', 'telegram', 'facebook', 'x'];  // all six in the storefront's order
    values.avatars = [];
    values.ads = { client: '', home: '', details: '' };
    values.parentalMail = { subject: localText({}), body: localText({}) };
    values.customPlan = { enabled: false, title: localText({}), text: localText({}), button: localText({}), href: ' ' };
    values.tabNames = [{ page: 'home', text: localText({ en: ' ' }) }];
    values.loginMeta = { title: localText({}), description: localText({}) };
    values.paymentMeta = { title: localText({}), description: localText({}) };
    values.announcement = { text: localText({}), href: '' };
    values.profileItems = values.profileItems.map((row) => ({ ...row, shown: true })).sort((a, b) => PROFILE_ITEMS.indexOf(a.item) - PROFILE_ITEMS.indexOf(b.item));
    values.profileLinks = [];
    values.navLinks = [];
    values.layout = 'bar';
    values.cardsPerRow = '2';
    values.welcome = { ...values.welcome, enabled: false, title: localText({}), text: localText({}), href: '' };
    const settings = body(values);
    for (const name of Object.keys(namedEntries)) expect(settings, name).not.toHaveProperty(name);
    expect(settings).toEqual({ images: { logo: '/media/art/alpha.svg', icon: '/i.png' }, other: 1 });
    // A tenant without them gets none of them from a save.
    expect(toSettingsBody(sampleSettings, toFormValues(sampleSettings)).settings).toEqual({ images: { logo: '/media/art/alpha.svg', icon: '/i.png' }, other: 1 });
  });

  it('writes an uploaded icon with its two sizes into the manifest, and another icon alone', () => {
    const values = toFormValues(sampleSettings);
    expect(values.icon).toBe('/i.png');
    values.icon = '/media/generated/brand/1/icon/abc-1/icon-512.webp';
    const uploaded = toSettingsBody(sampleSettings, values).settings;
    expect(uploaded.images).toEqual({ logo: '/media/art/alpha.svg', icon: values.icon });
    expect(uploaded.app).toEqual({
      icons: [
        { src: '/media/generated/brand/1/icon/abc-1/icon-192.webp', sizes: '192x192', type: 'image/webp' },
        { src: values.icon, sizes: '512x512', type: 'image/webp' },
      ],
    });
    const typed = toSettingsBody({ ...sampleSettings, settings: { ...sampleSettings.settings, app: { icons: (uploaded.app as { icons: unknown }).icons, themeColor: '#000' } } }, { ...values, icon: '/favicon.png' }).settings;
    expect(typed.app).toEqual({ themeColor: '#000' });
    expect(toSettingsBody(sampleSettings, { ...values, icon: '' }).settings.images).toEqual({ logo: '/media/art/alpha.svg' });
  });

  it('offers no sharing with none checked, and keeps a menu without some entries', () => {
    const values = toFormValues(sampleSettings);
    expect(values.sharing).toEqual(['copy', 'email', 'whatsapp', 'telegram', 'facebook', 'x']);
    values.sharing = [];
    values.profileItems = values.profileItems.map((row) => ({ ...row, shown: row.item !== 'history' }));
    const settings = toSettingsBody(sampleSettings, values).settings;
    expect(settings.sharedLinks).toEqual([]);
    expect(settings.profileMenu).toEqual({ items: ['profile', 'manage', 'favorites', 'rewards', 'purchases', 'redeem'] });
  });

  it('reads the former storefront.layout, and writes desktopSettings only where it changes the layout', () => {
    const legacy = { ...sampleSettings, settings: { ...sampleSettings.settings, storefront: { layout: 'sidebar' } } };
    const values = toFormValues(legacy);
    expect(values.layout).toBe('sidebar');
    expect(toSettingsBody(legacy, values).settings).not.toHaveProperty('desktopSettings');
    values.layout = 'bar';
    expect(toSettingsBody(legacy, values).settings.desktopSettings).toEqual({ layout: 'bar' });
  });

  it('offers the storefront\'s page keys for tab names', () => {
    expect([...TAB_PAGES].sort()).toEqual(Object.keys(meta).sort());
  });

  it("puts the server's named field on the form's", () => {
    const values = toFormValues(settingsWithEntries);
    expect(formFieldOf('settings.customPlan.href')).toBe('customPlan.href');
    expect(formFieldOf('settings.customPlan.title.de')).toBe('customPlan.title.de');
    expect(formFieldOf('settings.navigation.links[1].label.de')).toBe('navLinks.1.label.de');
    expect(formFieldOf('settings.navigation.links[1].href')).toBe('navLinks.1.href');
    expect(formFieldOf('settings.profileMenu.links[0].label')).toBe('profileLinks.0.label');
    expect(formFieldOf('settings.profileMenu.items[2]')).toBe('profileItems');
    expect(formFieldOf('settings.avatarList[1]')).toBe('avatars.1.src');
    expect(formFieldOf('settings.sharedLinks[3]')).toBe('sharing');
    expect(formFieldOf('settings.googleAds.slots.home')).toBe('ads.home');
    expect(formFieldOf('settings.googleAds.client')).toBe('ads.client');
    expect(formFieldOf('settings.parentalControlMail.body.ar')).toBe('parentalMail.body.ar');
    expect(formFieldOf('settings.paymentMetaData.description.fr')).toBe('paymentMeta.description.fr');
    expect(formFieldOf('settings.global.announcement.text.en')).toBe('announcement.text.en');
    expect(formFieldOf('settings.popups.welcome.button.ro')).toBe('welcome.button.ro');
    expect(formFieldOf('settings.desktopSettings.layout')).toBe('layout');
    expect(formFieldOf('settings.mobileSettings.cardsPerRow')).toBe('cardsPerRow');
    expect(formFieldOf('settings.externalRedirectDisclaimer.text.de')).toBe('disclaimer.text.de');
    expect(formFieldOf('settings.seoTabNames.subscription.de', values)).toBe('tabNames.1.text.de');
    expect(formFieldOf('settings.seoTabNames.nowhere', values)).toBe('tabNames');
    expect(formFieldOf('settings.customPlan.title.xx')).toBeNull();
    expect(formFieldOf('settings.somethingElse')).toBeNull();
  });
});

describe('the areas the storefront reads (issue 72 item 6; docs/tenants.md "The areas header, footer, cookies and images")', () => {
  const areas = {
    header: { structure: 'top-bar', logo: '/media/art/alpha.svg' },
    footer: { structure: 'footer-winter' },
    cookies: { consentCookie: 'alpha_consent', enabledCookie: 'alpha_cookies' },
    metaData: { siteName: 'Alpha', description: { en: 'Films and music.', ar: 'أفلام وموسيقى.' } },
  };
  const withAreas = { ...sampleSettings, settings: { ...sampleSettings.settings, ...areas, images: { logo: '/media/art/alpha.svg', icon: '/i.png', placeholder: '/media/art/ph.svg' } } };

  it('reads each area into the form and writes it back as read', () => {
    const values = toFormValues(withAreas);
    expect([values.headerStructure, values.footerStructure, values.consentCookie, values.enabledCookie, values.placeholder]).toEqual(['top-bar', 'footer-winter', 'alpha_consent', 'alpha_cookies', '/media/art/ph.svg']);
    expect(values.siteDescription).toMatchObject({ en: 'Films and music.', ar: 'أفلام وموسيقى.', de: '' });
    const settings = toSettingsBody(withAreas, values).settings;
    for (const [name, area] of Object.entries(areas)) expect(settings[name], name).toEqual(area);
    expect(settings.images).toEqual({ logo: '/media/art/alpha.svg', icon: '/i.png', placeholder: '/media/art/ph.svg' });
  });

  it('writes the defaults by leaving the members out, and keeps a description written as one text', () => {
    const values = toFormValues({ ...sampleSettings, settings: { ...sampleSettings.settings, metaData: { description: 'One for all.' } } });
    expect([values.headerStructure, values.footerStructure, values.consentCookie, values.placeholder]).toEqual(['header', 'footer', '', '']);
    expect(values.siteDescription.en).toBe('One for all.');
    values.footerStructure = 'footer-winter';
    values.consentCookie = ' alpha_consent ';
    const settings = toSettingsBody(sampleSettings, values).settings;
    expect(settings.footer).toEqual({ structure: 'footer-winter' });
    expect(settings.header).toBeUndefined();
    expect(settings.cookies).toEqual({ consentCookie: 'alpha_consent' });
    expect(settings.metaData).toEqual({ description: { en: 'One for all.' } });
    expect((settings.images as Record<string, unknown>).placeholder).toBeUndefined();
  });

  it('puts the server’s fields of the areas on the form’s', () => {
    expect(formFieldOf('settings.footer.structure')).toBe('footerStructure');
    expect(formFieldOf('settings.header.structure')).toBe('headerStructure');
    expect(formFieldOf('settings.cookies.enabledCookie')).toBe('enabledCookie');
    expect(formFieldOf('settings.images.placeholder')).toBe('placeholder');
    expect(formFieldOf('settings.metaData.description.ar')).toBe('siteDescription.ar');
  });
});
