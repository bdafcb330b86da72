/**
 * vela is FTMDOnly (commerce §4: its playlists hold only the tracks the user owns). Its track page's preview button
 * and, for a subscriber whose plan includes music, its Play button made no request and showed nothing, since the
 * player dropped the very track that was pressed (issue 47 item 2). The pressed track is now always asked for: a guest
 * hears the preview, the subscriber the whole track. (At a preview's end the player says why it stopped and Play asks
 * how to get the track: Vitest, features/streaming/__tests__/player.test.ts.)
 */
import { bundle, decideCookies, expect, signInOnHostedPage, signedInAt, test, text, vela } from './support';

const de = bundle('de');
const TRACK = '/de/music/tracks/midnight-drive/20001';

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('vela (German): a guest hears the preview; signed in with Vela Max, Play plays the whole track', async ({ page }) => {
  await page.goto(`${vela}${TRACK}`);
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  const player = page.getByTestId('mini-player');

  await page.getByRole('button', { name: text(de, 'catalog.preview', { title }) }).click();
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect(player).toHaveAttribute('data-preview', 'true');
  await expect(player).toContainText(title);

  await page.getByRole('button', { name: text(de, 'purchases.actions.signIn') }).click();
  await page.getByRole('dialog', { name: text(de, 'auth.options.title') }).getByRole('button', { name: text(de, 'auth.options.email') }).click();
  await page.waitForURL(/\/backend\/login\/vela\?/);
  await signInOnHostedPage(page);
  await signedInAt(page, TRACK);
  // The page's own Play (the mini player, back from the sign-in paused, has a Play of its own: seen in CI).
  const play = page.getByTestId('primary-action');
  await expect(play).toHaveAccessibleName(text(de, 'purchases.actions.playAudio'));
  await play.click();
  await expect(player).toHaveAttribute('data-preview', 'false', { timeout: 15_000 });
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect(player).toContainText(title);
});
