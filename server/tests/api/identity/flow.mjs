// Helpers for the identity API tests: the hosted sign-in as a browser does
// it (GET the page, keep its form token and cookie, POST the form), the
// mailed links (dev outbox), and the token calls.
import assert from 'node:assert/strict';

export const PASSWORD = 'portal-demo';
export const SUBSCRIBER = 'subscriber@example.com';
export const GUEST = 'guest@example.com';

// The cookies a response sets, as {name: value}.
export function setCookies(res) {
  const out = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
}

export function hostedUrl(server, kind, tenant, { lang, redirectUrl } = {}) {
  const url = new URL(`${server.base}/backend/${kind}/${tenant}`);
  if (lang) url.searchParams.set('lang', lang);
  if (redirectUrl) url.searchParams.set('redirectUrl', redirectUrl);
  return url.toString();
}

// GETs a hosted form page; returns its HTML, the form token and the cookie header to send back.
export async function openForm(url, headers = {}) {
  const res = await fetch(url, { redirect: 'manual', headers });
  const html = await res.text();
  const csrf = /name="csrf" value="([0-9a-f]{64})"/.exec(html)?.[1];
  const cookies = setCookies(res);
  return { res, html, csrf, cookie: cookies.portal_csrf ? `portal_csrf=${cookies.portal_csrf}` : '' };
}

export async function postForm(url, form, fields, extraHeaders = {}) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: form.cookie,
      origin: new URL(url).origin,
      ...extraHeaders,
    },
    body: new URLSearchParams({ csrf: form.csrf, ...fields }).toString(),
  });
}

// Signs in on the hosted page; returns the Location the browser is sent to.
export async function hostedSignIn(server, tenant, redirectUrl, email = SUBSCRIBER, password = PASSWORD, lang = 'en') {
  const url = hostedUrl(server, 'login', tenant, { lang, redirectUrl });
  const form = await openForm(url);
  assert.equal(form.res.status, 200);
  assert.ok(form.csrf, 'the page carries a form token');
  const res = await postForm(url, form, { email, password });
  assert.equal(res.status, 302, `sign-in answers 302, got ${res.status}`);
  return new URL(res.headers.get('location'));
}

// The page URL the client sends back with the code: the landing URL without `code`.
export function withoutCode(location) {
  const url = new URL(location);
  url.searchParams.delete('code');
  return url.toString();
}

// A hosted page without its per-response CSP nonces, to compare two answers.
export function withoutNonces(html) {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""');
}

export function json(body, headers = {}) {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export function put(body, token) {
  return {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  };
}

export function bearer(token) {
  return { headers: { authorization: `Bearer ${token}` } };
}

export async function loginApi(api, email = SUBSCRIBER, password = PASSWORD) {
  const res = await api('/login/api', json({ email, password }));
  assert.equal(res.status, 200, `login/api answers 200, got ${res.status}`);
  const { data } = await res.json();
  return data;
}

// The tenant's mails in the dev outbox, newest first; `to` keeps one recipient's.
export async function outboxMails(server, tenant, to) {
  const res = await fetch(`${server.base}/backend/dev/outbox/${tenant}`, { headers: { accept: 'application/json' } });
  assert.equal(res.status, 200);
  const mails = (await res.json()).data;
  return to ? mails.filter((m) => m.to === to) : mails;
}

// The first link in the newest mail to `to` whose path contains `path`.
export async function mailedLink(server, tenant, to, path) {
  for (const mail of await outboxMails(server, tenant, to)) {
    const link = (mail.body.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes(path));
    if (link) return new URL(link);
  }
  assert.fail(`no mail to ${to} with a link to ${path}`);
}

// Opens a confirmation link (registration or e-mail change) as a browser and
// presses its one button; returns the answer of the POST.
export async function followConfirmation(link, headers = {}) {
  const page = await openForm(link.toString(), headers);
  assert.equal(page.res.status, 200, `the confirmation page answers 200, got ${page.res.status}`);
  const token = /name="token" value="([0-9a-f]{64})"/.exec(page.html)?.[1];
  assert.ok(token, 'the page carries the link token');
  return postForm(link.toString(), page, { token }, headers);
}

// Registers on the hosted page and confirms by the mailed link; returns the
// Location the confirmation sends the browser to (with `code`).
export async function registerAndConfirm(server, tenant, { name = 'Test', lastName = 'User', email, password = PASSWORD,
  redirectUrl, lang = 'en', headers = {} }) {
  const url = hostedUrl(server, 'register', tenant, { lang, redirectUrl });
  const form = await openForm(url, headers);
  const res = await postForm(url, form, { name, lastName, email, password }, headers);
  assert.equal(res.status, 200, `registration answers 200 (check your mail), got ${res.status}`);
  const done = await followConfirmation(await mailedLink(server, tenant, email.trim().toLowerCase(), '/backend/register/confirm/'), headers);
  assert.equal(done.status, 302, `the confirmation answers 302, got ${done.status}`);
  return new URL(done.headers.get('location'));
}

// A fresh account signed in: registered, confirmed by its mailed link, the code exchanged. Returns the Token.
export async function signUp(server, tenant, email, { password = PASSWORD, redirectUrl = `${server.base}/` } = {}) {
  const location = await registerAndConfirm(server, tenant, { email, password, redirectUrl });
  const code = location.searchParams.get('code');
  location.searchParams.delete('code');
  const res = await fetch(`${server.base}/backend/security/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Tenant-ID': tenant },
    body: JSON.stringify({ code, redirectUrl: location.toString() }),
  });
  assert.equal(res.status, 200, `the code exchange answers 200, got ${res.status}`);
  return (await res.json()).data;
}
