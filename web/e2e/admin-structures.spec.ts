/**
 * Page structures from the console (issue 33 item 6): aurora's editor signs in, moves the music rail
 * below the video rail on the home structure with the keyboard's move buttons, previews it as a guest,
 * publishes it and sees the storefront's home page in the new order, then rolls back from the version
 * history and sees the old order again. The page passes axe (no serious or critical violation) and is
 * photographed on a desktop and a 390 px phone, in English and Arabic.
 *
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { aurora, expect, screenshot, test } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, Record<string, string>>;
const en = JSON.parse(readFileSync(new URL('../src/locales/en/admin.json', import.meta.url), 'utf8')) as Messages;
const ar = JSON.parse(readFileSync(new URL('../src/locales/ar/admin.json', import.meta.url), 'utf8')) as Messages;
const s = en.structures!;
const fill = (message: string, params: Record<string, string | number>) => message.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key]));

const consoleUrl = process.env.CONSOLE_URL ?? aurora;

/** Signs the editor in and opens Page structures from the navigation. */
async function signInAsEditor(page: Page): Promise<void> {
  await openConsolePage(page, { base: consoleUrl, email: 'editor@example.com', tenant: 'aurora', navigation: en.shell!.navigation!, link: en.nav!.structures!, heading: s.title! });
  await expect(page).toHaveURL(/\/admin\/structures$/);
}


const MUSIC = 'Trending music';
const VIDEO = 'Movies & series';

/** The storefront home page's section headings, in order (a fresh page each time). */
async function storefrontHeadings(page: Page): Promise<string[]> {
  const shop = await page.context().newPage();
  try {
    await shop.goto(`${aurora}/`);
    // The first nodes are drawn at once, the others a transition later: wait for both rails.
    for (const name of [MUSIC, VIDEO]) await expect(shop.getByRole('heading', { level: 2, name, exact: true })).toBeAttached();
    return (await shop.getByRole('heading', { level: 2 }).allTextContents()).map((t) => t.trim()).filter((t) => t === MUSIC || t === VIDEO);
  } finally {
    await shop.close();
  }
}

test('an editor reorders two rails on home, previews, publishes, sees the storefront change and rolls back', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await storefrontHeadings(page)).toEqual([MUSIC, VIDEO]);
  await signInAsEditor(page);
  await expect(page.getByLabel(s.pick!, { exact: true })).toHaveValue('home');
  const titles = page.getByTestId('structure-node-title');
  await expect(titles.filter({ hasText: MUSIC })).toBeVisible();
  const liveVersion = Number(/\d+/.exec(await page.getByText(/^Published: version \d+/).innerText())![0]);

  // Keyboard: focus the music rail's "move down" button and press it; the focus stays on the rail.
  const down = page.getByRole('button', { name: fill(s.moveDown!, { title: MUSIC }) });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: fill(s.moved!, { title: MUSIC, position: 4, total: 6 }) })).toBeAttached();
  await expect(page.getByRole('button', { name: fill(s.moveDown!, { title: MUSIC }) })).toBeFocused();
  const order = (await titles.allInnerTexts()).filter((t) => t === MUSIC || t === VIDEO);
  expect(order).toEqual([VIDEO, MUSIC]);

  // Preview as a guest: the evaluated rails in the new order; nothing is live yet.
  await page.getByRole('button', { name: s.previewRun }).click();
  const preview = page.getByTestId('structure-preview-title');
  await expect(preview.first()).toBeVisible();
  expect((await preview.allInnerTexts()).filter((t) => t === MUSIC || t === VIDEO)).toEqual([VIDEO, MUSIC]);
  await screenshot(page, 'admin-structures-en-desktop', true);
  expect(await blockingAxe(page, 'structures en')).toEqual([]);

  // Publish (saves the draft first): the storefront follows.
  await page.getByLabel(s.note!, { exact: true }).fill('e2e: video before music');
  await page.getByRole('button', { name: s.publish, exact: true }).click();
  await expect(page.getByText(/^Version \d+ is live\.$/)).toBeVisible();
  await expect.poll(() => storefrontHeadings(page), { timeout: 30_000 }).toEqual([VIDEO, MUSIC]);

  // Roll back from the history: the old order again.
  const rollBack = page.getByRole('button', { name: fill(s.rollBack!, { version: liveVersion }) });
  await rollBack.click();
  await expect(page.getByText(fill(s.rolledBack!, { version: liveVersion }))).toBeVisible();
  await expect.poll(() => storefrontHeadings(page), { timeout: 30_000 }).toEqual([MUSIC, VIDEO]);
  await expect(page.getByTestId('structure-version').filter({ hasText: 'e2e: video before music' })).toBeVisible();

  // The phone and Arabic (right to left).
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-structures-en-mobile', true);
  await page.getByLabel(en.shell!.language!, { exact: true }).selectOption('ar');
  await expect(page.getByRole('heading', { level: 1, name: ar.structures!.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await screenshot(page, 'admin-structures-ar-mobile', true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'admin-structures-ar-desktop', true);
  expect(await blockingAxe(page, 'structures ar')).toEqual([]);
  await page.getByLabel(ar.shell!.language!, { exact: true }).selectOption('en');
});
