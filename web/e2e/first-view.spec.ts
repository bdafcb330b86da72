/**
 * The server's first view and React's first render agree (issue 31): for every page type the server
 * draws (server/src/app/first_view.cpp: the home, a list, search, the details pages), at a phone's and a
 * wide screen's width, in English and Arabic, the switch from the drawn page to React's shifts nothing
 * (no layout-shift entry from the moment the app may run) and the drawn header, heading, first image and
 * a details page's artwork, header and backdrop keep their boxes (docs/decisions.md "First viewport from
 * the server"). Every page type at every width is held: none is skipped.
 *
 * The app's entry script is held back until the drawn page has been measured, so what is measured is
 * the server's HTML with the app's stylesheet, exactly what a visitor sees before the app runs.
 * FIRST_VIEW_SHOTS=1 keeps a screenshot of each, drawn and rendered, in the test's output folder.
 */
import type { Page } from '@playwright/test';
import { PAGES } from './page-types';
import { expect, networkQuiet, noor, testOnSharedPage as test, vela } from './support';

// The walks share nothing: they may run in different workers.
test.describe.configure({ mode: 'parallel' });

/** The details pages of page-types.ts, one per layout: square (track, album), round (artist), landscape with a backdrop (film, series), a game's, an episode's (podcast), a book's (audiobook). */
const DETAILS = ['track', 'album', 'artist', 'film', 'series', 'game', 'podcast', 'audiobook'];

/**
 * The page types first_view.cpp draws: the hero, a list, search results and the details pages, one of
 * each distinct details layout (docs/decisions.md "The first view and React").
 */
const DRAWN: readonly [name: string, path: string][] = [
  ['home', '/'],
  ['list', '/music/tracks'],
  ['search', '/search?q=neon'],
  ...PAGES.filter(([name]) => DETAILS.includes(name)),
];

/** A phone and a wide screen (the links row under the header, the details header in a row). */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

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
    return {
      header: box('header'),
      heading: box('main h1'),
      image: box('main img:not(.blur-2xl img)'),
      artwork: box('main img[alt]:not([alt=""])'),
      details: box('main article > header'),
      backdrop: box('main .blur-2xl'),
    };
  }, root);
}

/**
 * The images that paint painted: the eager ones and the lazy ones in view (a lazy one out of view never loads, so is
 * not waited for). Each is waited for until it has loaded or failed (ten seconds at most: a busy machine serves a
 * header's logo late, and a logo without its width yet moves the header's name), then until it is decoded.
 */
function imagesDecoded(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const painted = Array.from(document.images).filter((img) => {
      if (img.loading !== 'lazy') return true;
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
    });
    const settled = (img: HTMLImageElement) =>
      new Promise<void>((resolve) => {
        if (img.complete) return resolve();
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
        setTimeout(resolve, 10_000);
      });
    return Promise.all(painted.map((img) => settled(img).then(() => img.decode().catch(() => undefined))));
  });
}

/**
 * Records the layout shifts of every document the page opens from the moment the app may run (`__from`), with what
 * moved. Added once to a page the walks share: each new document starts its own count.
 */
const watched = new WeakSet<Page>();
async function watchShifts(page: Page): Promise<void> {
  if (watched.has(page)) return;
  watched.add(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __moved: string[]; __from: number };
    w.__shift = 0;
    w.__moved = [];
    w.__from = Infinity;
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        // From the moment the app may run: what the drawn page does alone before (a logo that arrives after
        // the first paint) is not React's render.
        if (entry.hadRecentInput || entry.startTime < w.__from) continue;
        w.__shift += entry.value;
        // What moved, for the failure's message.
        for (const source of entry.sources ?? []) {
          const node = source.node instanceof Element ? `${source.node.tagName.toLowerCase()}.${(source.node.getAttribute('class') ?? '').slice(0, 60)}` : String(source.node?.nodeName);
          w.__moved.push(`${node}: ${rect(source.previousRect)} -> ${rect(source.currentRect)}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * A score on the game's leaderboard, as a guest's round posts it (the walks before may have left others): the
 * leaderboard comes after the first render, and its scores must not move what was drawn.
 */
async function scoreOnTheLeaderboard(page: Page, articleId: number): Promise<void> {
  const headers = { 'X-Tenant-ID': 'aurora' };
  const played = await page.request.post('/backend/game/play-free', { headers, data: { articleId, distributionChannel: 'WEB', deviceId: '1' } });
  expect(played.status(), await played.text()).toBe(200);
  const { data } = (await played.json()) as { data: { session: string } };
  expect((await page.request.post('/backend/game/score', { headers, data: { session: data.session, score: 1200 } })).status()).toBe(200);
}

/** Holds the app back, measures the drawn page, lets React render, and expects nothing drawn to have moved. */
async function expectTheFirstRenderInPlace(page: Page, url: string): Promise<void> {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let asked: () => void = () => undefined;
  const entryAsked = new Promise<void>((resolve) => (asked = resolve));
  // The entry: the script the shell's loader adds (the chunks it preloads are only fetched).
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    asked();
    await gate;
    await route.continue();
  });

  // The shell asks for the entry after the first paint, which can come before the load event (a slow machine): the
  // load event then waits for the held entry, so whichever comes first (either way the stylesheet has applied).
  await page.goto(url, { waitUntil: 'commit' });
  await Promise.race([page.waitForLoadState('load'), entryAsked]);
  await expect(page.locator('[data-first-view]')).toHaveCount(1);
  await imagesDecoded(page);
  const drawn = await measure(page, '[data-first-view]');
  // FIRST_VIEW_SHOTS=1: the drawn page and React's, side by side in the test's output folder, to look at.
  if (process.env.FIRST_VIEW_SHOTS) await page.screenshot({ path: test.info().outputPath('1-drawn.png') });
  expect(drawn.header, 'the first view draws the header').not.toBeNull();

  await page.evaluate(() => ((window as unknown as { __from: number }).__from = performance.now()));
  open();
  await expect(page.locator('[data-first-view]')).toHaveCount(0, { timeout: 15_000 });
  await networkQuiet(page);
  await imagesDecoded(page);
  const rendered = await measure(page, '#root');
  if (process.env.FIRST_VIEW_SHOTS) await page.screenshot({ path: test.info().outputPath('2-react.png') });

  // A details header grows downwards (with its backdrop) as the app adds its action row's further lines: the row is
  // under everything drawn (under the artwork and the text on a wide screen), so its start and width stay; the rest
  // keep their whole box.
  const grows = new Set(['details', 'backdrop']);
  for (const part of ['header', 'heading', 'image', 'artwork', 'details', 'backdrop'] as const) {
    if (!drawn[part]) continue;
    expect(rendered[part], `React renders the ${part} the server drew`).not.toBeNull();
    const a = drawn[part];
    const b = rendered[part];
    if (!b) continue;
    for (const side of grows.has(part) ? (['x', 'y', 'width'] as const) : (['x', 'y', 'width', 'height'] as const))
      expect(Math.abs(a[side] - b[side]), `the ${part}'s ${side}: drawn ${JSON.stringify(a)}, rendered ${JSON.stringify(b)}`).toBeLessThanOrEqual(1);
  }
  const { shift, moved } = await page.evaluate(() => {
    const w = window as unknown as { __shift: number; __moved: string[] };
    return { shift: w.__shift, moved: w.__moved };
  });
  expect(shift, `cumulative layout shift from the drawn page to React; moved: ${moved.join('; ')}`).toBe(0);
}

for (const lang of ['en', 'ar'] as const) {
  for (const viewport of VIEWPORTS) {
    for (const [name, path] of DRAWN) {
      test(`${name} in ${lang} at ${viewport.width}: React's first render keeps the drawn page in place`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await watchShifts(page);
        if (name === 'game') await scoreOnTheLeaderboard(page, 4101);
        await expectTheFirstRenderInPlace(page, lang === 'en' ? path : `/${lang}${path === '/' ? '' : path}`);
      });
    }
  }
}

// The operator's settings the server draws too (docs/tenants.md "The other named settings"): vela's announcement above
// the header, noor's three cards in a row on a phone.
for (const [name, url] of [
  ['vela home with its announcement', `${vela}/de`],
  ['noor tracks, three in a row', `${noor}/ar/music/tracks`],
] as const) {
  test(`${name} at 390: React's first render keeps the drawn page in place`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await watchShifts(page);
    await expectTheFirstRenderInPlace(page, url);
  });
}
