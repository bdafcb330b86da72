/**
 * The cookie banner and the mini player (issue 30): until the visitor answers the banner, the mini player's buttons
 * stay usable (the banner sits above the bar), on a phone and a desktop, in English and Arabic.
 */
import { aurora, bundle, expect, screenshot, test, text } from './support';

for (const [lang, prefix] of [
  ['en', ''],
  ['ar', '/ar'],
] as const) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    test(`the mini player stays usable under an unanswered cookie banner (${lang}, ${String(width)})`, async ({ page }) => {
      const messages = bundle(lang);
      await page.setViewportSize({ width, height });
      await page.goto(`${aurora}${prefix}/music/tracks/midnight-drive/20001`);
      const banner = page.getByTestId('consent-banner');
      await expect(banner).toBeVisible();
      const title = lang === 'ar' ? /./ : 'Midnight Drive';
      await page.getByRole('button', { name: typeof title === 'string' ? text(messages, 'catalog.preview', { title }) : new RegExp(text(messages, 'catalog.preview', { title: '.*' })) }).first().click();
      const player = page.getByTestId('mini-player');
      await expect(player).toBeVisible();
      // Nothing covers the bar: each of its buttons receives a pointer (Playwright's hit-target check).
      for (const button of await player.getByRole('button').all()) {
        if (await button.isVisible()) await button.click({ trial: true, timeout: 10_000 });
      }
      const bar = await player.boundingBox();
      const box = await banner.boundingBox();
      expect(box && bar ? box.y + box.height : Infinity).toBeLessThanOrEqual(bar?.y ?? 0);
      await screenshot(page, `banner-player-${lang}-${String(width)}`);
      await banner.getByRole('button', { name: text(messages, 'consent.declineAll') }).click();
      await expect(banner).toHaveCount(0);
    });
  }
}
