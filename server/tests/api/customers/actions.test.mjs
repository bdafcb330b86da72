// Support's actions on a customer (issue 34 item 3, refunds aside): cancel a plan now or at the
// period's end, comp free days, grant and revoke an article, resend a voucher order's codes, end
// every session, lift a sign-in lock, send a password or parental-control reset to the verified
// address. Each shows through the storefront's own calls and lands in the audit log; an editor
// is 403, another tenant's customer 404. SQLite and PostgreSQL, through Prism in CI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { json as jsonBody, outboxMails } from '../identity/flow.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { CARDS, client, data, mySubscriptions, newUser, payAtCheckout, PASSWORD, subscribeBody } from '../subscriptions/support.mjs';
import { buyCart, mailedCodes } from '../vouchers/support.mjs';

const TRACK = 20001; // Midnight Drive, a paid track of album 2102
let server, aurora, noor, support, editor, owner;

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
  const staff = demoStaff(server.output());
  const api = backend(server, 'aurora');
  support = (await staffLogin(api, staff['support@example.com aurora'])).token;
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
});
after(async () => server && (await server.stop()));

// A staff call on one customer of aurora.
const act = (userId, path, body, { token = support, method = 'POST' } = {}) =>
  backend(server, 'aurora')(`/admin/customers/${userId}${path}`,
    body === undefined ? { method, ...staffBearer(token) } : json(body, staffBearer(token).headers, method));
const uuidOf = async (call, token) => (await data(await call('/user/profile', { token }))).uuid;
const auditOf = async (userId) =>
  (await data(await backend(server, 'aurora')(`/admin/audit?objectId=${userId}`, staffBearer(owner)))).items;
const media = (token) => aurora(`/media/${TRACK}?kind=full`, { token });

async function customer() {
  const { token, email } = await newUser(server, 'aurora');
  return { token, email, id: await uuidOf(aurora, token) };
}

async function subscribed(typeId = 101) {
  const c = await customer();
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(typeId), token: c.token }));
  await payAtCheckout(start.options[0].redirectionUrl, CARDS.success);
  const [sub] = await mySubscriptions(aurora, c.token);
  assert.equal(sub.state, 'ACTIVE');
  return { ...c, sub };
}

test('cancel at the period end keeps the plan to its end; cancel now ends it; both in the events and the audit log', async () => {
  const c = await subscribed();
  const e = await expectError(await act(c.id, `/subscriptions/${c.sub.id}/cancel`, { when: 'later', reason: 'asked' }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'when');
  const noReason = await expectError(await act(c.id, `/subscriptions/${c.sub.id}/cancel`, { when: 'now', reason: ' ' }), 400, 'VALIDATION_ERROR');
  assert.equal(noReason.data.field, 'reason');

  const ending = await data(await act(c.id, `/subscriptions/${c.sub.id}/cancel`, { when: 'periodEnd', reason: 'customer asked by mail' }));
  assert.equal(ending.status, 'ACTIVE');
  assert.equal(ending.cancelRequested, true);
  assert.equal(ending.nextRenewalAt, null);
  let [mine] = await mySubscriptions(aurora, c.token);
  assert.equal(mine.state, 'ACTIVE');
  assert.equal(mine.cancelRequested, true, 'the storefront shows the plan ending');
  assert.equal(mine.endDate, c.sub.endDate, 'it runs to its paid end');
  await expectError(await act(c.id, `/subscriptions/${c.sub.id}/cancel`, { when: 'periodEnd', reason: 'again' }), 409, 'SUBSCRIPTION_NOT_ACTIVE');

  const ended = await data(await act(c.id, `/subscriptions/${c.sub.id}/cancel`, { when: 'now', reason: 'charged twice' }));
  assert.equal(ended.status, 'CANCELED');
  assert.deepEqual(await mySubscriptions(aurora, c.token), [], 'no active plan left');
  [mine] = await mySubscriptions(aurora, c.token, '?inclCancelled=true');
  assert.equal(mine.state, 'CANCELED');
  assert.equal(mine.active, false);

  const events = await data(await aurora(`/dev/subscription/${c.sub.id}/events`, { token: c.token }));
  assert.ok(events.some((ev) => /cancelled by support: customer asked by mail/.test(ev.reason)), JSON.stringify(events));
  const audit = await auditOf(c.id);
  assert.deepEqual(audit.filter((a) => a.action === 'customers.cancel').map((a) => a.after.reason), ['charged twice', 'customer asked by mail']);
  assert.equal(audit[0].actorEmail, 'support@example.com');
  assert.equal(audit[0].objectType, 'customer');
});

test('comp moves the end and the next renewal by the free days, with a "comp" event', async () => {
  const c = await subscribed();
  for (const days of [0, 367]) {
    const e = await expectError(await act(c.id, `/subscriptions/${c.sub.id}/comp`, { days, reason: 'sorry' }), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, 'days');
  }
  const comped = await data(await act(c.id, `/subscriptions/${c.sub.id}/comp`, { days: 10, reason: 'outage last week' }));
  const DAY = 86_400_000;
  assert.equal(Date.parse(comped.endsAt) - Date.parse(c.sub.endDate), 10 * DAY);
  const [mine] = await mySubscriptions(aurora, c.token);
  assert.equal(Date.parse(mine.endDate) - Date.parse(c.sub.endDate), 10 * DAY, 'the storefront shows the later end');
  assert.equal(Date.parse(mine.nextRenewalDate) - Date.parse(c.sub.nextRenewalDate), 10 * DAY);
  const events = await data(await aurora(`/dev/subscription/${c.sub.id}/events`, { token: c.token }));
  assert.ok(events.some((ev) => /^comp: 10 days/.test(ev.reason)), JSON.stringify(events));
  const [entry] = await auditOf(c.id);
  assert.equal(entry.action, 'customers.comp');
  assert.equal(entry.after.days, 10);
  await expectError(await act(c.id, '/subscriptions/no-such-id/comp', { days: 1, reason: 'x' }), 404, 'NO_SUBSCRIPTION_FOUND');
});

test('a granted article plays; a revoked one does not', async () => {
  const c = await customer();
  await expectError(await media(c.token), 403, 'NOT_ENTITLED');
  const granted = await data(await act(c.id, '/articles', { articleId: TRACK, reason: 'lost purchase' }), 201);
  assert.equal(granted.amount, 0);
  assert.equal(granted.status, 'PAID');
  assert.ok((await data(await media(c.token))).url, 'the wallet entitles it');
  await expectError(await act(c.id, '/articles', { articleId: TRACK, reason: 'again' }), 409, 'ALREADY_OWNED');
  await expectError(await act(c.id, '/articles', { articleId: 99999999, reason: 'nothing' }), 404);

  const revoked = await data(await act(c.id, `/purchases/${granted.id}/revoke`, { reason: 'granted by mistake' }));
  assert.equal(revoked.status, 'CANCELLED');
  await expectError(await media(c.token), 403, 'NOT_ENTITLED');
  await expectError(await act(c.id, `/purchases/${granted.id}`, undefined, { method: 'DELETE' }), 410, 'PURCHASE_CLOSED');
  // Granted again, then revoked with DELETE.
  const again = await data(await act(c.id, '/articles', { articleId: TRACK, reason: 'after all' }), 201);
  await data(await act(c.id, `/purchases/${again.id}`, undefined, { method: 'DELETE' }));
  await expectError(await media(c.token), 403, 'NOT_ENTITLED');
  const actions = (await auditOf(c.id)).map((a) => a.action);
  assert.deepEqual(actions, ['customers.revoke', 'customers.grant', 'customers.revoke', 'customers.grant']);
});

test("a voucher order's codes are resent (new codes) to the customer's address", async () => {
  const c = await customer();
  const bought = await buyCart(aurora, c.token, { 8005: 1 }, CARDS.success);
  const first = await mailedCodes(server, 'aurora', c.email);
  assert.equal(first.length, 1);
  const orderId = bought.start.purchaseID;  // the cart's checkout names its voucher order
  const resent = await data(await act(c.id, `/voucher-orders/${orderId}/resend`, { reason: 'mail lost' }));
  assert.equal(resent.codes, 1);
  const fresh = await mailedCodes(server, 'aurora', c.email, { known: first });
  assert.equal(fresh.length, 1, 'a new code went to the address on file');
  await expectError(await act(c.id, '/voucher-orders/no-such-order/resend', {}), 404, 'ORDER_NOT_FOUND');
  assert.equal((await auditOf(c.id))[0].action, 'customers.resendVouchers');
});

test('ending all sessions makes the old token 401', async () => {
  const c = await customer();
  const second = await aurora.login(c.email, PASSWORD);
  assert.equal((await aurora('/user/profile', { token: second })).status, 200);
  const ended = await data(await act(c.id, '/sessions/end', { reason: 'stolen phone' }));
  assert.ok(ended.ended >= 2, `ended ${ended.ended}`);
  for (const token of [c.token, second]) await expectError(await aurora('/user/profile', { token }), 401);
  assert.equal((await auditOf(c.id))[0].action, 'customers.endSessions');
});

test('a locked account signs in after the lock is lifted', async () => {
  const c = await customer();
  const api = backend(server, 'aurora');
  for (let i = 0; i < 5; i++)
    await expectError(await api('/login/api', jsonBody({ email: c.email, password: `wrong-${i}-password` })), 400, 'INVALID_CREDENTIALS');
  await expectError(await api('/login/api', jsonBody({ email: c.email, password: PASSWORD })), 429, 'TOO_MANY_ATTEMPTS');
  const lifted = await data(await act(c.id, '/sign-in-lock/lift', {}));
  assert.ok(lifted.cleared >= 5);
  assert.equal((await api('/login/api', jsonBody({ email: c.email, password: PASSWORD }))).status, 200);
  assert.equal((await auditOf(c.id))[0].action, 'customers.liftSignInLock');
});

test('reset mails go to the verified address, never to one in the request', async () => {
  const c = await customer();
  const before = (await outboxMails(server, 'aurora')).length;
  const sent = await data(await act(c.id, '/password-reset', { reason: 'cannot sign in', email: 'attacker@example.com' }));
  assert.match(sent.mailedTo, /\*\*\*@example\.com$/);
  const mails = await outboxMails(server, 'aurora');
  assert.equal(mails.length, before + 1);
  // The reset mail (the newest ones may share a timestamp with the registration's confirmation).
  const reset = mails.find((m) => m.to === c.email && /resetpassword/.test(m.body));
  assert.ok(reset, 'a reset mail to the address on file');
  const link = new URL(reset.body.match(/https?:\/\/\S*resetpassword\S*/)[0]);
  assert.match(link.pathname, /\/resetpassword$/);
  assert.ok(['localhost', '127.0.0.1'].includes(link.hostname), `the tenant's origin: ${link}`);
  assert.ok(link.searchParams.get('session'));
  assert.equal((await outboxMails(server, 'aurora', 'attacker@example.com')).length, 0);

  await expectError(await act(c.id, '/parental-reset', {}), 404, 'PARENTAL_CONTROL_NOT_FOUND');
  await data(await aurora('/parental-control', { method: 'PUT', token: c.token, body: { password: '1234', maxAgeGroup: 10, isActive: true } }));
  await data(await act(c.id, '/parental-reset', { reason: 'parent forgot it' }));
  // The parental-control mail (not the registration's or the password reset's, which may share its timestamp).
  const parental = (await outboxMails(server, 'aurora', c.email)).find((m) => !/register\/confirm|resetpassword/.test(m.body));
  assert.ok(parental, 'a parental-control reset mail to the address on file');
  assert.match(parental.body, /\b\d{8}\b/, 'the mailed code');
  const actions = (await auditOf(c.id)).map((a) => a.action);
  assert.deepEqual(actions, ['customers.parentalReset', 'customers.passwordReset']);
});

test('an editor is 403, a guest 401, another tenant\'s customer 404', async () => {
  const c = await customer();
  await expectError(await act(c.id, '/sessions/end', {}, { token: editor }), 403);
  await expectError(await backend(server, 'aurora')(`/admin/customers/${c.id}/sessions/end`, jsonBody({})), 401);
  const { token } = await newUser(server, 'noor');
  const stranger = await uuidOf(noor, token);
  for (const path of ['/sessions/end', '/sign-in-lock/lift', '/password-reset'])
    await expectError(await act(stranger, path, {}), 404, 'CUSTOMER_NOT_FOUND');
  await expectError(await act(stranger, '/articles', { articleId: TRACK, reason: 'x' }), 404, 'CUSTOMER_NOT_FOUND');
  assert.equal((await data(await noor('/user/profile', { token }))).uuid, stranger, 'their session lives on');
});
