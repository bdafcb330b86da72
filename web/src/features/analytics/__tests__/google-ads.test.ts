import { afterEach, describe, expect, it } from 'vitest';
import { ADSENSE_SCRIPT_ID, adUnitOf, loadAdSense, requestAd } from '../google-ads';

const CLIENT = 'ca-pub-1234567890123456';

afterEach(() => {
  document.getElementById(ADSENSE_SCRIPT_ID)?.remove();
  document.querySelector('meta[property="csp-nonce"]')?.remove();
  delete window.adsbygoogle;
});

describe('Google AdSense (settings.googleAds)', () => {
  it('gives the unit of a place only for a well-formed client and slot', () => {
    expect(adUnitOf({ googleAds: { client: CLIENT, slots: { home: '1234567', details: '98765' } } }, 'home')).toEqual({ client: CLIENT, slot: '1234567' });
    expect(adUnitOf({ googleAds: { client: CLIENT, slots: { home: '1234567', details: '98765' } } }, 'details')).toEqual({ client: CLIENT, slot: '98765' });
    expect(adUnitOf({}, 'home')).toBeNull();
    expect(adUnitOf({ googleAds: { client: CLIENT, slots: { details: '98765' } } }, 'home')).toBeNull();
    expect(adUnitOf({ googleAds: { client: CLIENT } }, 'home')).toBeNull();
    for (const client of ['ca-pub-123456789', 'pub-1234567890', 'ca-pub-1234567890"><script>', 'ca-pub-123456789012345678901', 42])
      expect(adUnitOf({ googleAds: { client, slots: { home: '1234567' } } }, 'home')).toBeNull();
    for (const slot of ['1234', '123456789012345678901', '12345a', 12345])
      expect(adUnitOf({ googleAds: { client: CLIENT, slots: { home: slot } } }, 'home')).toBeNull();
  });

  it('adds adsbygoogle.js once, async, anonymous, with the page nonce', () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'n0nce');
    document.head.appendChild(meta);
    expect(loadAdSense(CLIENT)).toBe(true);
    expect(loadAdSense(CLIENT)).toBe(false);
    const scripts = document.querySelectorAll<HTMLScriptElement>(`#${ADSENSE_SCRIPT_ID}`);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(`https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${CLIENT}`);
    expect(scripts[0]!.async).toBe(true);
    expect(scripts[0]!.getAttribute('crossorigin')).toBe('anonymous');
    expect(scripts[0]!.nonce).toBe('n0nce');
  });

  it('builds nothing for a malformed client', () => {
    expect(loadAdSense('ca-pub-12')).toBe(false);
    expect(document.getElementById(ADSENSE_SCRIPT_ID)).toBeNull();
  });

  it('queues a request for AdSense before its script has come', () => {
    requestAd();
    requestAd();
    expect(window.adsbygoogle).toEqual([{}, {}]);
  });
});
