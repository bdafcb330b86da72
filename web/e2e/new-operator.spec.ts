/**
 * From an empty production database to a storefront that sells (issue 50 "Tests"): this walk starts a portal of its
 * own with `--stage prod` on an empty database and a real SMTP server (Debian's python3-aiosmtpd), runs the two
 * commands a new operator runs (`portal tenant create`, `portal staff invite`), and from then on uses only the mail
 * and the browser: the invitation arrives by SMTP, the owner enrols from the QR code (decoded with zbarimg, as a
 * phone's authenticator app reads it), signs in and follows the setup checklist (brand with an uploaded logo, a
 * payment option, the first plan, a track with its audio, the home page published), each step ticking itself. A
 * listener of the new tenant then registers (the confirmation mail by SMTP), subscribes with the sandbox checkout
 * and plays the track in full, in Arabic on a phone. The console's pages of the walk pass axe in English and Arabic
 * at 1280 and 390 pixels.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { blockingAxe } from './console-walk';
import { totp } from './staff-totp';
import { bundle, evidence, expect, screenshot, test, text } from './support';

type Messages = Record<string, unknown>;
const admin = (lang: string) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/admin.json`, import.meta.url), 'utf8')) as Messages;
const en = admin('en');
const ar = admin('ar');
const shopAr = bundle('ar');
const m = (messages: Messages, path: string, params: Record<string, string> = {}) => text(messages, path, params);

const ROOT = new URL('../../', import.meta.url).pathname;
const BINARY = join(ROOT, 'build/portal');
const SECRET_KEY = 'new-operator-walk-staff-secret-0123456789';
const OWNER = 'owner@shop.example';
const PASSWORD = 'the owner password of shop';

interface Mail {
  rcptTos: string[];
  text: string;
}

/** A port nothing listens on yet. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until<T>(what: string, read: () => T | undefined, timeout = 60_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let dir = '';
let shop = '';
let smtp: ChildProcess | undefined;
let portal: ChildProcess | undefined;
let portalLog = '';

/** The mails the SMTP server received, parsed (server/tests/api/support/smtp_server.py). */
function mails(): Mail[] {
  const folder = join(dir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Mail);
}

/** The first link in a mail to `to` that matches `pattern`, once the mail has arrived. */
function linkIn(to: string, pattern: RegExp): Promise<string> {
  return until(`a mail to ${to} with a link`, () => mails().filter((mail) => mail.rcptTos.includes(to)).map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean), 90_000);
}

/** `portal ARGS` against the walk's database, as an operator types it. */
function operator(...args: string[]): string {
  return execFileSync(BINARY, [...args, '--database', join(dir, 'portal.db'), '--log-level', 'warn'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PORTAL_STAFF_SECRET_KEY: SECRET_KEY },
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'portal-new-operator-'));
  const [smtpPort, port] = [await freePort(), await freePort()];
  shop = `http://shop.localhost:${port}`;

  smtp = spawn('/usr/bin/python3', [join(ROOT, 'server/tests/api/support/smtp_server.py'), '--port', String(smtpPort), '--dir', join(dir, 'mail'), '--fail-first', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let smtpOutput = '';
  smtp.stdout?.on('data', (data: Buffer) => (smtpOutput += data.toString()));
  smtp.stderr?.on('data', (data: Buffer) => (smtpOutput += data.toString()));
  await until('the SMTP server', () => (smtpOutput.includes(`ready ${smtpPort}`) ? true : undefined), 20_000);

  // The two commands of a new operator, on an empty database; the server starts once the tenant exists.
  // Its public origin: where its mails link to (issue 72 item 3; the prod stage has no address of its own to offer).
  expect(operator('tenant', 'create', 'shop', '--host', 'shop.localhost', '--languages', 'en,ar', '--display-name', 'Shop', '--public-origin', shop)).toMatch(/created tenant shop/);
  expect(operator('staff', 'invite', '--tenant', 'shop', '--email', OWNER, '--role', 'owner', '--base-url', shop)).toMatch(/queued in the outbox of shop/);

  portal = spawn(
    BINARY,
    ['--stage', 'prod', '--address', '127.0.0.1', '--port', String(port), '--database', join(dir, 'portal.db'), '--media-root', join(dir, 'media'), '--smtp', `127.0.0.1:${smtpPort}`, '--media-job-interval', '1', '--log-level', 'warn'],
    { cwd: ROOT, env: { ...process.env, PORTAL_STAFF_SECRET_KEY: SECRET_KEY }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  portal.stdout?.on('data', (data: Buffer) => (portalLog += data.toString()));
  portal.stderr?.on('data', (data: Buffer) => (portalLog += data.toString()));
  await until(
    'the portal',
    () => {
      if (portal?.exitCode !== null) throw new Error(`the portal stopped:\n${portalLog}`);
      try {
        execFileSync('curl', ['-sf', '-o', '/dev/null', `http://127.0.0.1:${port}/readyz`]);
        return true;
      } catch {
        return undefined;
      }
    },
    60_000,
  );
});

test.afterAll(() => {
  portal?.kill('SIGTERM');
  smtp?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The console's language, switched in its header. */
async function consoleLanguage(page: Page, lang: 'en' | 'ar'): Promise<void> {
  const select = page.getByLabel(m(lang === 'en' ? ar : en, 'shell.language'), { exact: true });
  await select.selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

/** Opens a step from the setup checklist (the console's home) and waits for its page's heading. */
async function openStep(page: Page, step: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: m(en, 'shell.navigation') }).getByRole('link', { name: m(en, 'nav.home'), exact: true }).click();
  await page.locator('#main').getByRole('link', { name: m(en, `setup.steps.${step}.title`), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The checklist's count, once it says `done` steps are. */
async function expectStepsDone(page: Page, done: number): Promise<void> {
  await page.getByRole('navigation', { name: m(en, 'shell.navigation') }).getByRole('link', { name: m(en, 'nav.home'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: m(en, 'setup.progress_other', { done: String(done), count: '8' }) })).toBeVisible();
}

test('a new operator goes from an empty production database to a storefront that sells, with the mail and the console alone', async ({ page, browser }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const found: string[] = [];
  const files = mkdtempSync(join(tmpdir(), 'portal-new-operator-files-'));
  try {
    // 1. The invitation, delivered by the running server's outbox worker to the SMTP server.
    const invitation = await linkIn(OWNER, /https?:\/\/\S+\/admin\/login\?invitation=[0-9a-f]{64}\S*/);
    expect(invitation.startsWith(`${shop}/admin/login?invitation=`)).toBe(true);

    // 2. Enrolment: the QR code read as an authenticator app reads it, a password, the app's code.
    await page.goto(invitation);
    await page.locator('svg.qr').screenshot({ path: join(files, 'qr.png') });
    const otpauth = new URL(execFileSync('zbarimg', ['--raw', '-q', join(files, 'qr.png')], { encoding: 'utf8' }).trim());
    expect(otpauth.protocol).toBe('otpauth:');
    expect(decodeURIComponent(otpauth.pathname)).toContain(OWNER);
    const secret = otpauth.searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.locator('#password').fill(PASSWORD);
    await page.locator('#password2').fill(PASSWORD);
    await page.locator('#totp').fill(totp(secret));
    await page.locator('form button[type=submit]').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // 3. Sign-in (the next step's code: the enrolment's is spent) lands on the setup checklist.
    await page.goto(`${shop}/admin/`);
    await page.locator('input[name=email]').fill(OWNER);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('input[name=totp]').fill(totp(secret, Date.now() + 30_000));
    await page.locator('form button[type=submit]').click();
    await expect(page.getByRole('heading', { level: 1, name: m(en, 'setup.title') })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: m(en, 'setup.progress_other', { done: '3', count: '8' }) })).toBeVisible();
    found.push(...(await blockingAxe(page, 'checklist en')));
    await screenshot(page, 'new-operator-checklist-en-1280', true);
    await page.setViewportSize({ width: 390, height: 844 });
    await consoleLanguage(page, 'ar');
    await expect(page.getByRole('heading', { level: 1, name: m(ar, 'setup.title') })).toBeVisible();
    found.push(...(await blockingAxe(page, 'checklist ar phone')));
    await evidence(page, 'new-operator-checklist-ar-390', true);
    await consoleLanguage(page, 'en');
    await page.setViewportSize({ width: 1280, height: 900 });

    // 4. Brand: a logo uploaded, made into its WebP sizes by a media job, then saved with the settings.
    const logo = join(files, 'logo.png');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=orange:s=480x160', '-frames:v', '1', logo]);
    await openStep(page, 'brand', m(en, 'settings.title'));
    await page.locator('input[data-brand-upload=logo]').setInputFiles(logo);
    await expect(page.getByRole('status').filter({ hasText: m(en, 'settings.brandReady') })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByLabel(m(en, 'settings.logo'), { exact: true })).toHaveValue(/^\/media\/generated\/brand\/\d+\/logo\/.+\/logo\.h96\.webp$/);
    await page.getByRole('button', { name: m(en, 'settings.save'), exact: true }).click();
    await expect(page.getByText(/^Settings saved \(version \d+\)\.$/)).toBeVisible();
    await expectStepsDone(page, 4);

    // 5. A payment option: the sandbox's card checkout, named in both languages.
    await openStep(page, 'payment', m(en, 'plans.title'));
    await page.getByLabel(m(en, 'paymentOptions.code'), { exact: true }).fill('card');
    await page.getByLabel(m(en, 'paymentOptions.nameIn', { language: 'English' }), { exact: true }).fill('Card');
    await page.getByLabel(m(en, 'paymentOptions.nameIn', { language: 'العربية' }), { exact: true }).fill('بطاقة');
    await page.getByRole('button', { name: m(en, 'paymentOptions.save'), exact: true }).click();
    await expect(page.getByText(m(en, 'paymentOptions.saved', { code: 'card' }))).toBeVisible();
    await expectStepsDone(page, 5);

    // 6. A track with its audio (a media job), published.
    const audio = join(files, 'first-light.wav');
    execFileSync('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', audio, 'synth', '8', 'pluck', '392', 'vol', '0.5']);
    await openStep(page, 'catalog', m(en, 'catalog.title'));
    await page.getByRole('link', { name: m(en, 'catalog.create'), exact: true }).click();
    await page.locator('input[name="title-en"]').fill('First Light');
    await page.getByRole('button', { name: m(en, 'catalog.editor.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/catalog\/\d+$/);
    const article = Number(/\/admin\/catalog\/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('navigation', { name: m(en, 'shell.navigation') }).getByRole('link', { name: m(en, 'nav.media'), exact: true }).click();
    await page.getByLabel(m(en, 'media.articleId'), { exact: true }).fill(String(article));
    await page.getByLabel(m(en, 'media.kind'), { exact: true }).selectOption('audio');
    await page.getByLabel(m(en, 'media.file'), { exact: true }).setInputFiles(audio);
    await page.getByRole('button', { name: m(en, 'media.upload'), exact: true }).click();
    const job = page.locator('tbody tr[data-job]').filter({ hasText: 'first-light.wav' });
    await expect(job).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    // The brand's logo went through the same jobs: it is listed as the tenant's logo, not an article's.
    await expect(page.locator('tbody tr[data-job]').filter({ hasText: 'logo.png' })).toContainText(m(en, 'settings.logo'));
    await page.goto(`${shop}/admin/catalog/${article}`);
    await page.getByRole('button', { name: m(en, 'catalog.editor.publish'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: m(en, 'catalog.editor.publishedNow') })).toBeVisible();
    await expectStepsDone(page, 6);

    // 7. The home page: the template's, published as the tenant's own.
    await openStep(page, 'home', m(en, 'structures.title'));
    await page.getByRole('button', { name: m(en, 'structures.edit', { title: 'New this week' }), exact: true }).click();
    await page.getByLabel(m(en, 'structures.titleIn', { language: 'English' }), { exact: true }).fill('Fresh on Shop');
    await page.getByLabel(m(en, 'structures.note'), { exact: true }).fill('Our first home page');
    await page.getByRole('button', { name: m(en, 'structures.publish'), exact: true }).click();
    await expect(page.getByText(/^Version \d+ is live\.$/)).toBeVisible();
    await expectStepsDone(page, 7);

    // 8. The first plan, from an empty form: its price, the card option and credits for tracks.
    await openStep(page, 'plan', m(en, 'plans.title'));
    await page.getByText(m(en, 'plans.create'), { exact: true }).click();
    await page.getByLabel(m(en, 'plans.internalName'), { exact: true }).fill('Shop Music');
    await page.getByLabel(m(en, 'plans.startPrice', { currency: 'EUR' }), { exact: true }).fill('4.99');
    await page.getByRole('checkbox', { name: 'Card', exact: true }).check();
    await page.getByRole('checkbox', { name: m(en, 'reports.contentTypeNames.full_track_music'), exact: true }).check();
    await page.getByLabel(m(en, 'plans.creditAmount'), { exact: true }).fill('10');
    found.push(...(await blockingAxe(page, 'new plan en')));
    await page.getByRole('button', { name: m(en, 'plans.createSubmit'), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/plans\/\d+$/);
    const plan = /\/admin\/plans\/(\d+)$/.exec(page.url())![1]!;

    // It sells: the console's home is the dashboard now, every step done.
    await page.getByRole('navigation', { name: m(en, 'shell.navigation') }).getByRole('link', { name: m(en, 'nav.home'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: m(en, 'home.title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: m(en, 'setup.finishTitle') })).toHaveCount(0);

    // 9. A listener of the new tenant, in Arabic on a phone: registers, subscribes with the sandbox, plays the track.
    const listener = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await listener.addCookies(['ncc_c', 'ncc_e'].map((name) => ({ name, value: name === 'ncc_c' ? '1' : 'necessary|preferences', domain: 'shop.localhost', path: '/' })));
    const phone = await listener.newPage();
    await phone.goto(`${shop}/ar/subscription`);
    await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
    const card = phone.locator(`[data-testid=plan-card][data-plan-id="${plan}"]`);
    await expect(card).toContainText('Shop Music');
    await card.locator('[data-action=subscribe]').click();
    await phone.waitForURL(/\/backend\/login\/shop\?/);
    await phone.goto(phone.url().replace('/backend/login/', '/backend/register/'));
    const email = `listener-${Date.now()}@example.com`;
    await phone.locator('input[name=name]').fill('Layla');
    await phone.locator('input[name=lastName]').fill('Haddad');
    await phone.locator('input[name=email]').fill(email);
    await phone.locator('input[name=password]').fill('a listener password');
    await phone.locator('form button[type=submit]').first().click();
    await phone.goto(await linkIn(email, /https?:\/\/\S+\/backend\/register\/confirm\/\S+/));
    await phone.locator('form button[type=submit]').click();
    // One payment option, a web checkout: the sandbox's page at once; a test card pays.
    await phone.waitForURL(/\/backend\/checkout\//);
    await phone.locator('input[name=card][value="4242424242424242"]').check();
    await phone.locator('form').first().locator('button[type=submit]').click();
    const paid = phone.getByRole('dialog', { name: m(shopAr, 'subscription.feedback.success.title') });
    await expect(paid).toContainText('Shop Music');
    await paid.getByRole('button', { name: m(shopAr, 'subscription.ok') }).click();
    // The home page shows the track; a credit unlocks it and the full track plays.
    await phone.goto(`${shop}/en`);
    await expect(phone.getByRole('heading', { name: 'Fresh on Shop' })).toBeVisible();
    await phone.goto(`${shop}/ar`);
    await phone.getByText('First Light', { exact: true }).first().click();
    await expect(phone).toHaveURL(new RegExp(`/ar/music/tracks/[^/]+/${article}$`));
    await phone.getByTestId('primary-action').click();
    const credit = phone.getByRole('dialog', { name: m(shopAr, 'purchases.confirmCredit.title') });
    await credit.getByRole('button', { name: m(shopAr, 'purchases.confirmCredit.action') }).click();
    const player = phone.getByTestId('mini-player');
    await expect(player).toHaveAttribute('data-preview', 'false');
    await expect(player).toHaveAttribute('data-status', 'playing');
    await evidence(phone, 'new-operator-listener-plays-ar-390');
    await listener.close();

    // 10. The pages of the walk in both languages, on a desktop and a phone, pass axe.
    for (const lang of ['en', 'ar'] as const) {
      if (lang === 'ar') await consoleLanguage(page, 'ar');
      const messages = lang === 'en' ? en : ar;
      for (const name of ['home', 'settings', 'plans', 'catalog', 'media'] as const) {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          const nav = page.getByRole('navigation', { name: m(messages, 'shell.navigation') });
          const toggle = nav.locator('button[aria-expanded]');
          if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
          await nav.getByRole('link', { name: m(messages, `nav.${name}`), exact: true }).click();
          await expect(page.getByRole('heading', { level: 1, name: m(messages, `${name}.title`) })).toBeVisible();
          found.push(...(await blockingAxe(page, `${name} ${lang} ${width}`, ['[data-preview]'])));
          await screenshot(page, `new-operator-${name}-${lang}-${width}`, true);
        }
      }
    }
    if (found.length > 0) console.log(found.join('\n'));
    expect(found).toEqual([]);
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
});
