// The catalog as a file (issue 78 item 2, docs/catalog-file.md): the console exports the list's filtered articles as
// CSV (documented columns, prices in the tenant currency's major units) or the import's JSON; a dry run of a file
// lists every row's changes and every error by row and column and writes nothing; an apply validates again and
// writes every row or none (mode all) or the rows without errors (per-row), audited as one import with its file.
// A 10,000-row CSV is dry-run and applied (the times are logged, not asserted). SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { backend, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { catalogArgs, makeMediaRoot } from './support.mjs';

const COLUMNS = ['id', 'type', 'section', 'title_en', 'title_ar', 'title_fr', 'title_de', 'title_es', 'title_ro',
  'description_en', 'description_ar', 'description_fr', 'description_de', 'description_es', 'description_ro',
  'artists', 'genre', 'price_subscription', 'price_pay_per_download', 'price_download_to_own_freemium', 'currency',
  'published', 'rating', 'release_date', 'licensor', 'parent_id', 'available_from', 'available_until'];

let portal, media, api, editor, support, owner;
before(async () => {
  media = makeMediaRoot();
  portal = await startPortal(catalogArgs(media, 3));
  api = backend(portal, 'aurora');
  const staff = demoStaff(portal.output());
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  support = (await staffLogin(api, staff['support@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
});
after(async () => {
  await portal?.stop();
  if (media) rmSync(media, { recursive: true, force: true });
});

const as = (token, init = {}) => ({ ...init, headers: { ...(init.headers ?? {}), ...staffBearer(token).headers } });
const data = async (res, status = 200) => {
  const text = await res.text();
  assert.equal(res.status, status, `HTTP ${res.status}: ${text.slice(0, 2000)}`);
  return JSON.parse(text).data;
};
const admin = (path, init = {}, token = editor) => api(`/admin/catalog${path}`, as(token, init));
const exported = async (query) => {
  const res = await admin(`/export/file?${query}`);
  assert.equal(res.status, 200);
  return res.text();
};
const dryRun = (file, format = 'csv', token = editor) => admin('/import/dry-run', json({ format, fileName: `t.${format}`, file }), token);
const apply = (file, mode, format = 'csv', headers = {}) =>
  admin('/import/apply', json({ format, fileName: `catalog.${format}`, file, mode }, headers));
const read = async (id) => (await data(await admin(`/articles/${id}`))).article;
const audit = async (action) => (await data(await api(`/admin/audit?action=${action}`, as(owner)))).items;
const csv = (rows) => rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
const errorsOf = (rows) => rows.flatMap((r) => r.errors.map((e) => [e.row, e.column]));

test('support staff may not read or write the catalog as a file', async () => {
  assert.equal((await admin('/export/file?format=csv', {}, support)).status, 403);
  assert.equal((await dryRun('id\r\n', 'csv', support)).status, 403);
});

test('export: CSV with the documented columns and the list\'s filters; export -> dry run changes nothing', async () => {
  const all = await exported('format=csv');
  const lines = all.trimEnd().split('\r\n');
  assert.deepEqual(lines[0].split(','), COLUMNS);
  assert.equal(lines.length - 1, 19);
  // 2101 sells by subscription at 0.99 EUR: major units, the tenant's currency.
  const track = lines.find((l) => l.startsWith('2101,'));
  assert.match(track, /,0\.99,,,EUR,true,/);
  const tracks = await exported('format=csv&type=full_track_music');
  const trackLines = tracks.trimEnd().split('\r\n').slice(1);
  assert.deepEqual(trackLines.map((l) => l.split(',')[1]), ['full_track_music', 'full_track_music', 'full_track_music', 'full_track_music']);
  const plan = await data(await dryRun(all));
  assert.deepEqual(plan.counts, { rows: 19, create: 0, update: 0, unchanged: 19, invalid: 0, errors: 0 });
  assert.deepEqual(plan.rows, []);
  const jsonFile = await exported('format=json&section=music');
  const parsed = JSON.parse(jsonFile);
  assert.ok(parsed.articles.every((a) => ['artist', 'album', 'full_track_music', 'playlist'].includes(a.contentType)));
  const jsonPlan = await data(await dryRun(jsonFile, 'json'));
  assert.equal(jsonPlan.counts.unchanged, parsed.articles.length);
  assert.equal(jsonPlan.counts.errors, 0);
});

test('a file with mixed errors: each by row and column, and nothing written', async () => {
  const before = await read(2101);
  const file = csv([
    ['id', 'type', 'title_en', 'price_subscription', 'published', 'genre', 'artists', 'section'],
    ['2101', '', 'Renamed Track', '1.49', 'true', 'music-pop', '2001', 'music'],  // good: an update
    ['2102', '', 'Second', '1.999', 'true', 'music-pop', '', ''],                 // 3 decimals
    ['', 'gramophone', 'New Thing', '', 'true', '', '', ''],                       // unknown type
    ['2103', '', 'Third', '', 'maybe', '', '', ''],                                // published
    ['2301', '', 'Fourth', '', 'false', 'no-such-genre', '', ''],                  // unknown category
    ['2101', '', 'Twice', '', '', '', '', ''],                                     // the id again
    ['', 'full_track_music', '', '2', '', '', 'x', 'video'],                       // no title, artists, section
  ]);
  const plan = await data(await dryRun(file));
  assert.deepEqual(plan.counts, { rows: 7, create: 0, update: 1, unchanged: 0, invalid: 6, errors: 8 });
  assert.deepEqual(errorsOf(plan.rows), [
    [2, 'price_subscription'], [3, 'type'], [4, 'published'], [5, 'genre'], [6, 'id'],
    [7, 'artists'], [7, 'section'], [7, 'title_en'],
  ]);
  const update = plan.rows.find((r) => r.row === 1);
  assert.equal(update.action, 'update');
  assert.deepEqual(update.changes.find((c) => c.field === 'title_en'), { field: 'title_en', before: before.title.en, after: 'Renamed Track' });
  assert.deepEqual(update.changes.find((c) => c.field === 'price_subscription'), { field: 'price_subscription', before: '0.99', after: '1.49' });
  // Nothing written by the dry run, nor by an apply of every row or none.
  assert.deepEqual(await read(2101), before);
  const refused = await admin('/import/apply', json({ format: 'csv', fileName: 'bad.csv', file, mode: 'all' }));
  assert.equal(refused.status, 400);
  const body = await refused.json();
  assert.equal(body.error, 'VALIDATION_ERROR');
  assert.deepEqual(body.data.errors.map((e) => [e.row, e.column]), errorsOf(plan.rows));
  assert.deepEqual(await read(2101), before);

  // Per row: the good row lands (the price as typed, in minor units), the others are left out.
  const done = await data(await apply(file, 'per-row'));
  assert.equal(done.written, 1);
  assert.equal(done.skipped, 6);
  const after = await read(2101);
  assert.equal(after.title.en, 'Renamed Track');
  assert.deepEqual(after.prices, [{ amount: 149, currency: 'EUR', businessModel: 'SUBSCRIPTION' }]);
  assert.notEqual((await read(2102)).title.en, 'Second');
  // One audit entry for the import, naming it; its file as sent.
  const [entry] = await audit('catalog.import');
  assert.equal(entry.objectId, done.importId);
  assert.equal(entry.after.mode, 'per-row');
  assert.equal(entry.after.counts.written, 1);
  const kept = await admin(`/imports/${done.importId}/file`);
  assert.equal(await kept.text(), file);
});

test('a 10,000-row CSV: dry run and apply (all or nothing), timed in the log', async () => {
  const rows = [['id', 'type', 'title_en', 'title_ar', 'genre', 'price_pay_per_download', 'published', 'rating']];
  for (let i = 0; i < 10000; i++)
    rows.push([String(700000 + i), 'full_track_music', `Bulk Track ${i}`, `مقطوعة ${i}`, 'music-pop', `${1 + (i % 9)}.${String(i % 100).padStart(2, '0')}`, i % 2 ? 'true' : 'false', '0']);
  const file = csv(rows);
  let t = performance.now();
  const plan = await data(await dryRun(file));
  const dryMs = Math.round(performance.now() - t);
  assert.deepEqual(plan.counts, { rows: 10000, create: 10000, update: 0, unchanged: 0, invalid: 0, errors: 0 }, JSON.stringify(plan.rows[0]?.errors));
  t = performance.now();
  const done = await data(await apply(file, 'all', 'csv', { 'Idempotency-Key': 'bulk-10000' }));
  const applyMs = Math.round(performance.now() - t);
  assert.equal(done.written, 10000);
  console.log(`catalog file, 10,000 CSV rows on ${process.env.PORTAL_TEST_PG_ADMIN ? 'PostgreSQL' : 'SQLite'}: dry run ${dryMs} ms, apply ${applyMs} ms (${file.length} bytes)`);
  const last = await read(709999);
  assert.equal(last.title.ar, 'مقطوعة 9999');
  assert.deepEqual(last.prices, [{ amount: 199, currency: 'EUR', businessModel: 'PAY_PER_DOWNLOAD' }]);
  assert.equal(last.published, undefined);
  assert.equal((await read(709998)).published, false);
  // The same call again (its key) answers what the first did; a dry run of the file now finds nothing to change.
  const again = await admin('/import/apply', json({ format: 'csv', fileName: 'catalog.csv', file, mode: 'all' }, { 'Idempotency-Key': 'bulk-10000' }));
  assert.equal(again.headers.get('idempotent-replayed'), 'true');
  t = performance.now();
  const second = await data(await dryRun(file));
  console.log(`catalog file, the same 10,000 rows again: dry run ${Math.round(performance.now() - t)} ms`);
  assert.equal(second.counts.unchanged, 10000);
  const listed = await data(await admin('/articles?q=Bulk%20Track&limit=1'));
  assert.equal(listed.total, 10000);
});

test('a file past the 1 MiB body limit is taken on the import paths only', async () => {
  const long = 'Lorem ipsum dolor sit amet. '.repeat(200);  // 5,600 characters
  const rows = [['id', 'type', 'title_en', 'description_en']];
  for (let i = 0; i < 300; i++) rows.push([String(800000 + i), 'podcast', `Long ${i}`, long]);
  const file = csv(rows);
  assert.ok(file.length > 1.5 * 1024 * 1024);
  const plan = await data(await dryRun(file));
  assert.equal(plan.counts.create, 300);
  const elsewhere = await admin('/articles', json({ article: { contentType: 'podcast', title: { en: 'x' }, description: { en: file } } }));
  assert.equal(elsewhere.status, 413);
});
