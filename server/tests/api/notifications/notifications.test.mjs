// Notifications (issue 15; docs/decisions.md "Notifications"): the demo seed's
// team notes, a join request and its answer between two demo users, a paid
// single purchase, a paid voucher order, a renewal and a failed one told to
// the user, paging
// newest first, read state (one, again, all), and isolation between users and
// tenants. Guests get 401.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import {
  client, newUser, subscribeBody, data, payAtCheckout, advance, runScheduler, CARDS, ORIGIN, DAY,
} from '../subscriptions/support.mjs';
import { buyCart } from '../vouchers/support.mjs';

let server, aurora, noor;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
});
after(async () => server && (await server.stop()));

const list = async (call, token, query = '') => data(await call(`/notifications${query}`, { token }));
const unread = async (call, token) => (await data(await call('/notifications/unread-count', { token }))).unread;
const read = (call, token, id) => call(`/notifications/${id}/read`, { method: 'POST', token });

test('guests are refused; the answers are private', async () => {
  await expectError(await aurora('/notifications'), 401, 'UNAUTHORIZED');
  await expectError(await aurora('/notifications/unread-count'), 401, 'UNAUTHORIZED');
  await expectError(await aurora('/notifications/read-all', { method: 'POST' }), 401, 'UNAUTHORIZED');
  const token = await aurora.login();
  const res = await aurora('/notifications/unread-count', { token });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'private, no-store');
});

test('the demo seed leaves the subscriber two join requests and one acceptance', async () => {
  const token = await aurora.login();
  const page = await list(aurora, token);
  const kinds = page.items.map((n) => n.kind).sort();
  assert.deepEqual(kinds, ['TEAM_JOIN_REQUEST', 'TEAM_JOIN_REQUEST', 'TEAM_REQUEST_ACCEPTED']);
  assert.equal(page.total, 3);
  assert.equal(page.unread, 3);
  const request = page.items.find((n) => n.kind === 'TEAM_JOIN_REQUEST');
  assert.equal(request.params.teamName, "Sam's Squad");
  assert.ok(['Gale', 'Pat'].includes(request.params.userName));
  assert.match(request.target, /^\/tournaments\/details\/\d+$/);
  assert.equal(request.read, false);
  assert.equal(request.readAt, null);
});

test('a join request tells the captain, the answer tells the requester; read state per user', async () => {
  const pat = await aurora.login('player@example.com');
  const gale = await aurora.login('guest@example.com');
  const galeBefore = await unread(aurora, gale);
  const team = await data(await aurora('/tournament/registerTournament/8505', {
    method: 'POST', token: pat, body: { userName: 'Pat', ingameId: 'p#1', teamName: 'Notified', provider: 'steam' },
  }), 201);
  const patBefore = await unread(aurora, pat);
  const request = await data(await aurora(`/tournament/sendJoinRequest/${team.id}`, {
    method: 'POST', token: gale, body: { userName: 'Gale', ingameId: 'g#1', provider: 'steam' },
  }), 201);
  assert.equal(await unread(aurora, pat), patBefore + 1);
  const [newest] = (await list(aurora, pat, '?limit=1')).items;
  assert.equal(newest.kind, 'TEAM_JOIN_REQUEST');
  assert.deepEqual(newest.params, { teamName: 'Notified', userName: 'Gale', tournamentId: '8505' });
  assert.equal(newest.target, '/tournaments/details/8505');

  await data(await aurora(`/tournament/addInvitationResponse/${request.id}`, {
    method: 'PATCH', token: pat, body: { provider: 'steam', status: 'ACCEPTED' },
  }));
  const galePage = await list(aurora, gale, '?limit=1');
  assert.equal(galePage.unread, galeBefore + 1);
  assert.equal(galePage.items[0].kind, 'TEAM_REQUEST_ACCEPTED');
  assert.equal(galePage.items[0].params.teamName, 'Notified');

  // Gale cannot read Pat's; nor can noor's player (another tenant).
  await expectError(await read(aurora, gale, newest.id), 404, 'NOTIFICATION_NOT_FOUND');
  const noorPat = await noor.login('player@example.com');
  await expectError(await read(noor, noorPat, newest.id), 404, 'NOTIFICATION_NOT_FOUND');
  assert.ok(!(await list(noor, noorPat, '?limit=100')).items.some((n) => n.id === newest.id));
  assert.equal(await unread(aurora, pat), patBefore + 1);

  // Pat reads it: once changes, twice does not.
  const marked = await data(await read(aurora, pat, newest.id));
  assert.deepEqual(marked, { updated: 1, unread: patBefore });
  assert.deepEqual(await data(await read(aurora, pat, newest.id)), { updated: 0, unread: patBefore });
  const after = (await list(aurora, pat, '?limit=1')).items[0];
  assert.equal(after.read, true);
  assert.match(after.readAt, /^\d{4}-\d\d-\d\dT/);
  await expectError(await read(aurora, pat, 'not-an-id'), 404, 'NOTIFICATION_NOT_FOUND');

  // Read all: Pat's are read, Gale's are not.
  const all = await data(await aurora('/notifications/read-all', { method: 'POST', token: pat }));
  assert.equal(all.unread, 0);
  assert.equal(all.updated, patBefore);
  assert.equal(await unread(aurora, pat), 0);
  assert.equal(await unread(aurora, gale), galeBefore + 1);
});

test('pages are newest first; bad paging names the field', async () => {
  const token = await aurora.login();
  const whole = await list(aurora, token, '?limit=100');
  assert.ok(whole.total >= 3);
  const ids = whole.items.map((n) => n.id);
  assert.deepEqual(ids, [...ids].sort().reverse());
  const second = await list(aurora, token, '?limit=1&offset=1');
  assert.equal(second.items[0].id, ids[1]);
  assert.equal(second.offset, 1);
  assert.equal(second.limit, 1);
  const bad = await expectError(await aurora('/notifications?limit=0', { token }), 400, 'VALIDATION_ERROR');
  assert.equal(bad.data.field, 'limit');
  const big = await expectError(await aurora('/notifications?limit=101', { token }), 400, 'VALIDATION_ERROR');
  assert.equal(big.data.field, 'limit');
  const text = await expectError(await aurora('/notifications?offset=x', { token }), 400, 'VALIDATION_ERROR');
  assert.equal(text.data.field, 'offset');
});

test('a paid single purchase tells the buyer once', async () => {
  const { token } = await newUser(server, 'noor');
  assert.equal(await unread(noor, token), 0);
  const articleId = 20001;
  const started = await data(await noor(`/purchase/ArticleOneTimePurchase?articleId=${articleId}`, { token }));
  const choice = await data(await noor('/subscription/oneTimePaymentOptions', {
    method: 'POST', token,
    body: { redirectionUrl: `${ORIGIN.noor}/music?from=test`, lang: 'en', transactionId: started.transactionId },
  }));
  const operator = choice.options.find((o) => o.flow === 'API');
  const step = await data(await noor('/subscription/oneTimePurchase', {
    method: 'POST', token, body: { paymentOptionUUID: operator.paymentOptionUUID, redirectionUrl: 'x', msisdn: '966501234567' },
  }));
  await data(await noor('/purchase/VerifyOneTimePurchasePin', {
    method: 'POST', token,
    body: { paymentTransactionUuid: step.paymentTransactionUuid, articleId, pin: step.sandboxPin, purchaseToken: step.purchaseToken },
  }), 201);
  const page = await list(noor, token);
  assert.equal(page.total, 1);
  assert.equal(page.items[0].kind, 'PURCHASE_PAID');
  assert.equal(page.items[0].params.articleId, String(articleId));
  assert.ok(page.items[0].params.title.length > 0);
  assert.equal(page.items[0].target, '/myPurchases');
  // The buyer's, no one else's.
  const subscriber = await noor.login();
  assert.ok(!(await list(noor, subscriber, '?limit=100')).items.some((n) => n.kind === 'PURCHASE_PAID'));
});

test('a paid voucher order (cart) tells the buyer that the codes are on their way', async () => {
  const { token } = await newUser(server, 'aurora');
  const { location } = await buyCart(aurora, token, { 8005: 1 }, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
  const page = await list(aurora, token);
  assert.deepEqual(page.items.map((n) => [n.kind, n.target]), [['VOUCHER_ORDER_PAID', '']]);
});

test('a renewal and a failed renewal tell the subscriber', async () => {
  const buy = async (card) => {
    const user = await newUser(server, 'aurora');
    const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(301), token: user.token }));
    const { location } = await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, card);
    assert.equal(location.searchParams.get('status'), '200');
    return user;
  };
  const good = await buy(CARDS.success);
  const bad = await buy(CARDS.renewalFails);
  await advance(server, DAY + 3600);
  await runScheduler(server);
  const kinds = async (u) => (await list(aurora, await aurora.login(u.email))).items.map((n) => n.kind);
  assert.deepEqual(await kinds(good), ['SUBSCRIPTION_RENEWED']);
  assert.deepEqual(await kinds(bad), ['SUBSCRIPTION_RENEWAL_FAILED']);
  const [note] = (await list(aurora, await aurora.login(good.email))).items;
  assert.equal(note.target, '/profile/manage');
  assert.ok(note.params.plan.length > 0);
  // Running the scheduler again tells nobody twice.
  await runScheduler(server);
  assert.deepEqual(await kinds(bad), ['SUBSCRIPTION_RENEWAL_FAILED']);
});
