// What the CAMARA API tests share: the tests' operator (support/camara.mjs, every call checked by Prism against
// CAMARA's published YAML) and a portal whose noor tenant bills its mobile-bill option through it, set up in the
// console as an operator would (docs/operations.md "A tenant's CAMARA operator").
//
// The operator's notifications go to https://sink.portal.test (--camara-sink-origin: CAMARA's sink is https only);
// the operator forwards that origin to the test portal's own address.
import assert from 'node:assert/strict';
import { startPortal } from '../support/server.mjs';
import { startCamara } from '../support/camara.mjs';
import { client, data, newUser, subscribeBody } from '../subscriptions/support.mjs';
import { demoStaff, staffLogin, json } from '../staff/staff_flow.mjs';

export const SINK_ORIGIN = 'https://sink.portal.test';

// noor's `operator` option put on the CAMARA operator through `server`'s console: { noor, admin, account, operator, settings }.
// steps: 1 or 2 (the console's setting); auth: private_key_jwt or client_secret_jwt.
export async function configureCamara(server, camara, { steps = 2, auth = 'private_key_jwt', numberVerification = true } = {}) {
  const noor = client(server, 'noor');
  const owner = (await staffLogin(noor.api, demoStaff(server.output())['owner@example.com noor'])).token;
  const admin = (path, init = {}) => noor.api(`/admin${path}`, { ...init, headers: { authorization: `Bearer ${owner}`, ...(init.headers ?? {}) } });
  const operator = camara.client({ auth });
  camara.forward(SINK_ORIGIN, server.base);
  const settings = {
    operatorName: 'Noor Mobile', apiRoot: camara.apiRoot, clientId: operator.clientId, clientSecret: operator.clientSecret,
    merchantIdentifier: 'noor-media', currency: 'SAR', steps, numberVerification,
  };
  const account = await data(await admin('/payment-providers/camara', json(settings, {}, 'PUT')));
  operator.allowRedirect(account.redirectUri);  // registered at the operator for Number Verification
  const option = await data(await admin('/payment-options/operator', json({ provider: 'camara', name: { en: 'Mobile bill', ar: 'فاتورة الجوال' } }, {}, 'PUT')));
  assert.deepEqual([option.provider, option.flow], ['camara', 'API']);
  return { noor, admin, account, operator, settings };
}

export const CAMARA_PORTAL_ARGS = ['--scheduler-interval', '0', '--dev-clock', '--camara-sink-origin', SINK_ORIGIN];

// { camara, server, noor, admin, account, operator, settings, stop() }: the operator, and a portal whose noor bills
// its mobile-bill option through it.
export async function startCamaraPortal({ args = [], ...options } = {}) {
  const camara = await startCamara();
  const server = await startPortal([...CAMARA_PORTAL_ARGS, ...args]);
  const configured = await configureCamara(server, camara, options);
  return {
    camara, server, ...configured,
    async stop() {
      await server?.stop();
      await camara?.stop();
    },
  };
}

// A new noor customer subscribing to `typeId` on the bill: the checkout's operator option and its step call.
export async function billCheckout(ctx, typeId = 401) {
  const { token, email } = await newUser(ctx.server, 'noor');
  const start = await data(await ctx.noor('/subscription', { method: 'POST', body: subscribeBody(typeId, 'noor'), token }));
  const uuid = start.options.find((o) => o.flow === 'API').uuid;
  const step = (body, headers) => ctx.noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: uuid, body }, token, headers });
  return { token, email, start, uuid, step };
}

// A new number of its own for each test (the operator keeps its own limits per number).
let next = 0;
export const freshNumber = () => `9665${String(Date.now() % 1e4).padStart(4, '0')}${String(++next).padStart(3, '0')}`;

// The single purchase of `articleId` on the bill: the option's step (the operator sends its code) and verify(code).
export async function billPurchase(ctx, token, articleId, msisdn) {
  const started = await data(await ctx.noor(`/purchase/ArticleOneTimePurchase?articleId=${articleId}`, { token }));
  const choice = await data(await ctx.noor('/subscription/oneTimePaymentOptions', {
    method: 'POST', token, body: { redirectionUrl: 'http://noor.localhost:8080/music', lang: 'en', transactionId: started.transactionId },
  }));
  const option = choice.options.find((o) => o.flow === 'API');
  const res = await ctx.noor('/subscription/oneTimePurchase', {
    method: 'POST', token, body: { paymentOptionUUID: option.paymentOptionUUID, redirectionUrl: 'x', msisdn },
  });
  const step = await data(res);
  const verify = (pin, extra = {}) => ctx.noor('/purchase/VerifyOneTimePurchasePin', {
    method: 'POST', token,
    body: { paymentTransactionUuid: step.paymentTransactionUuid, articleId, pin, purchaseToken: step.purchaseToken, ...extra },
  });
  return { started, step, verify };
}

// The portal's payment rows of a reference (dev stage).
export async function paymentsOf(ctx, token, purchaseID) {
  return data(await ctx.noor(`/dev/payments?purchaseID=${purchaseID}`, { token }));
}

// Nothing outside the published contract, in either direction: Prism's verdicts on the operator's answers and
// notifications, and every request the portal sent (none refused as CAMARA would refuse it).
export function assertContractKept(camara) {
  assert.deepEqual(camara.violations, [], 'Prism: the operator\'s answers and notifications keep to the contract');
  assert.deepEqual(camara.refused, [], 'Prism: every request the portal sent keeps to the contract');
}
