/**
 * Every page type (page-types.ts) in each demo tenant's language and theme, one walk per page: it fits a phone (no
 * sideways scroll at 320 and 390 pixels, issue 30), then, turned to a desktop's 1280, axe finds no serious or critical
 * violation (issue 10). English on aurora (light), Arabic on noor (dark), German on vela (the partner's own
 * stylesheet: axe on the pages whose colours differ most), and those pages again in each tenant's other theme.
 * The walks only look, as a guest: they share one page per worker (testOnSharedPage). The signed-in pages:
 * accessibility.spec.ts (axe) and no-sideways-scroll.spec.ts.
 */
import { PAGES } from './page-types';
import { axeFinds, checkPage, checkSideways, reportAxe, turnTo } from './page-checks';
import { aurora, expect, noor, testOnSharedPage as test, vela } from './support';

// The walks share nothing but the page: they may run in different workers.
test.describe.configure({ mode: 'parallel' });

/** The pages whose colours differ most, for vela's stylesheet and the tenants' other theme. */
const SAMPLE = new Set(['home', 'track', 'game', 'search', 'subscription', 'not-found']);

const TENANTS = [
  { language: 'English', base: aurora, prefix: '', theme: 'light', other: 'dark', axeOn: () => true },
  { language: 'Arabic', base: noor, prefix: '/ar', theme: 'dark', other: 'light', axeOn: () => true },
  { language: 'German', base: vela, prefix: '/de', theme: 'light', other: 'dark', axeOn: (name: string) => SAMPLE.has(name) },
] as const;

for (const tenant of TENANTS) {
  for (const [name, path] of PAGES) {
    const axe = tenant.axeOn(name);
    test(`${name} in ${tenant.language}: no sideways scroll at 320 and 390 pixels${axe ? `; axe at 1280 (${tenant.theme}) finds nothing serious` : ''}`, async ({ page }) => {
      const url = `${tenant.base}${tenant.prefix}${path}`;
      const sideways: string[] = [];
      await checkSideways(page, url, sideways);
      expect.soft(sideways, sideways.join('\n')).toEqual([]);
      if (!axe) return;
      await turnTo(page, 1280, 900);
      const found: string[] = [];
      await axeFinds(page, `${tenant.prefix || '/en'} ${name}`, found);
      await expect(page.locator('html')).toHaveAttribute('data-theme', tenant.theme);
      reportAxe(found);
    });
  }
}

for (const tenant of TENANTS) {
  for (const [name, path] of PAGES.filter(([page]) => SAMPLE.has(page))) {
    test(`${name} in ${tenant.language}, the other theme (${tenant.other}): axe finds nothing serious`, async ({ context, page }) => {
      // The theme toggle's cookie (1: the tenant's alternate theme).
      await context.addCookies([{ name: 'alternat_theme', value: '1', url: tenant.base }]);
      await page.setViewportSize({ width: 1280, height: 900 });
      const found: string[] = [];
      await checkPage(page, `${tenant.base}${tenant.prefix}${path}`, `${tenant.prefix || '/en'} (other theme) ${name}`, found);
      await expect(page.locator('html')).toHaveAttribute('data-theme', tenant.other);
      reportAxe(found);
    });
  }
}
