/**
 * Webhooks out from the console (issue 78 item 1): aurora's owner adds an endpoint (a receiver this walk starts on
 * 127.0.0.1, allowed private addresses as the dev stage permits), copies its secret, a new customer subscribes to
 * Music Plus on the storefront, and the endpoint's deliveries list the subscription's events delivered with their
 * attempt, which the receiver verified with the `standardwebhooks` library. The page is photographed in English and
 * Arabic on a desktop and a 390 px phone; axe finds nothing blocking on it.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { aurora, bundle, decideCookies, expect, registerOnHostedPage, screenshot, test, text } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, unknown>;
const admin = (lang: string) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/admin.json`, import.meta.url), 'utf8')) as Messages;
const en = admin('en');
const ar = admin('ar');
const shop = bundle('en');
const t = (messages: Messages, key: string, params: Record<string, string> = {}) => text(messages, key, params);
const { Webhook } = createRequire(import.meta.url)('standardwebhooks') as { Webhook: new (secret: string) => { verify: (body: string, headers: Record<string, string>) => unknown } };

let receiver: Server;
const received: { body: string; headers: Record<string, string> }[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers as Record<string, string> });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function subscribeAsNewcomer(page: Page): Promise<void> {
  await decideCookies(page.context());
  await page.goto(`${aurora}/subscription`);
  await page.locator('[data-testid=plan-card][data-plan-id="102"] [data-action=subscribe]').click();
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await registerOnHostedPage(page, { prefix: 'webhooks', name: 'Wanda', lastName: 'Webhook' });
  await page.getByRole('dialog', { name: text(shop, 'subscription.paymentOptions.title') }).locator('[data-option=card]').click();
  await page.waitForURL(/\/backend\/checkout\//);
  await page.locator('input[name=card][value="4242424242424242"]').check();
  await page.locator('form').first().locator('button[type=submit]').click();
  await page.waitForURL(`${aurora}/subscription`);
  await expect(page.getByRole('dialog', { name: text(shop, 'subscription.feedback.success.title') })).toBeVisible();
}

test('an owner connects an endpoint and sees a subscription’s events arrive, signed and verified', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsolePage(page, { base: aurora, email: 'owner@example.com', tenant: 'aurora', navigation: t(en, 'shell.navigation'), link: t(en, 'nav.webhooks'), heading: t(en, 'webhooks.title') });
  await expect(page).toHaveURL(/\/admin\/webhooks$/);

  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/crm/${Date.now()}`;
  const form = page.getByRole('form', { name: t(en, 'webhooks.add') });
  await form.getByLabel(t(en, 'webhooks.url'), { exact: true }).fill(url);
  await form.getByLabel(t(en, 'webhooks.description'), { exact: true }).fill('CRM');
  for (const event of ['subscription.created', 'payment.succeeded']) await form.getByLabel(event, { exact: true }).check();
  await form.getByLabel(t(en, 'webhooks.allowPrivate'), { exact: false }).check();
  await form.getByRole('button', { name: t(en, 'webhooks.addButton') }).click();
  const secretBox = page.getByTestId('webhook-secret');
  await expect(secretBox).toBeVisible();
  const secret = (await secretBox.locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_/);
  await screenshot(page, 'admin-webhooks-secret-en');
  await secretBox.getByRole('button', { name: t(en, 'webhooks.secretDone') }).click();

  const shopper = await browser.newPage();
  await subscribeAsNewcomer(shopper);
  await shopper.close();

  const row = page.locator(`tr[data-url="${url}"]`);
  await row.getByRole('button', { name: t(en, 'webhooks.deliveriesOf', { url }) }).click();
  const created = page.locator('tr[data-event="subscription.created"][data-status="delivered"]');
  await expect(created).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('tr[data-event="payment.succeeded"][data-status="delivered"]')).toBeVisible({ timeout: 30_000 });
  await created.getByRole('button', { name: /1/ }).first().click();
  await expect(page.locator('[data-attempt-status="200"]').first()).toContainText('received');
  // What reached the receiver verifies with the secret shown once.
  const events = received.map((r) => new Webhook(secret).verify(r.body, r.headers) as { type: string });
  expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['subscription.created', 'payment.succeeded']));
  expect(await blockingAxe(page, 'webhooks')).toEqual([]);
  await screenshot(page, 'admin-webhooks-en', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-webhooks-en-phone', true);

  // Arabic: the same page right to left.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel(t(en, 'shell.language'), { exact: true }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: t(ar, 'webhooks.title') })).toBeVisible();
  expect(await blockingAxe(page, 'webhooks-ar')).toEqual([]);
  await screenshot(page, 'admin-webhooks-ar', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-webhooks-ar-phone', true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel(t(ar, 'shell.language'), { exact: true }).selectOption('en');
});
