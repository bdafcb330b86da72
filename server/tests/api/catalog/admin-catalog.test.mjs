// The catalog from the console (issue 33 item 1): /backend/admin/catalog lists,
// reads, edits (on a version), creates, duplicates, publishes and unpublishes
// articles, imports a catalog file (the command line's validator, nothing
// half-written) and exports it (export -> import changes nothing). Every write
// is in the audit log; support staff are refused. The storefront follows an
// edit on both of two instances on one database. SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { catalogArgs, makeMediaRoot } from './support.mjs';

let first, second, media, api, editor, support, owner;
before(async () => {
  media = makeMediaRoot();
  first = await startPortal(catalogArgs(media, 3));
  second = await startPortal(catalogArgs(media, 3), { database: first.database });
  api = backend(first, 'aurora');
  const staff = demoStaff(first.output());
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  support = (await staffLogin(api, staff['support@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
});
after(async () => {
  await second?.stop();
  await first?.stop();
  if (media) rmSync(media, { recursive: true, force: true });
});

const as = (token, init = {}) => ({ ...init, headers: { ...(init.headers ?? {}), ...staffBearer(token).headers } });
const data = async (res, status = 200) => {
  const text = await res.text();
  assert.equal(res.status, status, `HTTP ${res.status}: ${text}`);
  return JSON.parse(text).data;
};
const admin = (path, init = {}, token = editor) => api(`/admin/catalog${path}`, as(token, init));
const read = (id, lang = 'en') => admin(`/articles/${id}?lang=${lang}`).then((r) => data(r));
const put = (id, body) => admin(`/articles/${id}`, json(body, {}, 'PUT'));
// The audit log (read by the owner): the entries of one action.
const audit = async (action) => (await data(await api(`/admin/audit?action=${action}`, as(owner)))).items;

async function eventually(readIt, wanted, what) {
  let last;
  for (let i = 0; i < 100; i++) {
    last = await readIt();
    if (wanted(last)) return last;
    await sleep(100);
  }
  assert.fail(`${what}: still ${JSON.stringify(last)}`);
}

test('support staff are refused, guests are not let in', async () => {
  await expectError(await admin('/articles', {}, support), 403, 'STAFF_ROLE_REQUIRED');
  await expectError(await admin('/export', {}, support), 403, 'STAFF_ROLE_REQUIRED');
  assert.equal((await api('/admin/catalog/articles')).status, 401);
});

test('the list filters, sorts and pages small rows in the console language', async () => {
  const all = await data(await admin('/articles?limit=100'));
  assert.ok(all.total >= 19);
  assert.deepEqual(Object.keys(all.entries[0]).sort(),
    ['contentType', 'id', 'licensor', 'rating', 'section', 'state', 'title', 'updatedAt', 'version'].sort());
  const tracks = await data(await admin('/articles?type=full_track_music&lang=de&sort=id'));
  assert.ok(tracks.entries.every((r) => r.contentType === 'full_track_music'));
  assert.equal(tracks.entries.find((r) => r.id === 2101).title, 'Neon-Skyline über der Straße');
  const byTitle = await data(await admin('/articles?q=neon'));
  assert.ok(byTitle.entries.some((r) => r.id === 2101));
  const byId = await data(await admin('/articles?q=2101'));
  assert.equal(byId.entries[0].id, 2101);
  const media = await data(await admin('/articles?hasMedia=true&limit=100'));
  assert.ok(media.entries.some((r) => r.id === 2101));
  const priced = await data(await admin('/articles?priceModel=SUBSCRIPTION&limit=100'));
  assert.ok(priced.entries.some((r) => r.id === 2101));
  const page = await data(await admin('/articles?limit=2&offset=2&sort=id&order=desc'));
  assert.equal(page.entries.length, 2);
  assert.ok(page.entries[0].id > page.entries[1].id);
  assert.ok((await data(await admin('/articles?availability=published'))).total >= 1);
  await expectError(await admin('/articles?availability=soon'), 400, 'VALIDATION_ERROR');
  await expectError(await admin('/articles?limit=500'), 400, 'VALIDATION_ERROR');
});

test('one article whole: the file object, version, parent, children and its artists by name', async () => {
  const track = await read(2101);
  assert.equal(track.article.title.ar, 'أفق النيون');
  assert.equal(track.article.prices[0].businessModel, 'SUBSCRIPTION');
  assert.equal(track.parent.id, 2050);
  assert.ok(track.version >= 1);
  const album = await read(2050);
  assert.deepEqual(album.children.map((c) => c.id), [2101, 2102, 2103]);
  // Its artistIds named (issue 73 item 5: the editor shows names, not ids), in the reader's language.
  assert.deepEqual(album.article.artistIds, [2001]);
  assert.deepEqual(album.artists.map((a) => [a.id, a.title, a.contentType]), [[2001, 'Luna Waves', 'artist']]);
  assert.deepEqual((await read(2050, 'ar')).artists.map((a) => a.title), ['أمواج القمر']);
  assert.deepEqual((await read(2001)).artists, []);
  await expectError(await admin('/articles/999999'), 404, 'ARTICLE_NOT_FOUND');
});

test('an edited title shows on the article, lists and search of both instances; a stale version is refused', async () => {
  const before = await read(2102);
  const article = { ...before.article, title: { ...before.article.title, en: 'Glasshouse Remix' } };
  const after = await data(await put(2102, { version: before.version, article }));
  assert.equal(after.version, before.version + 1);
  assert.equal(after.article.title.en, 'Glasshouse Remix');
  // The same base again: someone else's edit won.
  const stale = await put(2102, { version: before.version, article });
  await expectError(stale, 409, 'ARTICLE_VERSION_CONFLICT');
  for (const server of [first, second]) {
    const store = backend(server, 'aurora');
    await eventually(async () => (await (await store('/catalog/articles/2102?lang=en&omitCache=true')).json()).data?.title,
      (t) => t === 'Glasshouse Remix', 'the article');
    await eventually(async () => (await (await store('/search?q=glasshouse&omitCache=true')).json()).data?.entries?.map((e) => e.id) ?? [],
      (ids) => ids.includes(2102), 'search');
    await eventually(async () => (await (await store('/catalog/articles?contentType=full_track_music&limit=50&omitCache=true')).json())
      .data.entries.find((e) => e.id === 2102)?.title, (t) => t === 'Glasshouse Remix', 'the list');
  }
  const entries = await audit('catalog.update');
  const mine = entries.find((e) => e.objectId === '2102');
  assert.ok(mine, 'an audit entry');
  assert.equal(mine.before.title.en, before.article.title.en);
  assert.equal(mine.after.title.en, 'Glasshouse Remix');
  // Put it back.
  await data(await put(2102, { version: after.version, article: before.article }));
});

test('every field error at once, with the import validator\'s field names', async () => {
  const { version, article } = await read(2103);
  const bad = { ...article, contentType: 'gramophone', rating: 'old', prices: 'free', availableUntil: 'soon' };
  const res = await put(2103, { version, article: bad });
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.equal(body.error, 'VALIDATION_ERROR');
  const fields = body.data.errors.map((e) => e.field).sort();
  assert.deepEqual(fields, ['availableUntil', 'contentType', 'prices', 'rating']);
  assert.equal((await read(2103)).version, version, 'nothing written');
});

test('the article is one typed document: customProperties\' known members are refused by field, other members kept (issue 77)', async () => {
  const store = backend(first, 'aurora');
  const { version, article } = await read(2103);
  const wrong = await put(2103, { version, article: { ...article, customProperties: { platforms: 'android', mood: 'calm' } } });
  assert.equal(wrong.status, 400);
  const refused = await wrong.json();
  assert.deepEqual(refused.data.errors.map((e) => e.field), ['customProperties.platforms'], JSON.stringify(refused.data));
  assert.match(refused.data.errors[0].reason, /must be a list/);
  assert.equal((await read(2103)).version, version, 'nothing written');
  const custom = { platforms: ['web'], useGameFrame: false, mood: { any: [1, 'x'] } };
  const saved = await data(await put(2103, { version, article: { ...article, customProperties: custom, editorNote: { by: 'ops' } } }));
  assert.deepEqual(saved.article.customProperties, custom);
  assert.deepEqual(saved.article.editorNote, { by: 'ops' });
  await eventually(async () => (await (await store('/catalog/articles/2103?omitCache=true')).json()).data.customProperties,
    (props) => JSON.stringify(props) === JSON.stringify(custom), 'the storefront answers them');
  await data(await put(2103, { version: saved.version, article }));
});

test('explicit: an optional flag stored, answered on the article, its details and lists, and dropped again (issue 77)', async () => {
  const store = backend(second, 'aurora');
  const { version, article } = await read(2103);
  assert.equal(article.explicit, undefined);
  const wrong = await (await put(2103, { version, article: { ...article, explicit: 'yes' } })).json();
  assert.deepEqual(wrong.data.errors.map((e) => [e.field, e.reason]), [['explicit', 'must be true or false']]);
  const on = await data(await put(2103, { version, article: { ...article, explicit: true } }));
  assert.equal(on.article.explicit, true);
  await eventually(async () => (await (await store('/catalog/articles/2103?omitCache=true')).json()).data.explicit, (v) => v === true, 'the details');
  const list = await (await store('/catalog/articles?contentType=full_track_music&limit=50&omitCache=true')).json();
  assert.equal(list.data.entries.find((e) => e.id === 2103).explicit, true);
  assert.ok(list.data.entries.filter((e) => e.id !== 2103).every((e) => !('explicit' in e)), 'left out where absent');
  const off = await data(await put(2103, { version: on.version, article }));
  assert.equal(off.article.explicit, undefined);
  await eventually(async () => 'explicit' in (await (await store('/catalog/articles/2103?omitCache=true')).json()).data, (v) => v === false, 'gone');
});

test('unpublish hides an article from the storefront; publish brings it back', async () => {
  const store = backend(second, 'aurora');
  const { version } = await read(2103);
  const off = await data(await admin('/articles/2103/unpublish', json({ version })));
  assert.equal(off.state, 'unpublished');
  await eventually(async () => (await store('/catalog/articles/2103?omitCache=true')).status, (s) => s === 404, 'the page');
  const list = await (await store('/catalog/articles?contentType=full_track_music&limit=50&omitCache=true')).json();
  assert.ok(!list.data.entries.some((e) => e.id === 2103));
  const album = await (await store('/catalog/articles/2050?omitCache=true')).json();
  assert.ok(!album.data.tracks.some((e) => e.id === 2103));
  const unpublished = await data(await admin('/articles?availability=unpublished'));
  assert.ok(unpublished.entries.some((r) => r.id === 2103));
  const on = await data(await admin('/articles/2103/publish', json({ version: off.version })));
  assert.equal(on.state, 'published');
  await eventually(async () => (await store('/catalog/articles/2103?omitCache=true')).status, (s) => s === 200, 'back');
  assert.ok((await audit('catalog.unpublish')).some((e) => e.objectId === '2103' && e.before.published === undefined));
  assert.ok((await audit('catalog.publish')).some((e) => e.objectId === '2103' && e.after.published === undefined));
});

test('create and duplicate: new ids, a copy starts unpublished', async () => {
  const source = await read(2101);
  const { id: _id, ...rest } = source.article;
  const made = await data(await admin('/articles', json({ article: { ...rest, title: { en: 'Brand New' } } })), 201);
  assert.ok(made.id > 2101);
  assert.equal(made.state, 'published');
  await expectError(await admin('/articles', json({ article: { ...source.article } })), 409, 'ARTICLE_EXISTS');
  await expectError(await admin('/articles', json({ article: { title: { en: 'x' } } })), 400, 'VALIDATION_ERROR');
  const copy = await data(await admin(`/articles/${made.id}/duplicate`, { method: 'POST' }), 201);
  assert.notEqual(copy.id, made.id);
  assert.equal(copy.state, 'unpublished');
  assert.equal(copy.article.title.en, 'Brand New');
  await expectError(await backend(first, 'aurora')(`/catalog/articles/${copy.id}`), 404, 'ARTICLE_NOT_FOUND');
});

test('import: one bad article writes nothing; a good file is written in one go; export round-trips', async () => {
  const file = await data(await admin('/export'));
  assert.ok(file.articles.length >= 19);
  assert.ok(file.categories.length >= 5);
  const versions = new Map((await data(await admin('/articles?limit=100'))).entries.map((r) => [r.id, r.version]));
  // Export -> import: nothing changes (same versions).
  const counts = await data(await admin('/import', json(file)));
  assert.equal(counts.articles, file.articles.length);
  const again = await data(await admin('/articles?limit=100'));
  for (const r of again.entries) assert.equal(r.version, versions.get(r.id), `article ${r.id} unchanged`);
  assert.deepEqual(await data(await admin('/export')), file);

  // Two bad articles among good ones: both named with their fields, nothing written.
  const changed = structuredClone(file);
  changed.articles[0].title.en = 'Should Not Land';
  changed.articles[1].contentType = 'gramophone';
  changed.articles[2].parentId = 987654;
  const res = await admin('/import', json(changed));
  assert.equal(res.status, 400);
  const errors = (await res.json()).data.errors;
  assert.deepEqual(errors.map((e) => [e.articleId, e.field]),
    [[file.articles[1].id, 'articles[1].contentType'], [file.articles[2].id, 'articles[2].parentId']]);
  assert.notEqual((await read(file.articles[0].id)).article.title.en, 'Should Not Land');

  const good = structuredClone(file);
  good.articles[0].title.en = `${file.articles[0].title.en} (imported)`;
  await data(await admin('/import', json(good)));
  assert.equal((await read(file.articles[0].id)).article.title.en, good.articles[0].title.en);
  const imports = await audit('catalog.import');
  assert.ok(imports.length >= 2);
  assert.equal(imports[0].actorEmail, 'editor@example.com');
  await data(await admin('/import', json(file)));  // put it back
});
