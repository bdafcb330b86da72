// The operator (API) flow on noor: MSISDN -> PIN by SMS (outbox) -> charge,
// with each sandbox number suffix, wrong PINs, the three-try limit, the
// /subscription/api/{type} shortcut and the mss sign-up URL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, subscribeBody, data, mySubscriptions } from './support.mjs';

let server, noor;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  noor = client(server, 'noor');
});
after(async () => server && (await server.stop()));

async function operatorOption(token) {
  const start = await data(await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token }));
  assert.equal(start.options.length, 1);
  assert.equal(start.options[0].flow, 'API');
  assert.equal(start.type, 'onclick');
  return { start, uuid: start.options[0].uuid };
}

const step = (token, uuid, body, headers) => noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: uuid, body }, token, headers });

test('msisdn -> PIN (in the SMS outbox and, in the dev stage, in the answer) -> 201 with the return URL', async () => {
  const { token } = await newUser(server, 'noor');
  const { start, uuid } = await operatorOption(token);
  const sent = await data(await step(token, uuid, { msisdn: '+966 5012 34567' }));
  assert.equal(sent.nextApiFlowStep, 'PIN');
  assert.match(sent.sandboxPin, /^\d{4}$/);
  assert.equal(typeof sent.message, 'string');
  const outbox = await fetch(`${server.base}/backend/dev/outbox/noor`, { headers: { accept: 'application/json' } });
  const sms = (await outbox.json()).data.find((m) => m.to === '+966501234567'.replace('+', 'sms:+'));
  assert.ok(sms, 'the PIN SMS is in the outbox');
  assert.ok(sms.body.includes(sent.sandboxPin));

  const paid = await data(await step(token, uuid, { pin: sent.sandboxPin }), 201);
  assert.equal(paid.status, 302);
  assert.equal(paid.nextApiFlowStep, null);
  const url = new URL(paid.url);
  assert.equal(url.searchParams.get('status'), '200');
  assert.equal(url.searchParams.get('subTypeId'), '401');
  assert.equal(url.searchParams.get('purchaseID'), start.purchaseID);
  assert.equal(paid.subscription.state, 'ACTIVE');
  const [sub] = await mySubscriptions(noor, token);
  assert.equal(sub.paymentOption, 'operator');
  assert.deepEqual(sub.contingents, [{ contentTypes: ['full_track_music', 'album', 'playlist'], amount: 3 }]);
  // The PIN is spent.
  await expectError(await step(token, uuid, { pin: sent.sandboxPin }), 409, 'USER_ALREADY_SUBSCRIBED');
});

test('a wrong PIN says how many tries are left; after three the PIN is dead', async () => {
  const { token } = await newUser(server, 'noor');
  const { uuid } = await operatorOption(token);
  const { sandboxPin } = await data(await step(token, uuid, { msisdn: '966501112222' }));
  const wrong = sandboxPin === '1000' ? '1001' : '1000';
  assert.equal((await expectError(await step(token, uuid, { pin: wrong }), 400, 'INVALID_PIN')).data.triesLeft, 2);
  assert.equal((await expectError(await step(token, uuid, { pin: wrong }), 400, 'INVALID_PIN')).data.triesLeft, 1);
  assert.equal((await expectError(await step(token, uuid, { pin: wrong }), 400, 'INVALID_PIN')).data.triesLeft, 0);
  assert.equal((await expectError(await step(token, uuid, { pin: sandboxPin }), 400, 'INVALID_PIN')).data.triesLeft, 0);
  // A new PIN works.
  const again = await data(await step(token, uuid, { msisdn: '966501112222' }));
  await data(await step(token, uuid, { pin: again.sandboxPin }), 201);
});

test('INVALID_MSISDN for a number that is not 8-15 digits', async () => {
  const { token } = await newUser(server, 'noor');
  const { uuid } = await operatorOption(token);
  for (const msisdn of ['1234', '1234567890123456', 'abc12345678']) {
    const err = await expectError(await step(token, uuid, { msisdn }), 400, 'INVALID_MSISDN');
    assert.equal(err.data.field, 'msisdn');
  }
  await expectError(await step(token, uuid, {}), 400, 'INVALID_MSISDN');
});

test('numbers ending 0000 are 402, 9999 are 490, 1111 are 202 pending', async () => {
  const cases = [['966500000000', 402, 'INSUFFICIENT_FUNDS'], ['966509999999', 490, 'PAYMENT_DECLINED'], ['966501111111', 202, 'SUBSCRIPTION_PENDING']];
  for (const [msisdn, status, code] of cases) {
    const { token } = await newUser(server, 'noor');
    const { uuid } = await operatorOption(token);
    const { sandboxPin } = await data(await step(token, uuid, { msisdn }));
    const err = await expectError(await step(token, uuid, { pin: sandboxPin }), status, code);
    assert.ok(err.data.url, 'the answer carries the return URL');
    assert.equal(new URL(err.data.url).searchParams.get('status'), String(status));
    const subs = await mySubscriptions(noor, token);
    if (status === 202) assert.equal(subs[0].state, 'REQUESTED');
    else assert.deepEqual(subs, []);
  }
});

test('Idempotency-Key on the PIN step answers the first charge again', async () => {
  const { token } = await newUser(server, 'noor');
  const { uuid } = await operatorOption(token);
  const { sandboxPin } = await data(await step(token, uuid, { msisdn: '966501234500' }));
  const headers = { 'Idempotency-Key': 'pin-1' };
  const first = await step(token, uuid, { pin: sandboxPin }, headers);
  assert.equal(first.status, 201);
  const second = await step(token, uuid, { pin: sandboxPin }, headers);
  assert.equal(second.status, 201);
  assert.equal(await second.text(), await first.text());
  assert.equal((await mySubscriptions(noor, token)).length, 1);
});

test('/subscription/api/{type} starts the checkout and runs the step; a guest gets 401', async () => {
  const { token } = await newUser(server, 'noor');
  const redirectionUrl = 'http://noor.localhost:8080/ar';
  const sent = await data(await noor('/subscription/api/401', { method: 'POST', body: { redirectionUrl, body: { msisdn: '966507654321' } }, token }));
  assert.equal(sent.nextApiFlowStep, 'PIN');
  const paid = await data(await noor('/subscription/api/401', { method: 'POST', body: { redirectionUrl, body: { pin: sent.sandboxPin } }, token }), 201);
  assert.equal(new URL(paid.url).origin, 'http://noor.localhost:8080');
  await expectError(await noor('/subscription/api/401', { method: 'POST', body: { redirectionUrl, body: {} } }), 401);
  await expectError(await noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: 'x', body: {} } }), 401);
});

test('mss sign-up answers the operator sign-in page', async () => {
  const res = await data(await noor('/monsooq/mss-login/api/session/signup', {
    method: 'POST', body: { redirectionUrl: 'http://noor.localhost:8080/', lang: 'ar' },
  }));
  const url = new URL(res.url);
  assert.equal(url.pathname, '/backend/login/noor/network');
  assert.equal(url.searchParams.get('redirectUrl'), 'http://noor.localhost:8080/');
  assert.equal(url.searchParams.get('lang'), 'ar');
  // No CAMARA operator recognises noor's subscribers here: in the dev stage the demo's operator page plays the network,
  // and goes on to the hosted sign-in (identity/code_flow.test.mjs).
  const onward = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location'), server.base);
  assert.equal(onward.pathname, '/backend/operator/noor');
  assert.equal(onward.searchParams.get('signIn'), '1');
  assert.equal(onward.searchParams.get('redirectUrl'), 'http://noor.localhost:8080/');
  await expectError(await noor('/monsooq/mss-login/api/session/signup', { method: 'POST', body: { redirectionUrl: 'https://evil.example/' } }), 400);
});
