import { describe, expect, it } from 'vitest';
import { storefrontLayoutOf } from '../layouts/storefront-layout-name';

describe('the storefront layout of the settings (docs/tenants.md desktopSettings)', () => {
  it('reads desktopSettings.layout first', () => {
    expect(storefrontLayoutOf({ desktopSettings: { layout: 'sidebar' } })).toBe('sidebar');
    expect(storefrontLayoutOf({ desktopSettings: { layout: 'bar' }, storefront: { layout: 'sidebar' } })).toBe('bar');
  });

  it('still reads the older storefront.layout when desktopSettings names none', () => {
    expect(storefrontLayoutOf({ storefront: { layout: 'sidebar' } })).toBe('sidebar');
    expect(storefrontLayoutOf({ desktopSettings: {}, storefront: { layout: 'sidebar' } })).toBe('sidebar');
  });

  it('is the bar otherwise', () => {
    expect(storefrontLayoutOf({})).toBe('bar');
    expect(storefrontLayoutOf({ desktopSettings: { layout: 'column' } })).toBe('bar');
    expect(storefrontLayoutOf({ desktopSettings: null })).toBe('bar');
  });
});
