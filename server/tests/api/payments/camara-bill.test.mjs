// The mobile bill through a CAMARA operator (issue 75 items 1 and 5; docs/decisions.md "CAMARA carrier billing"):
// noor's owner sets the operator in the console and switches the mobile-bill option to it; a plan's first period
// and a single purchase are charged with preparePayment -> validatePayment (the code the operator sent) ->
// confirmPayment, the portal's payment id the operator payment's clientCorrelator; a wrong code, the operator's
// attempt limit, a reservation that expired, a second code that cancels the first reservation, a refused line; a
// one-step operator whose code is One Time Password SMS's. The operator is the tests' (support/camara.mjs), every call
// and answer checked by Prism against CAMARA's published YAML.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { expectError, sqlOn } from '../support/server.mjs';
import { data, mySubscriptions } from '../subscriptions/support.mjs';
import { json } from '../staff/staff_flow.mjs';
import { newUser } from '../subscriptions/support.mjs';
import { startCamaraPortal, billCheckout, billPurchase, freshNumber, paymentsOf, assertContractKept } from './camara-support.mjs';

const TRACK = 20001;
let ctx;

before(async () => {
  ctx = await startCamaraPortal();
});
after(async () => ctx?.stop());

const sqlValue = (sql) => sqlOn(ctx.server.database, sql);

test('the console keeps the operator: shapes checked, credentials asked of the operator, the secret sealed and never shown', async () => {
  const { admin, account, operator, settings, camara } = ctx;
  assert.equal(account.configured, true);
  assert.equal(account.authMethod, 'private_key_jwt');
  assert.equal(account.clientSecretHint, 'PEM');
  assert.equal(account.sinkUrl, `https://sink.portal.test/backend/payments/camara/notify/${sqlValue("SELECT id FROM tenants WHERE name = 'noor'")}`);
  const shown = JSON.stringify(await data(await admin('/payment-providers/camara')));
  assert.ok(!shown.includes('PRIVATE KEY'), 'the secret is never shown');
  assert.ok(!sqlValue('SELECT client_secret_sealed FROM camara_accounts').includes('PRIVATE KEY'), 'sealed at rest');
  const audited = JSON.stringify((await data(await admin('/audit?action=payments.camara'))).items);
  assert.ok(audited.includes(operator.clientId) && !audited.includes('PRIVATE KEY'), 'audited without the secret');

  const put = (body) => admin('/payment-providers/camara', json({ ...settings, clientSecret: undefined, version: account.version, ...body }, {}, 'PUT'));
  assert.equal((await expectError(await put({ apiRoot: 'not a url' }), 400, 'VALIDATION_ERROR')).data.field, 'apiRoot');
  assert.equal((await expectError(await put({ currency: 'sar' }), 400, 'VALIDATION_ERROR')).data.field, 'currency');
  assert.equal((await expectError(await put({ steps: 3 }), 400, 'VALIDATION_ERROR')).data.field, 'steps');
  // Credentials the operator does not know are refused when saved (it was asked for a token), not at a payer's bill.
  const stranger = camara.client();
  const refused = await expectError(await put({ clientId: stranger.clientId, clientSecret: operator.clientSecret }), 400, 'VALIDATION_ERROR');
  assert.equal(refused.data.field, 'clientSecret');
  await expectError(await put({ version: 99 }), 409, 'PAYMENT_ACCOUNT_VERSION_CONFLICT');
  // The mobile-bill option bills through the operator: it cannot be removed meanwhile.
  await expectError(await admin('/payment-providers/camara', { method: 'DELETE' }), 409, 'PAYMENT_PROVIDER_IN_USE');
  const providers = (await data(await admin('/payment-options'))).providers.map((p) => `${p.name}:${p.flow}`);
  assert.ok(providers.includes('camara:API'));
});

test('a plan on the bill: the operator prepares the payment and sends its code, the code validates it, confirm charges it', async () => {
  const { camara, noor } = ctx;
  const msisdn = freshNumber();
  const { token, start, step } = await billCheckout(ctx);
  const sent = await data(await step({ msisdn: `+${msisdn}` }));
  assert.equal(sent.nextApiFlowStep, 'PIN');
  assert.ok(sent.sandboxPin == null, 'the operator sent the code: the portal never knows it');
  const sms = camara.sms.at(-1);
  assert.equal(sms.to, `+${msisdn}`);
  const prepared = camara.payments().find((p) => p.amountTransaction.phoneNumber === `+${msisdn}`);
  assert.equal(prepared.paymentStatus, 'pending_validation');
  assert.deepEqual(prepared.amountTransaction.paymentAmount.chargingInformation, { amount: 1.5, currency: 'SAR', description: 'نور اليومي' }, 'the bill\'s line in the customer\'s language (noor: Arabic)');
  assert.equal(prepared.amountTransaction.paymentAmount.chargingMetaData.merchantIdentifier, 'noor-media');
  assert.equal(prepared.sink, `https://sink.portal.test/backend/payments/camara/notify/${sqlValue("SELECT id FROM tenants WHERE name = 'noor'")}`);

  const paid = await data(await step({ pin: camara.lastCode(`+${msisdn}`) }), 201);
  assert.equal(new URL(paid.url).searchParams.get('status'), '200');
  assert.equal(paid.subscription.state, 'ACTIVE');
  const [payment] = await paymentsOf(ctx, token, start.purchaseID);
  assert.equal(payment.status, 'SUCCEEDED');
  assert.equal(payment.instrument, `+${msisdn.slice(0, 4)}•••${msisdn.slice(-3)}`);
  const confirmed = camara.payment(prepared.paymentId);
  assert.equal(confirmed.paymentStatus, 'succeeded');
  assert.equal(confirmed.amountTransaction.clientCorrelator, payment.id, 'the portal\'s payment id is the operator payment\'s correlator');
  assert.equal(confirmed.amountTransaction.referenceCode, payment.id);
  assert.equal(sqlValue(`SELECT provider_ref FROM payments WHERE id = '${payment.id}'`), prepared.paymentId);
  assert.equal(sqlValue(`SELECT token FROM payment_methods WHERE provider = 'camara' AND user_uuid = (SELECT user_uuid FROM payments WHERE id = '${payment.id}')`), msisdn,
    'the number is kept for the renewals');
  const [sub] = await mySubscriptions(noor, token);
  assert.equal(sub.paymentOption, 'operator');
  // The code is spent.
  await expectError(await step({ pin: camara.lastCode(`+${msisdn}`) }), 409, 'USER_ALREADY_SUBSCRIBED');
});

test('a wrong code says how many tries are left; the operator\'s limit ends the reservation; a new code works', async () => {
  const { camara } = ctx;
  const msisdn = freshNumber();
  const { step } = await billCheckout(ctx);
  await data(await step({ msisdn }));
  const prepared = camara.payments().find((p) => p.amountTransaction.phoneNumber === `+${msisdn}`);
  assert.equal((await expectError(await step({ pin: '000000' === camara.lastCode(`+${msisdn}`) ? '111111' : '000000' }), 400, 'INVALID_PIN')).data.triesLeft, 2);
  assert.equal((await expectError(await step({ pin: 'x1' }), 400, 'INVALID_PIN')).data.triesLeft, 1);
  assert.equal((await expectError(await step({ pin: 'x2' }), 400, 'INVALID_PIN')).data.triesLeft, 0);
  assert.equal(camara.payment(prepared.paymentId).paymentStatus, 'denied', 'the operator\'s own limit (VALIDATION_FAILED)');
  assert.equal((await expectError(await step({ pin: camara.lastCode(`+${msisdn}`) }), 400, 'INVALID_PIN')).data.triesLeft, 0);
  await data(await step({ msisdn }));
  await data(await step({ pin: camara.lastCode(`+${msisdn}`) }), 201);
});

test('asking for the code again cancels the first reservation at the operator; a code typed after the reservation expired is refused', async () => {
  const { camara } = ctx;
  const msisdn = freshNumber();
  const { step } = await billCheckout(ctx);
  await data(await step({ msisdn }));
  const first = camara.payments().filter((p) => p.amountTransaction.phoneNumber === `+${msisdn}`).at(-1);
  await data(await step({ msisdn }));
  assert.equal(camara.payment(first.paymentId).paymentStatus, 'cancelled', 'cancelPayment of the replaced reservation');
  // The operator discards a reservation nobody confirmed (its clock moved past it): the code is refused.
  camara.advance(camara.limits.reservationSeconds + 1);
  try {
    assert.equal((await expectError(await step({ pin: camara.lastCode(`+${msisdn}`) }), 400, 'INVALID_PIN')).data.triesLeft, 0);
  } finally {
    camara.advance(-(camara.limits.reservationSeconds + 1));
  }
  const second = camara.payments().filter((p) => p.amountTransaction.phoneNumber === `+${msisdn}`).at(-1);
  assert.equal(camara.payment(second.paymentId).paymentStatus, 'cancelled');
});

test('a line the operator refuses answers at once, without a code: declined, or insufficient when over its threshold', async () => {
  const { camara } = ctx;
  const denied = freshNumber();
  camara.line(`+${denied}`, { denied: 'Unpaid bills' });
  const a = await billCheckout(ctx);
  const declined = await expectError(await a.step({ msisdn: denied }), 490, 'PAYMENT_DECLINED');
  assert.equal(new URL(declined.data.url).searchParams.get('status'), '490');
  const [recorded] = await paymentsOf(ctx, a.token, a.start.purchaseID);
  assert.equal(recorded.status, 'DECLINED', 'the refusal is recorded as the charge');
  const capped = freshNumber();
  camara.line(`+${capped}`, { threshold: 1 });
  const b = await billCheckout(ctx);
  await expectError(await b.step({ msisdn: capped }), 402, 'INSUFFICIENT_FUNDS');
  // A number that is not the operator's is not a number to bill.
  const foreign = freshNumber();
  camara.line(`+${foreign}`, { otherOperator: true });
  const c = await billCheckout(ctx);
  assert.equal((await expectError(await c.step({ msisdn: foreign }), 400, 'INVALID_MSISDN')).data.field, 'msisdn');
});

test('a single purchase on the bill with the operator\'s code lands in the wallet', async () => {
  const { camara, noor } = ctx;
  const msisdn = freshNumber();
  const { token } = await newUser(ctx.server, 'noor');
  const buy = await billPurchase(ctx, token, TRACK, msisdn);
  assert.equal(buy.step.nextApiFlowStep, 'PIN');
  assert.ok(buy.step.sandboxPin == null);
  await expectError(await buy.verify('nope'), 400, 'INVALID_PIN');
  const paid = await data(await buy.verify(camara.lastCode(`+${msisdn}`)), 201);
  assert.equal(paid.purchaseType, 'FULL_TRACK_MUSIC');
  assert.equal(new URL(paid.url).searchParams.get('status'), '200');
  const operatorPayment = camara.payments().find((p) => p.amountTransaction.phoneNumber === `+${msisdn}`);
  assert.equal(operatorPayment.paymentStatus, 'succeeded');
  assert.equal(operatorPayment.amountTransaction.paymentAmount.chargingInformation.description, 'Midnight Drive');
  await expectError(await noor(`/purchase/ArticleOneTimePurchase?articleId=${TRACK}`, { token }), 409, 'ALREADY_OWNED');
});

test('a reservation without a code (no validationInfo): One Time Password SMS proves the number, then confirm', async () => {
  const { camara } = ctx;
  camara.validation = 'none';
  try {
    const msisdn = freshNumber();
    const { step } = await billCheckout(ctx);
    await data(await step({ msisdn }));
    const prepared = camara.payments().find((p) => p.amountTransaction.phoneNumber === `+${msisdn}`);
    assert.equal(prepared.paymentStatus, 'reserved');
    assert.match(camara.sms.at(-1).text, new RegExp(camara.lastCode(`+${msisdn}`)), 'the OTP the operator sent');
    await data(await step({ pin: camara.lastCode(`+${msisdn}`) }), 201);
    assert.equal(camara.payment(prepared.paymentId).paymentStatus, 'succeeded');
  } finally {
    camara.validation = 'validate';
  }
});

test('a one-step operator: the OTP with the spec\'s attempt limit, then createPayment', async () => {
  const { camara, admin, settings } = ctx;
  const current = await data(await admin('/payment-providers/camara'));
  await data(await admin('/payment-providers/camara', json({ ...settings, clientSecret: undefined, steps: 1, version: current.version }, {}, 'PUT')));
  try {
    const msisdn = freshNumber();
    const { step, token, start } = await billCheckout(ctx);
    await data(await step({ msisdn }));
    assert.equal(camara.payments().filter((p) => p.amountTransaction.phoneNumber === `+${msisdn}`).length, 0, 'nothing prepared');
    const sms = camara.sms.at(-1);
    assert.equal(sms.to, `+${msisdn}`);
    // The tenant's own SMS text in the customer's language, with the operator's code where {{pin}} stood.
    assert.ok(sms.text.includes(sms.code) && !sms.text.includes('{{'), sms.text);
    for (let left = camara.limits.otpTries - 1; left > 0; left--)
      assert.equal((await expectError(await step({ pin: 'bad' }), 400, 'INVALID_PIN')).data.triesLeft, left);
    assert.equal((await expectError(await step({ pin: 'bad' }), 400, 'INVALID_PIN')).data.triesLeft, 0, 'VERIFICATION_FAILED');
    await data(await step({ msisdn }));
    await data(await step({ pin: camara.lastCode(`+${msisdn}`) }), 201);
    const [payment] = (await paymentsOf(ctx, token, start.purchaseID)).filter((p) => p.status === 'SUCCEEDED');
    const charged = camara.payments().find((p) => p.amountTransaction.clientCorrelator === payment.id);
    assert.equal(charged.paymentStatus, 'succeeded', 'one step: createPayment under the portal\'s payment id');
  } finally {
    const now = await data(await admin('/payment-providers/camara'));
    await data(await admin('/payment-providers/camara', json({ ...settings, clientSecret: undefined, steps: 2, version: now.version }, {}, 'PUT')));
  }
});

test('one two-legged token serves every call until it expires', async () => {
  const warm = await billCheckout(ctx);
  await expectError(await warm.step({ pin: 'none sent' }), 400, 'INVALID_PIN');
  const first = freshNumber();
  await data(await warm.step({ msisdn: first }));  // a token for the operator's current settings
  const asked = ctx.operator.tokenRequests();
  const msisdn = freshNumber();
  const { step } = await billCheckout(ctx);
  await data(await step({ msisdn }));
  await data(await step({ pin: ctx.camara.lastCode(`+${msisdn}`) }), 201);
  assert.equal(ctx.operator.tokenRequests(), asked, 'the token asked earlier is still good: no new one');
  assert.ok(ctx.operator.assertions.every((a) => a.alg === 'RS256' && a.lifetime <= 300), 'private_key_jwt assertions of at most 300 s');
});

test('the money report has the operator: the mobile bill method, the camara provider; the customer\'s page the masked number', async () => {
  await data(await ctx.admin('/reports/refresh', { method: 'POST' }));
  const revenue = await data(await ctx.admin('/reports/revenue'));
  const taken = Number(sqlValue("SELECT SUM(amount) FROM payments WHERE provider = 'camara' AND status = 'SUCCEEDED'"));
  const row = revenue.byProvider.find((r) => r.provider === 'camara' && r.currency === 'SAR');
  assert.equal(row?.gross, taken, JSON.stringify(revenue.byProvider));
  const mobile = revenue.byMethod.find((r) => r.method === 'mobile_bill' && r.currency === 'SAR');
  assert.ok(mobile && mobile.gross >= taken, JSON.stringify(revenue.byMethod));
});

test('every call the portal made and every answer keep to CAMARA\'s published contract', async () => {
  await ctx.camara.delivered();
  assertContractKept(ctx.camara);
});
