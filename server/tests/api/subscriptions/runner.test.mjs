// The background scheduler runs by itself every --scheduler-interval seconds;
// without --dev-clock the clock call does not exist.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPortal } from '../support/server.mjs';
import { client, newUser, subscribeBody, data, payAtCheckout, mySubscriptions, advance, CARDS } from './support.mjs';

let server, plain;
before(async () => {
  server = await startPortal(['--scheduler-interval', '1', '--dev-clock']);
  plain = await startPortal(['--scheduler-interval', '0']);
});
after(async () => {
  if (server) await server.stop();
  if (plain) await plain.stop();
});

test('a pending payment settles without a manual run once its time has come', async () => {
  const aurora = client(server, 'aurora');
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(201), token }));
  await payAtCheckout(start.options[0].redirectionUrl, CARDS.pending);
  assert.equal((await mySubscriptions(aurora, token))[0].state, 'REQUESTED');
  await advance(server, 150);
  let state;
  for (let i = 0; i < 40 && state !== 'ACTIVE'; i++) {
    await sleep(250);
    state = (await mySubscriptions(aurora, token))[0].state;
  }
  assert.equal(state, 'ACTIVE');
});

test('POST /backend/dev/clock exists only with --dev-clock; the scheduler call exists in the dev stage', async () => {
  const res = await fetch(`${plain.base}/backend/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceSeconds":1}' });
  assert.equal(res.status, 404);
  const run = await fetch(`${plain.base}/backend/dev/scheduler/run`, { method: 'POST' });
  assert.equal(run.status, 200);
  assert.deepEqual(Object.keys((await run.json()).data).sort(), ['ended', 'failed', 'renewed', 'settled', 'trialsEnded']);
});
