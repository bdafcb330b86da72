/**
 * The server's first view and React's first render agree (issue 31): for every page type the server
 * draws (server/src/app/first_view.cpp), at a phone's and a wide screen's width, in English and
 * Arabic, the switch from the drawn page to React's shifts nothing (no layout-shift entry) and the
 * drawn header, heading and first image keep their boxes.
 *
 * The app's entry script is held back until the drawn page has been measured, so what is measured is
 * the server's HTML with the app's stylesheet, exactly what a visitor sees before the app runs.
 */
import type { Page } from '@playwright/test';
import { decideCookies, expect, test } from './support';

/**
 * The page types first_view.cpp draws that hold their place today: the hero, a list, search results,
 * on a phone. Not yet here (docs/decisions.md "The first view and React"): the details pages, whose
 * drawn header is shorter than React's (its backdrop and its bottom-aligned heading move), and a wide
 * screen, where a list's chips wrap onto a second row the drawn page does not reserve.
 */
const DRAWN: readonly [name: string, path: string][] = [
  ['home', '/'],
  ['list', '/music/tracks'],
  ['search', '/search?q=neon'],
];

const VIEWPORTS = [{ width: 390, height: 844 }] as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
type Boxes = Record<string, Box | null>;

/** The boxes of what both draw: the header, the first heading in main and the first image in main. */
function measure(page: Page, root: string): Promise<Boxes> {
  return page.evaluate((rootSelector) => {
    const scope = document.querySelector(rootSelector) ?? document;
    const box = (selector: string) => {
      const element = scope.querySelector(selector);
      if (!element) return null;
      const r = element.getBoundingClientRect();
      return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
    };
    return { header: box('header'), heading: box('main h1'), image: box('main img') };
  }, root);
}

/** The eager images painted (a lazy one out of view never loads: it is waited for a moment at most). */
function imagesDecoded(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(Array.from(document.images, (img) => Promise.race([img.decode().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000))]))),
  );
}

for (const lang of ['en', 'ar'] as const) {
  for (const viewport of VIEWPORTS) {
    for (const [name, path] of DRAWN) {
      test(`${name} in ${lang} at ${viewport.width}: React's first render keeps the drawn page in place`, async ({ page, context }) => {
        await decideCookies(context);
        await page.setViewportSize(viewport);
        await page.addInitScript(() => {
          const w = window as unknown as { __shift: number };
          w.__shift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!entry.hadRecentInput) w.__shift += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        let open: () => void = () => undefined;
        const gate = new Promise<void>((resolve) => (open = resolve));
        // The entry: the script the shell's loader adds (the chunks it preloads are only fetched).
        await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
          await gate;
          await route.continue();
        });

        const url = lang === 'en' ? path : `/${lang}${path === '/' ? '' : path}`;
        await page.goto(url, { waitUntil: 'load' });
        await expect(page.locator('[data-first-view]')).toHaveCount(1);
        await imagesDecoded(page);
        const drawn = await measure(page, '[data-first-view]');
        expect(drawn.header, 'the first view draws the header').not.toBeNull();

        open();
        await expect(page.locator('[data-first-view]')).toHaveCount(0, { timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        await imagesDecoded(page);
        const rendered = await measure(page, '#root');

        for (const part of ['header', 'heading', 'image'] as const) {
          if (!drawn[part]) continue;
          expect(rendered[part], `React renders the ${part} the server drew`).not.toBeNull();
          const a = drawn[part];
          const b = rendered[part];
          if (!b) continue;
          for (const side of ['x', 'y', 'width', 'height'] as const)
            expect(Math.abs(a[side] - b[side]), `the ${part}'s ${side}: drawn ${JSON.stringify(a)}, rendered ${JSON.stringify(b)}`).toBeLessThanOrEqual(1);
        }
        const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
        expect(shift, 'cumulative layout shift from the drawn page to React').toBe(0);
      });
    }
  }
}
