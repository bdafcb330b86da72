/**
 * The console on a phone (issue 33): the demo platform administrator opens every page of the
 * navigation at 390×844 in English and in Arabic (switched with the console's language select). No page
 * is wider than the screen — wide tables scroll inside their own region, which the keyboard can reach
 * (axe's scrollable-region-focusable) — and each page is photographed. A page wider than the viewport
 * names the elements that stick out.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { PAGES } from '../src/admin/lib/roles';
import { aurora, expect, networkQuiet, screenshot, test } from './support';
import { navLink, openConsolePage } from './console-walk';

type Messages = Record<string, Record<string, string>>;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const bundles = {
  en: JSON.parse(readFileSync(new URL('../src/locales/en/admin.json', import.meta.url), 'utf8')) as Messages,
  ar: JSON.parse(readFileSync(new URL('../src/locales/ar/admin.json', import.meta.url), 'utf8')) as Messages,
};
const en = bundles.en;
const consoleUrl = process.env.CONSOLE_URL ?? aurora;

/** The document's width beyond the viewport, and the outermost elements that stick out past either edge. */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    // Those outside any region that scrolls on its own; else (something absolutely placed escapes its region) any.
    for (const ignoreClipping of [false, true]) {
      if (scrollWidth <= width || culprits.length > 0) break;
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || (box.right <= width + 1 && box.left >= -1) || (!ignoreClipping && clipped(element))) continue;
        if (element.parentElement && culprits.includes(describe(element.parentElement))) continue;
        culprits.push(describe(element));
        if (culprits.length >= 5) break;
      }
    }
    return { scrollWidth, innerWidth: width, culprits };
    // Inside a region that scrolls or clips on its own, an element widens nothing.
    function clipped(element: Element): boolean {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    }
    function describe(element: Element): string {
      const box = element.getBoundingClientRect();
      return `${element.tagName.toLowerCase()}.${(element.getAttribute('class') ?? '').split(' ').slice(0, 4).join('.')} (${Math.round(box.left)}–${Math.round(box.right)})`;
    }
  });
}

/** Regions that scroll but that the keyboard cannot reach (axe: scrollable-region-focusable). */
async function unreachableRegions(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } }).axe.run(document, {
      runOnly: { type: 'rule', values: ['scrollable-region-focusable'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations.map((v: Result) => `${where}: ${v.id} ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('every console page fits a 390 px phone in English and Arabic', async ({ page }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openConsolePage(page, { base: consoleUrl, email: 'admin@example.com', tenant: '(platform)', navigation: en.shell!.navigation!, link: en.nav!.settings!, heading: en.settings!.title! });
  const found: string[] = [];
  for (const lang of ['en', 'ar'] as const) {
    const messages = bundles[lang];
    // The select is labelled in the language shown: English until the switch to Arabic.
    await page.getByLabel(en.shell!.language!, { exact: true }).selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const nav = page.getByRole('navigation', { name: messages.shell!.navigation! });
    for (const name of PAGES) {
      await (await navLink(nav, messages.nav![name]!)).click();
      await expect(page.getByRole('heading', { level: 1, name: messages[name]!.title! })).toBeVisible();
      await networkQuiet(page);
      // The audit log's details (a wide JSON block) are part of the page a phone shows.
      const expand = page.locator('tbody button[aria-expanded=false]');
      if (name === 'audit' && (await expand.count()) > 0) await expand.first().click();
      const { scrollWidth, innerWidth, culprits } = await overflow(page);
      if (scrollWidth > innerWidth) found.push(`${name} ${lang}: ${scrollWidth}px wide at ${innerWidth}px; ${culprits.join('; ')}`);
      found.push(...(await unreachableRegions(page, `${name} ${lang}`)));
      await screenshot(page, `console-mobile-${name}-${lang}`, true);
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});
