/**
 * The mobile bill and the network sign-in through noor's operator (issue 75): this walk starts the tests' CAMARA
 * operator (server/tests/api/support/camara.mjs: Carrier Billing, One Time Password SMS, Number Verification and
 * OpenID Connect, every call and answer checked by Prism against CAMARA's published YAML) and a portal of its own on a
 * freshly seeded demo database, so the worker's shared portal keeps the sandbox operator. The owner of noor enters the
 * operator in the console (Plans page) and switches the `operator` payment option to it. Then a listener on a 390 px
 * phone in Arabic, on the operator's mobile network, signs in by mobile number (the operator recognises the phone: no
 * password, no code), buys a track on the bill with the code the operator sends, takes the daily plan the same way,
 * and the next day (the portal's dev clock and the operator's) the plan renews on the bill without a code.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '../src/config/languages';
import { blockingAxe } from './console-walk';
import { totp } from './staff-totp';
import { bundle, decideCookies, expect, screenshot, test, text, type Bundle } from './support';

const admin = JSON.parse(readFileSync(new URL('../src/locales/en/admin.json', import.meta.url), 'utf8')) as Bundle;
const ar = bundle('ar');
const t = (key: string, params: Record<string, string> = {}) => text(admin, key, params);

const ROOT = new URL('../../', import.meta.url).pathname;
const BINARY = join(ROOT, 'build/portal');
const MEDIA = existsSync(join(ROOT, 'var/media/games')) ? join(ROOT, 'var/media') : join(ROOT, 'var/media-quick');
const SINK = 'https://sink.portal.test';
const MSISDN = '966501234123';

/** What the walk uses of the tests' CAMARA operator (an ES module of the API tests, without types). */
interface CamaraClient {
  clientId: string;
  clientSecret: string;
  allowRedirect(uri: string): void;
}
interface CamaraServer {
  apiRoot: string;
  violations: string[];
  refused: string[];
  sms: { to: string; code: string; text: string }[];
  client(options?: { auth?: string }): CamaraClient;
  connect(msisdn: string | null): void;
  forward(origin: string, base: string): void;
  lastCode(msisdn: string): string | null;
  payments(): { paymentStatus: string; amountTransaction: { clientCorrelator?: string; phoneNumber: string } }[];
  advance(seconds: number): void;
  delivered(): Promise<void>;
  stop(): Promise<void>;
}

let dir = '';
let camara: CamaraServer | undefined;
let portal: ChildProcess | undefined;
let portalLog = '';
let noor = '';
let direct = '';

async function until<T>(what: string, read: () => T | undefined, timeout: number): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function sql(query: string): string {
  return execFileSync('sqlite3', [join(dir, 'portal.db'), query], { encoding: 'utf8' }).trim();
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dir = mkdtempSync(join(tmpdir(), 'portal-camara-walk-'));
  const server = (await import(new URL('../../server/tests/api/support/camara.mjs', import.meta.url).href)) as { startCamara(): Promise<CamaraServer> };
  camara = await server.startCamara();
  portal = spawn(
    BINARY,
    ['--port', '0', '--address', '127.0.0.1', '--port-file', join(dir, 'port'), '--database', join(dir, 'portal.db'), '--log-level', 'warn',
      '--media-root', MEDIA, '--registrations-per-hour', '1000', '--play-tickets-per-window', '1000', '--test-cheap-password-hashes',
      '--seed', 'demo', '--dev-clock', '--scheduler-interval', '0', '--camara-sink-origin', SINK],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  portal.stdout?.on('data', (data: Buffer) => (portalLog += data.toString()));
  portal.stderr?.on('data', (data: Buffer) => (portalLog += data.toString()));
  const file = join(dir, 'port');
  const port = await until(
    'the portal',
    () => {
      if (portal?.exitCode !== null) throw new Error(`the portal stopped:\n${portalLog}`);
      const written = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
      return written !== '' ? written : undefined;
    },
    30_000,
  );
  noor = `http://noor.localhost:${port}`;
  direct = `http://127.0.0.1:${port}`;
  camara.forward(SINK, direct);
});

test.afterAll(async () => {
  const running = portal?.exitCode === null ? portal : undefined;
  if (running) {
    const stopped = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await stopped;
  }
  await camara?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function demoSecret(email: string, tenant: string): string {
  for (const m of portalLog.matchAll(/^ {2}(\S+@\S+) {2}(\S+) {2}(\S+) {2}([A-Z2-7]{32})$/gm)) if (m[1] === email && m[3] === tenant) return m[4]!;
  throw new Error(`No demo secret for ${email} of ${tenant} in the portal's output`);
}

test('noor\'s owner sets its CAMARA operator; a listener on a phone in Arabic signs in by the network, pays a track and the daily plan on the bill with the operator\'s code, and the plan renews the next day', async ({ browser }) => {
  test.setTimeout(150_000);
  const found: string[] = [];
  const operator = camara!.client({ auth: 'private_key_jwt' });

  // 1. The owner of noor, in the console at 1280 px: the mobile operator on the Plans page.
  const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await owner.newPage();
  await staff.goto(`${noor}/admin/`);
  await staff.locator('input[name=email]').fill('owner@example.com');
  await staff.locator('input[name=password]').fill('portal-demo');
  await staff.locator('input[name=totp]').fill(totp(demoSecret('owner@example.com', 'noor')));
  await staff.locator('form button[type=submit]').click();
  await staff.getByRole('navigation', { name: t('shell.navigation') }).getByRole('link', { name: t('nav.plans'), exact: true }).click();
  const section = staff.getByRole('region', { name: t('camara.title'), exact: true });
  await expect(section.getByText(t('camara.notConfigured'))).toBeVisible();
  await section.getByLabel(t('camara.operatorName'), { exact: true }).fill('Noor Mobile');
  await section.getByLabel(t('camara.apiRoot'), { exact: true }).fill(camara!.apiRoot);
  await section.getByLabel(t('camara.clientId'), { exact: true }).fill(operator.clientId);
  await section.getByLabel(t('camara.clientSecret'), { exact: true }).fill(operator.clientSecret);
  await section.getByLabel(t('camara.merchantIdentifier'), { exact: true }).fill('noor-media');
  await section.getByLabel(t('camara.currency'), { exact: true }).fill('SAR');
  await section.getByLabel(new RegExp(t('camara.numberVerification'))).check();
  await section.getByRole('button', { name: t('camara.save'), exact: true }).click();
  await expect(section.getByRole('status').filter({ hasText: t('camara.saved') })).toBeVisible();
  await expect(section.getByTestId('camara-configured')).toContainText('Noor Mobile');
  await expect(section.getByLabel(t('camara.clientSecret'), { exact: true })).toHaveValue('');
  expect(await staff.content()).not.toContain('PRIVATE KEY');
  const redirect = (await section.getByText(/\/backend\/login\/noor\/network\/callback$/).textContent()) ?? '';
  operator.allowRedirect(redirect);  // registered at the operator, as the console says
  found.push(...(await blockingAxe(staff, 'plans page en 1280 (operator saved)')));
  await screenshot(staff, 'camara-console-operator-en-1280', true);

  // The mobile-bill option goes through the operator now.
  const options = staff.getByRole('region', { name: t('paymentOptions.title'), exact: true });
  await options.getByText(t('paymentOptions.add'), { exact: true }).click();
  await options.getByLabel(t('paymentOptions.provider'), { exact: true }).selectOption('camara');
  await options.getByLabel(t('paymentOptions.code'), { exact: true }).fill('operator');
  const names: Record<string, string> = { en: 'Mobile bill', ar: 'فاتورة الجوال', fr: 'Facture mobile', de: 'Mobilfunkrechnung', es: 'Factura móvil', ro: 'Factura de telefonie mobilă' };
  for (const language of LANGUAGES)
    await options.getByLabel(t('paymentOptions.nameIn', { language: language.name }), { exact: true }).fill(names[language.code]!);
  await options.getByRole('button', { name: t('paymentOptions.save'), exact: true }).click();
  await expect(options.getByText(t('paymentOptions.saved', { code: 'operator' }))).toBeVisible();
  await owner.close();

  // 2. A listener on a phone, on the operator's mobile network: the sign-in by mobile number asks the operator.
  camara!.connect(`+${MSISDN}`);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await decideCookies(phone);
  const listener = await phone.newPage();
  const signInByNetwork = async () => {
    await listener.goto(`${noor}/ar`);
    await expect(listener.locator('html')).toHaveAttribute('dir', 'rtl');
    await listener.getByRole('button', { name: text(ar, 'auth.signIn'), exact: true }).click();
    await listener.getByRole('dialog', { name: text(ar, 'auth.options.title') }).getByRole('button', { name: text(ar, 'auth.options.operator') }).click();
    await listener.waitForURL((url) => url.origin === noor && url.pathname === '/ar' && !url.searchParams.has('code'));
    const number = ['+٩٦٦', '٥٠', '١٢٣', '٤١٢٣'].join('\u00A0\u200E');
    await expect(listener.getByRole('button', { name: text(ar, 'auth.accountMenuNamed').replace('{{name}}', `\u2066${number}\u2069`) })).toBeVisible();
  };
  await signInByNetwork();
  expect(camara!.sms.filter((s) => s.to === `+${MSISDN}`), 'recognised by the network: no code').toHaveLength(0);
  await screenshot(listener, 'camara-network-signed-in-ar-390');

  // 3. A track on the bill: the account's number, the operator's code.
  await listener.goto(`${noor}/ar/music/tracks/silver-coast/20004`);
  await listener.getByTestId('primary-action').click();
  await listener.getByRole('dialog', { name: text(ar, 'purchases.popup.title') }).getByTestId('offer-single').getByRole('button').click();
  await listener.getByRole('dialog', { name: text(ar, 'purchases.single.title') }).getByRole('button', { name: text(ar, 'purchases.single.pay') }).click();
  const payment = listener.getByRole('dialog', { name: text(ar, 'purchases.payment.title') });
  const operatorChoice = payment.getByTestId('pay-operator');
  if (await operatorChoice.count()) await operatorChoice.click();
  await payment.getByRole('button', { name: text(ar, 'purchases.payment.sendPin') }).click();
  await expect(payment.getByLabel(text(ar, 'purchases.payment.pinLabel'))).toBeVisible();
  await expect(payment.getByTestId('sandbox-pin')).toHaveCount(0);
  await screenshot(listener, 'camara-track-code-ar-390');
  const trackCode = await until('the operator\'s code', () => camara!.lastCode(`+${MSISDN}`) ?? undefined, 10_000);
  expect(trackCode).toMatch(/^\d{6}$/);
  await payment.getByLabel(text(ar, 'purchases.payment.pinLabel')).fill(trackCode);
  await payment.getByRole('button', { name: text(ar, 'purchases.payment.confirm') }).click();
  const thanks = listener.getByRole('dialog', { name: text(ar, 'purchases.result.success.title') });
  await expect(thanks).toBeVisible();
  await screenshot(listener, 'camara-track-paid-ar-390');
  await thanks.getByRole('button', { name: text(ar, 'purchases.ok') }).click();
  expect(sql("SELECT status || '|' || instrument FROM payments WHERE provider = 'camara' AND purpose = 'article'")).toBe('SUCCEEDED|+9665•••123');

  // 4. The daily plan on the bill, the same way.
  await listener.goto(`${noor}/ar/subscription`);
  await listener.locator('[data-testid=plan-card][data-plan-id="401"] [data-action=subscribe]').click();
  const flow = listener.getByRole('dialog', { name: text(ar, 'subscription.apiFlow.title') });
  await expect(flow.getByTestId('known-msisdn')).toBeVisible();
  const codes = camara!.sms.length;
  await flow.getByRole('button', { name: text(ar, 'subscription.apiFlow.send') }).click();
  await expect(flow.getByLabel(text(ar, 'subscription.apiFlow.pinLabel'))).toBeVisible();
  await until('the plan\'s code', () => (camara!.sms.length > codes ? true : undefined), 10_000);
  await flow.getByLabel(text(ar, 'subscription.apiFlow.pinLabel')).fill(camara!.lastCode(`+${MSISDN}`)!);
  await screenshot(listener, 'camara-plan-code-ar-390');
  await flow.getByRole('button', { name: text(ar, 'subscription.apiFlow.confirm') }).click();
  const success = listener.getByRole('dialog', { name: text(ar, 'subscription.feedback.success.title') });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: text(ar, 'subscription.ok') }).click();

  // 5. The next day (the portal's clock and the operator's): the plan renews on the bill, no code asked.
  const day = 24 * 3600;
  const sent = camara!.sms.length;
  expect((await fetch(`${direct}/backend/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: day }) })).status).toBe(200);
  camara!.advance(day);
  expect((await fetch(`${direct}/backend/dev/scheduler/run`, { method: 'POST' })).status).toBe(200);
  const renewal = sql("SELECT id || '|' || status || '|' || instrument FROM payments WHERE provider = 'camara' AND purpose = 'renewal'");
  const [renewalId, renewalStatus, instrument] = renewal.split('|');
  expect([renewalStatus, instrument]).toEqual(['SUCCEEDED', '+9665•••123']);
  expect(camara!.payments().find((p) => p.amountTransaction.clientCorrelator === renewalId)?.paymentStatus).toBe('succeeded');
  expect(camara!.sms.length).toBe(sent);
  // A day on, the session has lapsed: the network recognises the phone again.
  await signInByNetwork();
  expect(Number(sql("SELECT COUNT(*) FROM users WHERE msisdn = '" + MSISDN + "'"))).toBe(1);
  await listener.goto(`${noor}/ar/profile/manage`);
  await expect(listener.locator('[data-testid=user-subscription][data-type-id="401"]').getByTestId('subscription-state'))
    .toHaveText(text(ar, 'subscription.manage.state.ACTIVE'));
  await screenshot(listener, 'camara-plan-renewed-ar-390', true);
  await phone.close();

  await camara!.delivered();
  expect(camara!.violations).toEqual([]);
  expect(camara!.refused).toEqual([]);
  if (found.length > 0) console.log(found.join('\n'));
  expect(found).toEqual([]);
});
