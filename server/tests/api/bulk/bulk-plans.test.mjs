// Bulk retirement of plans (issue 78 item 3): finance retires many plans in one action, run in the background, each
// retired as its single call does and audited on its own; a content editor and a support member are refused (the
// single retirement takes finance, an admin or the owner) with the one error shape and nothing changed; a plan that
// does not exist is refused for its row. SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let server, api, finance, editor, support, owner;
before(async () => {
  server = await startPortal();
  api = backend(server, 'aurora');
  const staff = demoStaff(server.output());
  finance = (await staffLogin(api, staff['finance@example.com aurora'])).token;
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  support = (await staffLogin(api, staff['support@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
});
after(async () => {
  await server?.stop();
});

const as = (token, init = {}) => ({ ...init, headers: { ...(init.headers ?? {}), ...staffBearer(token).headers } });
const data = async (res, status = 200) => {
  const text = await res.text();
  assert.equal(res.status, status, `HTTP ${res.status}: ${text}`);
  return JSON.parse(text).data;
};
const plans = async () => (await data(await api('/admin/plans', as(finance)))).plans;

async function finished(id) {
  for (let i = 0; i < 400; i++) {
    const j = await data(await api(`/admin/plans/bulk/jobs/${id}`, as(finance)));
    if (j.state === 'finished') return j;
    await sleep(50);
  }
  assert.fail(`job ${id} not finished`);
}

test('an editor and a support member cannot retire plans in bulk; nothing changes', async () => {
  const sold = (await plans()).filter((p) => p.state === 'ACTIVE');
  for (const token of [editor, support]) {
    const res = await api('/admin/plans/bulk', as(token, json({ action: 'retire', ids: [sold[0].id] })));
    await expectError(res, 403, 'STAFF_ROLE_REQUIRED');
  }
  const after = (await plans()).find((p) => p.id === sold[0].id);
  assert.equal(after.state, 'ACTIVE');
  assert.equal(after.version, sold[0].version);
});

test('finance retires two plans in one action onto a successor; each audited; a missing one refused', async () => {
  const sold = (await plans()).filter((p) => p.state === 'ACTIVE');
  assert.ok(sold.length >= 3, 'the demo sells at least three plans');
  const [a, b, successor] = sold;
  const made = await data(await api('/admin/plans/bulk', as(finance, json({ action: 'retire', ids: [a.id, b.id, 999999], successorId: successor.id }, { 'Idempotency-Key': 'retire-1' }))), 202);
  assert.equal(made.total, 3);
  const again = await data(await api('/admin/plans/bulk', as(finance, json({ action: 'retire', ids: [a.id, b.id, 999999], successorId: successor.id }, { 'Idempotency-Key': 'retire-1' }))), 202);
  assert.equal(again.id, made.id);
  const done = await finished(made.id);
  assert.deepEqual([done.done, done.failed], [2, 1]);
  assert.deepEqual(done.failures.map((f) => [f.target, f.code]), [['999999', 'SUBSCRIPTION_TYPE_NOT_FOUND']]);
  const now = await plans();
  for (const p of [a, b]) {
    const plan = now.find((x) => x.id === p.id);
    assert.equal(plan.state, 'RETIRED');
    assert.equal(plan.successorId, successor.id);
  }
  assert.equal(now.find((x) => x.id === successor.id).state, 'ACTIVE');
  const audit = (await data(await api('/admin/audit?action=plans.retire', as(owner)))).items;
  assert.deepEqual(audit.map((e) => e.objectId).sort(), [String(a.id), String(b.id)].sort());
  assert.ok(audit.every((e) => e.actorEmail === 'finance@example.com' && e.call.includes(`(bulk job ${made.id})`)));
  await expectError(await api('/admin/plans/bulk', as(finance, json({ action: 'retire', ids: [a.id], successorId: a.id }))), 400, 'VALIDATION_ERROR');
  await expectError(await api('/admin/plans/bulk', as(finance, json({ action: 'retire', ids: [] }))), 400, 'NOTHING_SELECTED');
  // Another list's job is not read here.
  await expectError(await api(`/admin/catalog/bulk/jobs/${made.id}`, as(owner)), 404, 'BULK_JOB_NOT_FOUND');
});
