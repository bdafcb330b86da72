/**
 * A new track from the console to the storefront (issue 33 "Done when"): the content editor of aurora
 * makes a new article in Catalog with an English title no other article has, and the storefront's
 * search does not find it while it is unpublished; on Media the editor uploads its audio (made here with
 * sox) and its artwork (a PNG made with ffmpeg), picking the unpublished article by its title, and waits
 * for both jobs to be done; back in Catalog the editor publishes it. A guest then finds it with the header search box, its page
 * shows the new cover and its play button plays the new preview. At the end the article is unpublished
 * again (specs share one portal; nothing counts the console's unpublished articles).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { aurora, bundle, decideCookies, expect, test, text } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, unknown>;
const en = JSON.parse(readFileSync(new URL('../src/locales/en/admin.json', import.meta.url), 'utf8')) as Messages;
const shopEn = bundle('en');
const m = (messages: Messages, path: string, params: Record<string, string> = {}) => text(messages, path, params);

/** Letters only, different on every run: a word the search indexes as one term and no demo title has. */
const WORD = `Quokka${Date.now().toString(36).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}`;
const TITLE = `${WORD} Sunrise`;

/** The ids of the storefront search's entries for the word (uncached: what the index holds now). */
async function searchIds(request: APIRequestContext): Promise<number[]> {
  const res = await request.get(`${aurora}/backend/search?q=${WORD}&omitCache=true`, { headers: { 'X-Tenant-ID': 'aurora' } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { entries: { id: number }[] } };
  return body.data.entries.map((e) => e.id);
}

function audioSource(page: Page): Promise<string> {
  return page.evaluate(() => {
    const howler = (window as unknown as { Howler?: { _howls: { _src: string | string[] }[] } }).Howler;
    return (howler?._howls ?? []).map((howl) => String(howl._src)).join(' ');
  });
}

function playedSeconds(page: Page): Promise<number> {
  return page.evaluate(() => {
    const howler = (window as unknown as { Howler?: { _howls: { _sounds: { _node?: HTMLAudioElement }[] }[] } }).Howler;
    const nodes = (howler?._howls ?? []).flatMap((h) => h._sounds.map((s) => s._node)).filter((n): n is HTMLAudioElement => n !== undefined);
    return (nodes.find((n) => !n.paused) ?? nodes[0])?.currentTime ?? -1;
  });
}

/** Opens the article's editor and presses Publish or Unpublish; waits for the page to say it is done. */
async function setPublished(page: Page, id: number, published: boolean): Promise<void> {
  await page.goto(`${aurora}/admin/catalog/${id}`);
  await page.getByRole('button', { name: m(en, published ? 'catalog.editor.publish' : 'catalog.editor.unpublish'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: m(en, published ? 'catalog.editor.publishedNow' : 'catalog.editor.unpublishedNow') })).toBeVisible();
}

/** Uploads one file for the article chosen on the Media page and waits for its job; answers the job's id. */
async function uploadAndWait(page: Page, kind: 'audio' | 'artwork', file: string, name: string): Promise<string> {
  await page.getByLabel(m(en, 'media.kind'), { exact: true }).selectOption(kind);
  await page.getByLabel(m(en, 'media.file'), { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: m(en, 'media.upload'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: m(en, 'media.queued', { name }) })).toBeVisible({ timeout: 30_000 });
  const row = page.locator('tbody tr[data-job]').filter({ hasText: name }).first();
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await expect(row).toContainText(m(en, 'media.states.done'));
  const job = await row.getAttribute('data-job');
  expect(job).toBeTruthy();
  return job!;
}

test('an editor makes a new track with audio and artwork, publishes it, and a guest finds and plays it', async ({ page, context }) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-new-track-'));
  let id = 0;
  try {
    const audio = join(dir, `${WORD}.wav`);
    const art = join(dir, `${WORD}.png`);
    execFileSync('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', audio, 'synth', '8', 'pluck', '392', 'vol', '0.5']);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=teal:s=600x600', '-frames:v', '1', art]);

    // 1. Catalog: a new article, titled in English, saved unpublished.
    await openConsolePage(page, { base: aurora, email: 'editor@example.com', tenant: 'aurora', navigation: m(en, 'shell.navigation'), link: m(en, 'nav.catalog'), heading: m(en, 'catalog.title') });
    await page.getByRole('link', { name: m(en, 'catalog.create'), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/catalog\/new$/);
    await expect(page.locator('[name="contentType"]')).toHaveValue('full_track_music');
    expect(await blockingAxe(page, 'new article en')).toEqual([]);
    await page.locator('input[name="title-en"]').fill(TITLE);
    await page.getByRole('button', { name: m(en, 'catalog.editor.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/catalog\/\d+$/);
    id = Number(/\/admin\/catalog\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    const meta = m(en, 'catalog.editor.meta', { id: String(id), version: 'VERSION', state: m(en, 'catalog.state.unpublished') });
    await expect(page.getByText(new RegExp(meta.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('VERSION', '\\d+')))).toBeVisible();
    // Unpublished: the storefront's search does not know it.
    expect(await searchIds(page.request)).toEqual([]);

    // 2. Media: its audio and its artwork, by the article's id, each job done.
    await page.getByRole('navigation', { name: m(en, 'shell.navigation') }).getByRole('link', { name: m(en, 'nav.media'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: m(en, 'media.title') })).toBeVisible();
    // The picker finds the unpublished article by its title (the console's catalog, not the storefront's search).
    await page.getByLabel(m(en, 'media.findArticle'), { exact: true }).fill(WORD);
    await page.getByRole('button', { name: m(en, 'media.search'), exact: true }).click();
    const hit = page.getByRole('list', { name: m(en, 'media.results') }).getByRole('button');
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText(m(en, 'catalog.state.unpublished'));
    await hit.click();
    await expect(page.getByLabel(m(en, 'media.articleId'), { exact: true })).toHaveValue(String(id));
    const audioJob = await uploadAndWait(page, 'audio', audio, `${WORD}.wav`);
    const artJob = await uploadAndWait(page, 'artwork', art, `${WORD}.png`);
    await expect(page.locator(`tbody tr[data-job="${audioJob}"]`)).toContainText(`#${id}`);
    await expect(page.locator(`tbody tr[data-job="${artJob}"]`)).toContainText(`#${id}`);

    // 3. Catalog: publish it.
    await setPublished(page, id, true);

    // 4. A guest finds it by the word, sees the new cover and hears the new preview.
    await expect.poll(() => searchIds(page.request), { timeout: 5_000 }).toContain(id);
    const shop = await context.newPage();
    await decideCookies(context);
    await shop.setViewportSize({ width: 1280, height: 900 });
    await shop.goto(`${aurora}/`);
    const box = shop.getByRole('combobox', { name: m(shopEn, 'search.label') });
    await box.pressSequentially(WORD, { delay: 20 });
    await shop.getByRole('option', { name: new RegExp(TITLE) }).first().click();
    await expect(shop).toHaveURL(new RegExp(`/music/tracks/[^/]+/${id}$`));
    await expect(shop.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    const cover = shop.locator(`img[alt="${TITLE}"]`).first();
    await expect(cover).toHaveAttribute('src', new RegExp(`/art/\\d+/${id}/${artJob}-1/cover\\.webp`));
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await shop.getByRole('button', { name: m(shopEn, 'catalog.preview', { title: TITLE }) }).first().click();
    await expect.poll(() => audioSource(shop), { timeout: 15_000 }).toContain(`/${id}/${audioJob}-1/track-preview.mp3`);
    await expect.poll(() => playedSeconds(shop), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await shop.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    // Specs share one portal: the new article leaves the storefront again.
    if (id > 0) {
      await setPublished(page, id, false);
      await expect.poll(() => searchIds(page.request), { timeout: 5_000 }).toEqual([]);
    }
  }
});
