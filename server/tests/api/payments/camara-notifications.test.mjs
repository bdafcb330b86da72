// The operator's notifications (issue 75 item 1; docs/decisions.md "CAMARA carrier billing": what CAMARA leaves open
// about a sink's authentication): CloudEvents to the tenant's sink with the bearer token the portal gave as the
// sinkCredential. A payment the operator keeps processing is PENDING until its payment-completed event, which the
// portal answers 204 after asking the operator (retrievePayment) what the payment became; an event replayed does
// nothing twice, one out of order (an old event after the payment settled, or one that says otherwise than the
// operator) moves nothing, and one without the token, with a forged or another tenant's token is 401. Every event
// the operator sends is checked against its schema in CAMARA's YAML, and every answer of the sink against the
// callback's statuses.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sqlOn } from '../support/server.mjs';
import { data, mySubscriptions } from '../subscriptions/support.mjs';
import { startCamaraPortal, billCheckout, freshNumber, paymentsOf, assertContractKept, SINK_ORIGIN } from './camara-support.mjs';

let ctx;
before(async () => {
  ctx = await startCamaraPortal();
});
after(async () => ctx?.stop());

const sqlValue = (sql) => sqlOn(ctx.server.database, sql);

// A subscription paid on the bill while the operator answers processing and holds its notifications.
async function pendingOnTheBill() {
  const msisdn = freshNumber();
  const checkout = await billCheckout(ctx);
  await data(await checkout.step({ msisdn }));
  const pending = await ctx.noor('/subscription/api', {
    method: 'POST', token: checkout.token, body: { paymentOptionUUID: checkout.uuid, body: { pin: ctx.camara.lastCode(`+${msisdn}`) } },
  });
  assert.equal(pending.status, 202, 'SUBSCRIPTION_PENDING while the operator processes the payment');
  const [payment] = await paymentsOf(ctx, checkout.token, checkout.start.purchaseID);
  assert.equal(payment.status, 'PENDING');
  const operatorPayment = ctx.camara.payments().find((p) => p.amountTransaction.clientCorrelator === payment.id);
  return { ...checkout, msisdn, payment, operatorPayment };
}

test('a payment the operator processes: PENDING, then its payment-completed notification settles it and the plan starts', async () => {
  ctx.camara.mode = 'async';
  ctx.camara.hold = true;
  try {
    const { token, payment, operatorPayment } = await pendingOnTheBill();
    assert.equal(operatorPayment.paymentStatus, 'processing');
    await ctx.camara.complete(operatorPayment.paymentId);
    const [completed] = ctx.camara.heldFor(operatorPayment.paymentId).filter((d) => d.event.type.endsWith('payment-completed'));
    assert.ok(completed, 'the operator\'s payment-completed event');
    assert.equal(completed.url, `${SINK_ORIGIN}/backend/payments/camara/notify/${sqlValue("SELECT id FROM tenants WHERE name = 'noor'")}`);
    assert.ok(completed.token, 'with the sinkCredential\'s access token');
    const first = await ctx.camara.deliver(completed);
    assert.equal(first.status, 204);
    assert.equal(sqlValue(`SELECT status FROM payments WHERE id = '${payment.id}'`), 'SUCCEEDED');
    const [sub] = await mySubscriptions(ctx.noor, token);
    assert.equal(sub.state, 'ACTIVE');
    // Replayed: 204, handled once, nothing twice.
    const again = await ctx.camara.deliver(completed);
    assert.equal(again.status, 204);
    assert.equal(sqlValue(`SELECT COUNT(*) FROM payment_events WHERE provider = 'camara' AND event_id = '${completed.event.id}'`), '1');
    assert.equal(sqlValue(`SELECT COUNT(*) FROM payments WHERE reference = (SELECT reference FROM payments WHERE id = '${payment.id}') AND status = 'SUCCEEDED'`), '1');
  } finally {
    ctx.camara.mode = 'sync';
    ctx.camara.hold = false;
  }
});

test('out of order: an old event after the payment settled, or one that says otherwise than the operator, moves nothing', async () => {
  ctx.camara.mode = 'async';
  ctx.camara.hold = true;
  try {
    const { payment, operatorPayment } = await pendingOnTheBill();
    await ctx.camara.complete(operatorPayment.paymentId);
    const held = ctx.camara.heldFor(operatorPayment.paymentId);
    const completed = held.find((d) => d.event.type.endsWith('payment-completed'));
    const earlier = held.find((d) => d.event.type.endsWith('payment-pending-validation'));
    // The older events arrive last: the completed one first, then the pending-validation and reserved ones.
    assert.equal((await ctx.camara.deliver(completed)).status, 204);
    for (const d of held.filter((x) => x !== completed)) assert.equal((await ctx.camara.deliver(d)).status, 204);
    assert.ok(earlier);
    assert.equal(sqlValue(`SELECT status FROM payments WHERE id = '${payment.id}'`), 'SUCCEEDED');
    // An event that says the payment was denied (a new id, the operator's own token): the operator says succeeded.
    const lie = { ...completed, event: { ...completed.event, id: randomUUID(), type: 'org.camaraproject.carrier-billing.v0.payment-denied',
      data: { paymentId: operatorPayment.paymentId, status: 'failed', description: 'Payment denied', denialReason: 'forged' } } };
    assert.equal((await ctx.camara.deliver(lie)).status, 204);
    assert.equal(sqlValue(`SELECT status FROM payments WHERE id = '${payment.id}'`), 'SUCCEEDED', 'the operator\'s word, not the event\'s');
  } finally {
    ctx.camara.mode = 'sync';
    ctx.camara.hold = false;
  }
});

test('unsigned, forged or another tenant\'s: 401, nothing moves; not a CloudEvent: 400; no such tenant: 410', async () => {
  ctx.camara.mode = 'async';
  ctx.camara.hold = true;
  try {
    const { payment, operatorPayment } = await pendingOnTheBill();
    await ctx.camara.complete(operatorPayment.paymentId);
    const completed = ctx.camara.heldFor(operatorPayment.paymentId).find((d) => d.event.type.endsWith('payment-completed'));
    assert.equal((await ctx.camara.deliver(completed, { withToken: false })).status, 401, 'no token');
    const forged = completed.token.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    assert.equal((await ctx.camara.deliver({ ...completed, token: forged })).status, 401, 'a forged token');
    const [, tenant, expires] = completed.token.split('.');
    assert.equal((await ctx.camara.deliver({ ...completed, token: completed.token.replace(`v1.${tenant}.`, `v1.${Number(tenant) + 1}.`) })).status, 401,
      'another tenant\'s');
    const otherTenant = completed.url.replace(/\/\d+$/, `/${Number(tenant) + 1}`);
    assert.equal((await ctx.camara.deliver({ ...completed, url: otherTenant })).status, 401, 'a token for another sink');
    assert.ok(Number(expires) > Date.now() / 1000, 'the token outlives the payment');
    assert.equal(sqlValue(`SELECT status FROM payments WHERE id = '${payment.id}'`), 'PENDING', 'nothing moved');
    assert.equal((await ctx.camara.deliver(completed, { body: '{"not":"an event"}' })).status, 400);
    assert.equal((await ctx.camara.deliver({ ...completed, url: completed.url.replace(/\/\d+$/, '/01') })).status, 410);
    assert.equal((await ctx.camara.deliver(completed)).status, 204);
    assert.equal(sqlValue(`SELECT status FROM payments WHERE id = '${payment.id}'`), 'SUCCEEDED');
  } finally {
    ctx.camara.mode = 'sync';
    ctx.camara.hold = false;
  }
});

test('every event the operator sent and every answer of the sink keep to CAMARA\'s published contract', async () => {
  await ctx.camara.delivered();
  assertContractKept(ctx.camara);
});
