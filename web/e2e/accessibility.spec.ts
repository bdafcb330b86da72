/**
 * The axe walks of issue 10 in states a guest's page load does not reach: the music mini player open, and the
 * signed-in profile and purchases, in English and Arabic, on a desktop and a phone. A serious or critical violation
 * fails the walk; every one found is printed with its rule, the elements and axe's summary. Every page type in each
 * tenant's language and theme: every-page-type.spec.ts.
 */
import { checkPage, describeViolations, reportAxe, runAxe, settle } from './page-checks';
import { aurora, decideCookies, expect, noor, signInOnHostedPage, test } from './support';

// The walks share nothing: they may run in different workers.
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ context, page }) => {
  await decideCookies(context);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('axe: the music mini player open, English and Arabic, desktop and phone', async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const [base, prefix] of [
    [aurora, ''],
    [noor, '/ar'],
  ] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}${prefix}/music/tracks/midnight-drive/20001`);
      await settle(page);
      await page.locator('main button[aria-pressed=false]').first().click();
      await expect(page.getByTestId('mini-player')).toBeVisible();
      const violations = await runAxe(page);
      if (violations.length > 0) found.push(describeViolations(`${prefix || '/en'} mini player ${width}`, violations));
    }
  }
  reportAxe(found);
});

test('axe: the signed-in profile, English and Arabic, desktop and phone', async ({ page }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  for (const [base, prefix] of [
    [aurora, ''],
    [noor, '/ar'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}${prefix}/profile`);
    await page.waitForURL(/\/backend\/login\//);
    await signInOnHostedPage(page, 'guest@example.com');
    await page.waitForURL(`${base}${prefix}/profile`);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await checkPage(page, `${base}${prefix}/profile`, `${prefix || '/en'} profile ${width}`, found);
      await checkPage(page, `${base}${prefix}/myPurchases`, `${prefix || '/en'} my purchases ${width}`, found);
      // The account menu open: nothing it leaves behind is hidden yet focusable (aria-hidden-focus, issue 47 item 13).
      await page.getByTestId('account-menu-trigger').click();
      await expect(page.getByRole('menu')).toBeVisible();
      const violations = await runAxe(page);
      if (violations.length > 0) found.push(describeViolations(`${prefix || '/en'} account menu open ${width}`, violations));
      await page.keyboard.press('Escape');
    }
  }
  reportAxe(found);
});
