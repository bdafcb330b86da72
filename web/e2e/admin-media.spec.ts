/**
 * Media ingest from the console (issue 33 item 3): the content editor of aurora signs in, finds the
 * demo track "Blue Horizon" by its title, uploads a short audio file made here with sox, watches its job
 * reach "Done" in the jobs list, and a guest on the storefront hears the new preview in the player.
 * The media page passes axe (no serious or critical violation) in English and Arabic and is
 * photographed on a desktop and a 390 px phone.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { aurora, decideCookies, expect, screenshot, test, text } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, unknown>;
const en = JSON.parse(readFileSync(new URL('../src/locales/en/admin.json', import.meta.url), 'utf8')) as Messages;
const ar = JSON.parse(readFileSync(new URL('../src/locales/ar/admin.json', import.meta.url), 'utf8')) as Messages;
const shopEn = JSON.parse(readFileSync(new URL('../src/locales/en/messages.json', import.meta.url), 'utf8')) as Messages;
const TRACK = 20012;




const m = (messages: Messages, path: string, params: Record<string, string> = {}) => text(messages, path, params);

/** Signs the editor in and opens Media from the navigation. */
async function signInAsEditor(page: Page): Promise<void> {
  await openConsolePage(page, { base: aurora, email: 'editor@example.com', tenant: 'aurora', navigation: m(en, 'shell.navigation'), link: m(en, 'nav.media'), heading: m(en, 'media.title') });
}


function audioSource(page: Page): Promise<string> {
  return page.evaluate(() => {
    const howler = (window as unknown as { Howler?: { _howls: { _src: string | string[] }[] } }).Howler;
    return (howler?._howls ?? []).map((howl) => String(howl._src)).join(' ');
  });
}

test('an editor uploads a track, its job finishes, and the storefront plays the new preview', async ({ page, context }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-media-'));
  try {
    const file = join(dir, 'neon-rain-new.wav');
    execFileSync('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', file, 'synth', '8', 'pluck', '330', 'vol', '0.5']);
    await signInAsEditor(page);

    // The article by its title, the kind, the file.
    await page.getByLabel(m(en, 'media.findArticle'), { exact: true }).fill('Blue Horizon');
    await page.getByRole('button', { name: m(en, 'media.search'), exact: true }).click();
    await page.getByRole('button', { name: /Blue Horizon/ }).first().click();
    await expect(page.getByLabel(m(en, 'media.articleId'), { exact: true })).toHaveValue(String(TRACK));
    await page.getByLabel(m(en, 'media.kind'), { exact: true }).selectOption('audio');
    await page.getByLabel(m(en, 'media.file'), { exact: true }).setInputFiles(file);
    await page.getByRole('button', { name: m(en, 'media.upload'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: m(en, 'media.queued', { name: 'neon-rain-new.wav' }) })).toBeVisible({ timeout: 30_000 });

    // The jobs list polls until the job is done.
    const row = page.locator('tbody tr[data-job]').filter({ hasText: 'neon-rain-new.wav' }).first();
    await expect(row).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    await expect(row).toContainText(m(en, 'media.states.done'));
    await screenshot(page, 'admin-media-en-1280');
    expect(await blockingAxe(page, 'media en')).toEqual([]);

    // A guest on the storefront hears the new preview.
    const jobId = await row.getAttribute('data-job');
    const shop = await context.newPage();
    await decideCookies(context);
    await shop.goto(`${aurora}/music/tracks/blue-horizon/${TRACK}`);
    await shop.getByRole('button', { name: m(shopEn, 'catalog.preview', { title: 'Blue Horizon' }) }).first().click();
    await expect.poll(() => audioSource(shop), { timeout: 15_000 }).toContain(`/${TRACK}/${jobId}-1/track-preview.mp3`);
    const time = () =>
      shop.evaluate(() => {
        const howler = (window as unknown as { Howler?: { _howls: { _sounds: { _node?: HTMLAudioElement }[] }[] } }).Howler;
        const nodes = (howler?._howls ?? []).flatMap((h) => h._sounds.map((s) => s._node)).filter((n): n is HTMLAudioElement => n !== undefined);
        return (nodes.find((n) => !n.paused) ?? nodes[0])?.currentTime ?? -1;
      });
    await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(0.5);
    await shop.close();

    // Phone, and Arabic (right to left).
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-media-en-390', true);
    await page.getByLabel(m(en, 'shell.language'), { exact: true }).selectOption('ar');
    await expect(page.getByRole('heading', { level: 1, name: m(ar, 'media.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await screenshot(page, 'admin-media-ar-390', true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'admin-media-ar-1280');
    expect(await blockingAxe(page, 'media ar')).toEqual([]);
    await page.getByLabel(m(ar, 'shell.language'), { exact: true }).selectOption('en');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
