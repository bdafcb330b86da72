/**
 * The apps marketplace (issue 15): guest@ registers an app on /apps/register (a taken or look-alike name
 * comes back from the server onto the name field; the client secret shows once), the subscriber opens the app's
 * consent link in another browser, allows it and finds it on /apps/profile, then removes the access.
 * The same in Arabic (noor, right to left) with player@. Screenshots: desktop and mobile, en and ar.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { aurora, bundle, decideCookies, expect, noor, screenshot, signInOnHostedPage, test, text, type Bundle } from './support';

const en = bundle('en');
const ar = bundle('ar');

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

/** axe-core's browser bundle, evaluated in the page (the CSP refuses inline scripts). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe violations on the page, as "rule: targets" lines. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Fills the register form and sends it. */
async function fillAppForm(page: Page, messages: Bundle, name: string) {
  await page.getByLabel(text(messages, 'apps.form.name')).fill(name);
  await page.getByLabel(text(messages, 'apps.form.publisher')).fill('Acme Studio');
  await page.getByLabel(text(messages, 'apps.form.description')).fill('Counts your steps and plays music that matches your pace.');
  await page.getByLabel(text(messages, 'apps.form.redirectUri')).fill('https://acme.example/callback');
  await page.getByRole('checkbox', { name: new RegExp(text(messages, 'apps.scopes.profile.label')) }).check();
  await page.getByRole('checkbox', { name: new RegExp(text(messages, 'apps.scopes.favorites.label')) }).check();
}

/** Signs in on the hosted page (through /profile, which sends a guest there), then opens `path`. */
async function signInAt(page: Page, origin: string, path: string, tenant: string, email: string) {
  const prefix = path.startsWith('/ar/') ? '/ar' : '';
  await page.goto(`${origin}${prefix}/profile`);
  await page.waitForURL(new RegExp(`/backend/login/${tenant}\\?`));
  await signInOnHostedPage(page, email);
  await page.waitForURL(`${origin}${prefix}/profile`);
  await page.goto(`${origin}${path}`);
}

/** A second browser (another user) with the cookie decision made. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext();
  await decideCookies(context);
  return { context, page: await context.newPage() };
}

test('register an app, grant it as another user, find it on /apps/profile and remove the access', async ({ page, browser }) => {
  const name = `Pace Radio ${Date.now()}`;
  await signInAt(page, aurora, '/apps/profile', 'aurora', 'guest@example.com');
  await page.goto(`${aurora}/apps/register`);
  await expect(page.getByRole('heading', { level: 1, name: text(en, 'meta.appsRegister.title') })).toBeVisible();

  // The client's own rules first: nothing is sent while a field is wrong.
  await page.getByRole('button', { name: text(en, 'apps.register.submit') }).click();
  await expect(page.getByText(text(en, 'apps.form.errors.scopes'))).toBeVisible();
  await fillAppForm(page, en, name);
  await page.getByLabel(text(en, 'apps.form.redirectUri')).fill('http://acme.example/callback');
  await page.getByLabel(text(en, 'apps.form.name')).focus();
  await expect(page.getByText(text(en, 'apps.form.errors.redirectUri'))).toBeVisible();
  await page.getByLabel(text(en, 'apps.form.redirectUri')).fill('https://acme.example/callback');
  await page.getByLabel(text(en, 'apps.form.name')).focus();
  await expect(page.getByText(text(en, 'apps.form.errors.redirectUri'))).toBeHidden();
  await screenshot(page, 'apps-register-en-desktop', true);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: text(en, 'apps.register.submit') }).click();

  const registered = page.getByTestId('app-registered');
  await expect(registered.getByRole('heading', { name: text(en, 'apps.register.done', { name }) })).toBeVisible();
  await expect(page.getByTestId('app-client-secret')).toHaveValue(/^[0-9a-f]{64}$/);
  const consentLink = await page.getByTestId('app-consent-link').inputValue();
  expect(consentLink).toMatch(/\/apps\/consent\/app_[0-9a-f]{16}$/);
  const appId = consentLink.split('/').pop() ?? '';
  await screenshot(page, 'apps-registered-en-desktop');

  // The same name again: the server's 409 lands on the name field.
  await page.goto(`${aurora}/apps/register`);
  await fillAppForm(page, en, name.toUpperCase());
  await page.getByRole('button', { name: text(en, 'apps.register.submit') }).click();
  await expect(page.getByText(text(en, 'apps.form.errors.nameTaken'))).toBeVisible();
  await expect(page.getByLabel(text(en, 'apps.form.name'))).toHaveAttribute('aria-invalid', 'true');
  // A look-alike (a Cyrillic "а"): the server's 409 APP_NAME_CONFUSABLE lands on the name field too.
  await page.getByLabel(text(en, 'apps.form.name')).fill(name.replace('a', '\u0430'));
  await page.getByRole('button', { name: text(en, 'apps.register.submit') }).click();
  await expect(page.getByText(text(en, 'apps.form.errors.nameConfusable'))).toBeVisible();
  await expect(page.getByLabel(text(en, 'apps.form.name'))).toHaveAttribute('aria-invalid', 'true');
  // Invisible characters and a path that climbs out are refused before anything is sent.
  await page.getByLabel(text(en, 'apps.form.name')).fill(name.replace(' ', ' \u200b'));
  await page.getByLabel(text(en, 'apps.form.redirectUri')).fill('https://acme.example/..%2fcallback');
  await page.getByRole('button', { name: text(en, 'apps.register.submit') }).click();
  await expect(page.getByText(text(en, 'apps.form.errors.nameInvisible'))).toBeVisible();
  await expect(page.getByText(text(en, 'apps.form.errors.redirectUri'))).toBeVisible();

  // The owner's list and the app's page.
  await page.goto(`${aurora}/apps/manage`);
  await page.getByTestId('my-apps').getByRole('link', { name }).click();
  await page.waitForURL(`${aurora}/apps/manage/${appId}`);
  await expect(page.getByText(text(en, 'apps.manage.grantedCount', { formatted: '0' }))).toBeVisible();

  // Another user allows it.
  const other = await otherBrowser(browser);
  await signInAt(other.page, aurora, `/apps/consent/${appId}`, 'aurora', 'subscriber@example.com');
  const card = other.page.getByTestId('consent-card');
  await expect(card.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(card.getByText(text(en, 'apps.scopes.favorites.label'))).toBeVisible();
  await expect(card).toHaveAttribute('data-decision', 'none');
  await screenshot(other.page, 'apps-consent-en-desktop', true);
  await card.getByRole('button', { name: text(en, 'apps.consent.allow') }).click();
  await expect(card).toHaveAttribute('data-decision', 'granted');
  // The way back to the app carries the decision.
  await expect(other.page.getByTestId('consent-continue')).toHaveAttribute('href', `https://acme.example/callback?consent=granted&app=${appId}`);

  await other.page.getByRole('link', { name: text(en, 'apps.consent.profileLink') }).click();
  await other.page.waitForURL(`${aurora}/apps/profile`);
  const granted = other.page.getByTestId('granted-apps');
  await expect(granted.getByRole('link', { name })).toBeVisible();
  await other.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(other.page, 'apps-profile-en-mobile', true);

  // The owner sees the grant counted.
  await page.reload();
  await expect(page.getByText(text(en, 'apps.manage.grantedCount', { formatted: '1' }))).toBeVisible();

  await granted.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: text(en, 'apps.profile.revoke') }).click();
  await expect(other.page.getByText(text(en, 'apps.profile.empty'))).toBeVisible();
  await other.context.close();
});

test('in Arabic: register, allow and list an app right to left', async ({ page, browser }) => {
  const name = `تطبيق الخطى ${Date.now()}`;
  await signInAt(page, noor, '/ar/apps/profile', 'noor', 'player@example.com');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto(`${noor}/ar/apps/register`);
  await fillAppForm(page, ar, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'apps-register-ar-mobile', true);
  await page.getByRole('button', { name: text(ar, 'apps.register.submit') }).click();
  await expect(page.getByTestId('app-client-secret')).toHaveValue(/^[0-9a-f]{64}$/);
  const appId = (await page.getByTestId('app-consent-link').inputValue()).split('/').pop() ?? '';
  expect(appId).toMatch(/^app_[0-9a-f]{16}$/);

  await page.goto(`${noor}/ar/apps/manage/${appId}`);
  await expect(page.getByTestId('manage-app')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'apps-manage-ar-desktop', true);
  expect(await axeViolations(page)).toEqual([]);

  const other = await otherBrowser(browser);
  await signInAt(other.page, noor, `/ar/apps/consent/${appId}`, 'noor', 'subscriber@example.com');
  const card = other.page.getByTestId('consent-card');
  await expect(card.getByRole('heading', { level: 2, name })).toBeVisible();
  await card.getByRole('button', { name: text(ar, 'apps.consent.allow') }).click();
  await expect(card).toHaveAttribute('data-decision', 'granted');
  await screenshot(other.page, 'apps-consent-ar-desktop', true);
  expect(await axeViolations(other.page)).toEqual([]);
  await other.page.goto(`${noor}/ar/apps/profile`);
  await expect(other.page.getByTestId('granted-apps').getByRole('link', { name })).toBeVisible();
  await other.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(other.page, 'apps-profile-ar-mobile', true);
  await other.context.close();

  // Another user of the tenant cannot open the owner's app page.
  const stranger = await otherBrowser(browser);
  await signInAt(stranger.page, noor, '/ar/apps/profile', 'noor', 'guest@example.com');
  await stranger.page.goto(`${noor}/ar/apps/manage/${appId}`);
  await expect(stranger.page.getByTestId('app-not-found')).toBeVisible();
  await stranger.context.close();
});

test('the FAQ answers in six languages', async ({ page }) => {
  for (const lang of ['en', 'de', 'fr', 'es', 'ro', 'ar']) {
    const messages = bundle(lang);
    await page.goto(`${aurora}/${lang}/apps/faq`);
    await expect(page.getByRole('heading', { level: 1, name: text(messages, 'meta.appsFaq.title') })).toBeVisible();
    await page.getByText(text(messages, 'apps.faq.secret.q')).click();
    await expect(page.getByText(text(messages, 'apps.faq.secret.a'))).toBeVisible();
  }
  await page.goto(`${noor}/ar/apps/faq`);
  await page.getByText(text(ar, 'apps.faq.what.q')).click();
  await screenshot(page, 'apps-faq-ar-desktop', true);
});
