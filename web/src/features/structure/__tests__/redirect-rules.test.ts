import { describe, expect, it } from 'vitest';
import { findRedirectRule, isExternalTarget } from '../redirect-rules';

const configs = {
  redirects: [
    { from: '/old-music', to: '/music' },
    { from: '/help', to: 'https://help.example/faq', permanent: true },
    { from: 7, to: '/broken' },
  ],
};

describe('redirect rules', () => {
  it('finds the rule of a path, with or without a trailing slash', () => {
    expect(findRedirectRule(configs, '/old-music')?.to).toBe('/music');
    expect(findRedirectRule(configs, '/old-music/')?.to).toBe('/music');
    expect(findRedirectRule(configs, '/help')?.permanent).toBe(true);
  });

  it('answers null for other paths, malformed rules and tenants without rules', () => {
    expect(findRedirectRule(configs, '/music')).toBeNull();
    expect(findRedirectRule(configs, '/old')).toBeNull();
    expect(findRedirectRule({}, '/old-music')).toBeNull();
    expect(findRedirectRule({ redirects: 'x' }, '/old-music')).toBeNull();
  });

  it('tells an address elsewhere from a storefront path', () => {
    expect(isExternalTarget('https://help.example/faq')).toBe(true);
    expect(isExternalTarget('//help.example')).toBe(true);
    expect(isExternalTarget('/music')).toBe(false);
  });
});
