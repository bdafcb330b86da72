/**
 * Subscriptions end to end against the real server (fresh demo database, see scripts/test-e2e):
 *  - aurora (English, V2Modals + redirectToSubPage + showPaymentOptions): a guest opens /subscription,
 *    picks Music Plus, signs in on the hosted page, comes back to the payment options, pays by card
 *    on the sandbox checkout (4242 4242 4242 4242), returns to the success feedback, and finds the plan
 *    active on /profile/manage; a second plan with 4000 0000 0000 9995 ends in the insufficient-funds
 *    dialog (purchase-return step 2); the plan is cancelled from /profile/manage.
 *  - noor (Arabic, right to left, directSubscriptionFlow + subAuthRequired): the operator PIN flow
 *    (mobile number → the sandbox PIN hint → PIN) activates the daily plan.
 * Screenshots (EN and AR, several widths) go to ARTIFACTS_DIR.
 */
import type { Page } from '@playwright/test';
import { aurora, bundle, decideCookies, expect, noor, registerOnHostedPage, screenshot, signInOnHostedPage, test, text, vela } from './support';

const en = bundle('en');
const ar = bundle('ar');
const de = bundle('de');

/** Signs in through a protected page and waits to be back on it. */
async function signIn(page: Page, base: string, path: string, email?: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/backend\/login\//);
  await signInOnHostedPage(page, email);
  await page.waitForURL(`${base}${path}`);
}


async function payOnCheckout(page: Page, card: string): Promise<void> {
  await page.waitForURL(/\/backend\/checkout\//);
  await page.locator(`input[name=card][value="${card}"]`).check();
  await screenshot(page, `subscriptions-checkout-${card.slice(-4)}`);
  await page.locator('form').first().locator('button[type=submit]').click();
}

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test.describe.serial('aurora: card checkout', () => {
  let newcomer = '';
  test('a guest picks Music Plus, registers, pays by card and finds the plan active', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${aurora}/subscription`);
    const plus = page.locator('[data-testid=plan-card][data-plan-id="102"]');
    await expect(plus).toBeVisible();
    await expect(plus.getByRole('heading', { name: 'Music Plus' })).toBeVisible();
    await expect(page.locator('[data-testid=plan-card][data-plan-id="101"]').getByText(text(en, 'subscription.percentOff', { percent: '40%' }))).toBeVisible();
    await screenshot(page, 'subscriptions-plans-en-1280', true);
    for (const width of [600, 960, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `subscriptions-plans-en-${width}`, true);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await plus.locator('[data-action=subscribe]').click();
    await page.waitForURL(/\/backend\/login\/aurora\?/);
    const returnUrl = new URL(new URL(page.url()).searchParams.get('redirectUrl') ?? '');
    expect(returnUrl.searchParams.get('subTypeId')).toBe('102');
    // A new account, without any plan (subscriber@ holds each tenant's demo plan).
    newcomer = await registerOnHostedPage(page, { prefix: 'newcomer', name: 'Robin', lastName: 'Newcomer' });

    const options = page.getByRole('dialog', { name: text(en, 'subscription.paymentOptions.title') });
    await expect(options).toBeVisible();
    expect(new URL(page.url()).searchParams.has('subTypeId')).toBe(false);
    await screenshot(page, 'subscriptions-payment-options-en');
    await options.locator('[data-option=card]').click();

    await payOnCheckout(page, '4242424242424242');
    await page.waitForURL(`${aurora}/subscription`);
    const feedback = page.getByRole('dialog', { name: text(en, 'subscription.feedback.success.title') });
    await expect(feedback).toBeVisible();
    await expect(feedback).toContainText('Music Plus');
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'subscriptions-success-en');
    await feedback.getByRole('button', { name: text(en, 'subscription.ok') }).click();
    await expect(plus.getByTestId('current-plan')).toBeVisible();

    await page.goto(`${aurora}/profile/manage`);
    const row = page.locator('[data-testid=user-subscription][data-type-id="102"]');
    await expect(row).toBeVisible();
    await expect(row.getByTestId('subscription-state')).toHaveText(text(en, 'subscription.manage.state.ACTIVE'));
    await screenshot(page, 'subscriptions-manage-en', true);
  });

  test('a declined card for lack of funds opens the insufficient-funds dialog (step 2)', async ({ page }) => {
    await signIn(page, aurora, '/profile', newcomer);
    await page.goto(`${aurora}/subscription`);
    const video = page.locator('[data-testid=plan-card][data-plan-id="202"]');
    await video.locator('[data-action=subscribe]').click();
    const options = page.getByRole('dialog', { name: text(en, 'subscription.paymentOptions.title') });
    await options.locator('[data-option=card]').click();
    await payOnCheckout(page, '4000000000009995');
    const dialog = page.getByRole('dialog', { name: text(en, 'subscription.feedback.insufficient.title') });
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).searchParams.has('status')).toBe(false);
    await screenshot(page, 'subscriptions-insufficient-en');
  });

  test('the plan is cancelled from /profile/manage after confirmation', async ({ page }) => {
    await signIn(page, aurora, '/profile/manage', newcomer);
    const row = page.locator('[data-testid=user-subscription][data-type-id="102"]');
    await row.getByTestId('cancel-subscription').click();
    const dialog = page.getByRole('dialog', { name: text(en, 'subscription.cancel.v2Title') });
    await expect(dialog).toBeVisible();
    await screenshot(page, 'subscriptions-cancel-v2-en');
    await dialog.getByTestId('confirm-cancel').click();
    await expect(page.getByText(text(en, 'subscription.cancel.successMsg'))).toBeVisible();
    await expect(row).toContainText(text(en, 'subscription.manage.cancelRequested').split('{{')[0]!.trim());
    await expect(row.getByTestId('cancel-subscription')).toHaveCount(0);
    await screenshot(page, 'subscriptions-cancelled-en', true);
  });
});

test('aurora: an upgrade within the music group replaces the old plan once the new one is paid', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${aurora}/profile/manage`);
  await page.waitForURL(/\/backend\/login\//);
  await signInOnHostedPage(page, 'player@example.com');
  await page.waitForURL(`${aurora}/profile/manage`);

  // Music Basic has one payment option, a web checkout: the subscribe answer redirects there at once.
  await page.goto(`${aurora}/subscription`);
  await page.locator('[data-testid=plan-card][data-plan-id="101"] [data-action=subscribe]').click();
  await payOnCheckout(page, '4242424242424242');
  const basicDone = page.getByRole('dialog', { name: text(en, 'subscription.feedback.success.title') });
  await expect(basicDone).toContainText('Music Basic');
  await basicDone.getByRole('button', { name: text(en, 'subscription.ok') }).click();

  // Premium is two levels up: the server asks to end Basic first, the dialog says so, then the checkout.
  await page.locator('[data-testid=plan-card][data-plan-id="103"] [data-action=subscribe]').click();
  const change = page.getByRole('dialog', { name: text(en, 'subscription.endRedirect.title.upgrade', { name: 'Music Premium' }) });
  await expect(change).toContainText('Music Basic');
  await screenshot(page, 'subscriptions-upgrade-en');
  await change.getByRole('button', { name: text(en, 'subscription.endRedirect.confirm') }).click();
  await page.getByRole('dialog', { name: text(en, 'subscription.paymentOptions.title') }).locator('[data-option=card]').click();
  await payOnCheckout(page, '4242424242424242');
  await expect(page.getByRole('dialog', { name: text(en, 'subscription.feedback.success.title') })).toContainText('Music Premium');

  await page.goto(`${aurora}/profile/manage`);
  await expect(page.locator('[data-testid=user-subscription][data-type-id="103"] [data-testid=subscription-state]')).toHaveText(
    text(en, 'subscription.manage.state.ACTIVE'),
  );
  await expect(page.locator('[data-testid=user-subscription][data-type-id="101"]')).toHaveCount(0);
  await expect(page.locator('[data-testid=canceled-subscription]')).toContainText('Music Basic');
});

test('noor (Arabic, RTL): the operator PIN flow activates the daily plan', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${noor}/ar/subscription`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const card = page.locator('[data-testid=plan-card]').first();
  await expect(card).toBeVisible();
  await screenshot(page, 'subscriptions-plans-ar-1280', true);
  await page.setViewportSize({ width: 600, height: 900 });
  await screenshot(page, 'subscriptions-plans-ar-600', true);
  await page.setViewportSize({ width: 1280, height: 900 });

  // subAuthRequired: a guest is asked to sign in first (the tenant offers several ways: the options dialog).
  await card.locator('[data-action=subscribe]').click();
  await expect(page.getByRole('dialog', { name: text(ar, 'auth.options.title') })).toBeVisible();
  await page.getByRole('button', { name: text(ar, 'auth.options.email') }).click();
  await page.waitForURL(/\/backend\/login\/noor\?/);
  await signInOnHostedPage(page, 'guest@example.com'); // subscriber@ already holds noor's daily plan

  // Back with the plan: its only payment option is the operator's API flow, run at once.
  const flow = page.getByRole('dialog', { name: text(ar, 'subscription.apiFlow.title') });
  await expect(flow).toBeVisible();
  await flow.getByLabel(text(ar, 'subscription.apiFlow.msisdnLabel')).fill('201001234567');
  await screenshot(page, 'subscriptions-operator-msisdn-ar');
  await flow.getByRole('button', { name: text(ar, 'subscription.apiFlow.send') }).click();
  const hint = flow.getByTestId('sandbox-pin');
  await expect(hint).toBeVisible();
  const pin = /(\d{4})/.exec((await hint.textContent()) ?? '')?.[1] ?? '';
  expect(pin).toMatch(/^\d{4}$/);
  await screenshot(page, 'subscriptions-operator-pin-ar');
  await flow.getByLabel(text(ar, 'subscription.apiFlow.pinLabel')).fill(pin);
  await flow.getByRole('button', { name: text(ar, 'subscription.apiFlow.confirm') }).click();

  const feedback = page.getByRole('dialog', { name: text(ar, 'subscription.feedback.success.title') });
  await expect(feedback).toBeVisible();
  await screenshot(page, 'subscriptions-success-ar');
  await feedback.getByRole('button', { name: text(ar, 'subscription.ok') }).click();

  await page.goto(`${noor}/ar/profile/manage`);
  const row = page.locator('[data-testid=user-subscription]').first();
  await expect(row.getByTestId('subscription-state')).toHaveText(text(ar, 'subscription.manage.state.ACTIVE'));
  await screenshot(page, 'subscriptions-manage-ar', true);

  // The day's three credits spent, the next track says so, when new ones arrive, and offers its own price (issue 47 item 3).
  for (const id of [20001, 20002, 20003]) {
    await page.goto(`${noor}/ar/music/tracks/track/${id}`);
    await page.getByTestId('primary-action').click();
    const confirm = page.getByRole('dialog', { name: text(ar, 'purchases.confirmCredit.title') });
    await confirm.getByRole('button', { name: text(ar, 'purchases.confirmCredit.action') }).click();
    await expect(page.getByTestId('mini-player')).toHaveAttribute('data-preview', 'false');
  }
  await page.goto(`${noor}/ar/music/tracks/silver-coast/20004`);
  const action = page.getByTestId('primary-action');
  await expect(action).toHaveAttribute('data-action', 'buy');
  await action.click();
  const popup = page.getByRole('dialog', { name: text(ar, 'purchases.popup.title') });
  const note = popup.getByTestId('credits-used');
  await expect(note).toContainText(text(ar, 'purchases.popup.creditsUsedToday', { plan: 'نور اليومي' }));
  await expect(note).toContainText(text(ar, 'purchases.popup.creditsBack', { when: '' }).replace(/[.\s]+$/, ''));
  await expect(note).toContainText(text(ar, 'purchases.popup.creditsMeanwhile'));
  // The page's title, in the page's language.
  await expect(popup.getByTestId('offer-single')).toContainText('الساحل الفضي');
  await screenshot(page, 'subscriptions-credits-spent-ar-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'subscriptions-credits-spent-ar-390');

  await page.goto(`${noor}/en/music/tracks/silver-coast/20004`);
  await page.getByTestId('primary-action').click();
  const enNote = page.getByRole('dialog', { name: text(en, 'purchases.popup.title') }).getByTestId('credits-used');
  await expect(enNote).toContainText(text(en, 'purchases.popup.creditsUsedToday', { plan: 'Noor Daily' }));
  await expect(enNote).toContainText(/New credits arrive on \w+day,? \d/);
  await screenshot(page, 'subscriptions-credits-spent-en-390');
});

test('aurora: a track sold by subscription offers the plans that include it (V2 popup)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${aurora}/music/tracks/midnight-drive/20001`);
  const offer = page.getByTestId('subscribe-offer');
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: text(en, 'subscription.subscribe') }).click();
  const popup = page.getByRole('dialog', { name: text(en, 'subscription.popup.title.V2') });
  await expect(popup).toBeVisible();
  await expect(popup.locator('[data-variant=V2]')).toBeVisible();
  await expect(popup.getByTestId('popup-plan')).toHaveCount(3);
  await screenshot(page, 'subscriptions-popup-v2-en');
});

test('aurora: a signed-in user starts the free trial of Music Plus and sees the trial marker', async ({ page }) => {
  await page.goto(`${aurora}/profile`);
  await page.waitForURL(/\/backend\/login\//);
  await signInOnHostedPage(page, 'guest@example.com');
  await page.waitForURL(`${aurora}/profile`);
  await page.goto(`${aurora}/subscription`);
  const plus = page.locator('[data-testid=plan-card][data-plan-id="102"]');
  await plus.locator('[data-action=trial]').click();
  const feedback = page.getByRole('dialog', { name: text(en, 'subscription.feedback.success.title') });
  await expect(feedback).toBeVisible();
  await feedback.getByRole('button', { name: text(en, 'subscription.ok') }).click();
  await page.goto(`${aurora}/profile/manage`);
  const row = page.locator('[data-testid=user-subscription][data-type-id="102"]');
  await expect(row.getByText(text(en, 'subscription.manage.trial'))).toBeVisible();
  await screenshot(page, 'subscriptions-trial-manage-en', true);
});

test('vela (partner, German): an expired partner code is refused, a valid one leads to the checkout', async ({ page }) => {
  await signIn(page, vela, '/de/profile', 'guest@example.com'); // subscriber@ already holds Vela Max
  await page.goto(`${vela}/de/subscription`);
  await page.getByTestId('partner-code-offer').getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: text(de, 'subscription.partner.title') });
  const field = dialog.getByLabel(text(de, 'subscription.partner.codeLabel'));
  await field.fill('VELA-OLD-2020');
  await dialog.getByRole('button', { name: text(de, 'subscription.partner.submit') }).click();
  await expect(dialog.getByText(text(de, 'subscription.partner.expired'))).toBeVisible();
  await screenshot(page, 'subscriptions-partner-code-de');
  await field.fill('VELA-PARTNER-2026');
  await dialog.getByRole('button', { name: text(de, 'subscription.partner.submit') }).click();
  await page.waitForURL(/\/backend\/checkout\//);
});
