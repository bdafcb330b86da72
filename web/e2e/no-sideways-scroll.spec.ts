/**
 * No page scrolls sideways on a phone (issue 30): every page type, and the signed-in pages, at 320 and
 * 390 pixels in English, German and Arabic. A page wider than the viewport names its widest elements.
 */
import type { Page } from '@playwright/test';
import { PAGES } from './page-types';
import { aurora, decideCookies, expect, networkQuiet, noor, signInOnHostedPage, test, vela } from './support';

// The walks share nothing: they may run in different workers.
test.describe.configure({ mode: 'parallel' });

const WIDTHS = [320, 390] as const;
const SIGNED_IN = ['/profile', '/profile/manage', '/myPurchases', '/favorites', '/history', '/notifications', '/reward', '/parentalControl'];

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

/**
 * The page loaded once at the narrowest width, then the phone turned to each wider one (a page must fit after the
 * turn as after a load: what it lays out by script follows the viewport's resize, images by srcset load anew).
 */
async function check(page: Page, url: string, found: string[]): Promise<void> {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await page.goto(url);
  for (const width of WIDTHS) {
    if (width !== WIDTHS[0]) {
      await page.setViewportSize({ width, height: 800 });
      // The resize's handlers run and its layout is drawn (two frames), then whatever it asked for arrives.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    await networkQuiet(page);
    await expect(page.locator('main h1, [data-testid=error-page] h1').first()).toBeVisible();
    const { extra, culprits } = await overflow(page);
    if (extra > 0) found.push(`${url} at ${width}px: ${extra}px wider; ${culprits.join('; ')}`);
  }
}

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

for (const [name, base, prefix] of [
  ['English', aurora, ''],
  ['German', vela, '/de'],
  ['Arabic', noor, '/ar'],
] as const) {
  test(`no page type scrolls sideways at 320 and 390 pixels, ${name}`, async ({ page }) => {
    test.setTimeout(360_000);
    const found: string[] = [];
    for (const [, path] of PAGES) await check(page, `${base}${prefix}${path}`, found);
    expect(found, found.join('\n')).toEqual([]);
  });

  test(`no signed-in page scrolls sideways at 320 and 390 pixels, ${name}`, async ({ page }) => {
    test.setTimeout(360_000);
    await page.goto(`${base}${prefix}/profile`);
    await page.waitForURL(/\/backend\/login\//);
    await signInOnHostedPage(page, 'subscriber@example.com');
    await page.waitForURL(`${base}${prefix}/profile`);
    const found: string[] = [];
    for (const path of SIGNED_IN) await check(page, `${base}${prefix}${path}`, found);
    expect(found, found.join('\n')).toEqual([]);
  });
}
