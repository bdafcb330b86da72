/**
 * The portal in a real browser against the real server: tenant `aurora` (localhost, English,
 * light). Screenshots go to ARTIFACTS_DIR or web/test-results.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const artifacts = process.env.ARTIFACTS_DIR ?? 'test-results';
mkdirSync(artifacts, { recursive: true });

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

test.beforeEach(async ({ context }) => {
  // Record a cookie decision so the banner does not cover the page in screenshots.
  const url = new URL(process.env.PORTAL_URL ?? 'http://localhost:8080');
  await context.addCookies([
    { name: 'ncc_c', value: '0', domain: url.hostname, path: '/' },
    { name: 'ncc_e', value: 'necessary', domain: url.hostname, path: '/' },
  ]);
});

test('home page in the tenant default language (English)', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'Footer navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Language: English' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'home-en');
});

test('Arabic home page is right-to-left and in Arabic', async ({ page }) => {
  const response = await page.goto('/ar/');
  expect(response?.status()).toBeLessThan(400);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'الرئيسية' })).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'روابط التذييل' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'home-ar');
});

test('an unmatched path answers 404 with the error page', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Page not found: /this/page/does-not-exist')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('data-not-found', 'true');
  await expect(page).toHaveTitle('Page not found');
  await screenshot(page, 'not-found');
});
