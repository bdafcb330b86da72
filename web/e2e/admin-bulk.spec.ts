/**
 * Bulk actions on the catalog (issue 78 item 3): a content editor of aurora filters the catalog to every podcast
 * episode, selects the page, then "all N that match", unpublishes them after a dialog that names the count, watches
 * the progress bar (role=progressbar with its values) and sees the result and the list follow; then, in Arabic (right
 * to left), selects all unpublished episodes and publishes them again, so the catalog is as it was. The bar and the
 * dialog pass axe in both languages and are photographed on a desktop and a phone.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { aurora, evidence, expect, networkQuiet, screenshot, test, text } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, unknown>;
const en = JSON.parse(readFileSync(new URL('../src/locales/en/admin.json', import.meta.url), 'utf8')) as Messages;
const ar = JSON.parse(readFileSync(new URL('../src/locales/ar/admin.json', import.meta.url), 'utf8')) as Messages;
const m = (messages: Messages, path: string, params: Record<string, string> = {}) => text(messages, path, params);
const consoleUrl = process.env.CONSOLE_URL ?? aurora;
const TYPE = 'podcast';

/** The catalog's filter form set to the episodes (and an availability), applied. */
async function filterEpisodes(page: Page, messages: Messages, availability: string): Promise<void> {
  await page.getByLabel(m(messages, 'catalog.filter.type'), { exact: true }).selectOption(TYPE);
  await page.getByLabel(m(messages, 'catalog.filter.availability'), { exact: true }).selectOption(availability);
  await page.getByRole('button', { name: m(messages, 'catalog.apply'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`type=${TYPE}`));
}

/**
 * How many rows match, from the API the page reads after a reload (the heading shows it in the page's digits). The
 * list's own refetch (after a job) is let finish first, so the answer read is the reloaded page's; a body the browser
 * dropped meanwhile is read again.
 */
async function matching(page: Page, availability: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    await networkQuiet(page);
    const answer = page.waitForResponse((r) => r.url().includes('/backend/admin/catalog/articles?') && r.url().includes(`availability=${availability}`));
    await page.reload();
    try {
      return ((await (await answer).json()) as { data: { total: number } }).data.total;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

/** Selects the page, then every row that matches; runs `action` after the dialog; answers the finished dialog. */
async function runOnAllMatching(page: Page, messages: Messages, action: string, total: number, shot: string): Promise<void> {
  await page.getByRole('checkbox', { name: m(messages, 'bulk.selectPage'), exact: true }).check();
  const bar = page.getByRole('region', { name: m(messages, 'bulk.barLabel'), exact: true });
  await expect(bar).toBeVisible();
  await bar.locator('button').filter({ hasText: new RegExp(m(messages, 'bulk.selectAll_other', { count: '.+' }).replace(/[()]/g, '.')) }).click();
  await bar.getByLabel(m(messages, 'bulk.action'), { exact: true }).selectOption(action);
  expect(await blockingAxe(page, `bulk bar ${shot}`)).toEqual([]);
  await screenshot(page, `admin-bulk-bar-${shot}`);
  await bar.getByRole('button', { name: m(messages, 'bulk.apply'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: m(messages, 'bulk.confirmTitle'), exact: true });
  await expect(dialog).toBeVisible();
  // Confirmed with the count: the dialog names how many rows, before anything starts.
  await expect(dialog.locator('[data-bulk-confirm]')).toBeVisible();
  expect(await blockingAxe(page, `bulk dialog ${shot}`)).toEqual([]);
  await evidence(page, `admin-bulk-confirm-${shot}`);
  await dialog.getByRole('button', { name: new RegExp(m(messages, 'bulk.start', { rows: '.+' })) }).click();
  // The job runs in the background; its progress bar counts the rows worked of the total.
  const progress = dialog.getByRole('progressbar', { name: m(messages, 'bulk.progressLabel'), exact: true });
  const result = dialog.locator('[data-bulk-result]');
  await expect(progress.or(result).first()).toBeVisible();
  if (await progress.isVisible()) {
    await expect(progress).toHaveAttribute('aria-valuemax', String(total));
    await expect(progress).toHaveAttribute('aria-valuemin', '0');
    await evidence(page, `admin-bulk-progress-${shot}`);
  }
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.locator('[data-failed]')).toHaveCount(0);
  await evidence(page, `admin-bulk-result-${shot}`);
  await dialog.getByRole('button', { name: m(messages, 'bulk.close'), exact: true }).last().click();  // the footer's (the frame has its ✕ too)
  await expect(dialog).toBeHidden();
}

test('an editor unpublishes every episode that matches with progress, then publishes them again in Arabic', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsolePage(page, {
    base: consoleUrl, email: 'editor@example.com', tenant: 'aurora', navigation: m(en, 'shell.navigation'), link: m(en, 'nav.catalog'), heading: m(en, 'catalog.title'),
  });
  await filterEpisodes(page, en, 'published');
  const total = await matching(page, 'published');
  expect(total).toBeGreaterThan(25);  // more than a page: "all that match" is more than the rows shown
  await runOnAllMatching(page, en, 'unpublish', total, 'desktop-en');
  // The list follows: none of them is published now, all are unpublished.
  await expect(page.getByRole('heading', { name: m(en, 'catalog.total_other', { count: '0' }) }).or(page.getByText(m(en, 'catalog.empty'))).first()).toBeVisible();
  expect(await matching(page, 'published')).toBe(0);

  // Arabic, right to left: the unpublished episodes, all of them, published again.
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await filterEpisodes(page, ar, 'unpublished');
  expect(await matching(page, 'unpublished')).toBe(total);
  await page.setViewportSize({ width: 390, height: 844 });
  await runOnAllMatching(page, ar, 'publish', total, 'mobile-ar');
  expect(await matching(page, 'unpublished')).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel(m(ar, 'shell.language'), { exact: true }).selectOption('en');
});
