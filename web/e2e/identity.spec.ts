/**
 * Sign-in end to end against the real server: a guest on the Arabic tenant `noor`
 * (noor.localhost, Arabic, dark default) opens a protected page, signs in on the hosted page,
 * comes back signed in, toggles the theme, reloads and signs out; plus screenshots of the login
 * options dialog, the account menu and the profile form with errors, LTR and RTL, light and dark.
 * A newcomer registers (the mailed link signs them in) and changes their e-mail address: the
 * profile asks for the current password, and the address changes once the link mailed to it is used.
 */
import { readFileSync } from 'node:fs';
import { aurora, bundle, confirmRegistration, decideCookies, expect, noor, screenshot, signInOnHostedPage, test, text } from './support';

const ar = bundle('ar');
const en = bundle('en');

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('Arabic tenant: a protected page sends a guest to the hosted sign-in and back, signed in, right to left', async ({ page }) => {
  await page.goto(`${noor}/ar/profile`);
  await page.waitForURL(/\/backend\/login\/noor\?/);
  const signInUrl = new URL(page.url());
  expect(signInUrl.searchParams.get('lang')).toBe('ar');
  expect(signInUrl.searchParams.get('redirectUrl')).toBe(`${noor}/ar/profile`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('input[name=email]')).toBeVisible();
  await screenshot(page, 'identity-hosted-login-ar');

  await signInOnHostedPage(page);
  await page.waitForURL(`${noor}/ar/profile`);
  expect(new URL(page.url()).searchParams.has('code')).toBe(false);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: text(ar, 'meta.profile.title') })).toBeVisible();
  await expect(page.getByText('subscriber@example.com').first()).toBeVisible();
  const menuButton = page.getByRole('button', { name: new RegExp(`^${text(ar, 'auth.accountMenu').split('{{name}}')[0]}`) });
  await expect(menuButton).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(JSON.parse(token ?? '{}')).toHaveProperty('refresh_token');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await screenshot(page, 'identity-profile-ar-dark', true);

  // The account menu (RTL, dark).
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: text(ar, 'auth.signOut') })).toBeVisible();
  await screenshot(page, 'identity-account-menu-ar-dark');
  await page.keyboard.press('Escape');

  // Theme toggle: saved in the cookie and on the server; kept over a reload with the language.
  const saved = page.waitForResponse((response) => response.url().endsWith('/backend/user/selectUserTheme') && response.request().method() === 'PUT');
  await page.getByRole('button', { name: text(ar, 'theme.toLight') }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(menuButton).toBeVisible();
  await screenshot(page, 'identity-profile-ar-light', true);
  await menuButton.click();
  await screenshot(page, 'identity-account-menu-ar-light');

  // Sign out: the server says where to go (home), the token is gone, the sign-in button is back.
  await page.getByRole('menuitem', { name: text(ar, 'auth.signOut') }).click();
  await page.waitForURL(`${noor}/ar`);
  await expect(page.getByRole('button', { name: text(ar, 'auth.signIn'), exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  // Protected again.
  await page.goto(`${noor}/ar/profile/manage`);
  await page.waitForURL(/\/backend\/login\/noor\?/);
});

test('English tenant: profile form errors and the account menu, light and dark; login options dialog', async ({ page }) => {
  await page.goto(`${aurora}/`);
  await page.getByRole('button', { name: text(en, 'auth.signIn'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text(en, 'auth.options.title') });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'identity-login-options-en-light');
  await dialog.getByRole('button', { name: text(en, 'auth.options.email') }).click();
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe(`${aurora}/`);
  await signInOnHostedPage(page);
  await page.waitForURL(`${aurora}/`);
  await expect(page.getByRole('button', { name: /^Account menu: / })).toBeVisible();

  await page.goto(`${aurora}/profile/info`);
  const name = page.getByLabel(text(en, 'profile.fields.name'));
  const email = page.getByLabel(text(en, 'profile.fields.email'));
  await name.fill('');
  await email.fill('not-an-email');
  await expect(page.getByText(text(en, 'validation.email'))).toHaveCount(0);
  await email.blur();
  await expect(page.getByText(text(en, 'validation.email'))).toBeVisible();
  await expect(page.getByText(text(en, 'validation.required'))).toBeVisible();
  await screenshot(page, 'identity-profile-form-en-light', true);
  await page.getByRole('button', { name: text(en, 'theme.toDark') }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await screenshot(page, 'identity-profile-form-en-dark', true);

  // A real save: the server answers and the snackbar confirms.
  await name.fill('Sami');
  await email.fill('subscriber@example.com');
  await page.getByRole('button', { name: text(en, 'profile.info.save') }).click();
  await expect(page.getByText(text(en, 'profile.info.saved'))).toBeVisible();

  await page.getByRole('button', { name: /^Account menu: / }).click();
  await expect(page.getByRole('menuitem', { name: text(en, 'auth.profile') })).toBeVisible();
  await screenshot(page, 'identity-account-menu-en-dark');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: text(en, 'theme.toLight') }).click();
  await page.getByRole('button', { name: /^Account menu: / }).click();
  await screenshot(page, 'identity-account-menu-en-light');
});

test('Arabic profile form with errors, and the login options dialog in RTL, dark and light', async ({ page }) => {
  await page.goto(`${noor}/ar`);
  await page.getByRole('button', { name: text(ar, 'auth.signIn'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text(ar, 'auth.options.title') });
  await expect(dialog.getByRole('button', { name: text(ar, 'auth.options.operator') })).toBeVisible();
  await screenshot(page, 'identity-login-options-ar-dark');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: text(ar, 'theme.toLight') }).click();
  await page.getByRole('button', { name: text(ar, 'auth.signIn'), exact: true }).click();
  await expect(dialog).toBeVisible();
  await screenshot(page, 'identity-login-options-ar-light');

  await dialog.getByRole('button', { name: text(ar, 'auth.options.email') }).click();
  await page.waitForURL(/\/backend\/login\/noor\?/);
  await signInOnHostedPage(page);
  await page.waitForURL(`${noor}/ar`);
  await page.goto(`${noor}/ar/profile/info`);
  const email = page.getByLabel(text(ar, 'profile.fields.email'));
  await page.getByLabel(text(ar, 'profile.fields.name')).fill('');
  await email.fill('x@');
  await email.blur();
  await expect(page.getByText(text(ar, 'validation.email'))).toBeVisible();
  await screenshot(page, 'identity-profile-form-ar-light', true);
  await page.getByRole('button', { name: text(ar, 'theme.toDark') }).click();
  await screenshot(page, 'identity-profile-form-ar-dark', true);
});

test('a newcomer registers by the mailed link, then changes the e-mail with the password and the new address\'s link', async ({ page }) => {
  const hosted = (JSON.parse(readFileSync(new URL('../src/locales/en/hosted.json', import.meta.url), 'utf8')) as { hosted: Record<string, string> }).hosted;
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const first = `mover-${stamp}@example.com`;
  const second = `moved-${stamp}@example.com`;
  await page.goto(`${aurora}/profile/info`);
  await page.waitForURL(/\/backend\/login\/aurora\?/);
  await page.goto(page.url().replace('/backend/login/', '/backend/register/'));
  await page.locator('input[name=name]').fill('Morgan');
  await page.locator('input[name=lastName]').fill('Mover');
  await page.locator('input[name=email]').fill(first);
  await page.locator('input[name=password]').fill('portal-demo');
  await page.locator('form button[type=submit]').first().click();
  await expect(page.getByRole('heading', { level: 1, name: hosted.registerSentTitle })).toBeVisible();
  await screenshot(page, 'identity-register-check-mail-en');
  await confirmRegistration(page, first);
  await page.waitForURL(`${aurora}/profile/info`);

  const email = page.getByLabel(text(en, 'profile.fields.email'));
  await expect(email).toHaveValue(first);
  await expect(page.getByLabel(text(en, 'profile.fields.currentPassword'))).toHaveCount(0);
  await email.fill(second);
  const password = page.getByLabel(text(en, 'profile.fields.currentPassword'));
  await password.fill('portal-demo');
  await screenshot(page, 'identity-profile-email-change-en', true);
  await page.getByRole('button', { name: text(en, 'profile.info.save') }).click();
  await expect(page.getByText(text(en, 'profile.info.savedEmailPending', { email: second }))).toBeVisible();
  await expect(page.getByTestId('email-pending')).toHaveText(text(en, 'profile.info.emailPending', { email: second }));
  await expect(email).toHaveValue(first);

  // The link mailed to the new address (dev outbox) makes it the account's.
  let link = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`${aurora}/backend/dev/outbox/aurora`, { headers: { accept: 'application/json' } });
      const { data } = (await res.json()) as { data: { to: string; body: string }[] };
      link = data.filter((mail) => mail.to === second).flatMap((mail) => mail.body.match(/https?:\/\/\S+\/backend\/email\/confirm\/\S+/g) ?? [])[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: hosted.confirmEmailTitle })).toBeVisible();
  await page.locator('form button[type=submit]').click();
  await expect(page.getByRole('status')).toHaveText((hosted.emailConfirmed ?? '').replace('{{site}}', 'Aurora Play').replace('{{email}}', second));
  await page.getByRole('link', { name: hosted.toProfile }).click();
  await page.waitForURL(`${aurora}/profile/info`);
  await expect(page.getByLabel(text(en, 'profile.fields.email'))).toHaveValue(second);
  await expect(page.getByTestId('email-pending')).toHaveCount(0);
});
