import { describe, expect, it } from 'vitest';
import { sampleSettings } from './fixtures';
import { checkColor, checkHosts, checkLanguages, checkOrigins, checkRedirectFrom, checkRedirectTo, checkStyleAddress, checkText, formFieldOf, hexColor, isRulePath, toFormValues, toSettingsBody } from '../lib/settings-form';

describe('the settings form', () => {
  it('edits booleans as flags, the logo of settings.images, hosts and origins as lines', () => {
    const values = toFormValues(sampleSettings);
    expect(values.flags).toEqual({ V2Modals: true, autoLogin: false });
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
  it('keeps the order read and puts newly checked languages after it; the default must be among them', () => {
    const values = toFormValues({ ...sampleSettings, languages: ['ar', 'en', 'ro'] });
    expect(values.languages).toEqual(['ar', 'en', 'ro']);
    values.languages = ['fr', 'en', 'ar'];
    expect(toSettingsBody({ ...sampleSettings, languages: ['ar', 'en', 'ro'] }, values).languages).toEqual(['ar', 'en', 'fr']);
    expect(checkLanguages([], 'en')?.key).toBe('validation.languagesEmpty');
    expect(checkLanguages(['ar'], 'en')?.key).toBe('validation.languagesDefault');
    expect(checkLanguages(['ar', 'en'], 'en')).toBeNull();
    expect(formFieldOf('languages')).toBe('languages');
  });
});

describe('field checks (as the server makes them)', () => {
  it('texts: required, length, no control characters', () => {
    expect(checkText(' ', 80, true)?.key).toBe('validation.required');
    expect(checkText('x'.repeat(81), 80, true)).toEqual({ key: 'validation.tooLong', params: { max: 80 } });
    expect(checkText('a\u0007b', 80, true)?.key).toBe('validation.controls');
    expect(checkText('Alpha', 80, true)).toBeNull();
  });

  it('hosts: lower-case DNS names, 1 to 20, none twice', () => {
    expect(checkHosts('')?.key).toBe('validation.hostsCount');
    expect(checkHosts('Shop.example')).toEqual({ key: 'validation.host', params: { value: 'Shop.example' } });
    expect(checkHosts('a..b')?.key).toBe('validation.host');
    expect(checkHosts('-a.b')?.key).toBe('validation.host');
    expect(checkHosts('a.b\na.b')).toEqual({ key: 'validation.hostTwice', params: { value: 'a.b' } });
    expect(checkHosts('shop.example\nlocalhost')).toBeNull();
  });

  it('colours: the characters of a CSS colour, at most 64', () => {
    expect(checkColor('#1a2b3c')).toBeNull();
    expect(checkColor('rgb(26 43 60 / 50%)')).toBeNull();
    expect(checkColor('red;background:url(x)')?.key).toBe('validation.color');
    expect(checkColor('')?.key).toBe('validation.color');
    expect(hexColor('#ABC')).toBe('#aabbcc');
    expect(hexColor('#a1B2c3')).toBe('#a1b2c3');
    expect(hexColor('rgb(1 2 3)')).toBeNull();
  });

  it('redirect rules: a storefront path to a path or an http(s) address, never to itself, one rule per path', () => {
    expect(isRulePath('/old/path')).toBe(true);
    for (const bad of ['old', '//evil.example', '/a?b', '/a#b', '/a/../b', '/a b', '/"x']) expect(isRulePath(bad), bad).toBe(false);
    const rows = [
      { from: '/old', to: '/new', permanent: false },
      { from: '/old/', to: 'https://example.com/x', permanent: true },
      { from: '/same', to: '/same/', permanent: false },
      { from: '/js', to: 'javascript:alert(1)', permanent: false },
    ];
    expect(checkRedirectFrom(rows, 0)).toBeNull();
    expect(checkRedirectTo(rows, 0)).toBeNull();
    expect(checkRedirectFrom(rows, 1)?.key).toBe('validation.duplicateFrom');
    expect(checkRedirectTo(rows, 1)).toBeNull();
    expect(checkRedirectTo(rows, 2)?.key).toBe('validation.samePath');
    expect(checkRedirectTo(rows, 3)?.key).toBe('validation.target');
  });

  it('stylesheet and logo addresses, and origins', () => {
    expect(checkStyleAddress('')).toBeNull();
    expect(checkStyleAddress('/media/x.css')).toBeNull();
    expect(checkStyleAddress('https://cdn.example/x.css')).toBeNull();
    expect(checkStyleAddress('x.css')?.key).toBe('validation.styleAddress');
    expect(checkOrigins('https://a.example\nhttp://localhost:5173')).toBeNull();
    expect(checkOrigins('https://a.example/path')?.key).toBe('validation.origin');
  });

  it("maps the server's field names to the form's", () => {
    expect(formFieldOf('redirects[2].to')).toBe('redirects.2.to');
    expect(formFieldOf('colors.dark.bg')).toBe('colors.dark.bg');
    expect(formFieldOf('hosts')).toBe('hosts');
    expect(formFieldOf('settings')).toBeNull();
    expect(formFieldOf('colors.dark.unknown')).toBeNull();
  });
});
