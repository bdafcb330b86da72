/**
 * The music mini player (issue 13), in the real browser against the demo portal:
 *  - a guest plays a track's preview, seeks near its end and is asked to sign in when it ends;
 *  - aurora's subscriber (Music Premium) plays an album in full, skips, shuffles, loops, changes
 *    page through the app's own links, and the music keeps playing: the mini player stays and the
 *    audio's currentTime keeps advancing.
 */
import type { Page } from '@playwright/test';
import { aurora, bundle, decideCookies, noor, expect, screenshot, signInOnHostedPage, test, text } from './support';

const en = bundle('en');
const ALBUM = '/music/albums/nova-reyes/2001/neon-skyline/2102';

/** The current time of the sound Howler plays (HTML5 mode: an <audio> element outside the DOM). */
function audioTime(page: Page): Promise<number> {
  return page.evaluate(() => {
    const howler = (window as unknown as { Howler?: { _howls: { _sounds: { _node?: HTMLAudioElement }[] }[] } }).Howler;
    const nodes = (howler?._howls ?? []).flatMap((howl) => howl._sounds.map((sound) => sound._node)).filter((node): node is HTMLAudioElement => node !== undefined);
    const playing = nodes.find((node) => !node.paused) ?? nodes[0];
    return playing ? playing.currentTime : -1;
  });
}

async function expectAdvancing(page: Page): Promise<void> {
  const before = await audioTime(page);
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
}

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('a guest hears the preview and is asked to sign in at its end', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${aurora}/music/tracks/midnight-drive/20001`);
  // The primary action by state: a guest may only sign in.
  await expect(page.getByTestId('primary-action')).toHaveText(text(en, 'purchases.actions.signIn'));
  await page.getByRole('button', { name: text(en, 'catalog.preview', { title: 'Midnight Drive' }) }).first().click();

  const player = page.getByRole('region', { name: text(en, 'player.region') });
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute('data-preview', 'true');
  await expect(player).toContainText(text(en, 'player.preview'));
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expectAdvancing(page);
  await screenshot(page, 'players-guest-preview-390');

  const seek = player.getByRole('slider', { name: text(en, 'player.seek') });
  await expect.poll(async () => Number(await seek.getAttribute('max')), { timeout: 10_000 }).toBeGreaterThan(5);
  const end = Number(await seek.getAttribute('max'));
  await seek.fill(String(end - 2));
  await page.waitForURL(/\/backend\/login\/aurora\?/, { timeout: 20_000 });
});

test.describe('on a touch phone', () => {
  test.use({ hasTouch: true });
  for (const [base, prefix, lang] of [
    [aurora, '', 'en'],
    [noor, '/ar', 'ar'],
  ] as const) {
    test(`on a phone the menu's section links stay in the app and the music keeps playing (${lang}, issue 30)`, async ({ page }) => {
      test.setTimeout(120_000);
      const messages = bundle(lang);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${base}${prefix}/music/tracks/midnight-drive/20001`);
      await page.getByRole('button', { name: text(messages, 'catalog.preview', { title: await page.getByRole('heading', { level: 1 }).innerText() }) }).first().click();
      const player = page.getByRole('region', { name: text(messages, 'player.region') });
      await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
      // A document reload would drop this mark.
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      const url = page.url();
      await page.getByRole('button', { name: text(messages, 'site.menu') }).click();
      const sheet = page.getByRole('dialog', { name: text(messages, 'site.menu') });
      await expect(sheet).toBeVisible();
      await sheet.getByRole('navigation').getByRole('link').first().tap();
      await expect(sheet).toBeHidden();
      await expect.poll(() => page.url()).not.toBe(url);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await expect(player).toBeVisible();
      await expect(player).toHaveAttribute('data-status', 'playing');
      await expectAdvancing(page);
      await screenshot(page, `players-menu-navigation-${lang}-390`);
    });
  }
});

test('a subscriber plays an album in full, skips, shuffles, loops, and the music survives a page change', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${aurora}/profile`);
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await signInOnHostedPage(page);
  await page.waitForURL(`${aurora}/profile`);

  await page.goto(`${aurora}${ALBUM}`);
  const play = page.getByTestId('primary-action');
  await expect(play).toHaveAttribute('data-action', 'play');
  await expect(play).toHaveText(text(en, 'purchases.actions.play'));
  await play.click();

  const player = page.getByRole('region', { name: text(en, 'player.region') });
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect(player).toHaveAttribute('data-preview', 'false');
  await expect(player).toContainText('Midnight Drive');
  await expectAdvancing(page);

  // Skip: the album's second track, in full.
  await player.getByRole('button', { name: text(en, 'player.next') }).click();
  await expect(player).toContainText('Neon Rain');
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });

  // Shuffle keeps the current track; loop cycles all → one → off.
  const shuffle = player.getByRole('button', { name: text(en, 'player.shuffle') });
  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
  await expect(player).toContainText('Neon Rain');
  await player.getByRole('button', { name: text(en, 'player.loop.off') }).click();
  await player.getByRole('button', { name: text(en, 'player.loop.all') }).click();
  await expect(player.getByRole('button', { name: text(en, 'player.loop.one') })).toBeVisible();
  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', 'false');

  // The queue lists the album in order, the current track marked.
  await player.getByTestId('mini-player-queue').click();
  const queue = page.getByRole('dialog', { name: text(en, 'player.queueTitle') });
  await expect(queue.locator('[aria-current=true]')).toContainText('Neon Rain');
  await screenshot(page, 'players-queue-1280');
  await page.keyboard.press('Escape');

  // Another page through the app's links: the player stays and keeps playing.
  const url = page.url();
  await page.getByRole('main').getByRole('link', { name: 'Neon Harbor' }).first().click();
  await expect.poll(() => page.url()).not.toBe(url);
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute('data-status', 'playing');
  await expectAdvancing(page);
  await screenshot(page, 'players-after-navigation-1280');

  // Pause and play from the bar.
  await player.getByRole('button', { name: text(en, 'player.pause'), exact: true }).click();
  await expect(player).toHaveAttribute('data-status', 'paused');
  await player.getByRole('button', { name: text(en, 'player.play'), exact: true }).click();
  await expect(player).toHaveAttribute('data-status', 'playing');
});
