/** "Decline all" (or preferences off) forgets the theme cookie and the recent searches (issue 30). */
import { describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import { preferencesAllowed } from '@/lib/preferences-consent';
import { writeConsent } from '../consent-cookies';

describe('the preferences category', () => {
  it('before a decision the preferences are kept', () => {
    expect(preferencesAllowed()).toBe(true);
  });

  it('declining all forgets alternat_theme and recentSearch and refuses them from then on', () => {
    setCookie('alternat_theme', '1', { path: '/' });
    localStorage.setItem('recentSearch', JSON.stringify(['news']));
    writeConsent([]);
    expect(getCookie('alternat_theme')).toBeNull();
    expect(localStorage.getItem('recentSearch')).toBeNull();
    expect(preferencesAllowed()).toBe(false);
  });

  it('analytics without preferences forgets them too; with preferences they stay', () => {
    setCookie('alternat_theme', '1', { path: '/' });
    writeConsent(['preferences']);
    expect(getCookie('alternat_theme')).toBe('1');
    expect(preferencesAllowed()).toBe(true);
    writeConsent(['analytics']);
    expect(getCookie('alternat_theme')).toBeNull();
    expect(preferencesAllowed()).toBe(false);
  });
});
