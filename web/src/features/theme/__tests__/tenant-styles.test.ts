import { afterEach, describe, expect, it } from 'vitest';
import { getNonce } from 'get-nonce';
import { shareNonce } from '@/lib/csp-nonce';
import { applyTenantColors } from '../tenant-styles';

describe('tenant styles under the page CSP', () => {
  afterEach(() => document.head.querySelectorAll('meta[property="csp-nonce"], #tenant-colors').forEach((element) => element.remove()));

  function pageNonce(value: string): void {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', value);
    document.head.appendChild(meta);
  }

  it('gives the colours it adds the page nonce, so the policy lets them apply', () => {
    pageNonce('n0nce');
    applyTenantColors(':root{--color-primary:#123456}');
    const style = document.getElementById('tenant-colors');
    expect(style?.getAttribute('nonce')).toBe('n0nce');
    expect(style?.textContent).toBe(':root{--color-primary:#123456}');
  });

  it('updates the server-rendered colours in place (their nonce stays)', () => {
    pageNonce('n0nce');
    const served = document.createElement('style');
    served.id = 'tenant-colors';
    served.setAttribute('nonce', 'n0nce');
    document.head.appendChild(served);
    applyTenantColors(':root{--color-primary:#abcdef}');
    expect(document.querySelectorAll('#tenant-colors')).toHaveLength(1);
    expect(served.textContent).toBe(':root{--color-primary:#abcdef}');
  });

  it('hands the nonce to the dialogs’ scroll-lock styles', () => {
    pageNonce('dialogs');
    shareNonce();
    expect(getNonce()).toBe('dialogs');
  });

  it('adds no nonce when the page has none (dev server, tests)', () => {
    applyTenantColors(':root{--color-primary:#123456}');
    expect(document.getElementById('tenant-colors')?.hasAttribute('nonce')).toBe(false);
  });
});
