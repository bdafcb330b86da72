/**
 * One call to action for a guest on a free item (issue 30): "Sign in to play free", never a "Free" tag beside
 * "Sign in to play"; a signed-in visitor's page keeps its price tag.
 */
import { aurora, bundle, decideCookies, expect, screenshot, test, text } from './support';

// The walks share nothing: they may run in different workers.
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

for (const [lang, prefix, width] of [
  ['en', '', 1280],
  ['en', '', 390],
  ['ar', '/ar', 1280],
  ['ar', '/ar', 390],
] as const) {
  test(`a guest on a free trailer sees one call to action (${lang}, ${String(width)})`, async ({ page }) => {
    const messages = bundle(lang);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`${aurora}${prefix}/video/details/the-lighthouse-keeper-official-trailer/3601`);
    const primary = page.getByTestId('primary-action');
    await expect(primary).toHaveAttribute('data-action', 'sign-in');
    await expect(primary).toContainText(text(messages, 'purchases.actions.signInFree'));
    await expect(page.getByText(text(messages, 'catalog.free'), { exact: true })).toHaveCount(0);
    await screenshot(page, `free-cta-${lang}-${String(width)}`);
  });
}
