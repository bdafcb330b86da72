import { describe, expect, it } from 'vitest';
import { checkTagManagerId, loadTagManager, tagManagerIdOf, TagManagerIdError, TAG_MANAGER_SCRIPT_ID } from '../tag-manager';

describe('tag manager container id (commerce §5)', () => {
  it.each(['GTM-ABC123', 'GTM-7', 'GTM-K9X2QZ'])('accepts %s', (id) => {
    expect(checkTagManagerId(id)).toBe(id);
  });

  it.each(['GTM-', 'GTM-abc123', 'gtm-ABC123', 'GTM_ABC123', 'GTM-AB C', 'UA-1234-1', 'GTM-ABC"><script>', '', 42, null])(
    'raises an error for %j',
    (id) => {
      expect(() => checkTagManagerId(id)).toThrow(TagManagerIdError);
    },
  );

  it('reads the tenant setting: none configured is null, a malformed one is an error', () => {
    expect(tagManagerIdOf({})).toBeNull();
    expect(tagManagerIdOf({ tagManager: {} })).toBeNull();
    expect(tagManagerIdOf({ tagManager: { containerId: 'GTM-K9X2' } })).toBe('GTM-K9X2');
    expect(() => tagManagerIdOf({ tagManager: { containerId: 'GTM-k9x2' } })).toThrow(TagManagerIdError);
  });

  it('adds gtm.js once, with the page nonce, and records tenantTrackingScriptsLoaded', () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'n0nce');
    document.head.appendChild(meta);
    try {
      expect(loadTagManager('GTM-K9X2')).toBe(true);
      expect(loadTagManager('GTM-K9X2')).toBe(false);
      const scripts = document.querySelectorAll<HTMLScriptElement>(`#${TAG_MANAGER_SCRIPT_ID}`);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]!.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-K9X2');
      expect(scripts[0]!.nonce).toBe('n0nce');
      expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
      expect(localStorage.getItem('tenantTrackingScriptsLoaded')).toBe('1');
    } finally {
      document.getElementById(TAG_MANAGER_SCRIPT_ID)?.remove();
      meta.remove();
      delete window.dataLayer;
    }
  });
});
