// GET /backend/i18n/{lang}: the six message bundles.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';

let server;
let api;
before(async () => {
  server = await startPortal();
  api = backend(server);
});
after(async () => server && (await server.stop()));

test('each of the six languages has a complete bundle with the same keys', async () => {
  const keys = (o, prefix = '') =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
  const bundles = {};
  for (const lang of ['en', 'ar', 'fr', 'de', 'es', 'ro']) {
    const res = await api(`/i18n/${lang}`);
    assert.equal(res.status, 200, lang);
    assert.match(res.headers.get('cache-control'), /max-age=3600/);
    bundles[lang] = await res.json();
  }
  const english = keys(bundles.en).sort();
  assert.ok(english.length > 50, 'a real bundle');
  for (const lang of ['ar', 'fr', 'de', 'es', 'ro']) assert.deepEqual(keys(bundles[lang]).sort(), english, lang);
  assert.notEqual(bundles.ar.notFound.head, bundles.en.notFound.head);
  assert.match(bundles.ar.notFound.head, /[\u0600-\u06FF]/, 'Arabic text');
});

test('bundles revalidate with ETag', async () => {
  const first = await api('/i18n/fr');
  const etag = first.headers.get('etag');
  assert.ok(etag);
  const second = await api('/i18n/fr', { headers: { 'If-None-Match': etag } });
  assert.equal(second.status, 304);
});

test('an unsupported language is a 404 naming the supported ones', async () => {
  const body = await expectError(await api('/i18n/xx'), 404, 'LANGUAGE_NOT_FOUND');
  assert.match(body.message, /en, ar, fr, de, es, ro/);
});
