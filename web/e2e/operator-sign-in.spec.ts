/**
 * Signing in with a mobile number on noor (issue 47 item 1): noor's operator recognises its subscribers on its
 * network (the dev operator page plays it, `/backend/operator/noor`), and noor has `autoLogin.hasSecureLoginUrl`, so
 * its auto-login (portal §4 step 8) asks `POST /monsooq/mss-login/api/session/signup` for the operator's secure
 * sign-in. Both ways in end signed in on the page they started from: the sign-in dialog's mobile option, and a visit
 * that arrives with the operator's cookie already set. Before, the secure sign-in set the cookie and went back signed
 * out, the auto-login asked for it again, and its one-minute guard then left the subscriber a guest.
 */
import type { Page } from '@playwright/test';
import { decideCookies, expect, noor, screenshot, test, text, bundle } from './support';

const ar = bundle('ar');

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

async function expectSignedInAt(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path && !url.searchParams.has('code'));
  await expect(page.getByRole('button', { name: new RegExp(`^${text(ar, 'auth.accountMenu').split('{{name}}')[0]}`) })).toBeVisible();
  await expect(page.getByRole('button', { name: text(ar, 'auth.signIn'), exact: true })).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(JSON.parse(token ?? '{}')).toHaveProperty('refresh_token');
}

test('the dialog’s mobile option: the number, then signed in on the page it started from (Arabic)', async ({ page }) => {
  await page.goto(`${noor}/ar`);
  await page.getByRole('button', { name: text(ar, 'auth.signIn'), exact: true }).click();
  await page.getByRole('dialog', { name: text(ar, 'auth.options.title') }).getByRole('button', { name: text(ar, 'auth.options.operator') }).click();
  await page.waitForURL(/\/backend\/operator\/noor\?/);
  await page.locator('input[name=msisdn]').fill('+971 50 000 0101');
  await screenshot(page, 'operator-sign-in-number-ar');
  await page.locator('form button[type=submit]').click();
  await expectSignedInAt(page, '/ar');
  await screenshot(page, 'operator-sign-in-done-ar');
  // Issue 72 item 8: the account made by the number is named by it (Arabic-Indic digits, left to right), not "?".
  const number = ['+٩٧١', '٥٠', '٠٠٠', '٠١٠١'].join('\u00A0\u200E');
  const trigger = page.getByRole('button', { name: text(ar, 'auth.accountMenuNamed').replace('{{name}}', `\u2066${number}\u2069`) });
  await expect(trigger).toBeVisible();
  await expect(trigger).not.toHaveText('?');
  await trigger.click();
  await expect(page.getByTestId('account-menu-label').locator('bdi[dir=ltr]')).toHaveText(number);
  await screenshot(page, 'operator-sign-in-account-menu-ar');
});

test('a visit that arrives recognised by the operator signs in by itself, once, and stays signed in over a reload', async ({ page }) => {
  // The operator's gateway in front of the portal: it sets the signed cookie and goes on to the page.
  await page.goto(`${noor}/backend/operator/noor?msisdn=${encodeURIComponent('+971 50 000 0102')}&redirectUrl=${encodeURIComponent(`${noor}/ar`)}`);
  const secureSignIns: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/monsooq/mss-login/api/session/signup')) secureSignIns.push(request.url());
  });
  await expectSignedInAt(page, '/ar');
  expect(secureSignIns).toHaveLength(1);
  await page.reload();
  await expectSignedInAt(page, '/ar');
  expect(secureSignIns).toHaveLength(1);
});
