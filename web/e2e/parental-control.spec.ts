/**
 * Parental control (issue 16): a parent turns it on at 12+ on /parentalControl; an 18+ film then
 * vanishes from home and search, its direct link shows the not-found page with the parental note, and its
 * media URL answers 404. Screenshots in English (desktop) and Arabic (right-to-left, mobile).
 */
import type { Page } from '@playwright/test';
import { aurora, bundle, decideCookies, expect, networkQuiet, noor, registerOnHostedPage, screenshot, signedInAt, test, text } from './support';

const en = bundle('en');
const ar = bundle('ar');
const FILM = { id: 3103, title: 'Crimson Protocol', href: '/video/details/crimson-protocol/3103' };
// The demo catalog's 18+ items (rating 40) that home may show.
const ADULT_IDS = [3103, 3204, 3304, 3401, 3411, 3415, 3502, 3603, 3604, 3611, 3612, 2402, 2405, 2407, 2415, 2608, 2611, 2613, 4517];

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

/** A fresh account, registered on the hosted page the protected route sent us to. */
async function registerFor(page: Page, base: string, path: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/backend\/login\//);
  await registerOnHostedPage(page, { prefix: 'parent', name: 'Pat', lastName: 'Parent' });
  await signedInAt(page, path);
}

async function adultLinksOnHome(page: Page, base: string): Promise<string[]> {
  await page.goto(`${base}/`);
  // The films' rail drawn (with parental control on it still has the films for all ages), then its items in:
  // signed in, home's rails come a moment after the first view, with nothing in flight in between.
  await expect(page.locator('main a[href*="/video/details/"]').first()).toBeVisible();
  await networkQuiet(page);
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((href) => ADULT_IDS.some((id) => href.endsWith(`/${String(id)}`)));
}

async function turnOn(page: Page, messages: typeof en, grading: string): Promise<void> {
  await page.getByRole('button', { name: text(messages, 'parentalControl.setUp') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(grading, { exact: true }).click();
  await dialog.getByLabel(text(messages, 'parentalControl.newPassword'), { exact: true }).fill('2468');
  await dialog.getByLabel(text(messages, 'parentalControl.confirmPassword')).fill('2468');
  await dialog.getByRole('button', { name: text(messages, 'parentalControl.turnOn') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('parental-status')).toHaveText(text(messages, 'parentalControl.statusOn'));
}

test('a parent turns parental control on: an 18+ film vanishes from home, search, its link and its media URL', async ({ page }) => {
  await registerFor(page, aurora, '/parentalControl');
  await screenshot(page, 'en-parental-control-off');

  // Before: the film is on home and in search, its page opens.
  const before = await adultLinksOnHome(page, aurora);
  expect(before.length).toBeGreaterThan(0);
  await page.goto(`${aurora}/search?q=Crimson%20Protocol`);
  await expect(page.locator(`a[href$="/${String(FILM.id)}"]`).first()).toBeVisible();
  await page.goto(`${aurora}${FILM.href}`);
  await expect(page.getByRole('heading', { name: FILM.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('grading')).toHaveText('18+');

  // The parent turns it on at 12+.
  await page.goto(`${aurora}/parentalControl`);
  await page.getByRole('button', { name: text(en, 'parentalControl.setUp') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await screenshot(page, 'en-parental-control-dialog');
  await page.keyboard.press('Escape');
  await turnOn(page, en, '12+');
  await expect(page.getByTestId('parental-limit')).toHaveText('12+');
  await screenshot(page, 'en-parental-control-on');

  // After: gone from home (also on a fresh load) and search.
  expect(await adultLinksOnHome(page, aurora)).toEqual([]);
  await page.reload();
  await networkQuiet(page);
  expect(await adultLinksOnHome(page, aurora)).toEqual([]);
  await screenshot(page, 'en-home-parental-on');
  await page.goto(`${aurora}/search?q=Crimson%20Protocol`);
  await networkQuiet(page);
  await expect(page.locator(`a[href$="/${String(FILM.id)}"]`)).toHaveCount(0);

  // Its direct link: the not-found page with the parental note.
  await page.goto(`${aurora}${FILM.href}`);
  const error = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: text(en, 'catalog.notFoundTitle') }) });
  await expect(error).toBeVisible();
  await expect(error.getByTestId('parental-note')).toHaveText(text(en, 'error.parentalControl'));
  await screenshot(page, 'en-parental-404');
  // Its player page too.
  await page.goto(`${aurora}/video/stream/${String(FILM.id)}`);
  await expect(page.getByTestId('parental-note')).toHaveText(text(en, 'error.parentalControl'));

  // Its media URL (the player's call, with this user's token) answers 404 with the reason.
  const status = await page.evaluate(async (id) => {
    // The client keeps its session in local storage: {access_token, refresh_token, expires}.
    const raw = localStorage.getItem('auth_token');
    const token = raw ? (JSON.parse(raw) as { access_token?: string }).access_token ?? null : null;
    const res = await fetch('/backend/video/streaming', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Tenant-ID': 'aurora', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ id, protocol: 'hls' }),
    });
    const body = (await res.json()) as { data?: { reason?: string } };
    return { status: res.status, reason: body.data?.reason ?? null, signedIn: token !== null };
  }, FILM.id);
  expect(status).toEqual({ status: 404, reason: 'RATING_LIMIT', signedIn: true });
});

test('Arabic, right to left, on a phone: set up parental control and see the note on an 18+ link', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerFor(page, noor, '/ar/parentalControl');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await screenshot(page, 'ar-mobile-parental-control-off');
  await turnOn(page, ar, '١٢+');
  await screenshot(page, 'ar-mobile-parental-control-on');
  await page.goto(`${noor}/ar${FILM.href}`);
  await expect(page.getByRole('heading', { name: text(ar, 'catalog.notFoundTitle') })).toBeVisible();
  await expect(page.getByTestId('parental-note')).toHaveText(text(ar, 'error.parentalControl'));
  await screenshot(page, 'ar-mobile-parental-404');
});
