// Time moved with --dev-clock: renewals charge the saved card once per
// period (also with two scheduler runs at once), a failed renewal holds the
// subscription in grace then makes it INACTIVE, a cancelled one ends CANCELED
// at its endDate, a trial ends INACTIVE, a pending payment settles by the
// scheduler, contingents reset or accumulate.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { rmSync } from 'node:fs';
import { client, newUser, subscribeBody, data, payAtCheckout, mySubscriptions, advance, runScheduler, dataDirWith, CARDS, DAY } from './support.mjs';

let server, aurora, dataDir;
const users = {};
before(async () => {
  // The scheduler's report counts every tenant: without the demo subscriptions (subscriber@'s daily noor plan
  // would renew too), the counts are this file's subscriptions alone.
  dataDir = dataDirWith((folder, name, doc) => {
    if (folder === 'users') for (const u of doc.users) delete u.subscriptions;
    return doc;
  });
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock'], { dataDir });
  aurora = client(server, 'aurora');
});
after(async () => {
  if (server) await server.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function buy(name, typeId, card) {
  const user = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(typeId), token: user.token }));
  const { location } = await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, card);
  users[name] = { ...user, typeId, status: location.searchParams.get('status') };
  return users[name];
}

// Tokens live 15 minutes of (moved) time: sign in again after moving it.
async function relogin() {
  for (const u of Object.values(users)) u.token = await aurora.login(u.email);
}
async function sub(name, query = '?inclCancelled=true') {
  const list = await mySubscriptions(aurora, users[name].token, query);
  return list.find((s) => s.typeId === users[name].typeId);
}
async function events(name, id) {
  return data(await aurora(`/dev/subscription/${id}/events`, { token: users[name].token }));
}
const ms = (iso) => new Date(iso).getTime();

test('set-up: one subscription per story', async () => {
  assert.equal((await buy('weekly', 201, CARDS.success)).status, '200');
  assert.equal((await buy('renewalFails', 202, CARDS.renewalFails)).status, '200');
  assert.equal((await buy('cancelled', 301, CARDS.success)).status, '200');
  assert.equal((await buy('daily', 301, CARDS.success)).status, '200');
  assert.equal((await buy('pending', 201, CARDS.pending)).status, '202');
  const trialUser = await newUser(server, 'aurora');
  users.trial = { ...trialUser, typeId: 102 };
  const trial = await data(await aurora('/subscription/subscribeToFreeTrial', {
    method: 'POST', body: { redirect: 'http://localhost:8080/', lang: 'en', subscriptionTypeId: 102 }, token: trialUser.token,
  }), 201);
  assert.equal(trial.subscription.trial, true);
  assert.equal(ms(trial.subscription.endDate) - ms(trial.subscription.startDate), 7 * DAY * 1000);

  const c = await sub('cancelled');
  const cancel = await data(await aurora(`/subscription/${c.id}?lang=en&cancellationFlow=true`, { method: 'DELETE', token: users.cancelled.token }));
  assert.equal(cancel.subscription.state, 'ACTIVE');
  assert.equal(cancel.subscription.cancelRequested, true);
  assert.equal(cancel.subscription.nextRenewalDate, null);
  assert.equal(cancel.subscription.endDate, c.endDate);
  users.weekly.first = await sub('weekly');
  users.daily.first = await sub('daily');
});

test('the dev clock moves; the scheduler settles a pending payment after two minutes', async () => {
  assert.equal((await sub('pending')).state, 'REQUESTED');
  const before = Date.now();
  const { now } = await advance(server, 180);
  assert.ok(ms(now) >= before + 170_000);
  const report = await runScheduler(server);
  assert.equal(report.settled, 1);
  await relogin();
  const s = await sub('pending');
  assert.equal(s.state, 'ACTIVE');
  assert.equal(s.active, true);
});

test('a day later: two concurrent runs renew the daily plan once and end the cancelled one', async () => {
  await advance(server, DAY);
  const [a, b] = await Promise.all([runScheduler(server), runScheduler(server)]);
  assert.equal(a.ended + b.ended, 1);
  assert.equal(a.renewed + b.renewed, 1, `renewed ${a.renewed} + ${b.renewed}`);
  const again = await runScheduler(server);
  assert.equal(again.renewed + again.ended, 0, 'a second run finds nothing to do');
  await relogin();
  const daily = await sub('daily');
  assert.equal(ms(daily.endDate) - ms(users.daily.first.endDate), DAY * 1000, 'one period added');
  assert.deepEqual(daily.contingents, [{ contentTypes: ['online_game'], amount: 10 }], 'accumulated');
  const renewals = (await events('daily', daily.id)).filter((e) => e.reason === 'renewal charged');
  assert.equal(renewals.length, 1);

  const cancelled = await sub('cancelled');
  assert.equal(cancelled.state, 'CANCELED');
  assert.ok(!(await mySubscriptions(aurora, users.cancelled.token)).length, 'CANCELED is left out by default');
  const trail = await events('cancelled', cancelled.id);
  assert.deepEqual(trail.map((e) => [e.fromState, e.toState, e.actor]),
    [[null, 'ACTIVE', 'user'], ['ACTIVE', 'ACTIVE', 'user'], ['ACTIVE', 'CANCELED', 'scheduler']]);
});

test('a week later: the weekly plan renews from its period end, the trial ends INACTIVE', async () => {
  await advance(server, 6 * DAY);
  const report = await runScheduler(server);
  assert.ok(report.renewed >= 1);
  assert.equal(report.trialsEnded, 1);
  await relogin();
  const weekly = await sub('weekly');
  assert.equal(weekly.state, 'ACTIVE');
  assert.equal(ms(weekly.endDate) - ms(users.weekly.first.endDate), 7 * DAY * 1000);
  assert.equal(weekly.nextRenewalDate, weekly.endDate);
  const trial = await sub('trial');
  assert.equal(trial.state, 'INACTIVE');
  assert.equal(trial.active, false);
  // The trial of the music group is used: not eligible again.
  const eligible = await data(await aurora('/subscription/isFreeTrialEligible', { token: users.trial.token }));
  assert.ok(!eligible.subscriptionTypeIds.includes(102));
});

test('a month later: a failed renewal holds the subscription in grace, then INACTIVE', async () => {
  await advance(server, 24 * DAY);
  await runScheduler(server);
  await relogin();
  const held = await sub('renewalFails');
  assert.equal(held.state, 'ACTIVE');
  assert.equal(held.subState, 'PENDING');
  assert.equal(held.active, false);
  assert.ok(held.graceUntil);
  const trailBefore = (await events('renewalFails', held.id)).length;
  // Partner redirection for a held subscription is 402 with data.
  const err = await expectError(await aurora('/partner/getRedirectionUrl', {
    method: 'POST', token: users.renewalFails.token,
    body: { userId: 'x', userUuid: 'x', subTypeIds: [202], partnerName: 'aurora', externalProviderCode: '', partnerProductCode: '' },
  }), 402, 'INSUFFICIENT_FUNDS');
  assert.equal(err.data.subscriptionId, held.id);
  assert.ok(err.data.url);
  // Retried each run; a retry that fails again writes no new event.
  await runScheduler(server);
  assert.equal((await events('renewalFails', held.id)).length, trailBefore);

  await advance(server, 3 * DAY + 3600);
  const report = await runScheduler(server);
  assert.ok(report.failed >= 1);
  await relogin();
  const over = await sub('renewalFails');
  assert.equal(over.state, 'INACTIVE');
  assert.equal(over.subState, null);
  // A new subscribe is possible now.
  assert.ok((await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(202), token: users.renewalFails.token }))).purchaseID);
});

test('the dev calls: /dev/clock validates its input', async () => {
  const res = await fetch(`${server.base}/backend/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceSeconds":-5}' });
  assert.equal(res.status, 400);
});
