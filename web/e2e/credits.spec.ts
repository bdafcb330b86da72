/**
 * Credits on an album (issue 30): on Music Basic (ten credits for tracks, albums and playlists) a credit unlocks one
 * track, and the dialog names that track; when the unlocked track ends, the queue stops on the next one with a quiet
 * note instead of a dialog over the page now open; Play on the album again plays what is owned without asking.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { aurora, bundle, decideCookies, expect, registerOnHostedPage, screenshot, serverEnv, test, text } from './support';

const en = bundle('en');
const ar = bundle('ar');
const ALBUM = '/music/albums/nova-reyes/2001/neon-skyline/2102';

/** A fresh account (registered on the hosted page) holding Music Basic through a minted voucher code. */
async function musicBasicAccount(page: Page): Promise<void> {
  const database = serverEnv('PORTAL_DATABASE');
  test.skip(!database, 'needs PORTAL_DATABASE to mint a Music Basic code');
  const code = execFileSync('build/portal', ['issue-vouchers', '--tenant', 'aurora', '--type', '101', '--count', '1', '--database', database ?? ''], { encoding: 'utf8', cwd: '..' }).trim().split('\n').pop()?.trim() ?? '';
  await page.goto(`${aurora}/profile`);
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await registerOnHostedPage(page, { prefix: 'credits', name: 'Cora', lastName: 'Credit' });
  await page.waitForURL(`${aurora}/profile`);
  await page.getByRole('button', { name: /Cora|CC/ }).first().click();
  await page.getByRole('menuitem', { name: text(en, 'auth.redeemCode') }).click();
  const redeem = page.getByRole('dialog', { name: text(en, 'vouchers.redeem.title') });
  await redeem.getByLabel(text(en, 'vouchers.redeem.label')).fill(code);
  await redeem.getByRole('button', { name: text(en, 'vouchers.redeem.submit') }).click();
  const feedback = page.getByRole('dialog', { name: text(en, 'vouchers.feedback.success.title') });
  await expect(feedback).toBeVisible();
  await feedback.getByRole('button', { name: text(en, 'vouchers.ok') }).click();
}

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('a credit on an album unlocks the track it names; the queue never asks over another page; owned tracks play without a question', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await musicBasicAccount(page);

  await page.goto(`${aurora}${ALBUM}`);
  await page.getByTestId('primary-action').click();
  const confirm = page.getByRole('dialog', { name: text(en, 'purchases.confirmCredit.title') });
  await expect(confirm).toBeVisible();
  // The first track, by its title, not the album.
  await expect(confirm).toContainText(text(en, 'purchases.confirmCredit.text', { title: 'Midnight Drive' }));
  await expect(confirm).not.toContainText('Neon Skyline');
  await expect(confirm.getByTestId('credit-track-only')).toHaveText(text(en, 'purchases.confirmCredit.trackOnly'));
  await screenshot(page, 'credits-confirm-track-en-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'credits-confirm-track-en-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await confirm.getByRole('button', { name: text(en, 'purchases.confirmCredit.action') }).click();

  const player = page.getByTestId('mini-player');
  await expect(player).toHaveAttribute('data-preview', 'false');
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });

  // Elsewhere in the app when the unlocked track ends: no dialog; the player stops on the next track and says so.
  await page.getByRole('link', { name: 'Midnight Drive' }).first().click();
  await page.waitForURL(/\/music\/tracks\//);
  const seek = player.getByRole('slider', { name: text(en, 'player.seek') });
  await expect.poll(async () => Number(await seek.getAttribute('max')), { timeout: 10_000 }).toBeGreaterThan(5);
  await seek.fill(String(Number(await seek.getAttribute('max')) - 1));
  const notice = player.getByTestId('player-notice');
  await expect(notice).toHaveAttribute('data-notice', 'needsCredit', { timeout: 20_000 });
  await expect(player).toHaveAttribute('data-status', 'paused');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await screenshot(page, 'credits-queue-notice-en-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'credits-queue-notice-en-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Play in the mini player is the user's word: the question names that next track.
  await player.getByTestId('mini-player-toggle').click();
  await expect(confirm).toContainText(text(en, 'purchases.confirmCredit.text', { title: 'Neon Rain' }));
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);

  // Play on the album again (Arabic): the owned track plays at once, nothing is asked.
  await page.goto(`${aurora}/ar${ALBUM}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('primary-action').click();
  const arPlayer = page.getByTestId('mini-player');
  await expect(arPlayer).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await expect(arPlayer).toHaveAttribute('data-preview', 'false');
  const arConfirm = page.getByRole('dialog', { name: text(ar, 'purchases.confirmCredit.title') });
  await expect(arConfirm).toHaveCount(0);
  const arSeek = arPlayer.getByRole('slider', { name: text(ar, 'player.seek') });
  await expect.poll(async () => Number(await arSeek.getAttribute('max')), { timeout: 10_000 }).toBeGreaterThan(5);
  await arSeek.fill(String(Number(await arSeek.getAttribute('max')) - 1));
  await expect(arPlayer.getByTestId('player-notice')).toHaveAttribute('data-notice', 'needsCredit', { timeout: 20_000 });
  await screenshot(page, 'credits-queue-notice-ar-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'credits-queue-notice-ar-390');
  await arPlayer.getByTestId('mini-player-toggle').click();
  await expect(arConfirm).toBeVisible();
  await expect(arConfirm.getByTestId('credit-track-only')).toBeVisible();
  await screenshot(page, 'credits-confirm-track-ar-390');
});
