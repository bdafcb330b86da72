/**
 * A marketplace app's page (issue 30): a free app leads to its stores — "Get it on Google Play" by the package name
 * and the App Store's search for the title — in a new tab; a guest on a paid app signs in to buy, a signed-in user
 * buys it through the single-purchase flow.
 */
import { aurora, bundle, decideCookies, expect, screenshot, signInOnHostedPage, test, text, vela } from './support';

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

for (const [lang, prefix, width] of [
  ['en', '', 1280],
  ['en', '', 390],
  ['ar', '/ar', 1280],
  ['ar', '/ar', 390],
] as const) {
  test(`the Photo Editor page links its stores (${lang}, ${String(width)})`, async ({ page }) => {
    const messages = bundle(lang);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`${aurora}${prefix}/apps/pd/photo-editor/9001`);
    const actions = page.getByTestId('app-actions');
    await expect(actions).toHaveAttribute('data-action', 'stores');
    const play = actions.getByRole('link', { name: text(messages, 'catalog.appStores.googlePlay') });
    await expect(play).toHaveAttribute('href', 'https://play.google.com/store/apps/details?id=com.example.photoeditor');
    await expect(play).toHaveAttribute('target', '_blank');
    await expect(play).toHaveAttribute('rel', 'noopener noreferrer');
    const appStore = actions.getByRole('link', { name: text(messages, 'catalog.appStores.appStore') });
    await expect(appStore).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\/search\?term=/);
    await expect(appStore).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(play).toBeInViewport();
    await screenshot(page, `apps-actions-${lang}-${String(width)}`);
  });
}

test('a guest on a paid app signs in to buy it', async ({ page }) => {
  const messages = bundle('en');
  await page.goto(`${aurora}/apps/pd/daily-planner/9003`);
  const actions = page.getByTestId('app-actions');
  await expect(actions).toHaveAttribute('data-action', 'sign-in');
  await expect(actions.getByRole('button', { name: text(messages, 'catalog.appStores.signInToBuy') })).toBeVisible();
  await expect(actions.getByRole('link')).toHaveCount(0);
});

test('a signed-in user buys a paid app through the single purchase', async ({ page }) => {
  const messages = bundle('en');
  await page.goto(`${aurora}/myPurchases`);
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await signInOnHostedPage(page);
  await page.waitForURL(`${aurora}/myPurchases`);
  await page.goto(`${aurora}/apps/pd/daily-planner/9003`);
  const actions = page.getByTestId('app-actions');
  await expect(actions).toHaveAttribute('data-action', 'buy');
  await actions.getByRole('button', { name: text(messages, 'purchases.actions.buy') }).click();
  const popup = page.getByRole('dialog', { name: text(messages, 'purchases.popup.title') });
  await expect(popup.getByTestId('offer-single')).toBeVisible();
  await screenshot(page, 'apps-actions-buy-en');
});

test('vela asks before a store opens: the disclaimer in its words, the host, and the store only on Continue (German; issue 47 item 16)', async ({ page, context }) => {
  const de = bundle('de');
  // The store is another party's site: answered here, so the walk needs no network.
  await context.route('https://play.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Store</title>' }));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${vela}/de/apps/pd/photo-editor/9001`);
  const play = page.getByTestId('app-actions').getByRole('link', { name: text(de, 'catalog.appStores.googlePlay') });
  await play.click();
  const leaving = page.getByRole('dialog', { name: text(de, 'dialogs.externalRedirect.title', { site: 'Vela Stream' }) });
  await expect(leaving).toContainText('Vela verlinkt Partner, die es nicht betreibt.');
  await expect(leaving.getByTestId('external-redirect-host')).toHaveText('play.google.com');
  expect(context.pages()).toHaveLength(1);
  await screenshot(page, 'apps-external-redirect-de-390');
  const store = context.waitForEvent('page');
  await leaving.getByRole('button', { name: text(de, 'dialogs.externalRedirect.continue') }).click();
  expect((await store).url()).toBe('https://play.google.com/store/apps/details?id=com.example.photoeditor');
  await expect(leaving).toBeHidden();
});
