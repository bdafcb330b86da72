/**
 * Games (issue 13): a guest plays a free game and the score its page posts through the postMessage
 * bridge shows on the leaderboard, marked as theirs; a subscriber plays a paid online game in the
 * HTML iframe dialog (and its score is theirs); a game without a frame opens in a window of its own.
 * Games run sandboxed (docs/security.md "Games in a sandbox"): a game's page cannot reach the portal's
 * storage, in the dialog or in its own window, and a real round's score still reaches the leaderboard.
 */
import type { Page } from '@playwright/test';
import { aurora, decideCookies, expect, screenshot, test, vela } from './support';

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

/** What a game's page does at the end of a round (data/games/*\/game.js reportScore). */
async function postScoreFromGame(page: Page, urlPart: string, score: number): Promise<void> {
  const frame = page.frames().find((f) => f.url().includes(urlPart));
  if (!frame) throw new Error(`no game frame ${urlPart}`);
  await frame.evaluate((value) => window.parent.postMessage({ type: 'portal:score', score: value }, location.origin), score);
}

/**
 * Posts a round's score from the game until the portal page sends it on (a busy machine may deliver the first
 * message before the page's bridge listens: a game posts each round's score, so another round's post is what a
 * player would see); answers the score call's body. A refused score fails with the server's answer.
 */
async function scoreSaved(page: Page, urlPart: string, score: number): Promise<{ data: { score: number } }> {
  for (let round = 0; round < 5; round++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/backend/game/score'), { timeout: 8_000 }).catch(() => null);
    await postScoreFromGame(page, urlPart, score);
    const response = await answer;
    if (!response) continue;
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { data: { score: number } };
  }
  throw new Error(`the score ${score} was never sent on to the portal`);
}

async function signInOnVela(page: Page, base = vela): Promise<void> {
  await page.goto(`${base}/en/profile`);
  await page.waitForURL(/\/backend\/login\//);
  await page.locator('input[name=email]').fill('subscriber@example.com');
  await page.locator('input[name=password]').fill('portal-demo');
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/profile$/);
}

test('a guest plays a free game; the score the page posts shows on the leaderboard as theirs', async ({ page }) => {
  await page.goto('/games/details/pixel-rally/4101');
  const board = page.getByTestId('leaderboard');
  await expect(board.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Play free', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pixel Rally – game' });
  await expect(dialog.locator('iframe')).toHaveAttribute('src', '/media/generated/games/lane-racer/index.html');
  const game = page.frameLocator('iframe[src="/media/generated/games/lane-racer/index.html"]');
  await expect(game.locator('#ov-btn')).toBeVisible();

  // A message from another window (the portal page itself) is not the game's: ignored.
  await page.evaluate(() => window.postMessage({ type: 'portal:score', score: 999999 }, location.origin));
  const answer = await scoreSaved(page, '/games/lane-racer/', 4321);
  expect(answer.data.score).toBe(4321);
  await screenshot(page, 'en-game-score-posted');

  // Quit through the game menu, with its confirmation.
  await page.getByTestId('game-menu').click();
  await page.getByRole('dialog', { name: 'Game menu' }).getByRole('button', { name: 'Quit the game' }).click();
  await page.getByRole('button', { name: 'Quit', exact: true }).click();
  await expect(dialog).toBeHidden();

  const mine = board.locator('li[data-me="true"]');
  await expect(mine).toContainText(/Guest [0-9A-F]{4} \(you\)/);
  await expect(mine).toContainText('4,321');
  await expect(board).not.toContainText('999,999');
  await screenshot(page, 'en-game-leaderboard');
});

test('a subscriber plays a paid online game in the iframe dialog; their score is theirs', async ({ page }) => {
  await signInOnVela(page);
  await page.goto(`${vela}/en/games/details/star-blocks/4401`);
  const play = page.getByRole('button', { name: 'Play', exact: true });
  await expect(play).toHaveAttribute('data-game-state', 'play');
  await play.click();
  const frame = page.getByRole('dialog', { name: 'Star Blocks – game' }).locator('iframe');
  await expect(frame).toHaveAttribute('src', /^\/media\/secure\/~\d+\.4401\.\d+\.[0-9a-f]{64}\/games\/brick-breaker-4401\/index\.html$/);
  const game = page.frameLocator('iframe[src*="/games/brick-breaker-4401/"]');
  await expect(game.locator('#title')).toHaveText('Star Blocks');
  await scoreSaved(page, '/games/brick-breaker-4401/', 250);
  // The dialog's close button asks first (Escape belongs to the game: it pauses).
  await page.getByRole('dialog', { name: 'Star Blocks – game' }).getByRole('button', { name: 'Quit the game' }).click();
  const menu = page.getByRole('dialog', { name: 'Game menu' });
  await menu.getByRole('button', { name: 'Quit the game' }).click();
  await page.getByRole('button', { name: 'Quit', exact: true }).click();
  await expect(page.getByTestId('leaderboard').locator('li[data-me="true"]')).toContainText('Sam S. (you)');
  await screenshot(page, 'en-paid-game-leaderboard');
});

test('a game without a frame opens in a window of its own', async ({ page }) => {
  await signInOnVela(page);
  await page.goto(`${vela}/en/games/details/laser-bounce/4404`);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const opened = await popup;
  await opened.waitForLoadState();
  expect(opened.url()).toMatch(/\/media\/secure\/~\d+\.4404\.\d+\.[0-9a-f]{64}\/games\/brick-breaker-4404\/index\.html$/);
  await expect(page.getByRole('dialog', { name: 'Laser Bounce – game' })).toContainText('window of its own');
  // Its own window is sandboxed by the page's policy: no storage of the portal, no way into the opener.
  await expect(opened.locator('#title')).toHaveText('Laser Bounce');
  expect(await opened.evaluate(isolation)).toEqual({ origin: 'null', storage: 'SecurityError', cookie: 'SecurityError', portal: 'SecurityError' });
  // A round's score still goes to the page that opened it, which posts it.
  const saved = page.waitForResponse((r) => r.url().endsWith('/backend/game/score') && r.status() === 200);
  await opened.evaluate(() => (window.opener as Window).postMessage({ type: 'portal:score', score: 30 }, location.origin));
  expect(((await (await saved).json()) as { data: { score: number } }).data.score).toBe(30);
});

/** What a game's own scripts can reach of the portal, run inside its document. */
function isolation(): Record<string, string> {
  const attempt = (read: () => unknown) => {
    try {
      read();
      return 'read';
    } catch (error) {
      return (error as Error).name;
    }
  };
  const portal = window.parent !== window ? window.parent : (window.opener as Window);
  return {
    origin: self.origin,
    storage: attempt(() => localStorage.getItem('auth_token')),
    cookie: attempt(() => document.cookie),
    portal: attempt(() => portal.localStorage.getItem('auth_token')),
  };
}

test('a game in the dialog cannot read the portal\'s storage; a real round\'s score reaches the leaderboard', async ({ page }) => {
  await signInOnVela(page, aurora);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toContain('refresh_token');
  await page.goto('/en/games/details/dungeon-sprint/4103');
  const board = page.getByTestId('leaderboard');
  await expect(board.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Play free', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Dungeon Sprint – game' });
  await expect(dialog.locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts allow-pointer-lock');
  const game = page.frameLocator('iframe[src="/media/generated/games/snake/index.html"]');
  await expect(game.locator('#ov-btn')).toBeVisible();
  const frame = page.frames().find((f) => f.url().includes('/games/snake/'));
  if (!frame) throw new Error('no game frame');
  expect(await frame.evaluate(isolation)).toEqual({ origin: 'null', storage: 'SecurityError', cookie: 'SecurityError', portal: 'SecurityError' });

  // A score the portal saved comes back to the game as the player's best. Posted again until the portal saves it:
  // right after the frame shows, the dialog may still be attaching its listener (a busy machine, CI), and a
  // message before that is not the portal's to hear (a real round's score comes seconds later).
  const first = page.waitForResponse((r) => r.url().endsWith('/backend/game/score') && r.status() === 200);
  const state = { saved: false };
  void first.then(() => (state.saved = true), () => (state.saved = true));
  do {
    await postScoreFromGame(page, '/games/snake/', 77);
    await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 1000))]);
  } while (!state.saved);
  await first;
  await expect(game.locator('#best')).toHaveText('77');

  // A real round: the snake runs into the wall and the game reports the round's score itself.
  const round = page.waitForResponse((r) => r.url().endsWith('/backend/game/score') && r.status() === 200);
  await game.locator('#ov-btn').click();
  const answer = ((await (await round).json()) as { data: { score: number; best: number } }).data;
  expect(answer.best).toBe(Math.max(77, answer.score));
  await expect(game.locator('#ov-title')).toHaveText('Game over');

  await page.getByTestId('game-menu').click();
  await page.getByRole('dialog', { name: 'Game menu' }).getByRole('button', { name: 'Quit the game' }).click();
  await page.getByRole('button', { name: 'Quit', exact: true }).click();
  const mine = board.locator('li[data-me="true"]');
  await expect(mine).toContainText('(you)');
  await expect(mine).toContainText(String(answer.best));
});
