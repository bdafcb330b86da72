// Ending many customers' sessions at once (issue 78 item 3): support selects customers and ends every session of each,
// run in the background, each as the single action does (the old tokens answer 401) and audited on its own with the
// reason; a content editor is refused with the one error shape and nothing changes; a customer of another tenant is
// refused for its row. SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { client, data, newUser } from '../subscriptions/support.mjs';

let server, aurora, noor, support, editor, owner;
before(async () => {
  server = await startPortal();
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
  const staff = demoStaff(server.output());
  const api = backend(server, 'aurora');
  support = (await staffLogin(api, staff['support@example.com aurora'])).token;
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
});
after(async () => server && (await server.stop()));

const staffCall = (path, body, token = support, key = undefined) =>
  backend(server, 'aurora')(path, body === undefined ? staffBearer(token) : json(body, { ...staffBearer(token).headers, ...(key ? { 'Idempotency-Key': key } : {}) }));
async function customer(call = aurora, tenant = 'aurora') {
  const { token } = await newUser(server, tenant);
  return { token, id: (await data(await call('/user/profile', { token }))).uuid };
}
async function finished(id) {
  for (let i = 0; i < 400; i++) {
    const j = await data(await staffCall(`/admin/customers/bulk/jobs/${id}`));
    if (j.state === 'finished') return j;
    await sleep(50);
  }
  assert.fail(`job ${id} not finished`);
}

test('a content editor cannot end customers\' sessions in bulk; the tokens still work', async () => {
  const c = await customer();
  await expectError(await staffCall('/admin/customers/bulk', { action: 'endSessions', ids: [c.id] }, editor), 403, 'STAFF_ROLE_REQUIRED');
  assert.equal((await aurora('/user/profile', { token: c.token })).status, 200);
});

test('support ends every session of two customers in one action; another tenant\'s customer is refused', async () => {
  const [a, b] = [await customer(), await customer()];
  const stranger = await customer(noor, 'noor');
  const made = await data(await staffCall('/admin/customers/bulk', { action: 'endSessions', ids: [a.id, b.id, stranger.id], reason: 'leaked tokens' }, support, 'end-1'), 202);
  assert.equal(made.total, 3);
  const done = await finished(made.id);
  assert.deepEqual([done.done, done.failed], [2, 1]);
  assert.deepEqual(done.failures.map((f) => [f.target, f.code]), [[stranger.id, 'USER_NOT_FOUND']]);
  for (const c of [a, b]) await expectError(await aurora('/user/profile', { token: c.token }), 401);
  assert.equal((await noor('/user/profile', { token: stranger.token })).status, 200);
  const audit = (await data(await staffCall('/admin/audit?action=customers.endSessions', undefined, owner))).items;
  assert.deepEqual(audit.map((e) => e.objectId).sort(), [a.id, b.id].sort());
  assert.ok(audit.every((e) => e.after.reason === 'leaked tokens' && e.actorEmail === 'support@example.com'));
  await expectError(await staffCall('/admin/customers/bulk', { action: 'endSessions', ids: [] }), 400, 'NOTHING_SELECTED');
  await expectError(await staffCall('/admin/customers/bulk', { action: 'wipe', ids: [a.id] }), 400, 'VALIDATION_ERROR');
});
