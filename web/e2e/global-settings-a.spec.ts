/**
 * The named global settings of docs/tenants.md "The other named settings" on the demo tenant vela: its share ways
 * (copy, e-mail and WhatsApp), the subscriber's account picture (avatarList), its account menu without Rewards
 * (profileMenu), its card after the plans (customPlan) and its tab names (seoTabNames). Pictures on a desktop in
 * English and a 390 × 844 phone in Arabic.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { bundle, decideCookies, expect, screenshot, signInOnHostedPage, test, text, vela } from './support';

const en = bundle('en');
const ar = bundle('ar');
const settings = (JSON.parse(readFileSync(new URL('../../data/tenants/vela.json', import.meta.url), 'utf8')) as { settings: VelaSettings }).settings;

interface VelaSettings {
  avatarList: string[];
  customPlan: Record<'title' | 'text' | 'button', Record<string, string>> & { href: string };
  seoTabNames: Record<string, Record<string, string>>;
}

const TRACK = '/music/tracks/midnight-drive/20001';
const phone = (page: Page) => page.setViewportSize({ width: 390, height: 844 });

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
  // No system share sheet: the share dialog is what shows (Chromium on Linux has none either).
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
});

test('vela shares by copying the link, e-mail and WhatsApp only', async ({ page }) => {
  for (const [lang, messages] of [['en', en], ['ar', ar]] as const) {
    if (lang === 'ar') await phone(page);
    await page.goto(`${vela}/${lang}${TRACK}`);
    await page.getByRole('button', { name: text(messages, 'share.button'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text(messages, 'share.title') });
    await expect(dialog.getByLabel(text(messages, 'share.linkLabel'))).toHaveValue(new RegExp(`${TRACK}$`));
    await expect(dialog.getByRole('link')).toHaveText([text(messages, 'share.ways.email'), text(messages, 'share.ways.whatsapp')]);
    await expect(dialog.getByRole('link', { name: text(messages, 'share.ways.email') })).toHaveAttribute('href', /^mailto:\?subject=/);
    await expect(dialog.getByRole('link', { name: text(messages, 'share.ways.whatsapp') })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    await screenshot(page, `global-settings-a-share-${lang}${lang === 'ar' ? '-mobile' : ''}`);
  }
});

test('vela: the subscriber picks an account picture; the account menu has vela’s entries without Rewards', async ({ page }) => {
  const [, owl] = settings.avatarList;
  await page.goto(`${vela}/en/profile/info`);
  await page.waitForURL(/\/backend\/login\/vela\?/);
  await signInOnHostedPage(page);
  await page.waitForURL(`${vela}/en/profile/info`);

  const picker = page.getByRole('group', { name: text(en, 'profile.avatar.legend') });
  // A pointer picks the first picture, the keyboard moves on to the second.
  await picker.getByRole('img', { name: text(en, 'profile.avatar.option', { number: '1' }) }).click();
  await expect(picker.getByRole('radio', { name: text(en, 'profile.avatar.option', { number: '1' }) })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(picker.getByRole('radio', { name: text(en, 'profile.avatar.option', { number: '2' }) })).toBeChecked();
  await page.getByRole('button', { name: text(en, 'profile.info.save') }).click();
  await expect(page.getByText(text(en, 'profile.info.saved'))).toBeVisible();
  await page.reload();
  await expect(picker.getByRole('radio', { name: text(en, 'profile.avatar.option', { number: '2' }) })).toBeChecked();
  const trigger = page.getByTestId('account-menu-trigger');
  await expect(trigger.locator('img')).toHaveAttribute('src', `${owl ?? ''}?format=webp`);  // asked for as WebP (issue 72 item 16)
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'global-settings-a-avatar-en');

  await trigger.click();
  const menu = page.getByRole('menu');
  const entries = ['auth.profile', 'auth.manage', 'auth.myPurchases', 'auth.favorites', 'auth.history', 'auth.redeemCode', 'auth.signOut'];
  await expect(menu.getByRole('menuitem')).toHaveText(entries.map((key) => text(en, key)));
  await expect(menu.getByRole('menuitem', { name: text(en, 'auth.rewards') })).toHaveCount(0);
  await screenshot(page, 'global-settings-a-account-menu-en');
  await page.keyboard.press('Escape');

  // Arabic numbers the pictures in its own digits.
  await phone(page);
  await page.goto(`${vela}/ar/profile/info`);
  await expect(page.getByRole('group', { name: text(ar, 'profile.avatar.legend') }).getByRole('radio', { name: text(ar, 'profile.avatar.option', { number: '٢' }) })).toBeChecked();
  await screenshot(page, 'global-settings-a-avatar-ar-mobile', true);
  await page.getByTestId('account-menu-trigger').click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(entries.map((key) => text(ar, key)));
  await screenshot(page, 'global-settings-a-account-menu-ar-mobile');
  await page.keyboard.press('Escape');

  // The next walks of this worker see the subscriber without a picture again.
  await page.getByRole('group', { name: text(ar, 'profile.avatar.legend') }).getByText(text(ar, 'profile.avatar.none')).click();
  await page.getByRole('button', { name: text(ar, 'profile.info.save') }).click();
  await expect(page.getByText(text(ar, 'profile.info.saved'))).toBeVisible();
  await expect(page.getByTestId('account-menu-trigger').locator('img')).toHaveCount(0);
});

test('vela’s subscription page ends with its custom plan card, in German', async ({ page }) => {
  const plan = settings.customPlan;
  await page.goto(`${vela}/de/subscription`);
  const card = page.getByTestId('custom-plan');
  await expect(card.getByRole('heading', { name: plan.title.de })).toBeVisible();
  await expect(card).toContainText(plan.text.de ?? '');
  await expect(card.getByRole('link', { name: plan.button.de })).toHaveAttribute('href', `/de${plan.href}`);
  // After every plan card.
  await expect(page.locator('[data-testid=plan-card], [data-testid=custom-plan]').last()).toHaveAttribute('data-testid', 'custom-plan');
  await screenshot(page, 'global-settings-a-custom-plan-de', true);
  await phone(page);
  await page.goto(`${vela}/ar/subscription`);
  await expect(page.getByTestId('custom-plan').getByRole('link', { name: plan.button.ar })).toHaveAttribute('href', `/ar${plan.href}`);
  await page.getByTestId('custom-plan').scrollIntoViewIfNeeded();
  await screenshot(page, 'global-settings-a-custom-plan-ar-mobile');
});

test('vela’s home page has its own tab title, in English and Arabic', async ({ page }) => {
  // (vela's unprefixed pages are German, its default language.)
  await page.goto(`${vela}/en`);
  await expect(page).toHaveTitle(settings.seoTabNames.home?.en ?? '');
  await page.goto(`${vela}/ar`);
  await expect(page).toHaveTitle(settings.seoTabNames.home?.ar ?? '');
  // A page without a tab name of vela's keeps the storefront's title and the site's name.
  await page.goto(`${vela}/ar/podcast/list`);
  await expect(page).toHaveTitle(new RegExp(`^${text(ar, 'meta.podcastList.title')} \\| `));
});
