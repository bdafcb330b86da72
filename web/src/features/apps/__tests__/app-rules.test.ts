import { describe, expect, it } from 'vitest';
import { validateField } from '@/lib/validation';
import { APP_RULES, hasInvisibleCharacters, isAppFormField, isAppId, isHttpsRedirect, returnUrl } from '../app-rules';
import { isAppScope } from '../types';

describe('app form rules', () => {
  it('accept only absolute https addresses with a host, no credentials and no fragment', () => {
    expect(isHttpsRedirect('https://acme.example/callback')).toBe(true);
    expect(isHttpsRedirect(' https://acme.example ')).toBe(true);
    expect(isHttpsRedirect('https://acme.example/cb?x=1')).toBe(true);
    for (const bad of ['http://acme.example/cb', 'acme.example', 'https://', 'https://u:p@acme.example/', 'https://acme.example/#x', 'javascript:alert(1)', ''])
      expect(isHttpsRedirect(bad), bad).toBe(false);
  });

  it('refuse what the server reads strictly: ports, dot segments, encoded separators and controls', () => {
    expect(isHttpsRedirect('https://acme.example:8443/v1.2/cb?state=a%20b')).toBe(true);
    for (const bad of [
      'https://probe.example:99999/',
      'https://evil.example/..%2f',
      'https://evil.example/%2e%2e/x',
      'https://evil.example/a/../b',
      'https://evil.example/./b',
      'https://evil.example/a%5cb',
      'https://evil.example/a%252fb',
      'https://evil.example/cb?x=%0d%0a',
    ])
      expect(isHttpsRedirect(bad), bad).toBe(false);
  });

  it('find invisible and formatting characters in a name', () => {
    for (const hidden of ['Step\u200bCounter', 'Step Counter\u200b', 'Step \u202eCounter', 'Step\u00adCounter', 'Step\u3164Counter', 'Step\tCounter'])
      expect(hasInvisibleCharacters(hidden), JSON.stringify(hidden)).toBe(true);
    for (const visible of ['Step Counter', 'Stеp Counter', 'عداد الخطوات', 'Ünïcode Név'])
      expect(hasInvisibleCharacters(visible), visible).toBe(false);
  });

  it('bound the texts like the server', () => {
    expect(validateField('ab', APP_RULES.name)?.key).toBe('validation.minLength');
    expect(validateField('x'.repeat(61), APP_RULES.name)?.key).toBe('validation.maxLength');
    expect(validateField('Pace Radio', APP_RULES.name)).toBeNull();
    expect(validateField('  ', APP_RULES.publisher)?.key).toBe('validation.required');
    expect(validateField('too short', APP_RULES.description)?.key).toBe('validation.minLength');
    expect(validateField('x'.repeat(501), APP_RULES.description)?.key).toBe('validation.maxLength');
  });

  it('know the server fields, ids and scopes', () => {
    expect(isAppFormField('redirectUri')).toBe(true);
    expect(isAppFormField('clientSecret')).toBe(false);
    expect(isAppFormField(null)).toBe(false);
    expect(isAppId('app_0123456789abcdef')).toBe(true);
    expect(isAppId('app_0123456789ABCDEF')).toBe(false);
    expect(isAppId('../mine')).toBe(false);
    expect(isAppId(undefined)).toBe(false);
    expect(isAppScope('favorites')).toBe(true);
    expect(isAppScope('wallet')).toBe(false);
  });
});

describe('the way back to the app', () => {
  it('keeps the redirect address and adds the decision and the app', () => {
    const url = new URL(returnUrl('https://acme.example/cb?state=x', 'app_0123456789abcdef', 'granted'));
    expect(url.origin + url.pathname).toBe('https://acme.example/cb');
    expect(url.searchParams.get('state')).toBe('x');
    expect(url.searchParams.get('consent')).toBe('granted');
    expect(url.searchParams.get('app')).toBe('app_0123456789abcdef');
  });
});
