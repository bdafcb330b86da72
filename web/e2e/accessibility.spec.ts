/**
 * The axe walk (issue 10): one page of each type, in English (aurora, light theme) and Arabic (noor,
 * dark theme), plus the German partner tenant's own stylesheet (vela), each checked with axe-core in
 * the real browser. A serious or critical violation fails the test; every one found is printed with
 * its rule, the elements and axe's summary. The profile is checked signed in.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { PAGES } from './page-types';
import { aurora, decideCookies, evidence, expect, networkQuiet, noor, signInOnHostedPage, test, vela } from './support';

// The walks share nothing: they may run in different workers.
test.describe.configure({ mode: 'parallel' });

/** axe-core's browser bundle; evaluated in the page (not an inline script, which the CSP refuses). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');


const BLOCKING = new Set(['serious', 'critical']);

/** Waits until the page has settled: data loaded, finite animations (theme, dialogs, fades) done. */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await expect(page.locator('main h1, [data-testid=error-page] h1').first()).toBeVisible();
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

async function runAxe(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
}

/** "rule (impact): help" and, per element, its selector and what to fix. */
function describeViolations(where: string, violations: readonly Result[]): string {
  return violations
    .map((violation) =>
      [
        `${where}: ${violation.id} (${violation.impact}): ${violation.help} ${violation.helpUrl}`,
        ...violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
      ].join('\n'),
    )
    .join('\n');
}

async function checkPage(page: Page, url: string, where: string, found: string[]): Promise<void> {
  await page.goto(url);
  await settle(page);
  const violations = await runAxe(page);
  if (violations.length > 0) {
    found.push(describeViolations(where, violations));
    await evidence(page, `axe-${where.replace(/[^a-z0-9-]+/gi, '-')}`, true);
  }
}

function report(found: readonly string[]): void {
  if (found.length > 0) console.log(`axe found serious or critical violations:\n${found.join('\n')}`);
  expect(found, 'serious or critical axe violations (details above)').toEqual([]);
}

test.beforeEach(async ({ context, page }) => {
  await decideCookies(context);
  await page.setViewportSize({ width: 1280, height: 900 });
});

/** The pages whose colours differ most, for the tenants' other theme. */
const SAMPLE = PAGES.filter(([name]) => ['home', 'track', 'game', 'search', 'subscription', 'not-found'].includes(name));

const WALKS = [
  { name: 'English, light (aurora)', base: aurora, prefix: '', pages: PAGES, alternate: false, theme: 'light' },
  { name: 'Arabic, dark (noor)', base: noor, prefix: '/ar', pages: PAGES, alternate: false, theme: 'dark' },
  { name: 'German partner stylesheet, light (vela)', base: vela, prefix: '/de', pages: SAMPLE, alternate: false, theme: 'light' },
  { name: 'English, the other theme: dark (aurora)', base: aurora, prefix: '', pages: SAMPLE, alternate: true, theme: 'dark' },
  { name: 'Arabic, the other theme: light (noor)', base: noor, prefix: '/ar', pages: SAMPLE, alternate: true, theme: 'light' },
  { name: 'German, the other theme: dark (vela)', base: vela, prefix: '/de', pages: SAMPLE, alternate: true, theme: 'dark' },
] as const;

for (const walk of WALKS) {
  test(`axe: no serious or critical violation on any page type, ${walk.name}`, async ({ context, page }) => {
    test.setTimeout(240_000);
    // The theme toggle's cookie (1: the tenant's alternate theme).
    if (walk.alternate) await context.addCookies([{ name: 'alternat_theme', value: '1', url: walk.base }]);
    const found: string[] = [];
    const where = `${walk.prefix || '/en'}${walk.alternate ? ' (other theme)' : ''}`;
    for (const [name, path] of walk.pages) {
      await checkPage(page, `${walk.base}${walk.prefix}${path}`, `${where} ${name}`, found);
      await expect(page.locator('html')).toHaveAttribute('data-theme', walk.theme);
    }
    report(found);
  });
}

test('axe: the music mini player open, English and Arabic, desktop and phone', async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const [base, prefix] of [
    [aurora, ''],
    [noor, '/ar'],
  ] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}${prefix}/music/tracks/midnight-drive/20001`);
      await settle(page);
      await page.locator('main button[aria-pressed=false]').first().click();
      await expect(page.getByTestId('mini-player')).toBeVisible();
      const violations = await runAxe(page);
      if (violations.length > 0) found.push(describeViolations(`${prefix || '/en'} mini player ${width}`, violations));
    }
  }
  report(found);
});

test('axe: the signed-in profile, English and Arabic, desktop and phone', async ({ page }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  for (const [base, prefix] of [
    [aurora, ''],
    [noor, '/ar'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}${prefix}/profile`);
    await page.waitForURL(/\/backend\/login\//);
    await signInOnHostedPage(page, 'guest@example.com');
    await page.waitForURL(`${base}${prefix}/profile`);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await checkPage(page, `${base}${prefix}/profile`, `${prefix || '/en'} profile ${width}`, found);
      await checkPage(page, `${base}${prefix}/myPurchases`, `${prefix || '/en'} my purchases ${width}`, found);
    }
  }
  report(found);
});
