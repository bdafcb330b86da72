/**
 * Building a new tenant's home page in the console (issue 73, docs/merchandising.md). A tenant is made from the
 * templates with the operator's command (`portal tenant create`, its catalog with `portal import-catalog`); in the
 * console an editor builds its home from the template's one catalog row: a banner of three slides (each an uploaded
 * image, a title in English and Arabic, a link to a page, an article and an address), the row turned into the
 * newest tracks, a rail of four albums picked with the search picker, and a grid of the music genres. The draft is
 * previewed by the storefront itself on a 390-pixel phone in Arabic, then published at a set time; at that time a
 * guest sees exactly that home. The structure editor passes axe with its parts open, in English and Arabic.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { blockingAxe, signInOnConsole } from './console-walk';
import { evidence, expect, serverEnv, test } from './support';

type Messages = Record<string, Record<string, unknown>>;
const admin = (lang: string) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/admin.json`, import.meta.url), 'utf8')) as Messages;
const en = admin('en');
const s = en.structures as Record<string, string> & Record<'types' | 'linkKinds' | 'pages' | 'frames', Record<string, string>>;
const fill = (message: string, params: Record<string, string | number> = {}) => message.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key]));

const ROOT = new URL('../../', import.meta.url).pathname;
const portal = new URL(serverEnv('PORTAL_URL') ?? 'http://localhost:8080');
const TENANT = `merch${String(Date.now() % 100_000)}`;
const shop = `${portal.protocol}//${TENANT}.localhost:${portal.port}`;

/** The operator's command against the running portal's database. */
function operator(...args: string[]): string {
  const database = serverEnv('PORTAL_DATABASE');
  if (!database) throw new Error('PORTAL_DATABASE names the database of the portal under test');
  return execFileSync(join(ROOT, 'build/portal'), [...args, '--database', database, '--log-level', 'warn'], { cwd: ROOT, encoding: 'utf8' });
}

/** A picture cwebp reads (binary PPM) of one colour: a slide's image. */
const picture = (shade: number) => Buffer.concat([Buffer.from('P6\n1200 450\n255\n'), Buffer.alloc(1200 * 450 * 3, shade)]);

const SLIDES = [
  { en: 'Summer sale', ar: 'تخفيضات الصيف', link: 'page' },
  { en: 'Album of the week', ar: 'ألبوم الأسبوع', link: 'article' },
  { en: 'Our partner', ar: 'شريكنا', link: 'external' },
] as const;

/** A node's or a child's Edit button, named with its title. */
const edit = (scope: Locator, title: string) => scope.getByRole('button', { name: fill(s.edit!, { title }), exact: true });

test('an editor builds a new tenant home (banner, query rail, picked rail, genre grid), previews it on a phone in Arabic and publishes it at a time', async ({ page }) => {
  test.setTimeout(300_000);
  expect(operator('tenant', 'create', TENANT, '--host', `${TENANT}.localhost`, '--languages', 'en,ar', '--display-name', 'Merch')).toMatch(/created tenant/);
  operator('import-catalog', join(ROOT, 'data/catalog/demo-catalog.json'), '--tenant', TENANT);
  // The running portal learns of a tenant made on the command line within its configuration poll (a second): until
  // then the new host is the default tenant's, and a console opened on it would stay on that tenant.
  await expect
    .poll(async () => ((await (await page.goto(`${shop}/api/envFile`))!.json()) as { tenantName: string }).tenantName, { timeout: 10_000 })
    .toBe(TENANT);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The platform administrator signs in on the new tenant's console and opens its page structures: the template home.
  await page.goto(`${shop}/admin/`);
  const nav = page.getByRole('navigation', { name: (en.shell!.navigation as string) });
  await expect(page.locator('input[name=email]')).toBeVisible({ timeout: 30_000 });
  await signInOnConsole(page, 'admin@example.com', '(platform)', nav);
  await nav.getByRole('link', { name: en.nav!.structures as string, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: s.title })).toBeVisible();
  await expect(page.getByLabel(s.pick!, { exact: true })).toHaveValue('home');
  const nodes = page.getByTestId('structure-node');
  await expect(nodes).toHaveCount(1);

  // The template's row becomes the newest tracks, eight of them; the editor counts what the storefront will show.
  await edit(nodes.nth(0), 'New this week').click();
  await page.getByTestId('query-type').selectOption('full_track_music');
  await page.getByTestId('query-sort').selectOption('new');
  await page.getByTestId('query-count').fill('8');
  await expect(page.getByTestId('query-found')).toContainText(/Shows 8 items/);
  await expect(nodes.nth(0).getByTestId('structure-node-summary')).toHaveText(`${s.types.catalog} · 8 items`);
  expect(await blockingAxe(page, 'structure editor: query row')).toEqual([]);
  await nodes.nth(0).getByRole('button', { name: s.close, exact: true }).click();

  // A banner of three slides, first on the page.
  await page.getByTestId('structure-add-type').selectOption('banner');
  await page.getByTestId('structure-add').click();
  const banner = nodes.nth(1);
  await banner.getByLabel(fill(s.titleIn!, { language: 'English' }), { exact: true }).fill('Featured');
  for (const [index, slide] of SLIDES.entries()) {
    await banner.getByTestId('add-slide').click();
    const row = page.getByTestId('structure-slide').nth(index);
    await row.locator('input[type=file]').setInputFiles({ name: `slide-${index + 1}.ppm`, mimeType: 'image/x-portable-pixmap', buffer: picture(40 + index * 60) });
    await expect(row.getByText(s.imageReady!)).toBeVisible({ timeout: 60_000 });
    await row.getByLabel(fill(s.titleIn!, { language: 'English' }), { exact: true }).fill(slide.en);
    await row.getByLabel(fill(s.titleIn!, { language: 'العربية' }), { exact: true }).fill(slide.ar);
    await row.getByTestId('link-kind').selectOption(slide.link);
    if (slide.link === 'page') await row.getByTestId('link-page').selectOption('/subscription');
    if (slide.link === 'external') await row.getByTestId('link-address').fill('https://example.com/partner');
    if (slide.link === 'article') {
      await row.getByTestId('article-search').fill('Neon Skyline');
      await row.getByRole('button', { name: s.search, exact: true }).click();
      await row.getByTestId('article-hit').first().click();
      await expect(row.getByText(/\/music\/.*\d+$/)).toBeVisible();
    }
    if (index === 0) expect(await blockingAxe(page, 'structure editor: a slide open')).toEqual([]);
    await row.getByRole('button', { name: s.close, exact: true }).click();
  }
  await expect(banner.getByTestId('structure-node-summary')).toHaveText(`${s.types.banner} · 3 items`);
  // The banner goes first: two moves up by the keyboard.
  const up = banner.getByRole('button', { name: fill(s.moveUp!, { title: 'Featured' }) });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('structure-node-title').first()).toHaveText('Featured');

  // A rail of four albums picked by hand.
  await page.getByTestId('structure-add-type').selectOption('rail');
  await page.getByTestId('structure-add').click();
  const picks = nodes.nth(2);
  await picks.getByLabel(fill(s.titleIn!, { language: 'English' }), { exact: true }).fill('Albums we love');
  await picks.getByLabel(fill(s.titleIn!, { language: 'العربية' }), { exact: true }).fill('ألبومات نحبها');
  await picks.getByTestId('article-search').fill('albums');
  await picks.getByRole('button', { name: s.search, exact: true }).click();
  const hits = picks.getByTestId('article-hit');
  await expect(hits.first()).toBeVisible();
  const albums: string[] = [];
  for (let i = 0; albums.length < 4; i++) {
    const hit = hits.nth(i);
    if (!(await hit.innerText()).includes('Album')) continue;
    albums.push((await hit.locator('span.font-semibold').innerText()).trim());
    await hit.click();
    await expect(picks.getByTestId('structure-card')).toHaveCount(albums.length);
  }
  await expect(picks.getByTestId('structure-node-summary')).toHaveText(`${s.types.rail} · 4 items`);
  // The fourth album is dragged to the front by its handle (a pointer drag, dnd-kit).
  const cards = picks.getByTestId('structure-card');
  const handle = cards.nth(3).getByRole('button', { name: fill(s.drag!, { title: albums[3]! }) });
  const from = (await handle.boundingBox())!;
  const to = (await cards.nth(0).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
  await page.mouse.up();
  albums.unshift(albums.pop()!);
  await expect(cards.first()).toContainText(albums[0]!);
  expect(await blockingAxe(page, 'structure editor: picked rail')).toEqual([]);
  await picks.getByRole('button', { name: s.close, exact: true }).click();

  // A grid of the music genres.
  await page.getByTestId('structure-add-type').selectOption('grid');
  await page.getByTestId('structure-add').click();
  const grid = nodes.nth(3);
  await grid.getByLabel(fill(s.titleIn!, { language: 'English' }), { exact: true }).fill('Genres');
  await grid.getByTestId('genre-section').selectOption('music');
  await grid.getByTestId('add-genres').click();
  const tiles = grid.getByTestId('structure-tile');
  await expect(tiles.first()).toBeVisible();
  const genres = await tiles.count();
  expect(genres).toBeGreaterThan(1);
  await grid.getByRole('button', { name: s.close, exact: true }).click();

  // The preview: the storefront itself on a 390-pixel phone, in Arabic, drawing the draft.
  await page.getByTestId('preview-frame-phone').check();
  await page.getByTestId('preview-language').selectOption('ar');
  await page.getByTestId('preview-run').click();
  const frame = page.frameLocator('[data-testid=preview-storefront]');
  await expect(frame.locator('[aria-roledescription=carousel]')).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByText(SLIDES[0].ar).first()).toBeAttached();
  await expect(frame.getByRole('heading', { name: 'ألبومات نحبها' })).toBeAttached();
  expect(await frame.locator('html').getAttribute('dir')).toBe('rtl');
  await page.getByTestId('preview-storefront').scrollIntoViewIfNeeded();
  await evidence(page, 'admin-merchandising-preview-ar-phone');
  expect(await blockingAxe(page, 'structure editor with the preview', ['[data-testid=preview-storefront]'])).toEqual([]);

  // Publish at a set time, some seconds ahead (UTC): nothing changes before it, the guest sees it after.
  const at = new Date(Date.now() + 25_000);
  const local = at.toISOString().slice(0, 19);
  await page.getByTestId('publish-at').fill(local);
  await page.getByTestId('schedule-publish').click();
  await expect(page.getByTestId('structure-scheduled')).toBeVisible();
  await evidence(page, 'admin-merchandising-scheduled-en-desktop', true);

  const guest = await page.context().browser()!.newPage();
  try {
    await guest.goto(`${shop}/`);
    // Nothing before its time (when the walk, slowed by a busy machine, is not already past it).
    if (Date.now() < at.getTime() - 3_000) await expect(guest.getByRole('heading', { name: 'Albums we love' })).toHaveCount(0, { timeout: 1_000 });
    await expect
      .poll(
        async () => {
          await guest.goto(`${shop}/`);
          return guest.getByRole('heading', { name: 'Albums we love' }).count();
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      .toBe(1);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 1_000);
    // Exactly the draft: the banner's three slides, the four albums in their order, the newest tracks, the genres.
    const carousel = guest.locator('[aria-roledescription=carousel]');
    await expect(carousel).toHaveAttribute('aria-label', 'Featured');
    await expect(carousel.locator('[aria-roledescription=slide]')).toHaveCount(3);
    for (const slide of SLIDES) await expect(carousel.getByText(slide.en, { exact: true })).toBeAttached();
    const picked = guest.locator('section', { has: guest.getByRole('heading', { name: 'Albums we love' }) }).locator('li');
    await expect(picked).toHaveCount(4);
    expect((await picked.allInnerTexts()).map((t) => t.split('\n')[0]!.trim())).toEqual(albums);
    await expect(guest.getByRole('heading', { name: 'New this week' })).toBeAttached();
    const genreTiles = guest.locator('section', { has: guest.getByRole('heading', { name: 'Genres' }) }).locator('li');
    await expect(genreTiles).toHaveCount(genres);
    await evidence(guest, 'admin-merchandising-guest-en-desktop', true);
  } finally {
    await guest.close();
  }

  // The editor in Arabic on a phone, a slide open: right to left, and axe finds nothing serious.
  const ar = admin('ar').structures as Record<string, string>;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel(en.shell!.language as string, { exact: true }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await nodes.nth(0).getByRole('button', { name: fill(ar.edit!, { title: 'Featured' }), exact: true }).click();
  await page.getByTestId('structure-slide').first().getByRole('button', { name: fill(ar.edit!, { title: SLIDES[0].ar }), exact: true }).click();
  await expect(page.getByTestId('link-kind').first()).toBeVisible();
  await evidence(page, 'admin-merchandising-editor-ar-phone', true);
  expect(await blockingAxe(page, 'structure editor ar phone: a slide open')).toEqual([]);
  await page.getByLabel(admin('ar').shell!.language as string, { exact: true }).selectOption('en');
});
