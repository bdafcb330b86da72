/**
 * The thank-you after a single purchase (issue 30): a bought album's thank-you closes with one OK; after a mobile-bill
 * purchase of an online game the thank-you comes first, counts down and the game then starts by itself (issue 72 item
 * 14), or at once from its Play now button.
 */
import type { Page } from '@playwright/test';
import { aurora, bundle, decideCookies, expect, registerOnHostedPage, screenshot, test, text } from './support';

const en = bundle('en');
const ar = bundle('ar');

/** A fresh account without any plan, registered on the hosted page a protected page sends a guest to. */
async function newAccount(page: Page, start: string): Promise<void> {
  await page.goto(`${aurora}/profile`);
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await registerOnHostedPage(page, { prefix: 'thanks', name: 'Tara', lastName: 'Thanks' });
  await page.waitForURL(`${aurora}/profile`);
  await page.goto(`${aurora}${start}`);
}

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('a bought album’s thank-you closes with one OK', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await newAccount(page, '/music/albums/nova-reyes/2001/neon-skyline/2102');
  await page.getByTestId('primary-action').click();
  await page.getByRole('dialog', { name: text(en, 'purchases.popup.title') }).getByTestId('offer-single').getByRole('button').click();
  await page.getByRole('dialog', { name: text(en, 'purchases.single.title') }).getByRole('button', { name: text(en, 'purchases.single.pay') }).click();
  const payment = page.getByRole('dialog', { name: text(en, 'purchases.payment.title') });
  await payment.getByTestId('pay-card').click();
  await page.getByRole('radio', { name: /4242 4242 4242 4242/ }).check();
  await page.locator('form').first().locator('button[type=submit]').click();
  await page.waitForURL(/\/music\/albums\//);
  const thanks = page.getByRole('dialog');
  await expect(thanks).toHaveCount(1);
  await expect(thanks).toBeVisible();
  await screenshot(page, 'purchase-thanks-album-en-1280');
  await thanks.getByRole('button', { name: text(en, 'subscription.ok') }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Nothing opens again a moment later (a second dialog, an error).
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a bought album’s thank-you closes with one OK after the mobile bill too (ar, 390)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await newAccount(page, '/ar/music/albums/nova-reyes/2001/neon-skyline/2102');
  await page.getByTestId('primary-action').click();
  await page.getByRole('dialog', { name: text(ar, 'purchases.popup.title') }).getByTestId('offer-single').getByRole('button').click();
  await page.getByRole('dialog', { name: text(ar, 'purchases.single.title') }).getByRole('button', { name: text(ar, 'purchases.single.pay') }).click();
  const payment = page.getByRole('dialog', { name: text(ar, 'purchases.payment.title') });
  await payment.getByTestId('pay-operator').click();
  await payment.getByLabel(text(ar, 'purchases.payment.msisdnLabel')).fill('4917012345678');
  await payment.getByRole('button', { name: text(ar, 'purchases.payment.sendPin') }).click();
  const hint = payment.getByTestId('sandbox-pin');
  await expect(hint).toBeVisible();
  const pin = /(\d{4})/.exec((await hint.textContent()) ?? '')?.[1] ?? '';
  await payment.getByLabel(text(ar, 'purchases.payment.pinLabel')).fill(pin);
  await payment.getByRole('button', { name: text(ar, 'purchases.payment.confirm') }).click();
  const thanks = page.getByRole('dialog', { name: text(ar, 'purchases.result.success.title') });
  await expect(thanks).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await screenshot(page, 'purchase-thanks-album-ar-390');
  await thanks.getByRole('button', { name: text(ar, 'purchases.ok') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

for (const [lang, prefix, width] of [
  ['en', '', 1280],
  ['ar', '/ar', 390],
] as const) {
  test(`a game bought with the mobile bill waits behind the thank-you and starts by itself, or from Play now (${lang}, ${String(width)})`, async ({ page }) => {
    test.setTimeout(180_000);
    const messages = lang === 'ar' ? ar : en;
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await newAccount(page, `${prefix}/games/details/laser-bounce/4404`);
    await page.getByRole('button', { name: text(messages, 'games.actions.buy') }).click();
    await page.getByRole('dialog', { name: text(messages, 'purchases.popup.title') }).getByTestId('offer-single').getByRole('button').click();
    await page.getByRole('dialog', { name: text(messages, 'purchases.single.title') }).getByRole('button', { name: text(messages, 'purchases.single.pay') }).click();
    const payment = page.getByRole('dialog', { name: text(messages, 'purchases.payment.title') });
    await payment.getByTestId('pay-operator').click();
    await payment.getByLabel(text(messages, 'purchases.payment.msisdnLabel')).fill('4917012345678');
    await payment.getByRole('button', { name: text(messages, 'purchases.payment.sendPin') }).click();
    const hint = payment.getByTestId('sandbox-pin');
    await expect(hint).toBeVisible();
    const pin = /(\d{4})/.exec((await hint.textContent()) ?? '')?.[1] ?? '';
    await payment.getByLabel(text(messages, 'purchases.payment.pinLabel')).fill(pin);
    await payment.getByRole('button', { name: text(messages, 'purchases.payment.confirm') }).click();

    const thanks = page.getByRole('dialog', { name: text(messages, 'purchases.result.success.title') });
    await expect(thanks).toBeVisible();
    await page.waitForTimeout(1000);
    // Only the thank-you: no game window over it.
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(thanks.getByTestId('game-autostart')).toBeVisible();
    await screenshot(page, `purchase-thanks-game-${lang}-${String(width)}`);
    // English waits for the countdown; Arabic presses Play now.
    if (lang === 'ar') await thanks.getByRole('button', { name: text(messages, 'purchases.result.playNow') }).click();
    await expect(thanks).toHaveCount(0, { timeout: 15_000 });
    // The game: in a dialog, or in a window of its own (its dialog says so).
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
  });
}
