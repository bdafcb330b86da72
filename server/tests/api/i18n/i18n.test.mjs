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
  // A message with a count has each language's own plural forms (key_one, key_few, ...; Arabic has six):
  // the bundles agree on the messages, and every plural message has its _other form in every language.
  const PLURAL = /_(zero|one|two|few|many|other)$/;
  const messages = (lang) => [...new Set(keys(bundles[lang]).map((k) => k.replace(PLURAL, '')))].sort();
  const english = messages('en');
  assert.ok(english.length > 50, 'a real bundle');
  const plurals = [...new Set(keys(bundles.en).filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))];
  assert.ok(plurals.length > 0, 'messages with counts');
  for (const lang of ['ar', 'fr', 'de', 'es', 'ro']) {
    assert.deepEqual(messages(lang), english, lang);
    const all = new Set(keys(bundles[lang]));
    for (const base of plurals) assert.ok(all.has(`${base}_other`), `${lang}: ${base}_other`);
  }
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
