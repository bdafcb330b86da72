// Bulk actions on the catalog (issue 78 item 3): 1,000 articles selected by the list's filter and published in one
// action, run as background work whose progress the job reports, each row audited on its own; the job is made once
// per Idempotency-Key; each row is checked as its single write is and the refused ones are listed with the single
// write's error; tag, move and prices; finance changes prices in bulk (POST .../bulk/prices, as editors still do) but
// nothing else; a support member cannot bulk-change prices (the one error shape, nothing changed). SQLite and
// PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { catalogArgs, makeMediaRoot } from '../catalog/support.mjs';

const COUNT = 1000;
const FIRST = 70000;
let server, media, api, editor, support, owner, finance;
before(async () => {
  media = makeMediaRoot();
  // Each row waits 2 ms first (dev stage), so the job is seen under way.
  server = await startPortal([...catalogArgs(media), '--test-work-delay', '2']);
  api = backend(server, 'aurora');
  const staff = demoStaff(server.output());
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  support = (await staffLogin(api, staff['support@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
  finance = (await staffLogin(api, staff['finance@example.com aurora'])).token;
  // A thousand unpublished tracks of one label, and one with a price of another model.
  const articles = [];
  for (let i = 0; i < COUNT; i++)
    articles.push({
      id: FIRST + i, contentType: 'full_track_music', title: { en: `Bulk track ${i}` }, published: false,
      licensorName: 'Bulk Label', categoryIds: ['music-pop'],
      prices: [{ amount: 100 + i, currency: 'EUR', businessModel: 'PAY_PER_DOWNLOAD' }],
    });
  const res = await api('/admin/catalog/import', as(editor, json({ articles })));
  assert.equal(res.status, 200, await res.text());
});
after(async () => {
  await server?.stop();
  if (media) rmSync(media, { recursive: true, force: true });
});

const as = (token, init = {}) => ({ ...init, headers: { ...(init.headers ?? {}), ...staffBearer(token).headers } });
const data = async (res, status = 200) => {
  const text = await res.text();
  assert.equal(res.status, status, `HTTP ${res.status}: ${text}`);
  return JSON.parse(text).data;
};
const bulk = (body, token = editor, key = undefined) =>
  api('/admin/catalog/bulk', as(token, json(body, key ? { 'Idempotency-Key': key } : {})));
const prices = (body, token = editor, key = undefined) =>
  api('/admin/catalog/bulk/prices', as(token, json(body, key ? { 'Idempotency-Key': key } : {})));
const job = (id, token = editor) => api(`/admin/catalog/bulk/jobs/${id}`, as(token)).then((r) => data(r));
const article = (id) => api(`/admin/catalog/articles/${id}`, as(editor)).then((r) => data(r));
const auditTotal = async (action, objectId) =>
  (await data(await api(`/admin/audit?action=${action}&size=1${objectId ? `&objectId=${objectId}` : ''}`, as(owner)))).total;

// Polls the job until it is finished; answers every progress seen.
async function finished(id) {
  const seen = [];
  for (let i = 0; i < 1200; i++) {
    const j = await job(id);
    seen.push(j);
    if (j.state === 'finished') return seen;
    await sleep(50);
  }
  assert.fail(`job ${id} not finished: ${JSON.stringify(seen.at(-1))}`);
}

test('1,000 articles published in one action with progress, each row audited once', async () => {
  const filter = { licensor: 'Bulk Label', availability: 'unpublished' };
  const list = async (availability) =>
    (await data(await api(`/admin/catalog/articles?licensor=Bulk%20Label&availability=${availability}&limit=1`, as(editor)))).total;
  assert.equal(await list('unpublished'), COUNT);
  const made = await data(await bulk({ action: 'publish', filter }, editor, 'bulk-publish-1'), 202);
  assert.equal(made.total, COUNT);
  assert.equal(made.kind, 'articles');
  assert.equal(made.action, 'publish');
  assert.equal(made.done + made.failed <= COUNT, true);
  // The same key again: the same job, not a second one.
  const again = await data(await bulk({ action: 'publish', filter }, editor, 'bulk-publish-1'), 202);
  assert.equal(again.id, made.id);
  const seen = await finished(made.id);
  const last = seen.at(-1);
  assert.deepEqual([last.done, last.failed, last.total, last.failures], [COUNT, 0, COUNT, []]);
  assert.ok(last.finishedAt);
  // Progress was seen under way and never went back.
  assert.ok(seen.some((j) => j.done > 0 && j.done < COUNT), `no progress seen under way: ${seen.map((j) => j.done)}`);
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i].done >= seen[i - 1].done);
  assert.equal(await list('unpublished'), 0);
  assert.equal(await list('published'), COUNT);
  // Each row audited on its own, once, naming who asked and the job.
  assert.equal(await auditTotal('catalog.publish'), COUNT);
  const one = (await data(await api(`/admin/audit?action=catalog.publish&objectId=${FIRST + 7}`, as(owner)))).items;
  assert.equal(one.length, 1);
  assert.equal(one[0].actorEmail, 'editor@example.com');
  assert.match(one[0].call, new RegExp(`^POST /backend/admin/catalog/bulk \\(bulk job ${made.id}\\)$`));
  assert.equal(one[0].before.published, false);
  assert.equal(one[0].after.published, undefined);
});

test('a support member cannot bulk-change prices: the one error shape, nothing changed', async () => {
  const before = await article(FIRST + 1);
  for (const action of [{ action: 'pricePercent', percent: 10 }, { action: 'priceAmount', amount: 1 }]) {
    const res = await prices({ ...action, ids: [FIRST + 1], priceModel: 'PAY_PER_DOWNLOAD' }, support);
    const body = await expectError(res, 403, 'STAFF_ROLE_REQUIRED');
    assert.deepEqual(Object.keys(body).filter((k) => k !== 'data').sort(), ['error', 'message', 'requestId', 'status']);
  }
  await expectError(await bulk({ action: 'pricePercent', percent: 10, ids: [FIRST + 1], priceModel: 'PAY_PER_DOWNLOAD' }, support),
    403, 'STAFF_ROLE_REQUIRED');
  await expectError(await api('/admin/catalog/bulk/jobs/anything', as(support)), 403, 'STAFF_ROLE_REQUIRED');
  await expectError(await api('/admin/catalog/articles?limit=1', as(support)), 403, 'STAFF_ROLE_REQUIRED');
  await sleep(300);
  const after = await article(FIRST + 1);
  assert.equal(after.version, before.version);
  assert.deepEqual(after.article.prices, before.article.prices);
  assert.equal(await auditTotal('catalog.price'), 0);
});

test('prices by a percent and to an amount; a row without a price of the model is refused with the reason', async () => {
  const percent = await data(await prices({ action: 'pricePercent', percent: 10, priceModel: 'PAY_PER_DOWNLOAD',
    ids: [FIRST + 1, FIRST + 2, 2101] }), 202);
  const done = (await finished(percent.id)).at(-1);
  assert.deepEqual([done.done, done.failed], [2, 1]);
  assert.deepEqual(done.failures.map((f) => [f.target, f.code]), [['2101', 'VALIDATION_ERROR']]);
  assert.match(done.failures[0].reason, /no price of the business model PAY_PER_DOWNLOAD/);
  assert.equal((await article(FIRST + 1)).article.prices[0].amount, 111);  // 101 + 10 %, rounded
  assert.equal((await article(FIRST + 2)).article.prices[0].amount, 112);  // 102 + 10 % = 112.2
  const amount = await data(await prices({ action: 'priceAmount', amount: 250, priceModel: 'PAY_PER_DOWNLOAD',
    ids: [FIRST + 1] }), 202);
  await finished(amount.id);
  assert.equal((await article(FIRST + 1)).article.prices[0].amount, 250);
  assert.equal(await auditTotal('catalog.price', String(FIRST + 1)), 2);
  await expectError(await prices({ action: 'pricePercent', percent: -100, priceModel: 'PAY_PER_DOWNLOAD', ids: [FIRST] }),
    400, 'VALIDATION_ERROR');
  await expectError(await prices({ action: 'priceAmount', amount: 5, ids: [FIRST] }), 400, 'VALIDATION_ERROR');
  // Prices have their own call; it takes only price actions.
  await expectError(await bulk({ action: 'priceAmount', amount: 5, priceModel: 'PAY_PER_DOWNLOAD', ids: [FIRST] }), 400, 'VALIDATION_ERROR');
  await expectError(await prices({ action: 'publish', ids: [FIRST] }), 400, 'VALIDATION_ERROR');
});

test('finance changes prices in bulk from the catalog list, and nothing else', async () => {
  // Finance reads the list it selects from, and every article the filter matches is repriced.
  const listed = await data(await api(`/admin/catalog/articles?q=${FIRST + 10}&limit=5`, as(finance)));
  assert.equal(listed.entries[0].id, FIRST + 10);
  const made = await data(await prices({ action: 'priceAmount', amount: 499, priceModel: 'PAY_PER_DOWNLOAD',
    ids: [FIRST + 10, FIRST + 11] }, finance, 'finance-price-1'), 202);
  let last;
  for (let i = 0; i < 400; i++) {
    last = await job(made.id, finance);
    if (last.state === 'finished') break;
    await sleep(50);
  }
  assert.deepEqual([last.done, last.failed], [2, 0]);
  assert.equal((await article(FIRST + 10)).article.prices[0].amount, 499);
  assert.equal((await article(FIRST + 11)).article.prices[0].amount, 499);
  const entry = (await data(await api(`/admin/audit?action=catalog.price&objectId=${FIRST + 10}`, as(owner)))).items;
  assert.equal(entry.length, 1);
  assert.equal(entry[0].actorEmail, 'finance@example.com');
  assert.equal(entry[0].actorRole, 'finance');
  assert.match(entry[0].call, /^POST \/backend\/admin\/catalog\/bulk\/prices \(bulk job /);
  // Publishing, tagging or moving is an editor's: refused before anything is read; one article's write too.
  for (const body of [{ action: 'publish', ids: [FIRST + 10] }, { action: 'tag', category: 'music-pop', ids: [FIRST + 10] }])
    await expectError(await bulk(body, finance), 403, 'STAFF_ROLE_REQUIRED');
  await expectError(await api(`/admin/catalog/articles/${FIRST + 10}`, as(finance)), 403, 'STAFF_ROLE_REQUIRED');
});

test('tag and move: a category of another section and a missing article are refused per row', async () => {
  const tag = await data(await bulk({ action: 'tag', category: 'video-drama', ids: [FIRST + 3, 3101, 999999] }), 202);
  const tagged = (await finished(tag.id)).at(-1);
  assert.deepEqual(tagged.failures.map((f) => [f.target, f.code]),
    [[String(FIRST + 3), 'VALIDATION_ERROR'], ['999999', 'ARTICLE_NOT_FOUND']]);
  assert.deepEqual((await article(3101)).article.categoryIds, ['video-drama']);  // already there: unchanged
  assert.deepEqual((await article(FIRST + 3)).article.categoryIds, ['music-pop']);
  const moved = await data(await bulk({ action: 'move', category: 'music-pop', ids: [FIRST + 4] }), 202);
  assert.equal((await finished(moved.id)).at(-1).done, 1);
  await expectError(await bulk({ action: 'tag', category: 'nope', ids: [FIRST] }), 400, 'VALIDATION_ERROR');
  await expectError(await bulk({ action: 'explode', ids: [FIRST] }), 400, 'VALIDATION_ERROR');
  await expectError(await bulk({ action: 'publish', ids: [] }), 400, 'NOTHING_SELECTED');
  await expectError(await bulk({ action: 'publish', filter: { licensor: 'No Such Label' } }), 400, 'NOTHING_SELECTED');
  await expectError(await api('/admin/catalog/bulk/jobs/no-such-job', as(editor)), 404, 'BULK_JOB_NOT_FOUND');
});
