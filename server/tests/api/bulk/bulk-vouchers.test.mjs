// Bulk void of voucher codes (issue 78 item 3): a batch's codes listed by state (paged, never the code itself), then
// voided in one action — ticked ids, or every code of the batch in a state — run in the background, each code voided
// as the single void does (content editor and above) and audited on its own; a redeemed code is refused for its row
// with VOUCHER_ALREADY_REDEEMED and one already voided with VOUCHER_ALREADY_VOIDED; the voided codes answer on the
// storefront as unknown ones; support and finance are refused. SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { client, data, newUser } from '../subscriptions/support.mjs';
import { redeem } from '../vouchers/support.mjs';

let server, api, aurora, editor, support, finance, owner, noorEditor;
before(async () => {
  server = await startPortal();
  api = backend(server, 'aurora');
  aurora = client(server, 'aurora');
  const staff = demoStaff(server.output());
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  support = (await staffLogin(api, staff['support@example.com aurora'])).token;
  finance = (await staffLogin(api, staff['finance@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
  noorEditor = (await staffLogin(backend(server, 'noor'), staff['editor@example.com noor'])).token;
});
after(async () => server && (await server.stop()));

const as = (token, init = {}) => ({ ...init, headers: { ...(init.headers ?? {}), ...staffBearer(token).headers } });
const vouchers = (path, init = {}, token = editor, tenant = api) => tenant(`/admin/vouchers${path}`, as(token, init));
const bulk = (body, token = editor, key = undefined) => vouchers('/bulk', json(body, key ? { 'Idempotency-Key': key } : {}), token);
const codes = async (batch, query = '') => data(await vouchers(`/batches/${batch}/codes${query}`));
const auditOf = async (objectId) =>
  (await data(await api(`/admin/audit?action=vouchers.code.void&objectId=${objectId}`, as(owner)))).items;

async function mint(count) {
  const until = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);
  return data(await vouchers('/batches', json({ typeId: 101, count, validUntil: until, note: 'bulk' })));
}

async function finished(id) {
  for (let i = 0; i < 400; i++) {
    const j = await data(await vouchers(`/bulk/jobs/${id}`));
    if (j.state === 'finished') return j;
    await sleep(50);
  }
  assert.fail(`job ${id} not finished`);
}

test("a batch's codes are listed by state and paged, without the codes themselves", async () => {
  const made = await mint(7);
  const customer = await newUser(server, 'aurora');
  await data(await redeem(aurora, customer.token, made.codes[0]));
  const all = await codes(made.batch.id, '?size=5');
  assert.deepEqual([all.total, all.items.length, all.page, all.size, all.state], [7, 5, 1, 5, '']);
  const second = await codes(made.batch.id, '?size=5&page=2');
  assert.equal(second.items.length, 2);
  assert.equal(new Set([...all.items, ...second.items].map((c) => c.id)).size, 7, 'pages do not overlap');
  const open = await codes(made.batch.id, '?state=open');
  assert.equal(open.total, 6);
  for (const c of open.items) assert.deepEqual([c.state, c.batchId, c.batchNote], ['open', made.batch.id, 'bulk']);
  const redeemed = await codes(made.batch.id, '?state=redeemed');
  assert.equal(redeemed.total, 1);
  assert.equal(redeemed.items[0].hint, made.codes[0].slice(-4));
  assert.equal(redeemed.items[0].customer, customer.email);
  assert.equal((await codes(made.batch.id, '?state=voided')).total, 0);
  assert.equal((await codes(made.batch.id, '?state=expired')).total, 0);
  const text = JSON.stringify([all, second]);
  for (const c of made.codes) assert.ok(!text.includes(c), 'a code shows only at minting');
  await expectError(await vouchers(`/batches/${made.batch.id}/codes?state=spent`), 400, 'VALIDATION_ERROR');
  await expectError(await vouchers('/batches/no-such-batch/codes'), 404, 'VOUCHER_BATCH_NOT_FOUND');
  // Another tenant's batch is not found; support cannot list codes.
  await expectError(await vouchers(`/batches/${made.batch.id}/codes`, {}, noorEditor, backend(server, 'noor')), 404, 'VOUCHER_BATCH_NOT_FOUND');
  await expectError(await vouchers(`/batches/${made.batch.id}/codes`, {}, support), 403, 'STAFF_ROLE_REQUIRED');
});

test('ticked codes voided in one action: each as the single void, audited once; a redeemed one and a voided one refused', async () => {
  const made = await mint(5);
  const customer = await newUser(server, 'aurora');
  await data(await redeem(aurora, customer.token, made.codes[0]));
  const listed = (await codes(made.batch.id)).items;
  const idOf = (code) => listed.find((c) => c.hint === code.slice(-4)).id;
  const [redeemed, a, b, c] = made.codes.slice(0, 4).map(idOf);
  // c voided one by one first (the single void): the bulk job finds it voided.
  await data(await vouchers(`/codes/${c}/void`, { method: 'POST' }));
  const body = { action: 'void', ids: [redeemed, a, b, c, a] };
  const job = await data(await bulk(body, editor, 'bulk-void-1'), 202);
  assert.deepEqual([job.kind, job.action, job.total], ['vouchers', 'void', 4]);
  assert.equal((await data(await bulk(body, editor, 'bulk-void-1'), 202)).id, job.id, 'same key, same job');
  const done = await finished(job.id);
  assert.deepEqual([done.done, done.failed], [2, 2]);
  assert.deepEqual(done.failures.map((f) => [f.target, f.code]), [[redeemed, 'VOUCHER_ALREADY_REDEEMED'], [c, 'VOUCHER_ALREADY_VOIDED']]);
  const voided = (await codes(made.batch.id, '?state=voided')).items.map((v) => v.id).sort();
  assert.deepEqual(voided, [a, b, c].sort());
  for (const v of (await codes(made.batch.id, '?state=voided')).items) assert.equal(v.voidedBy, 'editor@example.com');
  // Each voided row audited once as the single void's entry, naming the job; the refused ones not at all.
  const entry = await auditOf(a);
  assert.equal(entry.length, 1);
  assert.equal(entry[0].call, `POST /backend/admin/vouchers/bulk (bulk job ${job.id})`);
  assert.deepEqual([entry[0].before.state, entry[0].after.state], ['open', 'voided']);
  assert.equal((await auditOf(b)).length, 1);
  assert.equal((await auditOf(redeemed)).length, 0);
  assert.equal((await auditOf(c)).length, 1, 'only the single void');
  // A voided code answers on the storefront as an unknown one.
  const other = await newUser(server, 'aurora');
  const res = await redeem(aurora, other.token, made.codes[1]);
  assert.equal(res.status, 404);
});

test('every open code of a batch voided by its filter; the rest left; roles, selection and errors', async () => {
  const made = await mint(6);
  const customer = await newUser(server, 'aurora');
  await data(await redeem(aurora, customer.token, made.codes[5]));
  const job = await data(await bulk({ action: 'void', filter: { batchId: made.batch.id, state: 'open' } }), 202);
  assert.equal(job.total, 5);
  const done = await finished(job.id);
  assert.deepEqual([done.done, done.failed, done.failures], [5, 0, []]);
  assert.equal((await codes(made.batch.id, '?state=open')).total, 0);
  assert.equal((await codes(made.batch.id, '?state=redeemed')).total, 1);
  const batch = (await data(await vouchers(`/batches/${made.batch.id}`))).batch;
  assert.deepEqual([batch.voided, batch.redeemed, batch.open], [5, 1, 0]);
  // Nothing left to void in that state; no such batch; neither or both selections; an unknown action.
  await expectError(await bulk({ action: 'void', filter: { batchId: made.batch.id, state: 'open' } }), 400, 'NOTHING_SELECTED');
  await expectError(await bulk({ action: 'void', filter: { batchId: 'nope' } }), 400, 'VALIDATION_ERROR');
  await expectError(await bulk({ action: 'void', filter: { batchId: made.batch.id, state: 'spent' } }), 400, 'VALIDATION_ERROR');
  await expectError(await bulk({ action: 'void' }), 400, 'VALIDATION_ERROR');
  await expectError(await bulk({ action: 'explode', ids: ['x'] }), 400, 'VALIDATION_ERROR');
  await expectError(await bulk({ action: 'void', ids: [] }), 400, 'NOTHING_SELECTED');
  // Support and finance: refused before anything is read (the single void takes a content editor).
  for (const token of [support, finance]) {
    await expectError(await bulk({ action: 'void', ids: ['x'] }, token), 403, 'STAFF_ROLE_REQUIRED');
    await expectError(await vouchers(`/bulk/jobs/${job.id}`, {}, token), 403, 'STAFF_ROLE_REQUIRED');
  }
  // A job of another list is not found here.
  await expectError(await vouchers('/bulk/jobs/no-such-job'), 404, 'BULK_JOB_NOT_FOUND');
});

test("another tenant's code is refused for its row as not found", async () => {
  const made = await mint(1);
  const id = (await codes(made.batch.id)).items[0].id;
  const noor = backend(server, 'noor');
  const job = await data(await vouchers('/bulk', json({ action: 'void', ids: [id] }), noorEditor, noor), 202);
  let j;
  for (let i = 0; i < 400; i++) {
    j = await data(await vouchers(`/bulk/jobs/${job.id}`, {}, noorEditor, noor));
    if (j.state === 'finished') break;
    await sleep(50);
  }
  assert.deepEqual(j.failures.map((f) => [f.target, f.code]), [[id, 'VOUCHER_NOT_FOUND']]);
  assert.equal((await codes(made.batch.id, '?state=open')).total, 1);
});
