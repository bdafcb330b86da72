import { describe, expect, it, vi } from 'vitest';
import { allowsAnalytics, readConsent, writeConsent } from '../consent-cookies';
import { consentStore } from '../consent-store';

/** The cookie strings the code wrote, as the browser was asked to store them. */
function spyCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

describe('consent cookies (portal §3, §9) and analytics consent (commerce §3)', () => {
  it('starts unset: no cookie, no analytics consent', () => {
    expect(readConsent()).toEqual({ status: 'unset' });
    expect(localStorage.getItem('analyticsConsent')).toBeNull();
  });

  it('accept all: ncc_c=1, ncc_e lists the ids joined by "|", path / for one year, analyticsConsent 1', () => {
    const writes = spyCookieWrites();
    writeConsent(['preferences', 'analytics', 'marketing']);
    const given = writes.find((cookie) => cookie.startsWith('ncc_c='))!;
    const enabled = writes.find((cookie) => cookie.startsWith('ncc_e='))!;
    expect(given.split('; ')[0]).toBe('ncc_c=1');
    // Written as the spec says, '|' itself (not %7C).
    expect(enabled.split('; ')[0]).toBe('ncc_e=necessary|preferences|analytics|marketing');
    for (const cookie of [given, enabled]) {
      expect(cookie).toContain('path=/');
      expect(cookie).toContain('max-age=31536000'); // 31536000000 ms
    }
    expect(readConsent()).toEqual({ status: 'given', enabled: ['necessary', 'preferences', 'analytics', 'marketing'] });
    expect(localStorage.getItem('analyticsConsent')).toBe('1');
  });

  it('decline all: ncc_c=0, only the necessary cookies, analyticsConsent 0', () => {
    const writes = spyCookieWrites();
    writeConsent([]);
    expect(writes.find((cookie) => cookie.startsWith('ncc_c='))!.split('; ')[0]).toBe('ncc_c=0');
    expect(readConsent()).toEqual({ status: 'refused', enabled: ['necessary'] });
    expect(localStorage.getItem('analyticsConsent')).toBe('0');
  });

  it('a choice without the analytics category gives analyticsConsent 0 and forgets the loaded scripts', () => {
    localStorage.setItem('tenantTrackingScriptsLoaded', '1');
    const consent = writeConsent(['preferences']);
    expect(consent.status).toBe('given');
    expect(allowsAnalytics(consent)).toBe(false);
    expect(localStorage.getItem('analyticsConsent')).toBe('0');
    expect(localStorage.getItem('tenantTrackingScriptsLoaded')).toBeNull();
  });

  it('local storage follows the cookies on load (the cookies are the record)', () => {
    document.cookie = 'ncc_c=1; path=/';
    document.cookie = `ncc_e=${encodeURIComponent('necessary|analytics')}; path=/`;
    consentStore.getState().reload();
    expect(allowsAnalytics(consentStore.getState().consent)).toBe(true);
    expect(localStorage.getItem('analyticsConsent')).toBe('1');
  });
});
