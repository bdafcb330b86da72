import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { forgotPasswordUrl, hostedLoginUrl, hostedRegisterUrl, loginReturnUrl, removeCodeParam, safeReturnPath, urlWithoutCode } from '../login-urls';

beforeEach(() => {
  configureApiClient({ baseUrl: 'https://portal.test/backend/', tenantName: 'noor' });
});

describe('login URLs (spec §7, commerce §2)', () => {
  it('builds the hosted pages with lang and the encoded absolute return URL', () => {
    expect(hostedLoginUrl('ar', 'https://noor.test/ar/profile')).toBe('https://portal.test/backend/login/noor?lang=ar&redirectUrl=https%3A%2F%2Fnoor.test%2Far%2Fprofile');
    expect(hostedRegisterUrl('fr', 'https://noor.test/fr')).toBe('https://portal.test/backend/register/noor?lang=fr&redirectUrl=https%3A%2F%2Fnoor.test%2Ffr');
    // The sign-in by the operator's network (issue 75 item 4): the server picks the operator or the demo's page.
    expect(hostedLoginUrl('en', 'https://noor.test/', 'operator')).toBe('https://portal.test/backend/login/noor/network?lang=en&redirectUrl=https%3A%2F%2Fnoor.test%2F');
    expect(forgotPasswordUrl('de', 'https://noor.test/de')).toBe('https://portal.test/backend/password/forgot/noor?lang=de&redirectUrl=https%3A%2F%2Fnoor.test%2Fde');
  });

  it('appends articleId, purchaseType, typeID and subTypeId to the return URL when present', () => {
    expect(loginReturnUrl('/music/tracks/1', { articleId: 12, purchaseType: 'TRACK', typeID: undefined, subTypeId: '' }, 'https://noor.test')).toBe(
      'https://noor.test/music/tracks/1?articleId=12&purchaseType=TRACK',
    );
    expect(loginReturnUrl('/games?x=1', { typeID: 3, subTypeId: 4 }, 'https://noor.test')).toBe('https://noor.test/games?x=1&typeID=3&subTypeId=4');
    // Already in the page's query: kept once, in place; code and fragment never travel.
    expect(loginReturnUrl('/p?articleId=5&code=zz#top', { articleId: 6 }, 'https://noor.test')).toBe('https://noor.test/p?articleId=5');
  });

  it('removes only the code parameter, keeping the others as written', () => {
    expect(removeCodeParam('?code=1')).toBe('');
    expect(removeCodeParam('?a=%20b&code=1&c=d+e')).toBe('?a=%20b&c=d+e');
    expect(urlWithoutCode(new URL('https://noor.test/ar/profile?code=9&articleId=5#x'))).toBe('https://noor.test/ar/profile?articleId=5');
  });

  it('follows ?redirect= only to a path on this site', () => {
    expect(safeReturnPath('/profile?x=1')).toBe('/profile?x=1');
    for (const value of ['//evil.test', 'https://evil.test', '/\\evil.test', '', null]) expect(safeReturnPath(value)).toBeNull();
  });
});
