/**
 * The global settings' named entries the storefront draws (docs/tenants.md "The other named settings"), on the demo
 * tenants as a visitor meets them: vela's announcement above the header (English and Arabic, closed for good), its
 * "Help" link after the header structure's entries (the header on a desktop, the menu on a phone) and its sidebar
 * layout (desktopSettings.layout); noor's three cards per row on a phone; and vela's welcome popup, switched on by its
 * owner through the console's settings API as an operator would, seen once by a new visitor after the cookie banner.
 * The ads (googleAds) are Vitest's alone: no demo tenant has them, and no walk reaches Google.
 */
import type { Page } from '@playwright/test';
import { signInOnConsole } from './console-walk';
import { bundle, decideCookies, expect, networkQuiet, noor, screenshot, test, text, vela } from './support';

const en = bundle('en');
const ar = bundle('ar');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const ANNOUNCEMENT = { en: 'New this week: Starfall season two.', ar: 'جديد هذا الأسبوع: الموسم الثاني من ستارفول.' };
const HELP = { en: 'Help', ar: 'المساعدة' };

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('vela: the announcement sits above the header in English and Arabic, and stays closed once closed', async ({ page, context }) => {
  await decideCookies(context);
  for (const lang of ['en', 'ar'] as const) {
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${vela}/${lang}`);
      const link = page.getByRole('link', { name: ANNOUNCEMENT[lang], exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', `/${lang}/video`);
      const notice = (await link.boundingBox())!;
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(notice.y + notice.height).toBeLessThanOrEqual(header.y + 1);
      await noSidewaysScroll(page);
      await networkQuiet(page);
      await screenshot(page, `global-settings-b-announcement-${lang}-${device}`);
    }
  }

  // Closed in English (on the phone), it stays away after a reload.
  await page.goto(`${vela}/en`);
  await page.getByRole('button', { name: text(en, 'announcement.close') }).click();
  await expect(page.getByText(ANNOUNCEMENT.en)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await networkQuiet(page);
  await expect(page.getByText(ANNOUNCEMENT.en)).toHaveCount(0);
});

test('vela: "Help" follows the header entries on a desktop and in the phone menu; the sidebar layout stays', async ({ page, context }) => {
  await decideCookies(context);
  await page.setViewportSize(DESKTOP);
  for (const lang of ['en', 'ar'] as const) {
    const messages = lang === 'en' ? en : ar;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${vela}/${lang}`);
    const nav = page.getByRole('banner').getByRole('navigation', { name: text(messages, 'site.mainNavigation') });
    const help = nav.getByRole('link', { name: HELP[lang], exact: true });
    await expect(help).toBeVisible();
    await expect(help).toHaveAttribute('href', `/${lang}/impressum`);
    // The operator's entry comes after the structure's own.
    await expect(nav.getByRole('link').last()).toHaveText(HELP[lang]);

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: text(messages, 'site.menu'), exact: true }).click();
    const sheet = page.getByRole('dialog', { name: text(messages, 'site.menu') });
    await expect(sheet.getByRole('link', { name: HELP[lang], exact: true })).toBeVisible();
    await screenshot(page, `global-settings-b-menu-${lang}-phone`);
    await sheet.getByRole('link', { name: HELP[lang], exact: true }).click();
    await expect(page).toHaveURL(`${vela}/${lang}/impressum`);
  }

  // desktopSettings.layout "sidebar" (it replaced storefront.layout in vela's file).
  await page.setViewportSize(DESKTOP);
  await page.goto(`${vela}/en/apps/faq`);
  await expect(page.locator('[data-storefront-layout]')).toHaveAttribute('data-storefront-layout', 'sidebar');
  await screenshot(page, 'global-settings-b-sidebar-en-desktop');
  // Beside the side column an app's title keeps its word whole: "Fotoeditor" on one line, not "Fotoedito" and "r".
  await page.goto(`${vela}/de/apps/pd/photo-editor/9001`);
  const title = page.getByRole('heading', { level: 1, name: 'Fotoeditor' });
  await expect(title).toBeVisible();
  const lines = await title.evaluate((h1) => h1.getBoundingClientRect().height / parseFloat(getComputedStyle(h1).lineHeight));
  expect(lines, 'the title wraps inside its word').toBeLessThan(1.5);
});

test('noor: a phone shows three cards side by side in a catalog grid and a row', async ({ page, context }) => {
  await decideCookies(context);
  await page.setViewportSize(PHONE);
  await page.goto(`${noor}/ar/music/tracks`);
  // React's grid, not the server's first view (which draws the phone's default columns).
  await networkQuiet(page);
  const cards = page.locator('main ul.grid').first().locator(':scope > li');
  await expect(cards.nth(3)).toBeVisible();
  const boxes = await Promise.all([0, 1, 2, 3].map(async (index) => (await cards.nth(index).boundingBox())!));
  const [first, second, third, fourth] = [boxes[0]!, boxes[1]!, boxes[2]!, boxes[3]!];
  // One row of three (right to left in Arabic), the fourth below.
  for (const card of [second, third]) {
    expect(Math.abs(card.y - first.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(card.width - first.width)).toBeLessThanOrEqual(1);
  }
  expect(first.x).toBeGreaterThan(second.x);
  expect(second.x).toBeGreaterThan(third.x);
  expect(fourth.y).toBeGreaterThan(first.y + first.height - 1);
  expect(first.width * 3).toBeLessThanOrEqual(PHONE.width);
  await noSidewaysScroll(page);
  await screenshot(page, 'global-settings-b-cards-ar-phone');

  // A row of the home page: three cards fill the row's width.
  await page.goto(`${noor}/ar`);
  await networkQuiet(page);
  const row = page.locator('main ul.snap-x').first();
  const rowBox = (await row.boundingBox())!;
  const rowCards = await Promise.all([0, 1, 2].map(async (index) => (await row.locator(':scope > li').nth(index).boundingBox())!));
  for (const card of rowCards) {
    expect(Math.abs(card.width - rowCards[0]!.width)).toBeLessThanOrEqual(1);
    expect(card.x).toBeGreaterThanOrEqual(rowBox.x - 1);
    expect(card.x + card.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 1);
  }
  expect(rowCards[0]!.width * 3).toBeGreaterThan(PHONE.width - 80);
  await screenshot(page, 'global-settings-b-row-ar-phone');
});

/**
 * vela's owner sets popups.welcome.enabled through GET then PUT /backend/admin/settings, from the console's page (its
 * staff session; Node does not resolve vela.localhost, the browser does).
 */
async function switchWelcome(page: Page, enabled: boolean): Promise<void> {
  const saved = await page.evaluate(async (on) => {
    const headers = { 'X-Tenant-ID': 'vela', 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
    const read = await fetch('/backend/admin/settings', { headers });
    const { data } = (await read.json()) as { data: { settings: { popups: { welcome: { enabled: boolean } } } } };
    data.settings.popups.welcome.enabled = on;
    const put = await fetch('/backend/admin/settings', { method: 'PUT', headers, body: JSON.stringify(data) });
    return `${put.status} ${put.ok ? '' : await put.text()}`;
  }, enabled);
  expect(saved).toBe('200 ');
  // Every instance serves a change within two seconds (docs/operations.md "Live configuration").
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const html = await (await fetch('/en/impressum')).text();
        const payload = /<script[^>]*id="__PORTAL_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
        return (JSON.parse(payload) as { globalSettings?: { popups?: { welcome?: { enabled?: boolean } } } }).globalSettings?.popups?.welcome?.enabled;
      }),
    )
    .toBe(enabled);
}

test('vela: switched on in the console, the welcome popup greets a new visitor once, after the cookie banner', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto(`${vela}/admin/settings`);
  await expect(page).toHaveURL(/\/admin\/login\?lang=en/);
  // Vela sells: the console opens on its home dashboard; Settings is one click away.
  await signInOnConsole(page, 'owner@example.com', 'vela', page.getByRole('heading', { level: 1, name: 'Home' }));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await switchWelcome(page, true);
  try {
    for (const [lang, viewport, device] of [
      ['en', DESKTOP, 'desktop'],
      ['ar', PHONE, 'phone'],
    ] as const) {
      const messages = lang === 'en' ? en : ar;
      const visitor = await browser.newContext({ viewport, serviceWorkers: 'block' });
      const shop = await visitor.newPage();
      await shop.goto(`${vela}/${lang}`);
      const banner = shop.getByTestId('consent-banner');
      await expect(banner).toBeVisible();
      const title = lang === 'en' ? 'Welcome to Vela' : 'مرحبًا بك في فيلا';
      const welcome = shop.getByRole('dialog', { name: title });
      await expect(welcome).toHaveCount(0);
      await banner.getByRole('button', { name: text(messages, 'consent.declineAll') }).click();
      await expect(welcome).toBeVisible();
      await expect(welcome.getByRole('link', { name: lang === 'en' ? 'See the plans' : 'اطّلع على الخطط' })).toHaveAttribute('href', `/${lang}/subscription`);
      await screenshot(shop, `global-settings-b-welcome-${lang}-${device}`);
      await welcome.getByRole('button', { name: text(messages, 'dialogs.close') }).click();
      await expect(welcome).toHaveCount(0);
      await shop.reload();
      await expect(shop.getByRole('banner')).toBeVisible();
      await networkQuiet(shop);
      await expect(welcome).toHaveCount(0);
      await visitor.close();
    }
  } finally {
    await switchWelcome(page, false);
  }
});
