// Download and delete my data (issue 34 item 5): a new user buys a plan with
// 4242, downloads their data (the payment, no secret), deletes the account
// (the password first): the old token is 401, sign-in fails, the payment row
// stays without identity, the plan is cancelled with its event, the
// confirmation mail went to the address, and the address registers anew.
// Support does the same for a customer on request (audited, reason required).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startPortal, expectError } from '../support/server.mjs';
import { json, outboxMails, PASSWORD, registerAndConfirm } from '../identity/flow.mjs';
import { client, newUser, subscribeBody, data, payAtCheckout, CARDS, ORIGIN } from '../subscriptions/support.mjs';
import { demoStaff, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let server, aurora, staff;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  aurora = client(server, 'aurora');
  staff = demoStaff(server.output());
});
after(async () => server && (await server.stop()));

function rows(sql) {
  const out = server.database.startsWith('postgres')
    ? execFileSync('psql', [server.database, '-tAF', '|', '-c', sql])
    : execFileSync('sqlite3', [server.database, sql]);
  return String(out).trim().split('\n').filter(Boolean).map((line) => line.split('|'));
}

async function uuidOf(email) {
  return rows(`SELECT uuid FROM users WHERE tenant_id = (SELECT id FROM tenants WHERE name = 'aurora') AND email = '${email}'`)[0][0];
}

// A new customer with an active plan paid by card; returns {email, token, uuid}.
async function customerWithPlan() {
  const { email, token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }));
  const { location } = await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
  return { email, token, uuid: await uuidOf(email) };
}

const SECRETS = [/password_?hash/i, /argon2/i, /pin_?hash/i, /token_?hash/i, /refresh_?token/i, /access_?token/i];

test('a customer downloads their data: a no-store attachment with the payment and no secret', async () => {
  const { email, token } = await customerWithPlan();
  const res = await aurora('/user/data', { token });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-disposition'), /^attachment; filename="my-data-aurora\.json"$/);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  const text = await res.text();
  const doc = JSON.parse(text);
  assert.equal(doc.tenant, 'aurora');
  assert.equal(doc.profile.email, email);
  assert.equal(doc.profile.hasPassword, true);
  assert.equal(doc.payments.length, 1);
  assert.equal(doc.payments[0].status, 'SUCCEEDED');
  assert.equal(doc.payments[0].amount > 0, true);
  assert.equal(doc.subscriptions.length, 1);
  assert.equal(doc.subscriptions[0].state, 'ACTIVE');
  assert.ok(doc.subscriptions[0].events.length >= 1);
  assert.ok(doc.sessions.length >= 1);
  for (const key of ['purchases', 'wallet', 'playHistory', 'likes', 'ratings', 'notifications', 'challengeTickets',
    'tournamentTeams', 'consents', 'devices', 'voucherOrders']) assert.ok(Array.isArray(doc[key]), key);
  for (const secret of SECRETS) assert.doesNotMatch(text, secret);
  assert.ok(!text.includes(token), 'the bearer token is not in the file');
  await expectError(await aurora('/user/data'), 401, 'UNAUTHORIZED');
});

test('a customer deletes their account with the password: sessions end, identity goes, the payment stays, the address is free', async () => {
  const { email, token, uuid } = await customerWithPlan();
  const second = await aurora.login(email, PASSWORD);  // another signed-in device
  await expectError(await aurora('/user/data/delete', { method: 'POST', body: {}, token }), 400, 'VALIDATION_ERROR');
  await expectError(await aurora('/user/data/delete', { method: 'POST', body: { currentPassword: 'not-it' }, token }),
    403, 'CURRENT_PASSWORD_WRONG');
  const done = await data(await aurora('/user/data/delete', { method: 'POST', body: { currentPassword: PASSWORD }, token }));
  assert.match(done.pseudonym, /^deleted-[0-9a-f]{24}$/);
  assert.equal(done.plansCancelled, 1);
  // Every session ended; the password is gone.
  await expectError(await aurora('/user/profile', { token }), 401, 'UNAUTHORIZED');
  await expectError(await aurora('/user/profile', { token: second }), 401, 'UNAUTHORIZED');
  await expectError(await aurora.api('/login/api', json({ email, password: PASSWORD })), 400, 'INVALID_CREDENTIALS');
  // The tombstone and the kept payment, without identity.
  const [user] = rows(`SELECT user_id, COALESCE(email, ''), name, COALESCE(password_hash, ''), deleted_at IS NOT NULL FROM users WHERE uuid = '${uuid}'`);
  assert.equal(user[0], done.pseudonym);
  assert.equal(user[1], '');
  assert.equal(user[2], '');
  assert.equal(user[3], '');
  const payments = rows(`SELECT status, instrument FROM payments WHERE user_uuid = '${uuid}'`);
  assert.equal(payments.length, 1);
  assert.deepEqual(payments[0], ['SUCCEEDED', 'erased']);
  const [plan] = rows(`SELECT state FROM user_subscriptions WHERE user_uuid = '${uuid}'`);
  assert.equal(plan[0], 'CANCELED');
  const events = rows(`SELECT e.to_state, e.actor FROM subscription_events e JOIN user_subscriptions s ON s.id = e.subscription_id WHERE s.user_uuid = '${uuid}' ORDER BY e.version DESC`);
  assert.deepEqual(events[0], ['CANCELED', 'user']);
  // The confirmation mail went to the address, and it is the only mail the outbox keeps for it.
  const mails = await outboxMails(server, 'aurora', email);
  assert.equal(mails.length, 1);
  assert.match(mails[0].subject, /deleted/);
  // The address registers anew: a new account.
  const again = await registerAndConfirm(server, 'aurora', { email, redirectUrl: `${ORIGIN.aurora}/` });
  assert.ok(again.searchParams.get('code'));
  assert.notEqual(await uuidOf(email), uuid);
});

test('support exports and deletes a customer on request: audited, reason required, another tenant is 404', async () => {
  const { email, token, uuid } = await customerWithPlan();
  const support = await staffLogin(aurora.api, staff['support@example.com aurora']);
  const editor = await staffLogin(aurora.api, staff['editor@example.com aurora']);
  const as = (t, extra = {}) => staffBearer(t.token, extra).headers;
  const exported = await aurora(`/admin/customers/${uuid}/export`, { headers: as(support) });
  assert.equal(exported.status, 200);
  assert.match(exported.headers.get('content-disposition'), /^attachment;/);
  assert.equal(exported.headers.get('cache-control'), 'no-store');
  assert.equal((await exported.json()).profile.email, email);
  await expectError(await aurora(`/admin/customers/${uuid}/export`, { headers: as(editor) }), 403, 'STAFF_ROLE_REQUIRED');
  const noor = client(server, 'noor');
  const noorSupport = await staffLogin(noor.api, staff['support@example.com noor']);
  await expectError(await noor(`/admin/customers/${uuid}/export`, { headers: as(noorSupport) }), 404, 'CUSTOMER_NOT_FOUND');
  await expectError(await aurora(`/admin/customers/${uuid}/delete`, { method: 'POST', body: { reason: ' ' }, headers: as(support) }),
    400, 'VALIDATION_ERROR');
  const done = await data(await aurora(`/admin/customers/${uuid}/delete`,
    { method: 'POST', body: { reason: 'customer asked by mail' }, headers: as(support) }));
  assert.equal(done.plansCancelled, 1);
  await expectError(await aurora('/user/profile', { token }), 401, 'UNAUTHORIZED');
  await expectError(await aurora(`/admin/customers/${uuid}/export`, { headers: as(support) }), 404, 'CUSTOMER_NOT_FOUND');
  const audit = rows(`SELECT action, object_id FROM audit_log WHERE object_id = '${uuid}' ORDER BY id`);
  assert.deepEqual(audit.map((r) => r[0]), ['customers.export', 'customers.delete']);
  const [event] = rows(`SELECT e.actor, e.reason FROM subscription_events e JOIN user_subscriptions s ON s.id = e.subscription_id WHERE s.user_uuid = '${uuid}' ORDER BY e.version DESC`);
  assert.equal(event[0], 'staff:support@example.com');
  assert.match(event[1], /customer asked by mail/);
});
