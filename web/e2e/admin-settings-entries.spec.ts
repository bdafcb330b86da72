/**
 * The other named settings in the console (docs/tenants.md "The other named settings"): vela's owner opens
 * Settings, writes a German title of the custom plan card and a German announcement, saves, and finds both in the
 * saved settings and on the storefront (/de/subscription, /de); then puts vela's words back (the specs share one
 * portal). The panels are photographed open on a desktop and a 390 px phone in English and Arabic, fit the screen, and
 * pass axe (English on the desktop, Arabic on the phone).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { decideCookies, expect, screenshot, test, vela } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, Record<string, string>>;
const bundles = {
  en: JSON.parse(readFileSync(new URL('../src/locales/en/admin.json', import.meta.url), 'utf8')) as Messages,
  ar: JSON.parse(readFileSync(new URL('../src/locales/ar/admin.json', import.meta.url), 'utf8')) as Messages,
};
const en = bundles.en;

/** The panel of a named entry, opened. */
async function panel(page: Page, title: string) {
  const details = page.locator('details').filter({ has: page.locator('summary', { hasText: title }) });
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
  return details;
}

/** The German field of the custom plan's title and of the announcement's words. */
async function germanFields(page: Page) {
  const plan = await panel(page, en.settings!.customPlan!);
  const notice = await panel(page, en.settings!.announcement!);
  return {
    title: plan.getByRole('group', { name: en.settings!.offerTitle, exact: true }).getByLabel('Deutsch', { exact: true }),
    announcement: notice.getByRole('group', { name: en.settings!.announcementText, exact: true }).getByLabel('Deutsch', { exact: true }),
  };
}

/** The console's language, whichever it shows now. */
async function consoleIn(page: Page, lang: 'en' | 'ar') {
  await page.getByLabel(bundles.en.shell!.language!, { exact: true }).or(page.getByLabel(bundles.ar.shell!.language!, { exact: true })).selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

async function save(page: Page) {
  await page.getByRole('button', { name: en.settings!.save, exact: true }).click();
  await expect(page.getByText(/^Settings saved \(version \d+\)\.$/)).toBeVisible();
}

test("vela's owner writes a custom plan title and an announcement; the storefront shows them", async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await decideCookies(page.context());
  await openConsolePage(page, { base: vela, email: 'owner@example.com', tenant: 'vela', navigation: en.shell!.navigation!, link: en.nav!.settings!, heading: en.settings!.title! });

  const fields = await germanFields(page);
  const was = { title: await fields.title.inputValue(), announcement: await fields.announcement.inputValue() };
  const stamp = Date.now();
  const title = `Familien e2e ${stamp}`;
  const announcement = `Neu bei Vela e2e ${stamp}`;
  try {
    await fields.title.fill(title);
    await fields.announcement.fill(announcement);
    await save(page);

    // The saved document holds them, the other languages' words as they were.
    // (Read from the console's page: the browser resolves vela.localhost, Node does not.)
    type Saved = Record<string, { title?: Record<string, string>; announcement?: { text: Record<string, string> } }>;
    const settings = await page.evaluate(async () => {
      const answer = await fetch('/backend/admin/settings', { headers: { 'X-Tenant-ID': 'vela', 'X-Requested-With': 'XMLHttpRequest' } });
      return ((await answer.json()) as { data: { settings: unknown } }).data.settings;
    }) as Saved;
    expect(settings.customPlan?.title).toMatchObject({ de: title, en: 'Families and businesses' });
    expect(settings.global?.announcement?.text).toMatchObject({ de: announcement, en: 'New this week: Starfall season two.' });

    // The storefront, in another tab of the same browser (a change reaches it within two seconds).
    const shop = await page.context().newPage();
    await expect(async () => {
      await shop.goto(`${vela}/de/subscription`);
      await expect(shop.getByText(title, { exact: true })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await shop.goto(`${vela}/de`);
    await expect(shop.getByText(announcement, { exact: true })).toBeVisible();
    await shop.close();

    // The panels, open, in English and Arabic on a desktop and a phone.
    const found: string[] = [];
    for (const lang of ['en', 'ar'] as const) {
      const messages = bundles[lang];
      await consoleIn(page, lang);
      for (const name of ['navigation', 'profileMenu', 'tabNames', 'announcement', 'customPlan', 'sharing', 'avatars', 'ads', 'parentalMail', 'loginMeta'])
        await panel(page, messages.settings![name]!);
      for (const [device, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]] as const) {
        await page.setViewportSize({ width, height });
        // axe over the long page twice, not four times (its cost; test time, issue 46): English on a desktop, Arabic on a phone.
        if ((lang === 'en') === (device === 'desktop')) found.push(...(await blockingAxe(page, `settings entries ${lang} ${device}`, ['[data-preview]'])));
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (wide > 0) found.push(`settings entries ${lang} ${device}: ${wide}px wider than the screen`);
        await page.getByText(messages.settings!.entriesLayout!, { exact: true }).scrollIntoViewIfNeeded();
        await screenshot(page, `console-settings-entries-${lang}-${device}`, true);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(found, found.join('\n')).toEqual([]);
  } finally {
    // vela's own words again, for the walks after this one.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await consoleIn(page, 'en');
    await expect(page.getByRole('heading', { level: 1, name: en.settings!.title! })).toBeVisible();
    const again = await germanFields(page);
    await again.title.fill(was.title);
    await again.announcement.fill(was.announcement);
    await save(page);
  }
});
