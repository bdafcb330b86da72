/**
 * Likes, ratings, favorites and history (issue 15): a subscriber likes a track on its page and finds
 * it in /favorites; rates a game in the rating dialog and sees the average; a guest is told to sign
 * in. Screenshots in English (desktop) and Arabic (right-to-left, mobile).
 */
import type { Page } from '@playwright/test';
import { bundle, decideCookies, expect, noor, screenshot, signInOnHostedPage, test, text } from './support';

const en = bundle('en');
const ar = bundle('ar');

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

async function signIn(page: Page, base = ''): Promise<void> {
  await page.goto(`${base}/profile`);
  await page.waitForURL(/\/backend\/login\//);
  await signInOnHostedPage(page);
  await page.waitForURL(/\/profile$/);
}

test('a guest who taps the heart of a card or a page is told to sign in', async ({ page }) => {
  await page.goto('/music/list');
  const heart = page.getByRole('button', { name: /^Add .+ to favorites$/ }).first();
  await heart.click();
  await expect(page.getByText(text(en, 'favorite.notLoggedIn'))).toBeVisible();
  await expect(page).toHaveURL(/\/music\/list$/);
  await screenshot(page, 'en-cards-with-hearts');
  await page.goto('/music/tracks/midnight-drive/20001');
  await page.getByRole('button', { name: text(en, 'engagement.likeShort'), exact: true }).click();
  await expect(page.getByText(text(en, 'favorite.notLoggedIn'))).toBeVisible();
});

test('like a track on its page and find it in /favorites; unlike it there', async ({ page }) => {
  await signIn(page);
  await page.goto('/music/tracks/midnight-drive/20001');
  const like = page.getByRole('button', { name: text(en, 'engagement.likeShort'), exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(page.getByText(text(en, 'favorite.added'))).toBeVisible();
  await expect(page.getByRole('button', { name: text(en, 'engagement.liked'), exact: true })).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'en-track-liked');

  await page.goto('/favorites');
  await expect(page.getByRole('heading', { name: text(en, 'meta.favorites.title') })).toBeVisible();
  const tracksTab = page.getByRole('tab', { name: new RegExp(`^${text(en, 'engagement.kinds.tracks')}`) });
  await expect(tracksTab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('link', { name: /Midnight Drive/ })).toBeVisible();
  // The card carries the heart too, pressed.
  await expect(panel.getByRole('button', { name: text(en, 'engagement.unlike', { title: 'Midnight Drive' }) })).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'en-favorites');

  // Another kind's tab is empty until something of it is liked.
  await page.getByRole('tab', { name: text(en, 'engagement.kinds.albums') }).click();
  await expect(panel.getByText(text(en, 'engagement.noFavorites'))).toBeVisible();

  await page.goto('/music/tracks/midnight-drive/20001');
  await page.getByRole('button', { name: text(en, 'engagement.liked'), exact: true }).click();
  await expect(page.getByText(text(en, 'favorite.removed'))).toBeVisible();
});

test('rate a game in the rating dialog; the page shows the average and the caller’s score', async ({ page }) => {
  await signIn(page);
  await page.goto('/games/details/farm-valley/4503');
  const line = page.getByTestId('rating-summary');
  await line.getByRole('button', { name: text(en, 'engagement.rate') }).click();
  const dialog = page.getByRole('dialog', { name: text(en, 'engagement.rateTitle') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: text(en, 'engagement.stars', { score: '4' }) }).click();
  await expect(dialog.getByText(text(en, 'engagement.scoreNames.4'))).toBeVisible();
  await screenshot(page, 'en-rating-dialog');
  const saved = page.waitForResponse((r) => r.url().endsWith('/backend/rating') && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: text(en, 'engagement.saveRating') }).click();
  const answer = (await (await saved).json()) as { data: { score: number; count: number } };
  expect(answer.data.score).toBe(4);
  await expect(dialog).toBeHidden();
  await expect(line.getByRole('button', { name: text(en, 'engagement.yourRating', { score: '4' }) })).toBeVisible();
  await expect(line).toContainText(text(en, answer.data.count === 1 ? 'engagement.ratingAverage_one' : 'engagement.ratingAverage_other', { average: '4.0', count: String(answer.data.count) }));
  await screenshot(page, 'en-game-rated');
});

test('Arabic, right to left, on a phone: like, favorites and history', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, noor);
  await page.goto(`${noor}/music/tracks/midnight-drive/20001`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: text(ar, 'engagement.likeShort'), exact: true }).click();
  await expect(page.getByText(text(ar, 'favorite.added'))).toBeVisible();
  await screenshot(page, 'ar-mobile-track-liked');
  await page.goto(`${noor}/favorites`);
  await expect(page.getByRole('tabpanel').getByRole('link', { name: /قيادة منتصف الليل/ })).toBeVisible();
  await screenshot(page, 'ar-mobile-favorites');
  await page.goto(`${noor}/history`);
  await expect(page.getByRole('heading', { name: text(ar, 'meta.history.title') })).toBeVisible();
  await screenshot(page, 'ar-mobile-history');
});

test('a played track is in /history; resume plays it again, remove forgets it', async ({ page }) => {
  await signIn(page);
  await page.goto('/music/tracks/midnight-drive/20001');
  const recorded = page.waitForResponse((r) => r.url().includes('/backend/user/history/PLAY/20001') && r.request().method() === 'POST');
  await page.getByRole('button', { name: text(en, 'player.play'), exact: true }).first().click();
  expect((await recorded).status()).toBe(201);

  await page.goto('/history');
  const entry = page.getByTestId('history-entry').filter({ hasText: 'Midnight Drive' });
  await expect(entry).toBeVisible();
  await screenshot(page, 'en-history');
  const played = page.waitForResponse((r) => r.url().endsWith('/backend/song') && r.request().method() === 'POST');
  await entry.getByRole('button', { name: text(en, 'engagement.resumeItem', { title: 'Midnight Drive' }) }).click();
  expect((await played).status()).toBe(200);
  await entry.getByRole('button', { name: text(en, 'engagement.removeItem', { title: 'Midnight Drive' }) }).click();
  await expect(page.getByText(text(en, 'engagement.historyRemoved'))).toBeVisible();
  await expect(page.getByTestId('history-entry').filter({ hasText: 'Midnight Drive' })).toHaveCount(0);
});

/** In-app navigation (the router's own history), as a link in the app does: the page's caches stay. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

test('History is fresh right after a play, and Resume starts the track where its row says (issue 30)', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  // History first: its answer is cached for this page's life.
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: text(en, 'meta.history.title') })).toBeVisible();
  await navigateInApp(page, '/music/tracks/neon-rain/20002');
  const recorded = page.waitForResponse((r) => r.url().includes('/backend/user/history/PLAY/20002') && r.request().method() === 'POST');
  await page.getByTestId('primary-action').click();
  expect((await recorded).status()).toBe(201);
  const player = page.getByTestId('mini-player');
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  const seek = player.getByRole('slider', { name: text(en, 'player.seek') });
  await expect.poll(async () => Number(await seek.getAttribute('max')), { timeout: 10_000 }).toBeGreaterThan(30);
  await seek.fill('21');
  const saved = page.waitForResponse((r) => r.url().includes('/backend/user/history/PLAY/20002') && r.request().method() === 'PUT');
  await player.getByTestId('mini-player-toggle').click();
  const body = (await saved).request().postDataJSON() as { userCurrentPlaying: number };
  expect(body.userCurrentPlaying).toBeGreaterThanOrEqual(21);

  await navigateInApp(page, '/history');
  const entry = page.getByTestId('history-entry').filter({ hasText: 'Neon Rain' });
  await expect(entry).toContainText(text(en, 'engagement.leftAt', { time: '' }).trim());
  await screenshot(page, 'en-history-fresh');
  await player.getByRole('button', { name: text(en, 'player.close') }).click();
  await entry.getByRole('button', { name: text(en, 'engagement.resumeItem', { title: 'Neon Rain' }) }).click();
  await expect(page.getByTestId('mini-player')).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  // It starts from the saved place, not at 0:00.
  await expect.poll(async () => Number(await page.getByTestId('mini-player').getByRole('slider', { name: text(en, 'player.seek') }).inputValue())).toBeGreaterThanOrEqual(20);
});
