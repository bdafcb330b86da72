/** The operator's tab titles (settings.seoTabNames, loginMetaData.title). */
import { describe, expect, it } from 'vitest';
import { operatorTabTitle } from '../page-title';

const configs = {
  defaultLocale: 'de',
  seoTabNames: { home: { en: 'Vela Stream', de: 'Vela Stream – Filme' }, subscription: 'Vela plans and prices' },
  loginMetaData: { title: { en: 'Sign in to Vela' } },
};

describe('operatorTabTitle', () => {
  it('is the page’s tab name in the page’s language, then the default language', () => {
    expect(operatorTabTitle(configs, 'home', 'en')).toBe('Vela Stream');
    expect(operatorTabTitle(configs, 'home', 'ar')).toBe('Vela Stream – Filme');
    expect(operatorTabTitle(configs, 'subscription', 'en')).toBe('Vela plans and prices');
    expect(operatorTabTitle(configs, 'musicList', 'en')).toBe('');
  });
  it('is the sign-in meta title on the sign-in pages without a tab name of their own', () => {
    expect(operatorTabTitle(configs, 'login', 'en')).toBe('Sign in to Vela');
    expect(operatorTabTitle(configs, 'loginEmail', 'en')).toBe('Sign in to Vela');
    expect(operatorTabTitle({ ...configs, seoTabNames: { login: 'Welcome back' } }, 'login', 'en')).toBe('Welcome back');
    expect(operatorTabTitle(configs, 'register', 'en')).toBe('');
    expect(operatorTabTitle({}, 'login', 'en')).toBe('');
  });
});
