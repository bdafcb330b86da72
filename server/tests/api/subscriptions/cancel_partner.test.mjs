// Cancel paths, tenant isolation, trials, voucherbook eligibility, partner
// metadata, external codes and the partner redirection.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, subscribeBody, data, payAtCheckout, mySubscriptions, CARDS, GUEST } from './support.mjs';

let server, aurora, noor, vela;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
  vela = client(server, 'vela');
});
after(async () => server && (await server.stop()));

async function buy(call, tenant, typeId, token) {
  const start = await data(await call('/subscription', { method: 'POST', body: subscribeBody(typeId, tenant), token }));
  const { location } = await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
  return (await mySubscriptions(call, token)).find((s) => s.typeId === typeId);
}

test('cancel: ACTIVE with cancelRequested, the allowed redirectionUrl back; twice is 409; unknown is 404', async () => {
  const { token } = await newUser(server, 'aurora');
  const sub = await buy(aurora, 'aurora', 202, token);
  const back = encodeURIComponent('http://localhost:8080/profile');
  const res = await data(await aurora(`/subscription/${sub.id}?lang=en&redirectionUrl=${back}&cancellationFlow=true`, { method: 'DELETE', token }));
  assert.equal(res.redirectionUrl, 'http://localhost:8080/profile');
  assert.equal(res.subscription.state, 'ACTIVE');
  assert.equal(res.subscription.active, true, 'paid time is kept');
  assert.equal(res.subscription.cancelRequested, true);
  assert.equal(res.subscription.nextRenewalDate, null);
  await expectError(await aurora(`/subscription/${sub.id}`, { method: 'DELETE', token }), 409, 'SUBSCRIPTION_NOT_ACTIVE');
  await expectError(await aurora('/subscription/00000000-0000-4000-8000-000000000000', { method: 'DELETE', token }), 404, 'NO_SUBSCRIPTION_FOUND');
  await expectError(await aurora(`/subscription/${sub.id}`, { method: 'DELETE' }), 401);
  const evil = await data(await aurora(`/subscription/${(await buy(aurora, 'aurora', 301, token)).id}?redirectionUrl=${encodeURIComponent('https://evil.example/')}`, { method: 'DELETE', token }));
  assert.equal(evil.redirectionUrl, null, 'a foreign redirection is dropped');
});

test('another user cannot see or cancel my subscription (404)', async () => {
  const { token } = await newUser(server, 'aurora');
  const sub = await buy(aurora, 'aurora', 301, token);
  const other = await aurora.login(GUEST);
  assert.ok(!(await mySubscriptions(aurora, other)).some((s) => s.id === sub.id));
  await expectError(await aurora(`/subscription/${sub.id}`, { method: 'DELETE', token: other }), 404, 'NO_SUBSCRIPTION_FOUND');
  await expectError(await aurora(`/subscription/${sub.id}/partnerMetadata/attributes`, { method: 'PUT', body: { value: { a: 1 } }, token: other }), 404);
});

test('tenant isolation: a noor user cannot see or cancel aurora subscriptions', async () => {
  const { token } = await newUser(server, 'aurora');
  const sub = await buy(aurora, 'aurora', 201, token);
  await expectError(await noor('/subscription', { token }), 401, 'UNAUTHORIZED');
  const noorToken = await noor.login(GUEST); // subscriber@ holds noor's demo plan
  assert.deepEqual(await mySubscriptions(noor, noorToken), []);
  await expectError(await noor(`/subscription/${sub.id}`, { method: 'DELETE', token: noorToken }), 404, 'NO_SUBSCRIPTION_FOUND');
  await expectError(await noor('/subscription', { method: 'POST', body: subscribeBody(201, 'noor'), token: noorToken }), 404, 'SUBSCRIPTION_TYPE_NOT_FOUND');
  assert.equal((await mySubscriptions(aurora, token))[0].state, 'ACTIVE');
});

test('a type with a cancelUrl answers it and changes nothing', async () => {
  const { token } = await newUser(server, 'vela');
  const sub = await buy(vela, 'vela', 501, token);
  const res = await data(await vela(`/subscription/${sub.id}?lang=de&cancellationFlow=true`, { method: 'DELETE', token }));
  assert.equal(res.redirectionUrl, 'https://partner.vela.example/cancel');
  assert.equal(res.subscription.cancelRequested, false);
  assert.equal((await mySubscriptions(vela, token))[0].cancelRequested, false);
});

test('trials: eligibility, subscribe once per group, TRIAL_ALREADY_USED, NOT_ELIGIBLE', async () => {
  assert.deepEqual(await data(await aurora('/subscription/isFreeTrialEligible')), { eligible: false, subscriptionTypeIds: [] });
  const { token } = await newUser(server, 'aurora');
  assert.deepEqual(await data(await aurora('/subscription/isFreeTrialEligible', { token })), { eligible: true, subscriptionTypeIds: [102] });
  await expectError(await aurora('/subscription/subscribeToFreeTrial', { method: 'POST', body: { redirect: 'http://localhost:8080/', lang: 'en', subscriptionTypeId: 101 }, token }), 400, 'NOT_ELIGIBLE');
  const trial = await data(await aurora('/subscription/subscribeToFreeTrial', { method: 'POST', body: { redirect: 'http://localhost:8080/x', lang: 'en' }, token }), 201);
  const url = new URL(trial.url);
  assert.deepEqual([url.searchParams.get('status'), url.searchParams.get('type'), url.searchParams.get('subTypeId')], ['200', 'trial', '102']);
  assert.equal(trial.subscription.trial, true);
  assert.equal(trial.subscription.active, true);
  assert.deepEqual(await data(await aurora('/subscription/isFreeTrialEligible', { token })), { eligible: false, subscriptionTypeIds: [] });
  // Cancelling the trial keeps it until its end; a second trial of the group is refused.
  await data(await aurora(`/subscription/${trial.subscription.id}`, { method: 'DELETE', token }));
  await expectError(await aurora('/subscription/subscribeToFreeTrial', { method: 'POST', body: { redirect: 'http://localhost:8080/', lang: 'en' }, token }), 409);
  await expectError(await aurora('/subscription/subscribeToFreeTrial', { method: 'POST', body: { redirect: 'http://localhost:8080/', lang: 'en' } }), 401);
  const noorToken = (await newUser(server, 'noor')).token;
  const noorTrial = await data(await noor('/subscription/subscribeToFreeTrial', { method: 'POST', body: { redirect: 'http://noor.localhost:8080/', lang: 'ar' }, token: noorToken }), 201);
  assert.equal(new Date(noorTrial.subscription.endDate) - new Date(noorTrial.subscription.startDate), 3 * 86400e3);
  await expectError(await noor('/subscription/subscribeToFreeTrial', { method: 'POST', body: { redirect: 'http://noor.localhost:8080/', lang: 'ar' }, token: noorToken }), 409);
});

test('two simultaneous trial requests make one trial', async () => {
  const { token } = await newUser(server, 'aurora');
  const body = { redirect: 'http://localhost:8080/', lang: 'en' };
  const answers = await Promise.all([1, 2, 3].map(() => aurora('/subscription/subscribeToFreeTrial', { method: 'POST', body, token })));
  assert.deepEqual(answers.map((r) => r.status).sort(), [201, 409, 409]);
  assert.equal((await mySubscriptions(aurora, token)).length, 1);
});

test('voucherbook eligibility and partner metadata', async () => {
  const { token } = await newUser(server, 'aurora');
  assert.deepEqual(await data(await aurora('/subscription/isVoucherbookEligible?subsTypeId=201', { token })), { eligible: false });
  const sub = await buy(aurora, 'aurora', 201, token);
  assert.deepEqual(await data(await aurora('/subscription/isVoucherbookEligible?subsTypeId=201', { token })), { eligible: true });
  assert.deepEqual(await data(await aurora('/subscription/isVoucherbookEligible?subsTypeId=201')), { eligible: false });
  const first = await data(await aurora(`/subscription/${sub.id}/partnerMetadata/attributes`, { method: 'PUT', body: { value: { device: 'tv' } }, token }));
  assert.deepEqual(first.partnerMetadata, { device: 'tv' });
  const second = await data(await aurora(`/subscription/${sub.id}/partnerMetadata/attributes`, { method: 'PUT', body: { value: { seat: 2 } }, token }));
  assert.deepEqual(second.partnerMetadata, { device: 'tv', seat: 2 });
  const bad = await expectError(await aurora(`/subscription/${sub.id}/partnerMetadata/attributes`, { method: 'PUT', body: { value: 3 }, token }), 400);
  assert.equal(bad.data.field, 'value');
});

test('external codes: 1 valid, 2 unknown, 3 expired, 4 pending', async () => {
  const check = async (code, token) => data(await vela('/subscription/validate/external', { method: 'POST', body: { externalProviderCode: code }, token }));
  assert.deepEqual(await check('VELA-PARTNER-2026'), { validity: 1, subscriptionTypeId: 501 });
  assert.deepEqual(await check('NOPE'), { validity: 2, subscriptionTypeId: null });
  assert.deepEqual(await check('VELA-OLD-2020'), { validity: 3, subscriptionTypeId: 501 });
  assert.deepEqual(await data(await aurora('/subscription/validate/external', { method: 'POST', body: { externalProviderCode: 'VELA-PARTNER-2026' } })),
    { validity: 2, subscriptionTypeId: null }, 'codes belong to their tenant');
  // The partner redirection opens the sandbox checkout; a pending payment from that code is validity 4.
  const { token } = await newUser(server, 'vela');
  const redirect = await data(await vela('/partner/getRedirectionUrl', {
    method: 'POST', token,
    body: { userId: 'u', userUuid: 'u', subTypeIds: [501], partnerName: 'vela', externalProviderCode: 'VELA-PARTNER-2026', partnerProductCode: 'start' },
  }));
  assert.match(redirect.url, /\/backend\/checkout\/[0-9a-f-]{36}\?lang=/);
  const { location } = await payAtCheckout(redirect.url, CARDS.pending);
  assert.equal(location.searchParams.get('status'), '202');
  assert.deepEqual(await check('VELA-PARTNER-2026', token), { validity: 4, subscriptionTypeId: 501 });
  await expectError(await vela('/partner/getRedirectionUrl', { method: 'POST', body: { subTypeIds: [] }, token }), 400);
  await expectError(await vela('/partner/getRedirectionUrl', { method: 'POST', body: { subTypeIds: [501], redirectionUrl: 7 }, token }), 400);
  await expectError(await vela('/partner/getRedirectionUrl', { method: 'POST', body: { subTypeIds: [501] } }), 401);
});

test('partner redirection: the checkout returns to an allowed redirectionUrl, else to <origin>/subscription', async () => {
  const { token } = await newUser(server, 'vela');
  const post = (body) => vela('/partner/getRedirectionUrl', { method: 'POST', token, body: { subTypeIds: [501], partnerName: 'vela', ...body } });
  const bad = await expectError(await post({ redirectionUrl: 'https://evil.example/welcome' }), 400, 'INVALID_REDIRECT');
  assert.equal(bad.data.field, 'redirectionUrl');
  const { url } = await data(await post({ redirectionUrl: 'http://vela.localhost:8080/partner/welcome?from=partner' }));
  const { location } = await payAtCheckout(url, CARDS.success);
  assert.equal(location.origin + location.pathname, 'http://vela.localhost:8080/partner/welcome');
  assert.equal(location.searchParams.get('from'), 'partner');
  assert.equal(location.searchParams.get('status'), '200');
  assert.equal(location.searchParams.get('subTypeId'), '501');

  const other = await newUser(server, 'vela');
  const plain = await data(await vela('/partner/getRedirectionUrl', { method: 'POST', token: other.token, body: { subTypeIds: [502], redirectionUrl: '' } }));
  const back = await payAtCheckout(plain.url, CARDS.success);
  assert.equal(back.location.pathname, '/subscription', 'no redirectionUrl: the plans page of the origin asked');
  assert.equal(back.location.searchParams.get('subTypeId'), '502');
});
