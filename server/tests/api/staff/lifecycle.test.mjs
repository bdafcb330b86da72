// A member's life cycle from the console (issue 50 item 4): an owner deactivates a member (signed out
// everywhere, no sign-in) and reactivates them, takes back an invitation that was never used (the link stops
// working, the member leaves the list), and cannot deactivate themselves; each step is audited.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';
import { mailedLink } from '../identity/flow.mjs';
import { demoStaff, json, staffBearer, staffLogin } from './staff_flow.mjs';

let server, aurora, staff, owner;
before(async () => {
  server = await startPortal();
  aurora = backend(server, 'aurora');
  staff = demoStaff(server.output());
  owner = staffBearer((await staffLogin(aurora, staff['owner@example.com aurora'])).token);
});
after(async () => server?.stop());

const members = async () => (await (await aurora('/admin/staff', owner)).json()).data.items;
const put = (body) => json(body, owner.headers, 'PUT');
const audited = async (action) => (await (await aurora(`/admin/audit?action=${action}`, owner)).json()).data.items;

test('a deactivated member is signed out and cannot sign in until reactivated', async () => {
  const support = staff['support@example.com aurora'];
  const session = staffBearer((await staffLogin(aurora, support)).token);
  assert.equal((await aurora('/admin/me', session)).status, 200);
  const id = (await members()).find((m) => m.email === support.email).id;

  const off = await aurora(`/admin/staff/${id}/status`, put({ status: 'disabled' }));
  assert.equal(off.status, 200, await off.clone().text());
  assert.equal((await off.json()).data.status, 'disabled');
  assert.equal((await aurora('/admin/me', session)).status, 401, 'the session ended');
  const refused = await aurora('/admin/login', json({ email: support.email, password: 'portal-demo', totp: '000000' }));
  assert.equal(refused.status, 401);
  // The attempt is audited (issue 73 item 6), its answer the same as an unknown e-mail's.
  const attempts = (await audited('staff.signInFailed')).filter((e) => e.objectId === id);
  assert.equal(attempts.length, 1);
  assert.equal(attempts[0].after.outcome, 'disabled');

  const on = await aurora(`/admin/staff/${id}/status`, put({ status: 'active' }));
  assert.equal((await on.json()).data.status, 'active');
  assert.ok((await staffLogin(aurora, support)).token, 'signs in again');
  assert.deepEqual((await audited('staff.disable')).map((e) => e.objectId), [id]);
  assert.equal((await audited('staff.enable')).length, 1);

  await expectError(await aurora(`/admin/staff/${id}/status`, put({ status: 'gone' })), 400, 'VALIDATION_ERROR');
  const self = (await members()).find((m) => m.email === 'owner@example.com').id;
  await expectError(await aurora(`/admin/staff/${self}/status`, put({ status: 'disabled' })), 409, 'OWN_ROLE');
});

test('an invitation never used is taken back: its link stops working and the member leaves the list', async () => {
  const sent = await aurora('/admin/staff', json({ email: 'taken.back@example.com', role: 'editor' }, owner.headers));
  assert.equal(sent.status, 201);
  const id = (await sent.json()).data.staff.id;
  const link = (await mailedLink(server, 'aurora', 'taken.back@example.com', '/admin/login')).searchParams.get('invitation');
  assert.equal((await aurora(`/admin/invitation?token=${link}`)).status, 200);

  const gone = await aurora(`/admin/staff/${id}/invitation`, { method: 'DELETE', headers: owner.headers });
  assert.equal(gone.status, 200, await gone.clone().text());
  assert.ok(!(await members()).some((m) => m.id === id));
  await expectError(await aurora(`/admin/invitation?token=${link}`), 404, 'INVITATION_INVALID');
  assert.equal((await audited('staff.revokeInvitation')).length, 1);

  // A member who enrolled is deactivated instead.
  const editor = (await members()).find((m) => m.email === 'editor@example.com').id;
  await expectError(await aurora(`/admin/staff/${editor}/invitation`, { method: 'DELETE', headers: owner.headers }), 400, 'VALIDATION_ERROR');
});
