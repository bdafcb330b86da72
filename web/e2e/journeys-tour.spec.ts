/**
 * The release tour (issue 47 "Done when"): the screens of the README's journeys in English (aurora), German (vela) and
 * Arabic (noor), on a desktop and a 390×844 phone, saved as pictures for a person to look at (test-results/tour/, or
 * $ARTIFACTS_DIR/tour/, and a contact sheet per tenant and screen size, sheet-<tenant>-<size>.png). The journeys' behaviour is held by their own
 * walks (commerce, players, video, vouchers, parental-control, tournaments, apps, identity, privacy,
 * operator-sign-in, vela-play); this tour only looks, so it runs on demand and not in `make test`:
 *   JOURNEY_TOUR=1 scripts/test-e2e journeys-tour.spec.ts
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { aurora, artifacts, decideCookies, expect, networkQuiet, noor, signInOnHostedPage, test, vela } from './support';

test.skip(process.env.JOURNEY_TOUR !== '1', 'the release tour runs on demand (JOURNEY_TOUR=1)');
test.describe.configure({ mode: 'parallel' });

const TENANTS = [
  { name: 'aurora', base: aurora, prefix: '' },
  { name: 'vela', base: vela, prefix: '/de' },
  { name: 'noor', base: noor, prefix: '/ar' },
] as const;

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** What a guest sees first, then the signed-in subscriber's screens of each journey. */
const GUEST = [
  ['plans', '/subscription'],
  ['track-guest', '/music/tracks/midnight-drive/20001'],
  ['voucher', '/vouchers/details/8001'],
] as const;
const SUBSCRIBER = [
  ['home', '/'],
  ['profile-privacy', '/profile'],
  ['profile-email', '/profile/info'],
  ['subscriptions', '/profile/manage'],
  ['track', '/music/tracks/midnight-drive/20001'],
  ['album', '/music/albums/nova-reyes/2001/neon-skyline/2102'],
  ['film', '/video/details/the-lighthouse-keeper/3102'],
  ['game', '/games/details/pixel-rally/4101'],
  ['purchases', '/myPurchases'],
  ['cart', '/myCart'],
  ['parental-control', '/parentalControl'],
  ['tournament', '/tournaments/details/8505'],
  ['app', '/apps/pd/photo-editor/9001'],
] as const;

async function look(page: Page, file: string): Promise<string> {
  await networkQuiet(page, { timeout: 8_000 });
  const path = `${artifacts}/tour/${file}.png`;
  await page.screenshot({ path });
  return path;
}

/** The pictures scaled down, five to a row, named: one image to look through (a page of its own, outside the portal). */
async function contactSheet(browser: Browser, pictures: string[], width: number, file: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cells = pictures
    .map((path) => `<figure><img src="data:image/png;base64,${readFileSync(path).toString('base64')}"><figcaption>${path.split('/').pop() ?? ''}</figcaption></figure>`)
    .join('');
  await page.setViewportSize({ width: width * 5 + 60, height: 600 });
  await page.setContent(
    `<style>body{margin:8px;display:grid;grid-template-columns:repeat(5,${width}px);gap:8px;font:12px sans-serif}figure{margin:0}img{width:100%;border:1px solid #999}</style>${cells}`,
  );
  await page.screenshot({ path: `${artifacts}/tour/${file}.png`, fullPage: true });
  await context.close();
}

for (const tenant of TENANTS) {
  for (const size of SIZES) {
    test(`${tenant.name} ${tenant.prefix || '/en'} on a ${size.name}: every journey's screens`, async ({ browser, context, page }) => {
      test.setTimeout(240_000);
      await decideCookies(context);
      await page.setViewportSize(size);
      const at = (path: string) => `${tenant.base}${tenant.prefix}${path === '/' && tenant.prefix ? '' : path}`;
      const pictures: string[] = [];
      const shot = async (name: string) => {
        pictures.push(await look(page, `${tenant.name}-${size.name}-${String(pictures.length + 1).padStart(2, '0')}-${name}`));
      };
      for (const [name, path] of GUEST) {
        await page.goto(at(path));
        await shot(name);
      }
      await page.goto(at('/profile'));
      await page.waitForURL(/\/backend\/login\//);
      await shot('sign-in');
      await signInOnHostedPage(page);
      await page.waitForURL((url) => url.pathname.endsWith('/profile') && !url.searchParams.has('code'));
      for (const [name, path] of SUBSCRIBER) {
        await page.goto(at(path));
        await expect(page.locator('[data-first-view]')).toHaveCount(0);
        await shot(name);
      }
      // A film on its stream page (HLS), played a moment where the plan includes it; else the page says why.
      await page.goto(at('/video/stream/paper-moons/3104'));
      const player = page.getByTestId('video-player');
      if (await player.isVisible()) {
        await player.focus();
        await page.keyboard.press('k');
        await expect
          .poll(() => player.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 })
          .toBeGreaterThan(1)
          .catch(() => undefined);
      }
      await shot('film-playing');
      await contactSheet(browser, pictures, size.name === 'phone' ? 240 : 400, `sheet-${tenant.name}-${size.name}`);
    });
  }
}
