// A tenant's languages (issue 32 item 5; docs/tenants.md "Languages"): the owner offers en and ar
// only, and every answer keeps to them — API answers, the page shell's language, its language
// prefixes and hreflang alternates, the configurations the client reads — while a list without the
// default is refused, field by field, and the change is in the audit log.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, expectError, rawRequest, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let server, owner;
before(async () => {
  server = await startPortal();
  owner = (await staffLogin(backend(server, 'aurora'), demoStaff(server.output())['owner@example.com aurora'])).token;
});
after(async () => {
  await server?.stop();
});

const aurora = (path, init) => backend(server, 'aurora')(path, init);
const settings = async () => (await (await aurora('/admin/settings', staffBearer(owner))).json()).data;
const put = (body) => aurora('/admin/settings', json(body, staffBearer(owner).headers, 'PUT'));
// The page shell as a browser on localhost (aurora) asks for it: {status, headers, body}.
const page = (path, headers = {}) => rawRequest(server, { path, headers: { Host: 'localhost', 'Accept-Language': 'en', ...headers } });
const planName = async (query = '', headers = {}) => {
  const res = await aurora(`/subscription/type${query}`, { headers });
  assert.equal(res.status, 200);
  return (await res.json()).data.find((t) => t.id === 101).name;
};
const hreflangs = (body) => [...body.matchAll(/hreflang="([a-z-]+)"/g)].map((m) => m[1]);

// The instance serves its own write at once (it reloads on its own change); a second is covered by
// live-configuration.test.mjs. Read until it shows, so a slow machine cannot make this flaky.
async function eventually(read, wanted, what) {
  let last;
  for (let i = 0; i < 100; i++) {
    last = await read();
    if (wanted(last)) return last;
    await sleep(100);
  }
  assert.fail(`${what}: still ${JSON.stringify(last)}`);
}

test('all six by default; an owner offers en and ar only, and every answer keeps to them', async () => {
  const before = await settings();
  assert.deepEqual(before.languages, ['en', 'ar', 'fr', 'de', 'es', 'ro']);
  const english = await planName('?lang=en');
  const french = await planName('?lang=fr');
  const arabic = await planName('?lang=ar');
  assert.notEqual(french, english);
  assert.equal(await planName('', { 'Accept-Language': 'fr-FR,fr;q=0.9' }), french);
  assert.equal((await page('/fr')).status, 200);
  assert.deepEqual(hreflangs((await page('/')).body), ['en', 'ar', 'fr', 'de', 'es', 'ro', 'x-default']);

  const res = await put({ ...before, languages: ['en', 'ar'] });
  assert.equal(res.status, 200, await res.clone().text());
  const saved = (await res.json()).data;
  assert.deepEqual(saved.languages, ['en', 'ar']);
  assert.equal(saved.version, before.version + 1);
  assert.deepEqual((await settings()).languages, ['en', 'ar']);

  // API answers: an explicit French choice or a French browser gets the default, English.
  await eventually(() => planName('?lang=fr'), (name) => name === english, 'lang=fr');
  assert.equal(await planName('', { 'Accept-Language': 'fr-FR,fr;q=0.9' }), english);
  assert.equal(await planName('', { 'Accept-Language': 'fr-FR,ar;q=0.5' }), arabic);
  assert.equal(await planName('?lang=ar'), arabic);

  // Pages: a French prefix goes to the default-language page; a French cookie counts for nothing.
  const fr = await page('/fr?ref=mail');
  assert.equal(fr.status, 302);
  assert.equal(fr.headers.location, '/?ref=mail');
  assert.equal((await page('/', { Cookie: 'i18n_redirected=fr' })).status, 200);
  const ar = await page('/', { Cookie: 'i18n_redirected=ar' });
  assert.equal(ar.status, 302);
  assert.equal(ar.headers.location, '/ar');
  const home = await page('/');
  assert.equal(home.status, 200);
  assert.match(home.body, /<html[^>]* lang="en"/);
  assert.deepEqual(hreflangs(home.body), ['en', 'ar', 'x-default']);
  assert.deepEqual(hreflangs((await page('/ar')).body), ['en', 'ar', 'x-default']);

  // The configurations the client reads carry the languages.
  const config = await (await aurora('/structure/configurations?lang=en')).json();
  assert.deepEqual(config.data.data.customProperties.languages, ['en', 'ar']);
  assert.equal(config.data.data.customProperties.defaultLocale, 'en');

  // The change is in the audit log, before and after.
  const audit = await aurora('/admin/audit?action=settings.update', staffBearer(owner));
  const [entry] = (await audit.json()).data.items;
  assert.deepEqual(entry.before.languages, ['en', 'ar', 'fr', 'de', 'es', 'ro']);
  assert.deepEqual(entry.after.languages, ['en', 'ar']);

  // Another tenant keeps its six.
  const noor = await (await backend(server, 'noor')('/structure/configurations?lang=fr')).json();
  assert.deepEqual(noor.data.data.customProperties.languages, ['en', 'ar', 'fr', 'de', 'es', 'ro']);
});

test('languages are checked field by field: the default among them, known codes, none twice', async () => {
  const current = await settings();
  const missing = await expectError(await put({ ...current, languages: ['ar', 'fr'] }), 400, 'VALIDATION_ERROR');
  assert.equal(missing.data.field, 'languages');
  assert.match(missing.data.reason, /default language 'en'/);
  const unknown = await expectError(await put({ ...current, languages: ['en', 'it'] }), 400, 'VALIDATION_ERROR');
  assert.equal(unknown.data.field, 'languages');
  const twice = await expectError(await put({ ...current, languages: ['en', 'ar', 'en'] }), 400, 'VALIDATION_ERROR');
  assert.equal(twice.data.field, 'languages');
  const empty = await expectError(await put({ ...current, languages: [] }), 400, 'VALIDATION_ERROR');
  assert.equal(empty.data.field, 'languages');
  assert.equal((await settings()).version, current.version, 'nothing was written');

  // An Arabic-only tenant: its unprefixed pages go to /ar, and English is not served.
  const res = await put({ ...current, defaultLocale: 'ar', languages: ['ar'] });
  assert.equal(res.status, 200, await res.clone().text());
  await eventually(async () => (await page('/')).headers.location, (l) => l === '/ar', 'the unprefixed page');
  assert.equal((await page('/en')).headers.location, '/ar');
  assert.deepEqual(hreflangs((await page('/ar')).body), ['ar', 'x-default']);
  assert.equal(await planName('?lang=en'), await planName('?lang=ar'));
});
