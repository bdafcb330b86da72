// Voucher batches from the console (issue 33 item 5; docs/decisions.md "Voucher batches"):
// an editor mints a batch (its codes in the answer once, or as CSV), lists batches with
// their counts, opens one with its redemptions, finds a code and voids it or the whole
// batch; every write is in the audit log. Support is refused (403), another tenant's
// batch or code is not found (404), a voided code answers on the storefront exactly as an
// unknown one, and a void racing redemptions leaves each code redeemed or voided, never
// both. SQLite (through Prism in CI) and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { client, newUser, data } from '../subscriptions/support.mjs';
import { CODE, issueVouchers, redeem } from './support.mjs';

let server, aurora, editor, noorEditor, support, owner;
before(async () => {
  server = await startPortal();
  aurora = client(server, 'aurora');
  const staff = demoStaff(server.output());
  editor = (await staffLogin(backend(server, 'aurora'), staff['editor@example.com aurora'])).token;
  support = (await staffLogin(backend(server, 'aurora'), staff['support@example.com aurora'])).token;
  owner = (await staffLogin(backend(server, 'aurora'), staff['owner@example.com aurora'])).token;
  noorEditor = (await staffLogin(backend(server, 'noor'), staff['editor@example.com noor'])).token;
});
after(async () => server && (await server.stop()));

const admin = (token, tenant = 'aurora') => (path, init = {}) =>
  backend(server, tenant)(`/admin/vouchers${path}`, { ...init, headers: { ...staffBearer(token).headers, ...(init.headers ?? {}) } });
const post = (body) => (body === undefined ? { method: 'POST' } : json(body, {}, 'POST'));
const mintBatch = async (body, token = editor) => data(await admin(token)('/batches', post(body)));
const find = async (code, token = editor, tenant = 'aurora') => admin(token, tenant)('/codes/find', post({ code }));
const auditOf = async (objectId) => (await data(await backend(server, 'aurora')(`/admin/audit?objectId=${objectId}`, staffBearer(owner)))).items;

test('an editor mints a batch: the codes once, then counts, detail, and the audit entry without the codes', async () => {
  const until = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  const made = await mintBatch({ typeId: 101, count: 3, validUntil: until, note: 'Spring fair' });
  assert.equal(made.codes.length, 3);
  for (const c of made.codes) assert.match(c, CODE);
  assert.equal(new Set(made.codes).size, 3);
  assert.equal(made.batch.typeId, 101);
  assert.equal(made.batch.minted, 3);
  assert.equal(made.batch.source, 'console');
  assert.equal(made.batch.createdByEmail, 'editor@example.com');
  assert.equal(made.batch.validUntil, `${until}T23:59:59Z`, 'a bare date: the whole day');

  const list = await data(await admin(editor)('/batches?size=5'));
  const listed = list.items.find((b) => b.id === made.batch.id);
  assert.ok(listed, 'the new batch is listed');
  // Newest first; batches made within the same second (the demo seed's, at start) tie on createdAt.
  const times = list.items.map((b) => b.createdAt);
  assert.deepEqual(times, [...times].sort().reverse(), 'newest first');
  assert.equal(listed.createdAt, times[0], 'the new batch is among the newest');
  assert.deepEqual([listed.minted, listed.redeemed, listed.voided, listed.open, listed.expired], [3, 0, 0, 3, 0]);
  assert.equal(list.size, 5);
  assert.ok(list.total >= 1);

  // The codes are never shown again: not in the list, the detail or the audit log.
  const detail = await data(await admin(editor)(`/batches/${made.batch.id}`));
  const audit = await auditOf(made.batch.id);
  assert.equal(audit.length, 1);
  assert.equal(audit[0].action, 'vouchers.batch.create');
  assert.equal(audit[0].actorEmail, 'editor@example.com');
  assert.equal(audit[0].after.note, 'Spring fair');
  for (const text of [JSON.stringify(list), JSON.stringify(detail), JSON.stringify(audit)])
    for (const c of made.codes) assert.ok(!text.includes(c), 'a code shows only at minting');

  // A customer redeems one: the detail lists who and when.
  const customer = await newUser(server, 'aurora');
  await data(await redeem(aurora, customer.token, made.codes[0]));
  const after = await data(await admin(editor)(`/batches/${made.batch.id}?page=1&size=10`));
  assert.equal(after.batch.redeemed, 1);
  assert.equal(after.redemptions.total, 1);
  assert.equal(after.redemptions.items[0].customer, customer.email);
  assert.equal(after.redemptions.items[0].hint, made.codes[0].slice(-4));
  assert.ok(after.redemptions.items[0].redeemedAt);
  const found = await data(await find(made.codes[0].toLowerCase().replaceAll('-', ' ')));
  assert.equal(found.state, 'redeemed');
  assert.equal(found.batchId, made.batch.id);
  assert.equal(found.batchNote, 'Spring fair');
  assert.equal(found.customer, customer.email);
});

test('the CSV form of a new batch: one row per code, as text/csv', async () => {
  const res = await admin(editor)('/batches?format=csv', post({ typeId: 102, count: 2, note: '=cmd' }));
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /text\/csv/);
  assert.match(res.headers.get('content-disposition'), /attachment; filename="vouchers-.+\.csv"/);
  const lines = (await res.text()).trim().split('\r\n');
  assert.equal(lines[0], 'code,batchId,typeId,productId,validFrom,validUntil,note');
  assert.equal(lines.length, 3);
  for (const line of lines.slice(1)) {
    assert.match(line.split(',')[0], CODE);
    assert.ok(line.endsWith(`"'=cmd"`), 'a formula is defused');
  }
});

test('a voided code answers on the storefront exactly as an unknown code; another code of the batch still redeems', async () => {
  const made = await mintBatch({ typeId: 101, count: 3 });
  const code = await data(await find(made.codes[1]));
  assert.equal(code.state, 'open');
  const voided = await data(await admin(editor)(`/codes/${code.id}/void`, post()));
  assert.equal(voided.state, 'voided');
  assert.equal(voided.voidedBy, 'editor@example.com');
  // Idempotent: a repeat answers the same and writes no second audit entry.
  const again = await data(await admin(editor)(`/codes/${code.id}/void`, post()));
  assert.equal(again.voidedAt, voided.voidedAt);
  const audit = await auditOf(code.id);
  assert.deepEqual(audit.map((e) => e.action), ['vouchers.code.void']);
  assert.equal(audit[0].before.state, 'open');
  assert.equal(audit[0].after.state, 'voided');

  const customer = await newUser(server, 'aurora');
  const refused = await expectError(await redeem(aurora, customer.token, made.codes[1]), 404, 'VOUCHER_NOT_FOUND');
  const unknown = await expectError(await redeem(aurora, customer.token, 'AAAA-BBBB-CCCC-DDDD'), 404, 'VOUCHER_NOT_FOUND');
  assert.deepEqual({ ...refused, requestId: '' }, { ...unknown, requestId: '' });
  const ok = await data(await redeem(aurora, customer.token, made.codes[2]));
  assert.equal(ok.voucherStatus, 1);

  // A redeemed code is not voided.
  const spent = await data(await find(made.codes[2]));
  await expectError(await admin(editor)(`/codes/${spent.id}/void`, post()), 409, 'VOUCHER_ALREADY_REDEEMED');
  await expectError(await find('AAAA-BBBB-CCCC-DDDD'), 404, 'VOUCHER_NOT_FOUND');
});

test('voiding a batch voids its unspent codes once, is in the audit log, and refuses them on the storefront', async () => {
  const made = await mintBatch({ typeId: 101, count: 3 });
  const customer = await newUser(server, 'aurora');
  await data(await redeem(aurora, customer.token, made.codes[0]));
  const voided = await data(await admin(editor)(`/batches/${made.batch.id}/void`, post()));
  assert.equal(voided.voidedNow, 2);
  assert.ok(voided.batch.voidedAt);
  assert.equal(voided.batch.voidedBy, 'editor@example.com');
  assert.deepEqual([voided.batch.redeemed, voided.batch.voided, voided.batch.open], [1, 2, 0]);
  const again = await data(await admin(editor)(`/batches/${made.batch.id}/void`, post()));
  assert.equal(again.voidedNow, 0);
  assert.equal(again.batch.voidedAt, voided.batch.voidedAt);
  const audit = await auditOf(made.batch.id);
  assert.deepEqual(audit.map((e) => e.action), ['vouchers.batch.void', 'vouchers.batch.create']);
  assert.equal(audit[0].after.voidedNow, 2);
  assert.equal(audit[0].before.voidedAt, null);
  const other = await newUser(server, 'aurora');
  await expectError(await redeem(aurora, other.token, made.codes[1]), 404, 'VOUCHER_NOT_FOUND');
  assert.equal((await data(await find(made.codes[0]))).state, 'redeemed');
});

test('support is refused (403), another tenant sees nothing (404), bad input names the field (400)', async () => {
  const made = await mintBatch({ typeId: 101, count: 1 });
  const code = await data(await find(made.codes[0]));
  for (const [path, init] of [
    ['/batches', {}],
    ['/batches', post({ typeId: 101, count: 1 })],
    [`/batches/${made.batch.id}`, {}],
    [`/batches/${made.batch.id}/void`, post()],
    ['/codes/find', post({ code: made.codes[0] })],
    [`/codes/${code.id}/void`, post()],
    ['/choices', {}],
  ])
    await expectError(await admin(support)(path, init), 403);

  const noor = admin(noorEditor, 'noor');
  await expectError(await noor(`/batches/${made.batch.id}`), 404, 'VOUCHER_BATCH_NOT_FOUND');
  await expectError(await noor(`/batches/${made.batch.id}/void`, post()), 404, 'VOUCHER_BATCH_NOT_FOUND');
  await expectError(await noor(`/codes/${code.id}/void`, post()), 404, 'VOUCHER_NOT_FOUND');
  await expectError(await find(made.codes[0], noorEditor, 'noor'), 404, 'VOUCHER_NOT_FOUND');
  assert.ok(!(await data(await noor('/batches'))).items.some((b) => b.id === made.batch.id));
  assert.equal((await data(await find(made.codes[0]))).state, 'open', 'untouched by the other tenant');

  const field = async (body, name) => {
    const e = await expectError(await admin(editor)('/batches', post(body)), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, name, JSON.stringify(e));
    assert.ok(e.message.length > 0);
  };
  await field({ typeId: 101, count: 0 }, 'count');
  await field({ typeId: 101, count: 10001 }, 'count');
  await field({ count: 1 }, 'typeId');
  await field({ typeId: 999, count: 1 }, 'typeId');
  await field({ typeId: 101, productId: 8001, count: 1 }, 'productId');
  await field({ productId: 2101, count: 1 }, 'productId');
  await field({ typeId: 101, count: 1, validFrom: 'soon' }, 'validFrom');
  await field({ typeId: 101, count: 1, validFrom: '2090-01-02', validUntil: '2090-01-01' }, 'validUntil');
  await field({ typeId: 101, count: 1, note: 'x'.repeat(501) }, 'note');
  await field({ typeId: 101, count: 1, validUntil: '2099-12-31' }, 'validUntil');  // a window of at most 10 years
  const paging = await expectError(await admin(editor)('/batches?size=500'), 400, 'VALIDATION_ERROR');
  assert.equal(paging.data.field, 'size');
});

test('a batch of a voucher product grants its plan; the choices list plans and products', async () => {
  const choices = await data(await admin(editor)('/choices?lang=fr'));
  assert.ok(choices.plans.some((p) => p.id === 101));
  const product = choices.products[0];
  assert.ok(product, 'aurora sells a voucher product');
  const made = await mintBatch({ productId: product.id, count: 1 });
  assert.equal(made.batch.productId, product.id);
  assert.equal(made.batch.typeId, product.typeId);
  assert.equal(made.batch.periods, product.periods);
  const customer = await newUser(server, 'aurora');
  const done = await data(await redeem(aurora, customer.token, made.codes[0]));
  assert.equal(done.subscriptionTypeId, product.typeId);
  assert.equal(done.periods, product.periods);
});

test('issue-vouchers mints a batch of its own, listed with source cli and in the audit log', async () => {
  const out = issueVouchers(server, ['--tenant', 'aurora', '--type', '101', '--count', '2', '--note', 'from the shell']);
  assert.equal(out.status, 0, out.stderr);
  const id = out.stderr.match(/batch (\S+)/)[1];
  const detail = await data(await admin(editor)(`/batches/${id}`));
  assert.equal(detail.batch.source, 'cli');
  assert.equal(detail.batch.note, 'from the shell');
  assert.equal(detail.batch.minted, 2);
  assert.equal((await auditOf(id))[0].actorId, 'cli');
  assert.equal((await data(await find(out.codes[0]))).batchId, id);
});

test('a void racing redemptions: each code ends redeemed or voided, never both', async () => {
  const n = 12;
  const made = await mintBatch({ typeId: 202, count: n });
  const users = await Promise.all(Array.from({ length: n }, () => newUser(server, 'aurora')));
  const [voided, ...answers] = await Promise.all([
    admin(editor)(`/batches/${made.batch.id}/void`, post()),
    ...made.codes.map((c, i) => redeem(aurora, users[i].token, c)),
  ]);
  const statuses = answers.map((r) => r.status);
  assert.ok(statuses.every((s) => s === 200 || s === 404), `statuses: ${statuses}`);
  const redeemed = statuses.filter((s) => s === 200).length;
  const result = await data(voided);
  assert.equal(result.voidedNow, n - redeemed);
  const states = [];
  for (const [i, c] of made.codes.entries()) {
    const found = await data(await find(c));
    states.push(found.state);
    assert.equal(found.state, statuses[i] === 200 ? 'redeemed' : 'voided', `code ${i}`);
    assert.ok(!(found.redeemedAt && found.voidedAt), 'never both');
  }
  const batch = (await data(await admin(editor)(`/batches/${made.batch.id}`))).batch;
  assert.equal(batch.redeemed + batch.voided, n);
  assert.equal(batch.redeemed, redeemed);
});
