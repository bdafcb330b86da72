/**
 * Tournaments (issue 15): two users form a team and register for a tournament, and the bracket
 * shows. The subscriber registers a team through the `tournament-join` dialog, the guest account
 * asks to join it, the captain accepts from the team activity (its badge counts the request) and
 * the guest sees the acceptance; the player account (the demo organizer) registers a second team
 * and draws the bracket, and the captain can report the final. A finished demo bracket in Arabic,
 * right to left on a phone, and a tournament news page. Screenshots: desktop and mobile, en and ar.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { aurora, bundle, decideCookies, expect, noor, screenshot, signInOnHostedPage, test, text } from './support';

const en = bundle('en');
const ar = bundle('ar');

/** axe-core's browser bundle, evaluated in the page (the CSP refuses an inline script). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe violations of the page, as "rule: selectors" lines. */
async function blockingViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Team names shown cut (an ellipsis, a clipped box): those whose text is wider than the box holding it. */
async function cutNames(scope: Locator): Promise<string[]> {
  return scope.locator('bdi').evaluateAll((names) =>
    names
      .filter((name) => !name.closest('.sr-only') && name.parentElement && name.parentElement.scrollWidth > name.parentElement.clientWidth + 1)
      .map((name) => name.textContent),
  );
}

/** The captain's team: a name long enough to need two lines in a bracket on a phone (issue 47). */
const OWLS = 'Night Owls of the Northern Dunes';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  await decideCookies(context);
  const page = await context.newPage();
  await page.goto(`${aurora}/profile`);
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await signInOnHostedPage(page, email);
  await page.waitForURL(`${aurora}/profile`);
  return page;
}

/** An upcoming team tournament of aurora that nobody registered for yet. */
async function freshTournament(page: Page): Promise<number> {
  for (const id of [8505, 8507]) {
    const res = await page.request.get(`${aurora}/backend/tournament/bracket/${String(id)}`, { headers: { 'X-Tenant-ID': 'aurora' } });
    const bracket = ((await res.json()) as { data: { teams: unknown[] } }).data;
    if (bracket.teams.length === 0) return id;
  }
  throw new Error('no fresh team tournament');
}

async function openTournament(page: Page, id: number) {
  await page.goto(`${aurora}/tournaments/details/${String(id)}`);
  await expect(page.getByTestId('tournament-panel')).toBeVisible();
}

test('two users form a team and register for a tournament; the organizer draws and the bracket shows', async ({ browser }) => {
  test.setTimeout(240_000);
  const sam = await signedInPage(browser, 'subscriber@example.com');
  const gale = await signedInPage(browser, 'guest@example.com');
  const pat = await signedInPage(browser, 'player@example.com');
  const id = await freshTournament(sam);

  // The captain registers a team.
  await openTournament(sam, id);
  await sam.getByRole('button', { name: text(en, 'tournaments.teams.register') }).click();
  const dialog = sam.getByRole('dialog', { name: text(en, 'tournaments.join.registerTitle') });
  await expect(dialog).toBeVisible();
  await screenshot(sam, 'tournaments-register-en-desktop');
  await dialog.getByRole('button', { name: text(en, 'tournaments.join.registerSubmit') }).click();
  await expect(dialog.getByRole('alert').first()).toBeVisible();  // required fields
  await dialog.getByLabel(text(en, 'tournaments.join.teamName')).fill(OWLS);
  await dialog.getByLabel(text(en, 'tournaments.join.userName')).fill('Sam');
  await dialog.getByLabel(text(en, 'tournaments.join.ingameId')).fill('sam#1001');
  await dialog.getByRole('button', { name: text(en, 'tournaments.join.registerSubmit') }).click();
  await expect(dialog).toBeHidden();
  const samTeam = sam.getByTestId('tournament-team').filter({ hasText: 'Night Owls' });
  await expect(samTeam).toContainText(text(en, 'tournaments.teams.yours'));

  // The second user asks to join it.
  await openTournament(gale, id);
  const owls = gale.getByTestId('tournament-team').filter({ hasText: 'Night Owls' });
  await owls.getByRole('button', { name: new RegExp(text(en, 'tournaments.teams.askToJoin')) }).click();
  const joinDialog = gale.getByRole('dialog', { name: text(en, 'tournaments.join.joinTitle') });
  await joinDialog.getByLabel(text(en, 'tournaments.join.userName')).fill('Gale');
  await joinDialog.getByLabel(text(en, 'tournaments.join.ingameId')).fill('gale#2002');
  await joinDialog.getByRole('button', { name: text(en, 'tournaments.join.joinSubmit') }).click();
  await expect(joinDialog).toBeHidden();
  // Sent: the team says so instead of asking again, also after a reload (issue 47 item 11).
  await expect(owls).toContainText(text(en, 'tournaments.teams.requestSent'));
  await gale.reload();
  await expect(owls).toContainText(text(en, 'tournaments.teams.requestSent'));
  await expect(owls.getByRole('button', { name: new RegExp(text(en, 'tournaments.teams.askToJoin')) })).toHaveCount(0);

  // The captain's badge counts the request; accepting puts the player in the team.
  await sam.reload();
  const request = sam.getByTestId('tournament-pending-request').filter({ hasText: 'Gale' });
  await expect(request).toBeVisible();
  await expect(sam.getByTestId('tournament-activity-badge')).toContainText(/[1-9]/);
  await screenshot(sam, 'tournaments-request-en-desktop');
  expect(await blockingViolations(sam)).toEqual([]);
  await request.getByRole('button', { name: text(en, 'tournaments.activity.accept') }).click();
  await expect(request).toBeHidden();
  await expect(samTeam).toContainText(text(en, 'tournaments.teams.members_other', { n: '2', count: '3' }));

  // The player sees the acceptance and dismisses it.
  await gale.reload();
  const accepted = gale.getByTestId('tournament-team-notification').filter({ hasText: 'Night Owls' });
  await expect(accepted).toContainText(text(en, 'tournaments.activity.accepted'));
  await accepted.getByRole('button', { name: text(en, 'tournaments.activity.dismiss') }).click();
  await expect(accepted).toBeHidden();
  await expect(gale.getByTestId('tournament-team').filter({ hasText: 'Night Owls' })).toContainText(text(en, 'tournaments.teams.yours'));

  // A second team registers; the organizer closes registration and draws.
  await openTournament(pat, id);
  await pat.getByRole('button', { name: text(en, 'tournaments.teams.register') }).click();
  const patDialog = pat.getByRole('dialog', { name: text(en, 'tournaments.join.registerTitle') });
  await patDialog.getByLabel(text(en, 'tournaments.join.teamName')).fill('Pat Pack');
  await patDialog.getByLabel(text(en, 'tournaments.join.userName')).fill('Pat');
  await patDialog.getByLabel(text(en, 'tournaments.join.ingameId')).fill('pat#3003');
  await patDialog.getByRole('button', { name: text(en, 'tournaments.join.registerSubmit') }).click();
  await expect(patDialog).toBeHidden();
  await expect(pat.getByTestId('tournament-bracket')).toContainText(text(en, 'tournaments.bracket.previewNote'));
  // The draw cannot be undone: it asks first.
  await pat.getByRole('button', { name: text(en, 'tournaments.teams.draw') }).click();
  await expect(pat.getByTestId('tournament-draw-confirm')).toContainText(text(en, 'tournaments.teams.drawConfirm'));
  await pat.getByRole('button', { name: text(en, 'tournaments.teams.drawConfirmButton') }).click();
  await expect(pat.getByText(text(en, 'tournaments.state.DRAWN'))).toBeVisible();

  // The captain sees the drawn bracket: the final, both teams, who may report.
  await sam.reload();
  const bracket = sam.getByTestId('tournament-bracket');
  await expect(bracket.getByRole('heading', { name: text(en, 'tournaments.bracket.final'), exact: true })).toBeVisible();
  const final = bracket.getByTestId('tournament-match');
  await expect(final).toHaveAttribute('data-status', 'READY');
  await expect(final).toContainText('Night Owls');
  await expect(final).toContainText('Pat Pack');
  await expect(final.getByText(text(en, 'tournaments.bracket.whoWon'))).toBeVisible();
  await final.getByRole('button', { name: 'Night Owls' }).click();
  await expect(final.getByText(text(en, 'tournaments.bracket.reportedMark'))).toBeVisible();
  await screenshot(sam, 'tournaments-bracket-en-desktop', true);
  expect(await blockingViolations(sam)).toEqual([]);
  await sam.setViewportSize({ width: 390, height: 844 });
  await screenshot(sam, 'tournaments-bracket-en-mobile', true);

  // The other captain agrees, which decides the final: on a phone the winner's long name is whole (it
  // wraps) in the bracket, the champion line and the teams, and nothing widens the page (issue 47).
  await pat.reload();
  const settled = pat.getByTestId('tournament-bracket').getByTestId('tournament-match');
  await settled.getByRole('button', { name: OWLS }).click();
  await expect(settled).toHaveAttribute('data-status', 'DONE');
  await sam.reload();
  await expect(sam.getByTestId('tournament-champion')).toContainText(OWLS);
  const decided = sam.getByTestId('tournament-bracket').getByTestId('tournament-match');
  await expect(decided).toHaveAttribute('data-status', 'DONE');
  await expect(decided.getByText(OWLS)).toBeVisible();
  expect(await cutNames(sam.getByTestId('tournament-panel'))).toEqual([]);
  expect(await sam.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await decided.scrollIntoViewIfNeeded();
  await screenshot(sam, 'tournaments-bracket-winner-en-mobile');
  for (const page of [sam, gale, pat]) await page.context().close();
});

test('a finished bracket in Arabic on a phone: right to left, the rounds scroll sideways, the champion', async ({ page, context }) => {
  await decideCookies(context);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${noor}/ar/tournaments/details/8502`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const bracket = page.getByTestId('tournament-bracket');
  await expect(bracket.getByRole('heading', { name: text(ar, 'tournaments.bracket.final'), exact: true })).toBeVisible();
  await expect(page.getByTestId('tournament-champion')).toContainText('Sam');
  await expect(bracket.getByTestId('tournament-match')).toHaveCount(3);
  // The rounds sit in a focusable region that scrolls sideways; the first round is on the right.
  const region = bracket.getByRole('region', { name: text(ar, 'tournaments.bracket.scrollLabel') });
  const first = await bracket.getByRole('heading', { name: text(ar, 'tournaments.bracket.semiFinals'), exact: true }).boundingBox();
  const last = await bracket.getByRole('heading', { name: text(ar, 'tournaments.bracket.final'), exact: true }).boundingBox();
  expect(first && last && first.x > last.x).toBe(true);
  const overflow = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(overflow).toBe(true);
  // Nothing of the bracket widens the page: the sideways scroll stays inside the region.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await bracket.scrollIntoViewIfNeeded();
  await screenshot(page, 'tournaments-bracket-ar-mobile', true);
  expect(await blockingViolations(page)).toEqual([]);

  // A news article of the tournament, in Arabic.
  await page.getByRole('link', { name: new RegExp(text(ar, 'tournaments.media.news')) }).first().click();
  await page.waitForURL(/\/ar\/tournaments\/news\/details\/\d+$/);
  await expect(page.getByTestId('tournament-media').getByRole('heading', { level: 1 })).toHaveText(/[\u0600-\u06FF]/);
  await screenshot(page, 'tournaments-news-ar-mobile', true);
  expect(await blockingViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${noor}/ar/tournaments/details/8502`);
  await expect(page.getByTestId('tournament-bracket')).toBeVisible();
  await screenshot(page, 'tournaments-bracket-ar-desktop', true);
});
