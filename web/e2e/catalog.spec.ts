/**
 * The catalog walk of issue 4 in a real browser against the real server and its demo catalog:
 * home → a track → its album → its artist → a game → a video → search, in English and Arabic.
 * Screenshots go to ARTIFACTS_DIR (or web/test-results) when pictures are wanted (`make screenshots`).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { artifacts, decideCookies, expect, networkQuiet, picturesWanted, test, vela } from './support';

/** A full-page picture when pictures are wanted (`make screenshots`), once lazy images have come. */
async function screenshot(page: Page, name: string): Promise<void> {
  if (!picturesWanted) return;
  // Lazy images settle within a few seconds; a running game never goes quiet.
  await networkQuiet(page);
  await page.screenshot({ path: join(artifacts, `catalog-${name}.png`), fullPage: true });
}

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

const TEXT = {
  en: { album: 'Go to the album', albums: 'Albums', tracks: 'Tracks', play: 'Play free', search: 'Search the catalog', music: 'Music', games: 'Games', dir: 'ltr' },
  ar: { album: 'الانتقال إلى الألبوم', albums: 'الألبومات', tracks: 'المقاطع', play: 'العب مجانًا', search: 'ابحث في الكتالوج', music: 'الموسيقى', games: 'الألعاب', dir: 'rtl' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  const prefix = lang === 'en' ? '' : `/${lang}`;
  const text = TEXT[lang];

  test(`catalog walk in ${lang === 'en' ? 'English' : 'Arabic'}`, async ({ page }) => {
    // Home: the tracks rail's "see all" leads to the track list.
    await page.goto(`${prefix}/`);
    await expect(page.locator('html')).toHaveAttribute('dir', text.dir);
    await page.locator(`a[href="${prefix}/music/tracks"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/music/tracks$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, `${lang}-tracks`);

    // A track, opened from the list.
    const track = page.locator(`main a[href^="${prefix}/music/tracks/"]`).first();
    await track.hover();
    await track.click();
    await expect(page).toHaveURL(/\/music\/tracks\/[^/]+\/\d+$/);
    await expect(page.getByTestId('grading')).toBeVisible();
    await screenshot(page, `${lang}-track`);

    // Its album: the address becomes the album's canonical path.
    await page.getByRole('link', { name: text.album }).click();
    await expect(page).toHaveURL(/\/music\/albums\/[^/]+\/\d+\/[^/]+\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: text.tracks })).toBeVisible();
    await screenshot(page, `${lang}-album`);

    // Its artist.
    await page.locator(`main header a[href^="${prefix}/music/artists/"]`).first().click();
    await expect(page).toHaveURL(/\/music\/artists\/[^/]+\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: text.albums })).toBeVisible();
    await screenshot(page, `${lang}-artist`);

    // A game (a stale slug resolves by id and is replaced by the canonical one).
    await page.goto(`${prefix}/games/details/an-old-name/4101`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/games/details/pixel-rally/4101$`));
    await expect(page.getByRole('button', { name: text.play, exact: true })).toBeVisible();
    await screenshot(page, `${lang}-game`);

    // A video, from the home page's video rail.
    await page.goto(`${prefix}/`);
    await page.locator(`a[href^="${prefix}/video/details/"]`).first().click();
    await expect(page).toHaveURL(/\/video\/details\/[^/]+\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, `${lang}-video`);

    // Search, grouped by section, remembered (recent searches are a preference, allowed by decideCookies).
    await page.goto(`${prefix}/search`);
    await page.getByRole('searchbox', { name: text.search }).fill('neon');
    await page.getByRole('searchbox', { name: text.search }).press('Enter');
    await expect(page).toHaveURL(/\?q=neon$/);
    await expect(page.getByRole('region', { name: text.music })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('recentSearch'))).toBe('["neon"]');
    await screenshot(page, `${lang}-search`);
  });
}

test('a free game (DOWNLOAD_TO_OWN_FREEMIUM) plays in a dialog for a guest; screenshots open the gallery', async ({ page }) => {
  await page.goto('/games/details/pixel-rally/4101');
  await page.getByRole('button', { name: 'Open screenshot 1' }).click();
  await expect(page.getByRole('dialog', { name: 'Pixel Rally – screenshots' })).toBeVisible();
  await screenshot(page, 'en-game-gallery');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Play free', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Pixel Rally – game' }).locator('iframe')).toBeVisible();
  await screenshot(page, 'en-game-playing');
});

test('a phone-width game page in the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/games/details/pixel-rally/4101');
  await page.evaluate(() => {
    document.documentElement.classList.add('dark');
    document.documentElement.dataset.theme = 'dark';
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Pixel Rally' })).toBeVisible();
  await screenshot(page, 'phone-dark-game');
});

test('the header Video link opens the featured list: every video, most popular first', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Video', exact: true }).first().click();
  await page.waitForURL(/\/video\/list\/featured$/);
  await expect(page.locator('main a[href^="/video/details/"], main a[href^="/video/series/"]').first()).toBeVisible();
  await expect(page.locator('main select')).toHaveValue('popular');
});

test('a paid online game plays for a signed-in user: its scripts load through the directory grant in its path', async ({ page }) => {
  // vela's demo subscriber holds a plan with online games (the entitlement decision, issue 12).
  // Sign in through the hosted page (a protected page sends a guest there).
  await page.goto(`${vela}/en/profile`);
  await page.waitForURL(/\/backend\/login\//);
  await page.locator('input[name=email]').fill('subscriber@example.com');
  await page.locator('input[name=password]').fill('portal-demo');
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/profile$/);

  await page.goto(`${vela}/en/games/details/star-blocks/4401`);
  await expect(page.getByRole('heading', { level: 1, name: 'Star Blocks' })).toBeVisible();
  const script = page.waitForResponse((response) => response.url().includes('/media/secure/~') && response.url().endsWith('/games/brick-breaker-4401/game.js'));
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const frame = page.getByRole('dialog', { name: 'Star Blocks – game' }).locator('iframe');
  // A paid game plays from a directory of its own (games/<engine>-<id>/), which no free game uses.
  await expect(frame).toHaveAttribute('src', /^\/media\/secure\/~\d+\.4401\.\d+\.[0-9a-f]{64}\/games\/brick-breaker-4401\/index\.html$/);
  // The relative script request keeps the grant of the page's path (a sandboxed game sends no cookie).
  expect((await script).status()).toBe(200);
  // Its config.js (also through the grant) gives it its own title.
  const game = page.frameLocator('iframe[src*="/games/brick-breaker-4401/"]');
  await expect(game.locator('#title')).toHaveText('Star Blocks');
  await game.locator('#ov-btn').click();
  await expect(game.locator('#level')).toHaveText('1');
  await screenshot(page, 'en-paid-game-playing');
  // Unsigned, the same files are refused: no free game makes the directory public.
  for (const file of ['index.html', 'game.js', 'config.js']) {
    expect((await page.request.get(`/media/generated/games/brick-breaker-4401/${file}`)).status(), file).toBe(403);
  }
});
