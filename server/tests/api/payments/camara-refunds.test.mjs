// Refunds on the bill (issue 75 item 3; docs/decisions.md "CAMARA carrier billing"): from the console, through the
// operator's refund API (Carrier Billing Refund 0.3), partial and total, the operator's remaining amount checked first;
// a refund the operator keeps processing is PENDING and follows Stripe's rules (its notification, or the portal asks
// retrieveRefunds when it is late; denied: FAILED and refundable again); the refund's id is its clientCorrelator.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { expectError, sqlOn } from '../support/server.mjs';
import { data, mySubscriptions, advance, runScheduler } from '../subscriptions/support.mjs';
import { json } from '../staff/staff_flow.mjs';
import { CBR } from '../support/camara.mjs';
import { startCamaraPortal, billCheckout, freshNumber, paymentsOf, assertContractKept } from './camara-support.mjs';

const WEEKLY = 402;  // Noor Plus: 14.99 SAR a week
let ctx;
before(async () => {
  ctx = await startCamaraPortal();
});
after(async () => ctx?.stop());

const sqlValue = (sql) => sqlOn(ctx.server.database, sql);

// A noor customer on Noor Plus, paid on the bill: { token, userId, payment, operatorPayment, subscription }.
async function planOnTheBill() {
  const msisdn = freshNumber();
  const checkout = await billCheckout(ctx, WEEKLY);
  await data(await checkout.step({ msisdn }));
  await data(await checkout.step({ pin: ctx.camara.lastCode(`+${msisdn}`) }), 201);
  const [payment] = await paymentsOf(ctx, checkout.token, checkout.start.purchaseID);
  const userId = (await data(await ctx.noor('/user/profile', { token: checkout.token }))).uuid;
  const [subscription] = await mySubscriptions(ctx.noor, checkout.token);
  const operatorPayment = ctx.camara.payments().find((p) => p.amountTransaction.clientCorrelator === payment.id);
  return { ...checkout, msisdn, payment, userId, subscription, operatorPayment };
}

const refund = (userId, paymentId, body) => ctx.admin(`/customers/${userId}/payments/${paymentId}/refunds`,
  json(body, { 'Idempotency-Key': randomUUID() }));

async function subscriptionState(token, id) {
  return (await mySubscriptions(ctx.noor, token, '?inclCancelled=true')).find((s) => s.id === id)?.state;
}

test('a partial refund, then the rest: partial refunds at the operator, its remaining amount down to zero; nothing more', async () => {
  const { userId, payment, operatorPayment } = await planOnTheBill();
  assert.equal(payment.amount.amount, 1499);
  const part = await data(await refund(userId, payment.id, { amount: 499, reason: 'Goodwill', keepPlan: true }), 201);
  assert.equal(part.status, 'SUCCEEDED');
  let refunds = ctx.camara.refunds().filter((r) => r.paymentId === operatorPayment.paymentId);
  assert.equal(refunds.length, 1);
  assert.equal(refunds[0].type, 'partial');
  assert.deepEqual(refunds[0].amountTransaction.refundAmount.chargingInformation, { amount: 4.99, currency: 'SAR', description: 'Refund' });
  assert.equal(refunds[0].amountTransaction.clientCorrelator, part.id, 'the portal\'s refund id is the correlator');
  const rest = await data(await refund(userId, payment.id, { amount: 1000, reason: 'Cancelled' }), 201);
  assert.equal(rest.status, 'SUCCEEDED');
  refunds = ctx.camara.refunds().filter((r) => r.paymentId === operatorPayment.paymentId);
  assert.deepEqual(refunds.map((r) => r.type), ['partial', 'partial']);
  await expectError(await refund(userId, payment.id, { amount: 1, reason: 'Again' }), 409, 'PAYMENT_NOT_REFUNDABLE');
});

test('a total refund ends the plan; the operator\'s refund is total', async () => {
  const { token, userId, payment, subscription, operatorPayment } = await planOnTheBill();
  const done = await data(await refund(userId, payment.id, { amount: 1499, reason: 'Charged twice' }), 201);
  assert.equal(done.status, 'SUCCEEDED');
  const [made] = ctx.camara.refunds().filter((r) => r.paymentId === operatorPayment.paymentId);
  assert.equal(made.type, 'total');
  assert.equal(await subscriptionState(token, subscription.id), 'INACTIVE');
});

test('the operator\'s remaining amount is checked first: what it already gave back elsewhere is not refunded again', async () => {
  const { userId, payment, operatorPayment } = await planOnTheBill();
  // The operator refunded part of it on its own (its customer care): 10 SAR of 14.99 left to give back there.
  const token = ctx.camara.token({ clientId: ctx.operator.clientId });
  const outside = await fetch(`${ctx.camara.apiRoot}${CBR}/payments/${operatorPayment.paymentId}/refunds`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'partial', amountTransaction: { referenceCode: 'care-1', refundAmount: { chargingInformation: { amount: 10, currency: 'SAR', description: 'Care' } } } }),
  });
  assert.equal(outside.status, 201);
  await expectError(await refund(userId, payment.id, { amount: 1499, reason: 'Cancelled' }), 502, 'REFUND_FAILED');
  assert.equal(ctx.camara.refunds().filter((r) => r.paymentId === operatorPayment.paymentId).length, 1, 'nothing asked beyond the remaining amount');
  const part = await data(await refund(userId, payment.id, { amount: 499, reason: 'What is left', keepPlan: true }), 201);
  assert.equal(part.status, 'SUCCEEDED');
});

test('a refund the operator keeps processing is PENDING; its notification settles it and the plan ends', async () => {
  ctx.camara.refundMode = 'async';
  try {
    const { token, userId, payment, subscription } = await planOnTheBill();
    const pending = await data(await refund(userId, payment.id, { amount: 1499, reason: 'Cancelled' }), 201);
    assert.equal(pending.status, 'PENDING');
    assert.equal(await subscriptionState(token, subscription.id), 'ACTIVE', 'not ended before the money is back');
    await ctx.camara.completeRefunds();
    await ctx.camara.delivered();
    const last = ctx.camara.notifications.at(-1);
    assert.equal(last.type, 'org.camaraproject.carrier-billing-refund.v0.refund-completed');
    assert.equal(last.status, 204);
    assert.equal(sqlValue(`SELECT status FROM payment_refunds WHERE id = '${pending.id}'`), 'SUCCEEDED');
    assert.equal(await subscriptionState(token, subscription.id), 'INACTIVE');
  } finally {
    ctx.camara.refundMode = 'sync';
  }
});

test('a pending refund the operator denies, its word lost: the portal asks when it is late; FAILED, refundable again', async () => {
  ctx.camara.refundMode = 'async';
  ctx.camara.hold = true;
  try {
    const { token, userId, payment, subscription } = await planOnTheBill();
    const pending = await data(await refund(userId, payment.id, { amount: 700, reason: 'Partly', keepPlan: true }), 201);
    assert.equal(pending.status, 'PENDING');
    await ctx.camara.denyRefunds();
    await advance(ctx.server, 3 * 60);
    await runScheduler(ctx.server);
    assert.equal(sqlValue(`SELECT status FROM payment_refunds WHERE id = '${pending.id}'`), 'FAILED', 'retrieveRefunds said denied');
    assert.equal(sqlValue(`SELECT refunded FROM payments WHERE id = '${payment.id}'`), '0', 'the amount is refundable again');
    assert.equal(await subscriptionState(token, subscription.id), 'ACTIVE');
  } finally {
    ctx.camara.refundMode = 'sync';
    ctx.camara.hold = false;
    ctx.camara.held.splice(0);
  }
});

test('every call the portal made and every answer keep to CAMARA\'s published contract', async () => {
  await ctx.camara.delivered();
  assertContractKept(ctx.camara);
});
