/**
 * The support path of issue 34, end to end against the real server: guest@ buys Music Basic with the
 * sandbox card 4242; support finds guest@ by e-mail in the console and sees that payment (support may
 * not refund: no Refund button); finance finds the same customer, refunds the payment in full, and the
 * page shows it refunded; back on the storefront the plan has ended (the refund receipt is checked by
 * server/tests/api/payments/refunds.test.mjs). guest@ holds no plan before and after (other walks rely on that).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { aurora, decideCookies, expect, screenshot, signInOnHostedPage, test, text } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, unknown>;
const admin = (lang: string) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/admin.json`, import.meta.url), 'utf8')) as Messages;
const en = admin('en');
const t = (key: string, params: Record<string, string> = {}) => text(en, key, params);

const basic = '[data-testid=user-subscription][data-type-id="101"]';

async function staffPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openConsolePage(page, { base: aurora, email, tenant: 'aurora', navigation: t('shell.navigation'), link: t('nav.customers'), heading: t('customers.title') });
  return page;
}

/** Finds guest@ by e-mail and opens their page; answers the row of the payment of `reference`. */
async function openGuest(page: Page) {
  await page.getByRole('searchbox', { name: t('customers.query') }).fill('guest@example.com');
  await page.getByRole('button', { name: t('customers.find') }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?q=guest%40example\.com/);
  const results = page.getByRole('table', { name: t('customers.results') });
  await results.getByRole('link', { name: 'guest@example.com' }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]+$/);
  const payments = page.getByRole('table', { name: t('customers.payments') });
  await expect(payments).toBeVisible();
  return payments;
}

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('support finds the payment of a plan just bought with 4242; finance refunds it and the plan ends on the storefront', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // guest@ buys Music Basic: its one payment option is the card checkout, reached at once.
  await page.goto(`${aurora}/subscription`);
  await page.locator('[data-testid=plan-card][data-plan-id="101"] [data-action=subscribe]').click();
  await page.waitForURL(/\/backend\/login\//);
  await signInOnHostedPage(page, 'guest@example.com');
  await page.waitForURL(/\/backend\/checkout\//);
  await page.locator('input[name=card][value="4242424242424242"]').check();
  await page.locator('form').first().locator('button[type=submit]').click();
  await page.waitForURL(`${aurora}/**`);
  await page.goto(`${aurora}/profile/manage`);
  await expect(page.locator(`${basic}[data-state=ACTIVE]`)).toBeVisible();

  // Support finds guest@ and sees the payment, but may not refund it.
  const support = await staffPage(browser, 'support@example.com');
  const seen = await openGuest(support);
  const paid = seen.getByRole('row').filter({ hasText: 'SUCCEEDED' }).filter({ hasText: 'checkout' }).first();
  await expect(paid).toBeVisible();
  await expect(paid.getByRole('button', { name: t('refunds.refund') })).toHaveCount(0);
  expect(await blockingAxe(support, 'customer page (support)')).toEqual([]);
  await screenshot(support, 'admin-refund-support-en', true);
  await support.context().close();

  // Finance refunds it in full.
  const finance = await staffPage(browser, 'finance@example.com');
  const payments = await openGuest(finance);
  const row = payments.getByRole('row').filter({ hasText: 'SUCCEEDED' }).filter({ hasText: 'checkout' }).first();
  await row.getByRole('button', { name: t('refunds.refund') }).click();
  const dialog = finance.getByRole('dialog', { name: t('refunds.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t('refunds.reason')).fill('Charged twice, says the customer');
  expect(await blockingAxe(finance, 'refund dialog')).toEqual([]);
  await screenshot(finance, 'admin-refund-dialog-en');
  await dialog.getByRole('button', { name: t('refunds.submit') }).click();
  await expect(dialog).toBeHidden();
  // Refunded in full: no Refund button left on that payment.
  await expect(payments.getByRole('row').filter({ hasText: 'checkout' }).first().getByRole('button', { name: t('refunds.refund') })).toHaveCount(0);
  await screenshot(finance, 'admin-refund-done-en', true);
  await finance.context().close();

  // The storefront: the plan has ended.
  await page.goto(`${aurora}/profile/manage`);
  await expect(page.locator(`${basic}[data-state=ACTIVE]`)).toHaveCount(0);
  await screenshot(page, 'admin-refund-storefront-en', true);
});
