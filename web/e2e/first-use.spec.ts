/**
 * Issue 10 "Defects", as a new user meets them (fresh demo database, see scripts/test-e2e):
 *  - a signed-in user without a plan who clicks Subscribe on a track gets the plans, twice in a row;
 *  - cancelling at the sandbox checkout comes back to the page the user started from with a
 *    "payment cancelled" notice, not the error dialog;
 *  - the profile shows the whole name and e-mail on a phone, English and Arabic;
 *  - the Arabic 404 page shows the path left to right;
 *  - a film shows no file size; the subscribe bar keeps its distance from the list above it.
 * Screenshots (desktop 1280 and phone 390, en and ar) go to ARTIFACTS_DIR.
 */
import type { Locator, Page } from '@playwright/test';
import { aurora, bundle, decideCookies, expect, noor, screenshot, signInOnHostedPage, test, text } from './support';

const en = bundle('en');
const ar = bundle('ar');

async function signIn(page: Page, base: string, prefix: string, email: string): Promise<void> {
  await page.goto(`${base}${prefix}/profile`);
  await page.waitForURL(/\/backend\/login\//);
  await signInOnHostedPage(page, email);
  await page.waitForURL(`${base}${prefix}/profile`);
}

/** The element shows all of its text: nothing clipped by an ellipsis or overflow, inside the viewport. */
async function expectWhole(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { clipped: element.scrollWidth > element.clientWidth + 1, left: rect.left, right: rect.right, width: window.innerWidth };
  });
  expect(box.clipped, 'text is cut').toBe(false);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(box.width);
}

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('a signed-in user without a plan clicks Subscribe on a track and gets the plans, twice in a row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, aurora, '', 'guest@example.com');
  await page.goto(`${aurora}/music/tracks/midnight-drive/20001`);
  const offer = page.getByTestId('subscribe-offer');
  for (const round of [1, 2]) {
    await offer.getByRole('button', { name: text(en, 'subscription.subscribe') }).click();
    const plans = page.getByRole('dialog', { name: text(en, 'subscription.popup.title.V2') });
    await expect(plans).toBeVisible();
    await expect(plans.getByTestId('popup-plan').first()).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(0);
    if (round === 1) await screenshot(page, 'first-use-subscribe-signed-in-en');
    await plans.getByRole('button', { name: text(en, 'subscription.close') }).click();
    await expect(plans).toBeHidden();
  }
});

test('cancelling at the sandbox checkout comes back to the same page with a "payment cancelled" notice', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, aurora, '', 'guest@example.com');
  const track = `${aurora}/music/tracks/midnight-drive/20001`;
  await page.goto(track);
  await page.getByTestId('subscribe-offer').getByRole('button', { name: text(en, 'subscription.subscribe') }).click();
  const plans = page.getByRole('dialog', { name: text(en, 'subscription.popup.title.V2') });
  await plans.getByTestId('popup-plan').first().getByRole('button', { name: new RegExp(`^${text(en, 'subscription.subscribe')}`) }).click();
  // Music Basic has one payment option: straight to the sandbox checkout, which has a cancel form.
  await page.waitForURL(/\/backend\/checkout\//);
  await page.locator('form:has(input[name=cancel]) button[type=submit]').click();

  await page.waitForURL(track);
  await expect(page.getByText(text(en, 'subscription.feedback.cancelled'))).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');
  await screenshot(page, 'first-use-checkout-cancelled-en');
});

for (const [lang, base, prefix, messages] of [
  ['en', aurora, '', en],
  ['ar', noor, '/ar', ar],
] as const) {
  test(`the profile shows the whole name and e-mail on a phone and a desktop (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, base, prefix, 'subscriber@example.com');
    // The name as saved (another walk may have edited it), then the e-mail.
    const [name, email] = [page.getByRole('main').locator('dl dd').nth(0), page.getByRole('main').locator('dl dd').nth(1)];
    await expect(name).toContainText('Subscriber');
    await expect(email).toHaveText('subscriber@example.com');
    await expectWhole(name);
    await expectWhole(email);
    await expect(page.getByRole('main').getByRole('button', { name: text(messages, 'auth.signOut') })).toBeVisible();
    await screenshot(page, `first-use-profile-${lang}-390`, true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectWhole(name);
    await screenshot(page, `first-use-profile-${lang}-1280`);
  });
}

test('the Arabic 404 page shows the missing path left to right', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const response = await page.goto(`${noor}/ar/no/such/page`);
    expect(response?.status()).toBe(404);
    const path = page.getByTestId('error-page').locator('bdi', { hasText: '/ar/no/such/page' });
    await expect(path).toHaveAttribute('dir', 'ltr');
    // Rendered left to right: the leading slash is the left-most character of the path.
    const slashFirst = await path.evaluate((element) => {
      const range = document.createRange();
      const node = element.firstChild as Text;
      range.setStart(node, 0);
      range.setEnd(node, 1);
      const slash = range.getBoundingClientRect();
      return slash.left <= element.getBoundingClientRect().left + 1;
    });
    expect(slashFirst).toBe(true);
    await screenshot(page, `first-use-not-found-ar-${width}`);
  }
});

test('a film shows no file size; the subscribe bar keeps its distance from the list above it', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${aurora}/video/details/the-lighthouse-keeper/3102`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(text(en, 'catalog.facts.released'))).toBeVisible();
    await expect(page.getByText(text(en, 'catalog.facts.size'))).toHaveCount(0);
    const offer = page.getByTestId('subscribe-offer');
    await expect(offer).toBeVisible();
    const gap = await offer.evaluate((element) => {
      const above = element.previousElementSibling;
      return above ? element.getBoundingClientRect().top - above.getBoundingClientRect().bottom : Infinity;
    });
    expect(gap).toBeGreaterThanOrEqual(24);
    await screenshot(page, `first-use-film-en-${width}`, true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${aurora}/games/details/kingdoms-of-ash/4501`);
  await expect(page.getByText(text(en, 'catalog.facts.size'))).toBeVisible();
});
