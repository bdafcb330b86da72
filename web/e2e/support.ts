/**
 * What every end-to-end spec needs: where the portal and its tenants are, the message bundles
 * (tests find texts the way users read them), screenshots into ARTIFACTS_DIR, a recorded cookie
 * decision (so the banner does not cover the page), the hosted sign-in form and the registration's mailed link.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devices, expect, test as base, type BrowserContext, type Page, type Request } from '@playwright/test';

export const artifacts = process.env.ARTIFACTS_DIR ?? 'test-results';
mkdirSync(artifacts, { recursive: true });

/**
 * This worker's server: scripts/test-e2e starts one per worker (PORTAL_URL_<i>, its database PORTAL_DATABASE_<i>
 * and output PORTAL_SERVER_LOG_<i>), Playwright numbers its workers by TEST_PARALLEL_INDEX; a run against one
 * server (`PORTAL_URL=http://localhost:8080 npx playwright test`) names it without the index.
 */
export function serverEnv(name: 'PORTAL_URL' | 'PORTAL_DATABASE' | 'PORTAL_SERVER_LOG'): string | undefined {
  return process.env[`${name}_${process.env.TEST_PARALLEL_INDEX ?? '0'}`] ?? process.env[name];
}

const portal = new URL(serverEnv('PORTAL_URL') ?? 'http://localhost:8080');
/** The demo tenants by host (Chromium resolves every *.localhost here). */
export const aurora = `${portal.protocol}//localhost:${portal.port}`;
export const noor = `${portal.protocol}//noor.localhost:${portal.port}`;
export const vela = `${portal.protocol}//vela.localhost:${portal.port}`;

export type Bundle = Record<string, unknown>;
export const bundle = (lang: string): Bundle =>
  JSON.parse(readFileSync(new URL(`../src/locales/${lang}/messages.json`, import.meta.url), 'utf8')) as Bundle;

/** A message by its dotted key, with `{{name}}` parameters filled in. */
export function text(messages: Bundle, path: string, params: Record<string, string> = {}): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], messages);
  if (typeof value !== 'string') throw new Error(`No message ${path}`);
  // `{{name}}` and formatted `{{name, number}}` placeholders alike.
  return Object.entries(params).reduce((result, [name, param]) => result.replace(new RegExp(`\\{\\{${name}(, *\\w+)?\\}\\}`), param), value);
}

/**
 * Whether the walks save their pictures of the pages (`make screenshots`, E2E_SCREENSHOTS=1): for a person to look at
 * every page, desktop and phone, English and Arabic. `make test` takes none: waiting out the animations and encoding
 * 270 PNGs was an eighth of the walks' time, and no assertion reads them. A failed walk still leaves Playwright's
 * picture of where it stopped, and `evidence` pictures are always taken.
 */
export const picturesWanted = process.env.E2E_SCREENSHOTS === '1';

/** Saves `<name>.png` of the page as it is when pictures are wanted (`make screenshots`); see `evidence`. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  if (picturesWanted) await evidence(page, name, fullPage);
}

/** Waits for finite animations (theme switch, dialogs) to end, then saves `<name>.png`, in every run. */
export async function evidence(page: Page, name: string, fullPage = false): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  // Two frames: the one the animations' end schedules is drawn before the picture is taken.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage });
}

/** The requests of each context still in flight (the `network` fixture below keeps them). */
const inFlight = new WeakMap<BrowserContext, Set<Request>>();

/** Keeps the requests of `context` in flight from now on. */
function track(context: BrowserContext): Set<Request> {
  const requests = new Set<Request>();
  inFlight.set(context, requests);
  context.on('request', (request) => requests.add(request));
  context.on('requestfinished', (request) => requests.delete(request));
  context.on('requestfailed', (request) => requests.delete(request));
  return requests;
}

/**
 * Waits until the page has settled: no request of its context in flight for `quiet` ms (its data, lazy chunks and
 * images have come), the document loaded, and nothing the app marks as still coming (the server's first view before
 * React has drawn, a skeleton's `aria-busy`); at most `timeout` ms (a playing stream never goes quiet). Playwright's
 * 'networkidle' waits a fixed 500 ms of quiet after the load, hundreds of times a run; this asks for a fifth of that,
 * and also waits for the calls a click in the app starts, which 'networkidle' (about the document's load) does not.
 * A context a walk opens itself (`browser.newContext()`) is tracked from the first call.
 */
export async function networkQuiet(page: Page, { quiet = 100, timeout = 5_000 } = {}): Promise<void> {
  const requests = inFlight.get(page.context()) ?? track(page.context());
  const end = Date.now() + timeout;
  let quietSince = Date.now();
  while (Date.now() < end) {
    if (requests.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quiet) {
      const drawn = await page
        .evaluate(() => document.readyState === 'complete' && !document.querySelector('[data-first-view], [aria-busy=true]'))
        .catch(() => false);  // a navigation under way
      if (drawn) return;
      quietSince = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Records "necessary cookies only" on every demo tenant's host. */
export async function decideCookies(context: BrowserContext): Promise<void> {
  await context.addCookies(
    ['localhost', 'noor.localhost', 'vela.localhost'].flatMap((domain) => [
      // Necessary cookies and preferences (the theme, recent searches): the walks change the theme and search.
      { name: 'ncc_c', value: '1', domain, path: '/' },
      { name: 'ncc_e', value: 'necessary|preferences', domain, path: '/' },
    ]),
  );
}

/** Fills and sends the backend's hosted sign-in form (the page must be open). */
export async function signInOnHostedPage(page: Page, email = 'subscriber@example.com', password = 'portal-demo'): Promise<void> {
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

/**
 * A fresh account, registered from the hosted sign-in page the portal sent a guest to: the registration form (the
 * person's names, the demo password, a new e-mail starting with `prefix`), then the mailed link. Returns the e-mail.
 * The browser then goes back to where the sign-in started, with a one-time `code` the app exchanges for the session
 * and then drops from the address: wait for the address without it before leaving the page (`signedInAt`).
 */
export async function registerOnHostedPage(page: Page, person: { prefix: string; name: string; lastName: string }): Promise<string> {
  const email = `${person.prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(page.url().replace('/backend/login/', '/backend/register/'));
  await page.locator('input[name=name]').fill(person.name);
  await page.locator('input[name=lastName]').fill(person.lastName);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('portal-demo');
  await page.locator('form button[type=submit]').first().click();
  await confirmRegistration(page, email);
  return email;
}

/** Back from a hosted sign-in on the page whose path ends with `path`, the sign-in code exchanged (gone from the address). */
export async function signedInAt(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.endsWith(path) && !url.searchParams.has('code'));
}

/**
 * After the hosted registration form was sent: the page says to check the mail; the dev outbox has the link for
 * `email`, whose page's one button creates the account and signs it in where the registration started.
 */
export async function confirmRegistration(page: Page, email: string): Promise<void> {
  const here = new URL(page.url());
  await expect(page.getByRole('status')).toContainText(email);
  const tenant = here.pathname.split('/')[3] ?? '';
  let link = '';
  await expect
    .poll(async () => {
      // The outbox is per tenant by path; asked on localhost, which Node resolves (not every *.localhost).
      const res = await page.request.get(`${aurora}/backend/dev/outbox/${tenant}`, { headers: { accept: 'application/json' } });
      const { data } = (await res.json()) as { data: { to: string; body: string }[] };
      link = data.filter((mail) => mail.to === email).flatMap((mail) => mail.body.match(/https?:\/\/\S+\/backend\/register\/confirm\/\S+/g) ?? [])[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link);
  await page.locator('form button[type=submit]').click();
}

/**
 * Watches `context` for Content-Security-Policy violations: each page and frame reports its `securitypolicyviolation`
 * events, and Chromium's CSP console errors count too. Returns the list they are added to.
 */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__portalCspViolation', (_source, violation: string) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __portalCspViolation: (violation: string) => Promise<void> }).__portalCspViolation;
      void report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

/**
 * `test` and `expect` for every spec: a test fails on any Content-Security-Policy violation
 * (docs/security.md), so the walks prove the app works under the policy.
 */
export const test = base.extend<{ cspViolations: string[]; network: undefined }>({
  network: [
    async ({ context }, use) => {
      track(context);
      await use(undefined);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchCsp(context);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * `test` for walks that only look at pages as a guest (the page types' layout and axe checks, the first view): the
 * walks of one worker share one page, each starting on a blank document with the demo tenants' cookies and storage
 * cleared, the cookie decision recorded and the default viewport. A new page costs its browser a second of CPU
 * before it draws anything (a renderer process and the app's first load in it), more than the check itself. A walk
 * that signs in, or changes what a later one would see, uses `test`. The same CSP rule holds, per walk.
 */
export const testOnSharedPage = base.extend<{ sharedPageReset: undefined }, { shared: { page: Page; violations: string[] } }>({
  shared: [
    async ({ browser }, use) => {
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Desktop Chrome'];
      // A context of the worker's own gets none of the config's `use` options: the service worker is blocked here too.
      const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL: aurora, serviceWorkers: 'block' });
      track(context);
      const violations = await watchCsp(context);
      await use({ page: await context.newPage(), violations });
      await context.close();
    },
    { scope: 'worker' },
  ],
  // (`provide` is Playwright's `use`, which the React hooks rule would take for React's.)
  context: async ({ shared }, provide) => {
    await provide(shared.page.context());
  },
  page: async ({ shared }, provide) => {
    await provide(shared.page);
  },
  sharedPageReset: [
    async ({ shared }, use) => {
      const { page, violations } = shared;
      await page.goto('about:blank');
      const cdp = await page.context().newCDPSession(page);
      for (const origin of [aurora, noor, vela])
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,session_storage,indexeddb,cache_storage,service_workers' });
      await cdp.detach();
      await page.context().clearCookies();
      await decideCookies(page.context());
      await page.setViewportSize(devices['Desktop Chrome'].viewport);
      violations.length = 0;
      await use(undefined);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
