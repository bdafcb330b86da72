import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, getI18n, initI18n, setMessagesLoader } from '../i18n';

let idle: (() => void)[] = [];

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
});
afterEach(() => vi.unstubAllGlobals());

describe('changeLanguage', () => {
  it('switches once the language bundle is in, and loads the fallback bundle in an idle period', async () => {
    await initI18n('fr', { nav: { home: 'Accueil' } });
    const loader = vi.fn((lang: string) => Promise.resolve(lang === 'ar' ? { nav: { home: 'الرئيسية' } } : { nav: { home: 'Home' } }));
    setMessagesLoader(loader);

    await changeLanguage('ar');
    expect(getI18n().language).toBe('ar');
    expect(loader.mock.calls.map(([lang]) => lang)).toEqual(['ar']);

    idle.forEach((callback) => callback());
    await vi.waitFor(() => expect(getI18n().hasResourceBundle('en', 'translation')).toBe(true));
    expect(loader.mock.calls.map(([lang]) => lang)).toEqual(['ar', 'en']);
  });
});
