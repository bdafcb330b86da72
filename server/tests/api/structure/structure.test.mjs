// GET /backend/structure/{name} and its fragments: localisation, the query
// parameters of spec §7, cache lifetimes, ETags, errors and tenant isolation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';

let server;
let aurora;
let noor;
before(async () => {
  server = await startPortal();
  aurora = backend(server, 'aurora');
  noor = backend(server, 'noor');
});
after(async () => server && (await server.stop()));

const ids = (node) => [node.id, ...(node.substructure ?? []).flatMap(ids)];
const find = (node, id) => (node.id === id ? node : (node.substructure ?? []).map((n) => find(n, id)).find(Boolean));

test('home is a tree of config nodes with localised plain-text titles', async () => {
  const res = await aurora('/structure/home?lang=en');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('cache-control'), /max-age=120/);
  const { data } = await res.json();
  assert.equal(data.name, 'home');
  for (const key of ['title', 'subTitle', 'imageUrl', 'clickUrl', 'customProperties']) assert.ok(key in data.data, key);
  const hero = data.substructure.find((n) => n.data.customProperties.type === 'banner');
  assert.equal(hero.substructure.length, 3);
  assert.equal(typeof hero.substructure[0].data.title, 'string');

  const ar = (await (await aurora('/structure/home?lang=ar')).json()).data;
  assert.match(find(ar, 'a-m1').data.title, /[\u0600-\u06FF]/);
  assert.equal(find(ar, 'a-m1').data.title, 'أفق النيون');
});

test('content above the rating is left out; minRating and maxRating bound it', async () => {
  const all = (await (await aurora('/structure/home?lang=en')).json()).data;
  assert.ok(ids(all).includes('a-v3'), 'rating 40 is within the default 60');
  const twelve = (await (await aurora('/structure/home?lang=en&maxRating=20')).json()).data;
  assert.ok(!ids(twelve).includes('a-v3'));
  assert.ok(!ids(twelve).includes('a-g3'));
  assert.ok(ids(twelve).includes('a-m3'));
  const adult = (await (await aurora('/structure/home?lang=en&minRating=30')).json()).data;
  assert.ok(ids(adult).includes('a-v3'));
  assert.ok(!ids(adult).includes('a-m3'));
});

test('preLive nodes show only while preLive is on (the default)', async () => {
  assert.ok(ids((await (await aurora('/structure/home')).json()).data).includes('a-v5'));
  assert.ok(!ids((await (await aurora('/structure/home?preLive=false')).json()).data).includes('a-v5'));
});

test('fragments answer one node of the structure by id or name', async () => {
  const byId = await aurora('/structure/home/fragment/aurora-rail-games?lang=de');
  assert.equal(byId.status, 200);
  const { data } = await byId.json();
  assert.equal(data.id, 'aurora-rail-games');
  assert.equal(data.substructure.length, 4);
  const byName = (await (await aurora('/structure/home/fragment/rail-games')).json()).data;
  assert.equal(byName.id, 'aurora-rail-games');
  await expectError(await aurora('/structure/home/fragment/nope'), 404, 'STRUCTURE_NOT_FOUND');
});

test('lastId pages through the substructure', async () => {
  const after = (await (await aurora('/structure/home/fragment/aurora-rail-music?lastId=a-m2')).json()).data;
  assert.deepEqual(after.substructure.map((n) => n.id), ['a-m3', 'a-m4']);
});

test('configurations are the global settings, kept for an hour', async () => {
  const res = await aurora('/structure/configurations');
  assert.match(res.headers.get('cache-control'), /max-age=3600/);
  const settings = (await res.json()).data.data.customProperties;
  assert.equal(settings.links.homeUrl, '/');
  assert.match(settings.colors, /--color-primary/);
  assert.equal(settings.defaultTheme, 'light');
  assert.equal(typeof settings.alternatTheme, 'boolean');
  const noorSettings = (await (await noor('/structure/configurations')).json()).data.data.customProperties;
  assert.equal(noorSettings.defaultTheme, 'dark');
  assert.equal(noorSettings.defaultLocale, 'ar');
});

test('ETag revalidation and omitCache', async () => {
  const first = await aurora('/structure/header?lang=fr');
  const etag = first.headers.get('etag');
  assert.match(etag, /^"/);
  assert.equal((await aurora('/structure/header?lang=fr', { headers: { 'If-None-Match': etag } })).status, 304);
  assert.match(first.headers.get('cache-control'), /^private, max-age=\d+$/);
  const fresh = await aurora('/structure/header?lang=fr&omitCache=true');
  assert.equal(fresh.status, 200);
  // A fresh copy asked for is kept nowhere (issue 47 item 19: it said "private, max-age=120").
  assert.equal(fresh.headers.get('cache-control'), 'no-store');
  assert.deepEqual((await fresh.json()).data, (await first.json()).data);
  const home = await aurora('/structure/home?omitCache=true');
  assert.equal(home.headers.get('cache-control'), 'no-store');
});

test('tenants are isolated: each sees its own structures', async () => {
  const a = (await (await aurora('/structure/home')).json()).data;
  const n = (await (await noor('/structure/home')).json()).data;
  assert.notDeepEqual(ids(a), ids(n));
  assert.ok(!ids(n).some((id) => id?.startsWith('a-')));
});

test('bad query values are 400s naming the parameter; unknown structures 404', async () => {
  for (const [param, value] of [['minRating', 'abc'], ['maxRating', '-5'], ['lang', 'xx'], ['omitCache', 'maybe']]) {
    const body = await expectError(await aurora(`/structure/home?${param}=${value}`), 400);
    assert.equal(body.data.field, param);
  }
  await expectError(await aurora('/structure/does-not-exist'), 404, 'STRUCTURE_NOT_FOUND');
});

test('content pages (impressum, launch) come translated, custom-property texts included', async () => {
  const de = (await (await aurora('/structure/impressum?lang=de')).json()).data;
  assert.equal(de.data.title, 'Impressum');
  assert.match(de.data.customProperties.body, /Hafenstraße/);
  const ar = (await (await noor('/structure/launch?lang=ar')).json()).data;
  assert.match(ar.data.customProperties.body, /[\u0600-\u06FF]/);
});

test('isDesktop and os narrow a structure to the device; deviceId is accepted', async () => {
  const footer = async (query) => ids((await (await aurora(`/structure/footer?lang=en${query}`)).json()).data);
  assert.ok((await footer('')).includes('aurora-footer-phone-apps'), 'no device named: every node');
  assert.ok(!(await footer('&isDesktop=true&os=linux&deviceId=42')).includes('aurora-footer-phone-apps'), 'a desktop does not see the phone link');
  const phone = await footer('&isDesktop=false&os=android&deviceId=43');
  assert.ok(phone.includes('aurora-footer-phone-apps'), 'a phone sees it');
  assert.ok(phone.includes('aurora-footer-impressum'), 'nodes for every device stay');
  assert.ok(!phone.includes('aurora-footer-apps'), 'a phone sees one apps link, its own, not the desktop one beside it');
  assert.ok((await footer('&isDesktop=true&os=linux&deviceId=42')).includes('aurora-footer-apps'), 'a desktop sees the apps link');
});

test("the storefront layout is the tenant's: vela's settings choose the side column, aurora keeps the default bar", async () => {
  const settings = async (tenant) => (await (await backend(server, tenant)('/structure/configurations?lang=en')).json()).data.data.customProperties;
  // desktopSettings.layout (docs/tenants.md "The other named settings"; the storefront still reads the older storefront.layout).
  assert.deepEqual((await settings('vela')).desktopSettings, { layout: 'sidebar' });
  assert.equal((await settings('aurora')).desktopSettings, undefined);
});
