/**
 * The catalog as a file (issue 78 item 2): aurora's editor exports the filtered tracks as CSV, changes a title in
 * the file and adds a row with a price that is not an amount, picks the file, reads the dry run — the change
 * (title_en before and after) and the error by row and column, highlighted — and applies it per row after confirming
 * the count: the good row is written, the bad one left out. In Arabic the same panel reads right to left with the
 * ids and columns isolated, and all-or-nothing offers nothing to apply while a row has an error. axe finds nothing
 * blocking; the panel is photographed in English and Arabic on a desktop and a 390 px phone.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { aurora, expect, screenshot, test, text } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, unknown>;
const admin = (lang: string) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/admin.json`, import.meta.url), 'utf8')) as Messages;
const en = admin('en');
const ar = admin('ar');
const t = (messages: Messages, key: string, params: Record<string, string> = {}) => text(messages, key, params);

/** Cells of a simple CSV line (the export quotes only cells with commas, quotes or line breaks). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cell);
      cell = '';
    } else cell += c;
  }
  out.push(cell);
  return out;
}
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

async function pick(page: Page, messages: Messages, name: string, csv: string): Promise<void> {
  await page.getByLabel(t(messages, 'catalog.file.file'), { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByTestId('dry-run')).toBeVisible();
}

test('an editor exports tracks as CSV, reads a dry run with a change and an error, and applies it per row', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsolePage(page, { base: aurora, email: 'editor@example.com', tenant: 'aurora', navigation: t(en, 'shell.navigation'), link: t(en, 'nav.catalog'), heading: t(en, 'catalog.title') });
  await page.getByLabel(t(en, 'catalog.filter.type'), { exact: true }).selectOption('full_track_music');
  await page.getByRole('button', { name: t(en, 'catalog.apply') }).click();
  await expect(page).toHaveURL(/type=full_track_music/);

  // Export: the filtered tracks, as CSV with the documented header.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t(en, 'catalog.file.exportAction') }).click()]);
  const exported = readFileSync(await download.path(), 'utf8');
  const [header, first, second] = exported.trimEnd().split('\r\n');
  const columns = cells(header!);
  expect(columns.slice(0, 4)).toEqual(['id', 'type', 'section', 'title_en']);
  const row = cells(first!);
  expect(row[1]).toBe('full_track_music');
  expect(exported.trimEnd().split('\r\n').slice(1).every((l) => cells(l)[1] === 'full_track_music')).toBe(true);
  const id = row[0]!;
  const title = row[columns.indexOf('title_en')]!;
  const other = cells(second!);

  // The file: the first track renamed; the second with a price that is not an amount.
  const renamed = [...row];
  renamed[columns.indexOf('title_en')] = `${title} (file)`;
  const broken = [...other];
  broken[columns.indexOf('price_subscription')] = 'free';
  const file = [header, renamed.map(quote).join(','), broken.map(quote).join(',')].join('\r\n') + '\r\n';
  await pick(page, en, 'tracks.csv', file);
  const changed = page.locator('tr[data-row="1"]');
  await expect(changed).toHaveAttribute('data-action', 'update');
  await expect(changed.locator('[data-field="title_en"]')).toContainText(`${title} (file)`);
  const failed = page.locator('tr[data-row="2"]');
  await expect(failed).toHaveAttribute('data-action', 'invalid');
  await expect(failed.locator('[data-column="price_subscription"]')).toBeVisible();
  await expect(page.getByText(t(en, 'catalog.file.invalid_one', { count: '1' }))).toBeVisible();
  // All or nothing: a row has an error, so nothing to apply.
  await expect(page.getByText(t(en, 'catalog.file.nothingToApply'))).toBeVisible();
  expect(await blockingAxe(page, 'catalog-file')).toEqual([]);
  await screenshot(page, 'admin-catalog-file-en', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-catalog-file-en-phone', true);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Per row: the good row is written after the confirmation names the count.
  await page.getByLabel(t(en, 'catalog.file.modePerRow'), { exact: true }).check();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(t(en, 'catalog.file.confirm_one', { count: '1' }));
    void dialog.accept();
  });
  await page.getByRole('button', { name: t(en, 'catalog.file.apply_one', { count: '1' }) }).click();
  await expect(page.getByRole('status').filter({ hasText: t(en, 'catalog.file.applied_one', { count: '1' }) })).toBeVisible();
  await expect(page.locator(`tr[data-article="${id}"]`)).toContainText(`${title} (file)`);

  // Arabic: the same dry run right to left, the ids and columns isolated.
  await page.getByLabel(t(en, 'shell.language'), { exact: true }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const back = [header, row.map(quote).join(','), broken.map(quote).join(',')].join('\r\n') + '\r\n';
  await pick(page, ar, 'tracks.csv', back);
  await expect(page.locator('tr[data-row="1"] [data-field="title_en"] code')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('tr[data-row="2"] [data-column="price_subscription"] code')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('columnheader', { name: t(ar, 'catalog.file.col.errors') })).toBeVisible();
  expect(await blockingAxe(page, 'catalog-file-ar')).toEqual([]);
  await screenshot(page, 'admin-catalog-file-ar', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-catalog-file-ar-phone', true);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Put the title back (per row again) and return to English.
  await page.getByLabel(t(ar, 'catalog.file.modePerRow'), { exact: true }).check();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: t(ar, 'catalog.file.apply_one', { count: '١' }) }).click();
  await expect(page.getByRole('status').filter({ hasText: t(ar, 'catalog.file.applied_one', { count: '1' }) })).toBeVisible();
  await page.getByLabel(t(ar, 'shell.language'), { exact: true }).selectOption('en');
});
