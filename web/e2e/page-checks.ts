/**
 * The checks every page type goes through (issues 10 and 30), shared by the walks that run them: axe-core in the real
 * browser (a serious or critical violation fails; each is described with its rule, elements and axe's summary) and
 * no sideways scroll on a phone (a page wider than the viewport names its widest elements).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { evidence, expect, networkQuiet } from './support';

/** axe-core's browser bundle; evaluated in the page (not an inline script, which the CSP refuses). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const BLOCKING = new Set(['serious', 'critical']);

/** The phone widths no page may scroll sideways at, narrowest first. */
export const PHONE_WIDTHS = [320, 390] as const;

/** Waits until the page has settled: data loaded, finite animations (theme, dialogs, fades) done. */
export async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await expect(page.locator('main h1, [data-testid=error-page] h1').first()).toBeVisible();
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/** The serious and critical violations axe finds on the page as it is. */
export async function runAxe(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
}

/** "rule (impact): help" and, per element, its selector and what to fix. */
export function describeViolations(where: string, violations: readonly Result[]): string {
  return violations
    .map((violation) =>
      [
        `${where}: ${violation.id} (${violation.impact}): ${violation.help} ${violation.helpUrl}`,
        ...violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
      ].join('\n'),
    )
    .join('\n');
}

/** Runs axe on the open page once it has settled; what it finds goes to `found`, with a picture of the page. */
export async function axeFinds(page: Page, where: string, found: string[]): Promise<void> {
  await settle(page);
  const violations = await runAxe(page);
  if (violations.length > 0) {
    found.push(describeViolations(where, violations));
    await evidence(page, `axe-${where.replace(/[^a-z0-9-]+/gi, '-')}`, true);
  }
}

/** Loads `url` and runs axe on it (axeFinds). */
export async function checkPage(page: Page, url: string, where: string, found: string[]): Promise<void> {
  await page.goto(url);
  await axeFinds(page, where, found);
}

/** Fails with every axe finding printed. */
export function reportAxe(found: readonly string[]): void {
  if (found.length > 0) console.log(`axe found serious or critical violations:\n${found.join('\n')}`);
  expect(found, 'serious or critical axe violations (details above)').toEqual([]);
}

/** The document's width beyond the viewport, and the elements that stick out past either edge. */
async function overflow(page: Page): Promise<{ extra: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const extra = document.documentElement.scrollWidth - width;
    const culprits: string[] = [];
    if (extra > 0) {
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || (box.right <= width + 1 && box.left >= -1) || clipped(element)) continue;
        // Only the outermost element that sticks out: its children follow it.
        if (element.parentElement && culprits.some((c) => c === describe(element.parentElement as Element))) continue;
        culprits.push(describe(element));
        if (culprits.length >= 5) break;
      }
    }
    return { extra, culprits };
    // Inside a rail that scrolls or clips on its own, an element widens nothing.
    function clipped(element: Element): boolean {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    }
    function describe(element: Element): string {
      const box = element.getBoundingClientRect();
      const testId = element.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}.${(element.getAttribute('class') ?? '').split(' ').slice(0, 4).join('.')} (${Math.round(box.left)}–${Math.round(box.right)})`;
    }
  });
}

/** Turns the open page's viewport to `width` and waits for the resize's handlers and layout (two frames). */
export async function turnTo(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Loads `url` at the narrowest phone width, then turns the phone to each wider one (a page must fit after the turn as
 * after a load: what it lays out by script follows the viewport's resize, images by srcset load anew); a width at
 * which the page is wider than the viewport goes to `found` with its widest elements.
 */
export async function checkSideways(page: Page, url: string, found: string[]): Promise<void> {
  await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 800 });
  await page.goto(url);
  for (const width of PHONE_WIDTHS) {
    if (width !== PHONE_WIDTHS[0]) await turnTo(page, width, 800);
    // Whatever the load or the resize asked for has arrived.
    await networkQuiet(page);
    await expect(page.locator('main h1, [data-testid=error-page] h1').first()).toBeVisible();
    const { extra, culprits } = await overflow(page);
    if (extra > 0) found.push(`${url} at ${width}px: ${extra}px wider; ${culprits.join('; ')}`);
  }
}
