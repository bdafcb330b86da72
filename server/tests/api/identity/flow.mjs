// Helpers for the identity API tests: the hosted sign-in as a browser does
// it (GET the page, keep its form token and cookie, POST the form), and the
// token calls.
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
