/**
 * Commerce end to end (issue 12) against the real server (fresh demo database, see scripts/test-e2e):
 *  - aurora: a newcomer (no plan) opens a track, "Play in full" offers to buy it, pays with the
 *    operator PIN flow (mobile number → sandbox PIN hint → PIN), the track downloads, and it is in
 *    /myPurchases, where it downloads again;
 *  - noor (Arabic, RTL): subscriber@'s daily plan has credits: unlocking a track asks to spend one
 *    and then plays the full file;
 *  - redeem a demo voucher code from the profile menu;
 *  - a guest fills the cart, signs in, the cart is still there, and checks out on the sandbox page;
 *  - a bought album downloads whole, as one zip named by its titles, after the purchase, from its page and from My
 *    purchases, on a phone and in Arabic (issue 72 items 1 and 16).
 * Screenshots (English and Arabic, desktop and mobile) go to ARTIFACTS_DIR.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { aurora, bundle, decideCookies, expect, noor, registerOnHostedPage, screenshot, serverEnv, signInOnHostedPage, test, text } from './support';

const en = bundle('en');
const ar = bundle('ar');

/** Who registers a fresh account without any plan on the hosted page the portal sent us to. */
const BUYER = { prefix: 'buyer', name: 'Billie', lastName: 'Buyer' };

/**
 * A redeemable demo code: PORTAL_DEMO_VOUCHER when the runner gives one, else minted with the
 * operator command against the runner's database (PORTAL_DATABASE).
 */
function demoVoucherCode(): string | null {
  if (process.env.PORTAL_DEMO_VOUCHER) return process.env.PORTAL_DEMO_VOUCHER;
  const database = serverEnv('PORTAL_DATABASE');
  if (!database) return null;
  // Run from the repository root, where the command finds server/migrations.
  const output = execFileSync('build/portal', ['issue-vouchers', '--tenant', 'aurora', '--type', '101', '--count', '1', '--database', database], { encoding: 'utf8', cwd: '..' });
  return output.trim().split('\n').pop()?.trim() ?? null;
}

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('aurora: a newcomer buys a track with the PIN flow, it downloads, and it is in My purchases', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${aurora}/music/tracks/20001`);
  // A guest's primary action asks them to sign in first.
  const primary = page.getByTestId('primary-action');
  await expect(primary).toHaveAttribute('data-action', 'sign-in');
  await primary.click();
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await registerOnHostedPage(page, BUYER);
  await page.waitForURL(/\/music\/tracks\//);

  // Back signed in, the purchase check the guest started goes on by itself (issue 47 item 6).
  const popup = page.getByRole('dialog', { name: text(en, 'purchases.popup.title') });
  await expect(popup).toBeVisible();
  await screenshot(page, 'commerce-purchase-popup-en');
  await popup.getByTestId('offer-single').getByRole('button').click();

  const confirm = page.getByRole('dialog', { name: text(en, 'purchases.single.title') });
  await expect(confirm.getByTestId('single-price')).toBeVisible();
  await confirm.getByRole('button', { name: text(en, 'purchases.single.pay') }).click();

  const payment = page.getByRole('dialog', { name: text(en, 'purchases.payment.title') });
  await payment.getByTestId('pay-operator').click();
  await payment.getByLabel(text(en, 'purchases.payment.msisdnLabel')).fill('4917012345678');
  await payment.getByRole('button', { name: text(en, 'purchases.payment.sendPin') }).click();
  const hint = payment.getByTestId('sandbox-pin');
  await expect(hint).toBeVisible();
  const pin = /(\d{4})/.exec((await hint.textContent()) ?? '')?.[1] ?? '';
  expect(pin).toMatch(/^\d{4}$/);
  await screenshot(page, 'commerce-pin-en');
  await payment.getByLabel(text(en, 'purchases.payment.pinLabel')).fill(pin);
  const downloaded = page.waitForEvent('download');
  await payment.getByRole('button', { name: text(en, 'purchases.payment.confirm') }).click();
  await expect(page.getByRole('dialog', { name: text(en, 'purchases.result.success.title') })).toBeVisible();
  expect((await downloaded).suggestedFilename()).toMatch(/\.(mp3|ogg|m4a|wav)$/);
  await screenshot(page, 'commerce-purchase-result-en');

  await page.goto(`${aurora}/myPurchases`);
  const item = page.locator('[data-testid=wallet-item][data-article-id="20001"]');
  await expect(item).toBeVisible();
  await expect(page.getByTestId('wallet-count')).toContainText('1');
  await screenshot(page, 'commerce-my-purchases-en-1280', true);
  const again = page.waitForEvent('download');
  await item.getByRole('button', { name: text(en, 'wallet.downloadItem', { title: (await item.locator('a, span').first().textContent()) ?? '' }) }).click();
  await again;
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'commerce-my-purchases-en-390', true);
});

/** The names of a zip's entries, read from its central directory (an album's download). */
function zipNames(bytes: Buffer): string[] {
  const end = bytes.length - 22;
  const names: string[] = [];
  let at = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < bytes.readUInt16LE(end + 10); i++) {
    const length = bytes.readUInt16LE(at + 28);
    names.push(bytes.subarray(at + 46, at + 46 + length).toString('utf8'));
    at += 46 + length + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return names;
}

test('aurora: a bought album downloads whole, one zip named by its titles, from its page and My purchases, on a phone and in Arabic (issue 72 items 1 and 16)', async ({ page }) => {
  test.setTimeout(180_000);
  const album = '/music/albums/neon-harbor/2013/neon-skyline/2102';
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${aurora}${album}`);
  await page.getByRole('button', { name: text(en, 'purchases.actions.download') }).click();
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await registerOnHostedPage(page, BUYER);
  await page.waitForURL((url) => url.pathname.endsWith('/2102') && !url.searchParams.has('code'));
  // The purchase check the guest started goes on: buy the album with the mobile bill.
  const popup = page.getByRole('dialog', { name: text(en, 'purchases.popup.title') });
  await popup.getByTestId('offer-single').getByRole('button').click();
  await page.getByRole('dialog', { name: text(en, 'purchases.single.title') }).getByRole('button', { name: text(en, 'purchases.single.pay') }).click();
  const payment = page.getByRole('dialog', { name: text(en, 'purchases.payment.title') });
  await payment.getByTestId('pay-operator').click();
  await payment.getByLabel(text(en, 'purchases.payment.msisdnLabel')).fill('4917012345679');
  await payment.getByRole('button', { name: text(en, 'purchases.payment.sendPin') }).click();
  const hint = payment.getByTestId('sandbox-pin');
  await expect(hint).toBeVisible();
  const pin = /(\d{4})/.exec((await hint.textContent()) ?? '')?.[1] ?? '';
  await payment.getByLabel(text(en, 'purchases.payment.pinLabel')).fill(pin);
  const bought = page.waitForEvent('download');
  await payment.getByRole('button', { name: text(en, 'purchases.payment.confirm') }).click();
  // Bought music downloads (commerce §4): the album whole, not its first track.
  const first = await bought;
  expect(first.suggestedFilename()).toBe('Neon Harbor - Neon Skyline.zip');
  const names = zipNames(await readFile(await first.path()));
  expect(names[0]).toBe('01 Midnight Drive.mp3');
  expect(names.every((name, i) => name.startsWith(`0${i + 1} `) && name.endsWith('.mp3'))).toBe(true);
  const thanks = page.getByRole('dialog', { name: text(en, 'purchases.result.success.title') });
  await expect(thanks).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(thanks).toBeHidden();

  // The album page's Download, again, and My purchases' one Download, on a phone.
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: text(en, 'purchases.actions.download') }).click();
  expect((await again).suggestedFilename()).toBe('Neon Harbor - Neon Skyline.zip');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${aurora}/myPurchases`);
  const item = page.locator('[data-testid=wallet-item][data-article-id="2102"]');
  await expect(item).toBeVisible();
  await screenshot(page, 'commerce-album-my-purchases-en-390', true);
  const fromPurchases = page.waitForEvent('download');
  await item.getByRole('button', { name: text(en, 'wallet.downloadItem', { title: 'Neon Skyline' }) }).click();
  const zip = await fromPurchases;
  expect(zip.suggestedFilename()).toBe('Neon Harbor - Neon Skyline.zip');
  expect(zipNames(await readFile(await zip.path()))).toEqual(names);

  // In Arabic: the album's and its tracks' Arabic titles.
  await page.goto(`${aurora}/ar${album}`);
  const arabic = page.waitForEvent('download');
  await page.getByRole('button', { name: text(ar, 'purchases.actions.download') }).click();
  const arZip = await arabic;
  expect(arZip.suggestedFilename()).toBe('Neon Harbor - أفق النيون.zip');
  expect(zipNames(await readFile(await arZip.path()))[0]).toBe('01 قيادة منتصف الليل.mp3');
  await screenshot(page, 'commerce-album-ar-390');
});

/**
 * From the purchase popup: buy the item alone and pay with the succeeding test card on the sandbox checkout page.
 * Resolves once the card is sent, with the download the return starts.
 */
async function buyWithTestCard(page: Page): Promise<{ download: Promise<Download> }> {
  await page.getByRole('dialog', { name: text(en, 'purchases.popup.title') }).getByTestId('offer-single').getByRole('button').click();
  await page.getByRole('dialog', { name: text(en, 'purchases.single.title') }).getByRole('button', { name: text(en, 'purchases.single.pay') }).click();
  await page.getByRole('dialog', { name: text(en, 'purchases.payment.title') }).getByTestId('pay-card').click();
  await page.waitForURL(/\/backend\/checkout\//);
  await page.getByRole('radio', { name: /4242 4242 4242 4242/ }).check();
  const download = page.waitForEvent('download');
  await page.locator('form').first().locator('button[type=submit]').click();
  return { download };
}

test('aurora: a track bought on the card checkout page comes back purchased and downloads', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${aurora}/music/tracks/20003`);
  await page.getByRole('button', { name: text(en, 'purchases.actions.download') }).click();
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await registerOnHostedPage(page, BUYER);
  await page.waitForURL(/\/music\/tracks\//);
  // Back signed in, the Download the guest pressed goes on by itself (issue 47 item 6): the ways to get the track.
  const { download: downloaded } = await buyWithTestCard(page);
  await page.waitForURL(/\/music\/tracks\//);
  await expect(page.getByRole('dialog', { name: text(en, 'subscription.purchased.title') })).toBeVisible();
  await downloaded;
  // The consumed purchase-return parameters are gone from the address.
  await expect.poll(() => new URL(page.url()).search).toBe('');
});

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

test('aurora: a game bought on an iPhone downloads as its whole package; a Linux desktop says it does not run there (issue 47 item 4)', async ({ browser }) => {
  test.setTimeout(180_000);
  const GAME = `${aurora}/games/details/turbo-legends/4504`; // Android and iOS
  const phone = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  await decideCookies(phone);
  const page = await phone.newPage();
  await page.goto(GAME);
  await page.getByTestId('game-action').click();
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  const email = await registerOnHostedPage(page, BUYER);
  await page.waitForURL(/\/games\/details\//);
  const action = page.getByTestId('game-action');
  await expect(action).toHaveAttribute('data-game-state', 'buy');
  await action.click();
  const { download: downloaded } = await buyWithTestCard(page);
  await page.waitForURL(/\/games\/details\//);
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe('Turbo Legends.zip'); // its title (issue 72 item 16)
  // The whole package (a zip names its files in the clear), not the 1,446-byte entry page alone.
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  for (const name of ['index.html', 'game.js', 'style.css', 'config.js']) expect(bytes.includes(Buffer.from(name))).toBe(true);
  await phone.close();

  const desktop = await browser.newContext({ userAgent: LINUX, viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await decideCookies(desktop);
  const linux = await desktop.newPage();
  await linux.goto(`${aurora}/profile`);
  await linux.waitForURL(/\/backend\/login\/aurora\?/);
  await signInOnHostedPage(linux, email);
  await linux.waitForURL(`${aurora}/profile`);
  await linux.goto(GAME);
  // Decided for this device (GET /device answered first, issue 47 item 17), not for "device 1": no Download that fails.
  const refused = linux.getByTestId('game-action');
  await expect(refused).toHaveAttribute('data-game-state', 'device-not-supported');
  await expect(refused).toHaveText(text(en, 'games.actions.deviceNotSupported'));
  await expect(refused).toBeDisabled();
  await screenshot(linux, 'commerce-game-not-on-this-device-en-1280');
  await desktop.close();
});

test('noor (Arabic): a subscriber with credits unlocks a track and plays it in full', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${noor}/ar/myPurchases`);
  await page.waitForURL(/\/backend\/login\/noor\?/);
  await signInOnHostedPage(page);
  await page.waitForURL(`${noor}/ar/myPurchases`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.goto(`${noor}/ar/music/tracks/20002`);
  await page.getByTestId('primary-action').click();
  const confirm = page.getByRole('dialog', { name: text(ar, 'purchases.confirmCredit.title') });
  await expect(confirm).toBeVisible();
  await screenshot(page, 'commerce-credit-confirm-ar');
  await confirm.getByRole('button', { name: text(ar, 'purchases.confirmCredit.action') }).click();
  // The full track plays in the mini player (a signed URL, not the preview).
  const player = page.getByTestId('mini-player');
  await expect(player).toHaveAttribute('data-preview', 'false');
  await expect(player).toHaveAttribute('data-status', 'playing');

  // Unlocked: it stays in the wallet, and the next play spends nothing.
  await page.getByTestId('primary-action').click();
  await expect(player).toHaveAttribute('data-status', 'playing');
  await expect(page.getByRole('dialog', { name: text(ar, 'purchases.confirmCredit.title') })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(`${noor}/ar/myPurchases`);
  await expect(page.locator('[data-testid=wallet-item][data-article-id="20002"]')).toBeVisible();
  await screenshot(page, 'commerce-my-purchases-ar-1280', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'commerce-my-purchases-ar-390', true);
});

test('aurora: a demo voucher code is redeemed from the profile menu', async ({ page }) => {
  const code = demoVoucherCode();
  test.skip(code === null, 'no demo voucher code available (set PORTAL_DEMO_VOUCHER or PORTAL_DATABASE)');
  await page.goto(`${aurora}/profile`);
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await registerOnHostedPage(page, BUYER);
  await page.waitForURL(`${aurora}/profile`);
  await page.getByRole('button', { name: /Billie|BB/ }).first().click();
  await page.getByRole('menuitem', { name: text(en, 'auth.redeemCode') }).click();
  const redeem = page.getByRole('dialog', { name: text(en, 'vouchers.redeem.title') });
  await redeem.getByLabel(text(en, 'vouchers.redeem.label')).fill('abc');
  await redeem.getByRole('button', { name: text(en, 'vouchers.redeem.submit') }).click();
  await expect(redeem.getByText(text(en, 'vouchers.redeem.invalid'))).toBeVisible();
  await redeem.getByLabel(text(en, 'vouchers.redeem.label')).fill(code ?? '');
  await screenshot(page, 'commerce-redeem-en');
  await redeem.getByRole('button', { name: text(en, 'vouchers.redeem.submit') }).click();
  const feedback = page.getByRole('dialog', { name: text(en, 'vouchers.feedback.success.title') });
  await expect(feedback).toBeVisible();
  await feedback.getByRole('link', { name: text(en, 'vouchers.feedback.manage') }).click();
  await page.waitForURL(`${aurora}/profile/manage`);

  // The same code again is a duplicate.
  await page.getByRole('button', { name: /Billie|BB/ }).first().click();
  await page.getByRole('menuitem', { name: text(en, 'auth.redeemCode') }).click();
  await page.getByLabel(text(en, 'vouchers.redeem.label')).fill(code ?? '');
  await page.getByRole('button', { name: text(en, 'vouchers.redeem.submit') }).click();
  await expect(page.getByRole('dialog', { name: text(en, 'vouchers.feedback.duplicate.title') })).toBeVisible();
});

test('aurora: a guest fills the cart, signs in, the cart is still there, and checks out', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${aurora}/vouchers/details/8001`);
  // One quantity on a voucher page (issue 30): the stepper serves Buy now and Add to cart.
  const voucher = page.getByTestId('voucher-commerce');
  await expect(voucher.getByRole('group', { name: text(en, 'cart.quantityOf', { name: 'Music Gift Card – Bronze' }) })).toHaveCount(1);
  await expect(voucher.locator('select')).toHaveCount(0);
  await voucher.getByRole('button', { name: text(en, 'cart.increase') }).click();
  await voucher.getByTestId('add-to-cart').getByRole('button', { name: text(en, 'cart.add') }).click();
  await page.goto(`${aurora}/vouchers/details/8002`);
  await page.getByTestId('add-to-cart').getByRole('button', { name: text(en, 'cart.add') }).click();

  await page.goto(`${aurora}/myCart`);
  await expect(page.getByTestId('cart-item')).toHaveCount(2);
  const bronze = page.locator('[data-testid=cart-item][data-product-id="8001"]');
  await expect(bronze.getByTestId('quantity')).toHaveText('2');
  await expect(page.getByTestId('cart-total')).toHaveText('€45.00');
  await bronze.getByRole('button', { name: text(en, 'cart.decrease') }).click();
  await expect(bronze.getByTestId('quantity')).toHaveText('1');
  await expect(bronze.getByRole('button', { name: text(en, 'cart.decrease') })).toBeDisabled();
  await bronze.getByRole('button', { name: text(en, 'cart.increase') }).click();
  await screenshot(page, 'commerce-cart-guest-en-1280', true);

  await page.getByRole('button', { name: text(en, 'cart.signInToCheckout') }).click();
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await registerOnHostedPage(page, BUYER);
  await page.waitForURL(/\/myCart/);
  await expect(page.getByTestId('cart-item')).toHaveCount(2);
  await expect(page.locator('[data-testid=cart-item][data-product-id="8001"]').getByTestId('quantity')).toHaveText('2');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'commerce-cart-en-390', true);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: text(en, 'cart.checkout') }).click();
  await page.waitForURL(/\/backend\/(cart\/)?checkout\//);
  await page.getByRole('radio', { name: /4242 4242 4242 4242/ }).check();
  await screenshot(page, 'commerce-cart-checkout');
  await page.locator('form').first().locator('button[type=submit]').click();
  await page.waitForURL(/\/myCart/);
  const feedback = page.getByRole('dialog', { name: text(en, 'vouchers.feedback.success.title') });
  await expect(feedback.getByText(text(en, 'vouchers.feedback.success.cartText'))).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await feedback.getByRole('button', { name: text(en, 'vouchers.ok') }).click();
  await expect(page.getByText(text(en, 'cart.empty'))).toBeVisible();
});

test('arabic cart and vouchers read right to left', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${aurora}/ar/vouchers/details/8101`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('add-to-cart').getByRole('button', { name: text(ar, 'cart.add') }).click();
  await screenshot(page, 'commerce-voucher-ar-1280');
  await page.goto(`${aurora}/ar/myCart`);
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await screenshot(page, 'commerce-cart-ar-1280', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'commerce-cart-ar-390', true);
});
