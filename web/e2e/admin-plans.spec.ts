/**
 * Plans from the console (issue 33 item 4): the content editor of aurora signs in, opens Music Basic,
 * changes its line above the button and its price (renewals from tomorrow), and the storefront's plan card shows both. The demo values are put back at the end
 * (the specs share one portal). The plans pages are photographed on a desktop and a 390 px phone in
 * English and Arabic, and pass axe (no serious or critical violation).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { aurora, expect, screenshot, test } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

interface Messages {
  plans: Record<string, string | Record<string, string>>;
  nav: Record<string, string>;
  shell: Record<string, string>;
}
const en = JSON.parse(readFileSync(new URL('../src/locales/en/admin.json', import.meta.url), 'utf8')) as Messages;
const ar = JSON.parse(readFileSync(new URL('../src/locales/ar/admin.json', import.meta.url), 'utf8')) as Messages;
const say = (messages: Messages, key: string) => messages.plans[key] as string;
const textLabel = (prefix: string) => (en.plans.text as Record<string, string>)[prefix]!;

/** Signs a demo staff member in and opens Plans from the navigation. */
async function signIn(page: Page, email: string, tenant: string): Promise<void> {
  await openConsolePage(page, { base: aurora, email, tenant, navigation: en.shell.navigation!, link: en.nav.plans!, heading: say(en, 'title') });
}

/** "YYYY-MM-DDTHH:mm" of tomorrow, local time, for a datetime-local field. */
function tomorrow(): string {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function changePrice(page: Page, amount: string): Promise<void> {
  await page.getByLabel(`New price (EUR)`).fill(amount);
  await page.getByLabel(say(en, 'effectiveFrom')).fill(tomorrow());
  // The console asks first: every current subscriber is mailed.
  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => { resolve(dialog.message()); void dialog.accept(); }));
  await page.getByRole('button', { name: say(en, 'applyPrice'), exact: true }).click();
  expect(await asked).toMatch(/^Change the price to .*current subscriber/);
  await expect(page.getByRole('status').filter({ hasText: 'Price changed' })).toBeVisible();
}

async function setAboveCta(page: Page, value: string): Promise<void> {
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel(textLabel('DISPLAY_SERVICE_ABOVE_CTA'), { exact: true }).fill(value);
  await page.getByRole('button', { name: say(en, 'save'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved (version' })).toBeVisible();
}

// Prices are money (issue 73 item 4): an editor changes texts only; the owner does both here.
test('the owner changes a plan price and a display text; the storefront plan card shows both', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'owner@example.com', 'aurora');
  const row = page.locator('tr[data-plan-id="101"]');
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/plans\/101$/);

  const line = `Cancel any time · e2e ${Date.now()}`;
  await setAboveCta(page, line);
  await changePrice(page, '5.49');

  // The storefront: the line above the button and the new regular price (Music Basic is on promotion: it is the struck price).
  await page.goto(`${aurora}/subscription`);
  const card = page.locator('[data-testid=plan-card][data-plan-id="101"]');
  await expect(card.getByTestId('plan-above-cta')).toHaveText(line);
  await expect(card.getByTestId('plan-price')).toContainText('5.49');

  // Put the demo values back.
  await page.goto(`${aurora}/admin/plans/101`);
  await setAboveCta(page, '');
  await changePrice(page, '4.99');
  await page.goto(`${aurora}/subscription`);
  await expect(card.getByTestId('plan-above-cta')).toHaveCount(0);
  await expect(card.getByTestId('plan-price')).toContainText('4.99');
});

test('the plans pages in English and Arabic, on a desktop and a phone, pass axe', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'editor@example.com', 'aurora');
  const problems: string[] = [];
  for (const [lang, messages] of [['en', en], ['ar', ar]] as const) {
    await page.goto(`${aurora}/admin/plans`);
    if (lang === 'ar') {
      await page.locator('header select').last().selectOption('ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    await expect(page.getByRole('heading', { level: 1, name: say(messages, 'title') })).toBeVisible();
    for (const [name, path] of [['plans', '/admin/plans'], ['plan', '/admin/plans/101']] as const) {
      await page.goto(`${aurora}${path}`);
      await expect(page.locator('main h1')).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 900 });
      problems.push(...(await blockingAxe(page, `${name} ${lang}`)));
      await screenshot(page, `console-${name}-${lang}-desktop`, true);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `console-${name}-${lang}-phone`, true);
    }
  }
  expect(problems).toEqual([]);
});
