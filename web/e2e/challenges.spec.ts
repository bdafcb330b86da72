/**
 * Challenges and rewards (issue 15): the demo player opens /reward (protected: the hosted sign-in
 * first), joins the Pixel Rally challenge through the `challenge-join` dialog, starts the game from
 * its details page, and finds step 1 done, step 2 open and the step's tickets in the balance and the
 * ledger. Arabic on noor: right to left, Arabic-Indic digits. Screenshots: desktop and mobile.
 */
import { aurora, bundle, decideCookies, expect, noor, screenshot, signInOnHostedPage, test, text } from './support';

const en = bundle('en');
const ar = bundle('ar');

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('opt in to a challenge, play its game, see the reward on /reward', async ({ page }) => {
  await page.goto(`${aurora}/reward`);
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await signInOnHostedPage(page, 'player@example.com');
  await page.waitForURL(`${aurora}/reward`);
  await expect(page.getByRole('heading', { level: 1, name: text(en, 'meta.reward.title') })).toBeVisible();
  await expect(page.getByTestId('reward-balance')).toHaveText('0 tickets');
  await expect(page.getByText(text(en, 'challenges.ledgerEmpty'))).toBeVisible();

  const card = page.getByTestId('challenge-8801');
  await expect(card.getByRole('heading', { name: 'Pixel Rally: Starter challenge' })).toBeVisible();
  await expect(card.getByTestId('step-88011')).toHaveAttribute('data-state', 'waiting');
  await card.getByRole('button', { name: text(en, 'challenges.joinButton') }).click();
  const dialog = page.getByRole('dialog', { name: text(en, 'challenges.joinTitle') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(text(en, 'challenges.chained'))).toBeVisible();
  await expect(dialog.getByText('Start "Pixel Rally" once')).toBeVisible();
  await screenshot(page, 'challenges-join-en-desktop');
  await dialog.getByRole('button', { name: text(en, 'challenges.join'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(text(en, 'challenges.optedIn'), { exact: true })).toBeVisible();
  await expect(card.getByTestId('step-88011')).toHaveAttribute('data-state', 'open');
  await expect(card.getByTestId('step-88012')).toHaveAttribute('data-state', 'locked');

  // Play: the game's page starts it through /game/play-free, which records the play.
  await card.getByRole('link', { name: text(en, 'challenges.toGame') }).click();
  await page.waitForURL(`${aurora}/games/details/pixel-rally/4101`);
  const played = page.waitForResponse((r) => r.url().endsWith('/backend/game/play-free') && r.status() === 200);
  await page.getByRole('button', { name: 'Play free', exact: true }).click();
  await played;
  await expect(page.getByRole('dialog', { name: 'Pixel Rally – game' }).locator('iframe')).toBeVisible();

  // Back through the account menu's Rewards item.
  await page.goto(`${aurora}/`);
  await page.getByRole('button', { name: /^Account menu: / }).click();
  await page.getByRole('menuitem', { name: text(en, 'auth.rewards') }).click();
  await page.waitForURL(`${aurora}/reward`);
  await expect(page.getByTestId('reward-balance')).toHaveText('10 tickets');
  await expect(card.getByTestId('step-88011')).toHaveAttribute('data-state', 'done');
  await expect(card.getByTestId('step-88012')).toHaveAttribute('data-state', 'open');
  await expect(card.getByText('1 of 3 steps done · 10 tickets earned')).toBeVisible();
  const ledger = page.getByTestId('reward-ledger');
  await expect(ledger.getByRole('listitem')).toHaveCount(1);
  await expect(ledger).toContainText('Pixel Rally: Starter challenge · Step 1');
  await expect(ledger).toContainText('+10 tickets');
  await screenshot(page, 'challenges-reward-en-desktop', true);

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'challenges-reward-en-mobile', true);
});

test('Arabic: /reward right to left, a joined challenge and its steps', async ({ page }) => {
  await page.goto(`${noor}/ar/reward`);
  await page.waitForURL(/\/backend\/login\/noor\?/);
  await signInOnHostedPage(page, 'player@example.com');
  await page.waitForURL(`${noor}/ar/reward`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: text(ar, 'meta.reward.title') })).toBeVisible();
  // Arabic's zero plural form (CLDR): "no tickets".
  await expect(page.getByTestId('reward-balance')).toHaveText('لا تذاكر');
  const card = page.getByTestId('challenge-8802');
  await card.getByRole('button', { name: text(ar, 'challenges.joinButton') }).click();
  const dialog = page.getByRole('dialog', { name: text(ar, 'challenges.joinTitle') });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'challenges-join-ar-desktop');
  await dialog.getByRole('button', { name: text(ar, 'challenges.join'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('step-88021')).toHaveAttribute('data-state', 'open');
  await expect(card.getByTestId('step-88022')).toHaveAttribute('data-state', 'open');  // not chained
  await screenshot(page, 'challenges-reward-ar-desktop', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'challenges-reward-ar-mobile', true);
});
