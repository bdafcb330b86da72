/**
 * Your data (issue 34 item 5): a fresh customer downloads their data from the profile (a JSON file with
 * their profile), then deletes the account (the password in the confirm dialog): signed out, a
 * confirmation shows, the address can no longer sign in. Screenshots in English and Arabic (right to left).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { aurora, bundle, decideCookies, expect, noor, registerOnHostedPage, screenshot, signedInAt, signInOnHostedPage, test, text } from './support';

const en = bundle('en');
const ar = bundle('ar');

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

/** A fresh account, registered on the hosted page /profile sent us to; returns its e-mail. */
async function registerFor(page: Page, base: string, path: string): Promise<string> {
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/backend\/login\//);
  const email = await registerOnHostedPage(page, { prefix: 'privacy', name: 'Dana', lastName: 'Data' });
  await signedInAt(page, path);
  return email;
}

test('a customer downloads their data, then deletes their account from the profile', async ({ page }) => {
  const email = await registerFor(page, aurora, '/profile');
  const section = page.getByTestId('your-data');
  await expect(section.getByRole('heading', { name: text(en, 'privacy.title') })).toBeVisible();
  await screenshot(page, 'en-profile-your-data', true);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: text(en, 'privacy.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-aurora-\d{4}-\d\d-\d\d\.json$/);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as { profile: { email: string }; payments: unknown[] };
  expect(file.profile.email).toBe(email);
  expect(Array.isArray(file.payments)).toBe(true);

  await section.getByRole('button', { name: text(en, 'privacy.delete') }).click();
  const dialog = page.getByRole('dialog', { name: text(en, 'privacy.confirmTitle') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(text(en, 'privacy.currentPassword')).fill('portal-demo');
  await screenshot(page, 'en-delete-account-dialog');
  await dialog.getByRole('button', { name: text(en, 'privacy.confirmDelete') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(text(en, 'privacy.deleted'))).toBeVisible();
  await expect(page).toHaveURL(`${aurora}/`);
  await screenshot(page, 'en-account-deleted');

  // The address no longer signs in.
  await page.goto(`${aurora}/profile`);
  await page.waitForURL(/\/backend\/login\//);
  await signInOnHostedPage(page, email, 'portal-demo');
  await expect(page).toHaveURL(/\/backend\/login\//);
});

test('Arabic: the section and the confirm dialog read right to left', async ({ page }) => {
  await registerFor(page, noor, '/ar/profile');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const section = page.getByTestId('your-data');
  await expect(section.getByRole('heading', { name: text(ar, 'privacy.title') })).toBeVisible();
  await section.getByRole('button', { name: text(ar, 'privacy.delete') }).click();
  await expect(page.getByRole('dialog', { name: text(ar, 'privacy.confirmTitle') })).toBeVisible();
  await screenshot(page, 'ar-delete-account-dialog');
});
