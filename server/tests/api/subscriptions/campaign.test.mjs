// What the subscribe call carries about its origin: marketingCampaign (a
// string or an object) and subscriptionConsentList, kept on the checkout,
// copied to the subscription and answered as marketingCampaign and consents.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, subscribeBody, data, payAtCheckout, mySubscriptions, CARDS } from './support.mjs';

let server, aurora, vela;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  aurora = client(server, 'aurora');
  vela = client(server, 'vela');
});
after(async () => server && (await server.stop()));

async function buy(typeId, extra) {
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(typeId, 'aurora', extra), token }));
  const { location } = await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
  return { token, sub: (await mySubscriptions(aurora, token)).find((s) => s.typeId === typeId) };
}

test('an object campaign and the consents reach the paid subscription', async () => {
  const campaign = { campgainId: 'spring-26', clickId: 'k-91' };
  const consents = ['terms-2026', { id: 'marketing-mail', accepted: true }];
  const { token, sub } = await buy(101, { marketingCampaign: campaign, subscriptionConsentList: consents });
  assert.deepEqual(sub.marketingCampaign, campaign);
  assert.deepEqual(sub.consents, consents);
  const [again] = await mySubscriptions(aurora, token, '?inclSubscriptionType=true');
  assert.deepEqual(again.marketingCampaign, campaign, 'the stored values, not an echo of the request');
});

test('a string campaign is kept as a string; without either the answer says null and []', async () => {
  const { sub } = await buy(102, { marketingCampaign: 'newsletter-nov' });
  assert.equal(sub.marketingCampaign, 'newsletter-nov');
  assert.deepEqual(sub.consents, []);
  const plain = await buy(201, {});
  assert.equal(plain.sub.marketingCampaign, null);
  assert.deepEqual(plain.sub.consents, []);
  const empty = await buy(202, { marketingCampaign: '', subscriptionConsentList: null });
  assert.equal(empty.sub.marketingCampaign, null, 'an empty string is no campaign');
});

test('a second subscribe while the checkout is open answers it; the first call\'s campaign stays', async () => {
  const { token } = await newUser(server, 'aurora');
  const first = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(103, 'aurora', { marketingCampaign: 'first' }), token }));
  const second = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(103, 'aurora', { marketingCampaign: 'second' }), token }));
  assert.equal(second.purchaseID, first.purchaseID);
  await payAtCheckout(first.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  const [sub] = await mySubscriptions(aurora, token);
  assert.equal(sub.marketingCampaign, 'first');
});

test('bad campaign or consents are 400 VALIDATION_ERROR naming the field, before anything is written', async () => {
  const { token } = await newUser(server, 'aurora');
  const post = (extra) => aurora('/subscription', { method: 'POST', body: subscribeBody(101, 'aurora', extra), token });
  for (const [extra, field] of [
    [{ marketingCampaign: 42 }, 'marketingCampaign'],
    [{ marketingCampaign: ['a'] }, 'marketingCampaign'],
    [{ marketingCampaign: { blob: 'x'.repeat(5000) } }, 'marketingCampaign'],
    [{ subscriptionConsentList: 'terms' }, 'subscriptionConsentList'],
    [{ subscriptionConsentList: [1] }, 'subscriptionConsentList'],
    [{ subscriptionConsentList: Array.from({ length: 51 }, (_, i) => `c${i}`) }, 'subscriptionConsentList'],
  ]) {
    const body = await expectError(await post(extra), 400, 'VALIDATION_ERROR');
    assert.equal(body.data.field, field, JSON.stringify(extra).slice(0, 60));
  }
  const start = await data(await post({ marketingCampaign: 'ok' }));
  assert.ok(start.purchaseID, 'nothing was left open by the refused calls');
});

test('the double opt-in given on the open checkout (the operator chosen) is kept by the subscription it pays for (issue 47 item 7)', async () => {
  const { token } = await newUser(server, 'vela');
  const me = await data(await vela('/user/profile', { token }));
  assert.match(me.uuid, /^[0-9a-f-]{36}$/);
  const post = (extra) => vela('/subscription', { method: 'POST', body: subscribeBody(501, 'vela', { userId: me.uuid, ...extra }), token });
  const first = await data(await post({ selectedOptions: [] }));
  assert.deepEqual(first.options.map((o) => o.code).sort(), ['card', 'operator']);
  // The customer chose the mobile bill and ticked the double opt-in: the same checkout, the consent kept on it.
  const consent = { id: 'doubleOptIn', paymentOption: 'operator', text: 'I agree that Vela Start is added to my mobile phone bill.', lang: 'en', givenAt: '2026-11-27T20:00:00Z' };
  const second = await data(await post({ subscriptionConsentList: [consent], selectedOptions: ['operator'] }));
  assert.equal(second.purchaseID, first.purchaseID);
  const operator = second.options.find((o) => o.code === 'operator');
  const step = (body) => vela('/subscription/api', { method: 'POST', body: { paymentOptionUUID: operator.uuid, body }, token });
  const sent = await data(await step({ msisdn: '966501234588' }));
  await data(await step({ pin: sent.sandboxPin }), 201);
  const [sub] = await mySubscriptions(vela, token);
  assert.equal(sub.typeId, 501);
  assert.deepEqual(sub.consents, [consent]);
});

test('consents added on an open checkout by calls made again stop at the one call\'s limit of 50', async () => {
  const { token } = await newUser(server, 'vela');
  const post = (list) => vela('/subscription', { method: 'POST', body: subscribeBody(502, 'vela', { subscriptionConsentList: list }), token });
  const open = await data(await post(Array.from({ length: 40 }, (_, i) => `a${i}`)));
  await data(await post(Array.from({ length: 40 }, (_, i) => `b${i}`)));
  const operator = open.options.find((o) => o.code === 'operator');
  const step = (body) => vela('/subscription/api', { method: 'POST', body: { paymentOptionUUID: operator.uuid, body }, token });
  const sent = await data(await step({ msisdn: '966501234587' }));
  await data(await step({ pin: sent.sandboxPin }), 201);
  const [sub] = await mySubscriptions(vela, token);
  assert.equal(sub.consents.length, 50);
  assert.deepEqual(sub.consents.slice(38, 42), ['a38', 'a39', 'b0', 'b1']);
});

test('userId must be the signed-in user and selectedOptions the plan\'s own payment options; selected ones are all a new checkout offers', async () => {
  const { token } = await newUser(server, 'vela');
  const post = (extra) => vela('/subscription', { method: 'POST', body: subscribeBody(502, 'vela', extra), token });
  const other = await expectError(await post({ userId: '00000000-0000-4000-8000-000000000000' }), 400, 'VALIDATION_ERROR');
  assert.equal(other.data.field, 'userId');
  const unknown = await expectError(await post({ selectedOptions: ['paypal'] }), 400, 'VALIDATION_ERROR');
  assert.equal(unknown.data.field, 'selectedOptions');
  const chosen = await data(await post({ selectedOptions: ['operator'] }));
  assert.deepEqual(chosen.options.map((o) => o.code), ['operator']);
});
