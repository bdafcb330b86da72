// Voucher orders on the bill (issue 75 items 1 and 3): the voucher call (spec 2 §7: externalProviderCode and the
// voucher, no code) pays with the number a bill payment saved, a one-step createPayment under the order's payment id
// (docs/decisions.md "CAMARA carrier billing": the number was proven by the operator's code when it was saved); its
// codes are mailed. A refund the operator keeps processing holds the order's codes from its reservation (they stop
// redeeming at once, as Stripe's pending refunds do) and its notification settles it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { expectError, sqlOn } from '../support/server.mjs';
import { data, newUser } from '../subscriptions/support.mjs';
import { mailedCodes, redeem } from '../vouchers/support.mjs';
import { json } from '../staff/staff_flow.mjs';
import { startCamaraPortal, billCheckout, freshNumber, assertContractKept } from './camara-support.mjs';

const VOUCHER = 8001;  // 40.00 SAR on noor, grants Noor Daily
let ctx;
before(async () => {
  ctx = await startCamaraPortal();
});
after(async () => ctx?.stop());

const sqlValue = (sql) => sqlOn(ctx.server.database, sql);
const buy = (token, key = randomUUID()) => ctx.noor('/voucher/consumption/voucher', {
  method: 'POST', token, headers: { 'Idempotency-Key': key },
  body: { externalProviderCode: 'operator', voucherRequest: { voucherId: VOUCHER, quantity: 1 } },
});

let buyer;

test('a voucher on the bill: the number a bill payment saved, one-step createPayment under the order\'s payment id', async () => {
  const msisdn = freshNumber();
  const checkout = await billCheckout(ctx);
  await expectError(await buy(checkout.token), 400, 'NO_SAVED_PAYMENT_METHOD');
  await data(await checkout.step({ msisdn }));
  await data(await checkout.step({ pin: ctx.camara.lastCode(`+${msisdn}`) }), 201);
  const codesSent = ctx.camara.sms.length;
  const bought = await data(await buy(checkout.token));
  assert.equal(bought.codes, 1);
  assert.equal(ctx.camara.sms.length, codesSent, 'no code asked: the saved number');
  const payment = sqlValue(`SELECT id FROM payments WHERE purpose = 'vouchers' AND reference = '${bought.orderId}'`);
  const charged = ctx.camara.payments().find((p) => p.amountTransaction.clientCorrelator === payment);
  assert.ok(charged, 'the operator has the order\'s payment id');
  assert.deepEqual([charged.paymentStatus, charged.amountTransaction.phoneNumber, charged.amountTransaction.paymentAmount.chargingInformation.amount],
    ['succeeded', `+${msisdn}`, 40]);
  const codes = await mailedCodes(ctx.server, 'noor', checkout.email, { ms: 5000 });
  assert.equal(codes.length, 1);
  buyer = { ...checkout, msisdn, payment, codes, orderId: bought.orderId };
});

test('a refund the operator keeps processing holds the codes at once; its notification completes it', async () => {
  ctx.camara.refundMode = 'async';
  try {
    const userId = (await data(await ctx.noor('/user/profile', { token: buyer.token }))).uuid;
    const pending = await data(await ctx.admin(`/customers/${userId}/payments/${buyer.payment}/refunds`,
      json({ amount: 4000, reason: 'Bought by mistake' }, { 'Idempotency-Key': randomUUID() })), 201);
    assert.equal(pending.status, 'PENDING');
    const { token: friend } = await newUser(ctx.server, 'noor');
    await expectError(await redeem(ctx.noor, friend, buyer.codes[0]), 404, 'VOUCHER_NOT_FOUND');
    await ctx.camara.completeRefunds();
    await ctx.camara.delivered();
    assert.equal(sqlValue(`SELECT status FROM payment_refunds WHERE id = '${pending.id}'`), 'SUCCEEDED');
    await expectError(await redeem(ctx.noor, friend, buyer.codes[0]), 404, 'VOUCHER_NOT_FOUND');
  } finally {
    ctx.camara.refundMode = 'sync';
  }
});

test('every call the portal made and every answer keep to CAMARA\'s published contract', async () => {
  await ctx.camara.delivered();
  assertContractKept(ctx.camara);
});
