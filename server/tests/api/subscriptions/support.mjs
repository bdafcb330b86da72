// Helpers for the subscriptions API tests: users, authorised calls, the
// hosted checkout as a browser uses it, the dev clock and scheduler.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backend, ROOT, startPortal } from '../support/server.mjs';
import { openForm, postForm, loginApi, registerAndConfirm, PASSWORD, SUBSCRIBER, GUEST } from '../identity/flow.mjs';

export { SUBSCRIBER, GUEST, PASSWORD };

export const ORIGIN = {
  aurora: 'http://localhost:8080',
  noor: 'http://noor.localhost:8080',
  vela: 'http://vela.localhost:8080',
};
export const WEBHOOK_SECRET = 'test-webhook-secret';
// The sandbox webhook's X-Sandbox-Signature (docs/contracts.md):
// t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>. `at` is the
// signing time by the server's clock: a test that moved the dev clock adds the
// seconds it moved it by.
export function webhookSignature(body, { secret = WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000) } = {}) {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

// POST /backend/payments/sandbox/webhook with body (a string), signed unless a
// `signature` header value is given.
export function sandboxWebhook(server, body, { signature, ...options } = {}) {
  return fetch(`${server.base}/backend/payments/sandbox/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Sandbox-Signature': signature ?? webhookSignature(body, options) },
    body,
  });
}

export const CARDS = {
  success: '4242 4242 4242 4242',
  insufficient: '4000 0000 0000 9995',
  pending: '4000 0000 0000 0077',
  declined: '4000 0000 0000 0002',
  renewalFails: '4000 0000 0000 0341',
  refundFails: '4000 0000 0000 0119',  // charges succeed, every refund fails
};

// A client of one tenant: call(path, {method, body, token, headers}) -> Response.
export function client(server, tenant) {
  const api = backend(server, tenant);
  const call = (path, { method = 'GET', body, token, headers = {} } = {}) =>
    api(path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  call.api = api;
  call.tenant = tenant;
  call.login = async (email = SUBSCRIBER, password = PASSWORD) => (await loginApi(api, email, password)).access_token;
  return call;
}

let counter = 0;
// Registers a fresh user through the hosted page and its mailed link (dev
// outbox) and returns its access token.
// `lang`: the language the account registers in, which its mails use (issue 73 item 3); by default the tenant's own
// (the registration page without ?lang=), as a visitor of its storefront would.
export async function newUser(server, tenant, { name = 'Test', lastName = 'User', lang = null } = {}) {
  const email = `user${process.pid}-${Date.now()}-${counter++}@example.com`;
  const redirectUrl = `${ORIGIN[tenant]}/`;
  const landing = await registerAndConfirm(server, tenant, { name, lastName, email, redirectUrl, lang });
  const code = landing.searchParams.get('code');
  landing.searchParams.delete('code');
  const api = backend(server, tenant);
  const tokens = await api('/security/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, redirectUrl: landing.toString() }),
  });
  assert.equal(tokens.status, 200);
  return { email, token: (await tokens.json()).data.access_token };
}

export function subscribeBody(typeId, tenant = 'aurora', extra = {}) {
  return { subscriptionTypeId: typeId, lang: 'en', redirect: `${ORIGIN[tenant]}/music?from=test`, ...extra };
}

export async function data(res, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text).data;
}

// The hosted checkout as a browser: GET the page, POST the chosen card with the form token.
export async function payAtCheckout(url, card, { cancel = false } = {}) {
  return submitCheckout(url, await openCheckout(url), card, { cancel });
}

// The two halves, for tests that open several pages before paying.
export async function openCheckout(url) {
  const form = await openForm(url);
  assert.equal(form.res.status, 200, 'the checkout page opens');
  assert.ok(form.csrf, 'the checkout page carries a form token');
  return form;
}

export async function submitCheckout(url, form, card, { cancel = false } = {}) {
  const res = await postForm(url, form, cancel ? { cancel: '1' } : { card: card.replaceAll(' ', '') });
  return { res, page: form.html, location: res.headers.get('location') ? new URL(res.headers.get('location')) : null };
}

export async function mySubscriptions(call, token, query = '') {
  return data(await call(`/subscription${query}`, { token }));
}

export async function advance(server, seconds) {
  const res = await fetch(`${server.base}/backend/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  return data(res);
}

export async function runScheduler(server) {
  return data(await fetch(`${server.base}/backend/dev/scheduler/run`, { method: 'POST' }));
}

export const DAY = 24 * 3600;

// A data folder like data/ whose tenants, plans and demo users files are changed
// by `edit` (other folders are links): for servers that need flags the demo lacks.
export function dataDirWith(edit) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-data-'));
  for (const entry of readdirSync(join(ROOT, 'data'))) {
    if (entry === 'tenants' || entry === 'subscriptions' || entry === 'users') continue;
    symlinkSync(join(ROOT, 'data', entry), join(dir, entry));
  }
  for (const folder of ['tenants', 'subscriptions', 'users']) {
    mkdirSync(join(dir, folder));
    for (const file of readdirSync(join(ROOT, 'data', folder))) {
      const doc = JSON.parse(readFileSync(join(ROOT, 'data', folder, file), 'utf8'));
      const changed = edit(folder, file.replace(/\.json$/, ''), doc) ?? doc;
      writeFileSync(join(dir, folder, file), JSON.stringify(changed, null, 2));
    }
  }
  return dir;
}

// A portal on another data folder (see dataDirWith).
export function startPortalWithData(dataDir, extraArgs = []) {
  return startPortal(extraArgs, { dataDir });
}
