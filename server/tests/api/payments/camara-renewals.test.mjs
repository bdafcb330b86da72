// Renewals on the bill (issue 75 item 2; docs/decisions.md "CAMARA carrier billing"): CAMARA Carrier Billing v0.5
// has one-off payments only, so each period of a plan paid on the bill is a one-step createPayment with the
// two-legged token and the number the first payment saved, the renewal's payment id its clientCorrelator; noor's
// daily plan renews daily on the dev clock; a renewal the operator denies holds the plan in grace with the dunning
// mail, as the card path does, and the next run that the operator takes pays it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sqlOn } from '../support/server.mjs';
import { data, mySubscriptions, advance, runScheduler, DAY } from '../subscriptions/support.mjs';
import { outboxMails } from '../identity/flow.mjs';
import { startCamaraPortal, billCheckout, freshNumber, assertContractKept } from './camara-support.mjs';

let ctx;
before(async () => {
  ctx = await startCamaraPortal();
});
after(async () => ctx?.stop());

const sqlValue = (sql) => sqlOn(ctx.server.database, sql);
const ms = (iso) => new Date(iso).getTime();

// Both clocks a day on (the portal's dev clock and the operator's), and the scheduler's run.
async function nextDay() {
  await advance(ctx.server, DAY);
  ctx.camara.advance(DAY);
  return runScheduler(ctx.server);
}

// A noor customer on the daily plan, paid on the bill with `msisdn`.
async function dailyOnTheBill(msisdn) {
  const checkout = await billCheckout(ctx);
  await data(await checkout.step({ msisdn }));
  await data(await checkout.step({ pin: ctx.camara.lastCode(`+${msisdn}`) }), 201);
  return checkout;
}

let daily;
let denied;

test('set-up: two daily plans on the bill; one line the operator will deny', async () => {
  daily = { msisdn: freshNumber() };
  Object.assign(daily, await dailyOnTheBill(daily.msisdn));
  denied = { msisdn: freshNumber() };
  Object.assign(denied, await dailyOnTheBill(denied.msisdn));
  [daily.first] = await mySubscriptions(ctx.noor, daily.token);
  assert.equal(daily.first.state, 'ACTIVE');
});

test('a day later the daily plan renews on the bill: one-step createPayment with the saved number, no code', async () => {
  const codes = ctx.camara.sms.length;
  ctx.camara.line(`+${denied.msisdn}`, { denied: 'The line has unpaid bills' });
  const report = await nextDay();
  assert.ok(report.renewed >= 1, JSON.stringify(report));
  assert.equal(ctx.camara.sms.length, codes, 'a renewal asks the subscriber nothing');
  const token = await ctx.noor.login(daily.email);
  const [sub] = await mySubscriptions(ctx.noor, token);
  assert.equal(ms(sub.endDate) - ms(daily.first.endDate), DAY * 1000, 'one day added');
  const renewal = sqlValue(`SELECT id FROM payments WHERE purpose = 'renewal' AND reference LIKE '${sub.id}@%' AND status = 'SUCCEEDED'`);
  assert.ok(renewal, 'the renewal is paid');
  const charged = ctx.camara.payments().find((p) => p.amountTransaction.clientCorrelator === renewal);
  assert.ok(charged, 'the operator has it under the renewal\'s payment id');
  assert.equal(charged.paymentStatus, 'succeeded');
  assert.equal(charged.amountTransaction.phoneNumber, `+${daily.msisdn}`);
  assert.equal(sqlValue(`SELECT provider_ref FROM payments WHERE id = '${renewal}'`), charged.paymentId);
  // Daily: another day, another period.
  await nextDay();
  const [again] = await mySubscriptions(ctx.noor, await ctx.noor.login(daily.email));
  assert.equal(ms(again.endDate) - ms(daily.first.endDate), 2 * DAY * 1000);
});

test('a renewal the operator denies holds the plan in grace and dunns; the next run the operator takes pays it', async () => {
  const token = await ctx.noor.login(denied.email);
  const [held] = await mySubscriptions(ctx.noor, token);
  assert.equal(held.state, 'ACTIVE');
  assert.equal(held.subState, 'PENDING');
  assert.ok(held.graceUntil, 'in grace');
  const dunning = (await outboxMails(ctx.server, 'noor', denied.email)).find((m) => /renew|تجديد/i.test(m.subject));
  assert.ok(dunning, 'dunned');
  assert.equal(sqlValue(`SELECT status FROM payments WHERE purpose = 'renewal' AND reference LIKE '${held.id}@%' ORDER BY created_at LIMIT 1`), 'DECLINED');

  ctx.camara.line(`+${denied.msisdn}`, { denied: undefined });
  await runScheduler(ctx.server);
  const [paid] = await mySubscriptions(ctx.noor, await ctx.noor.login(denied.email));
  assert.equal(paid.graceUntil, null, 'out of grace');
  assert.equal(paid.active, true);
  assert.equal(sqlValue(`SELECT COUNT(*) FROM payments WHERE purpose = 'renewal' AND reference LIKE '${held.id}@%' AND status = 'SUCCEEDED'`), '1');
});

test('an operator that answers processing: the renewal is pending until its word, and asked when the word is late', async () => {
  ctx.camara.mode = 'async';
  ctx.camara.hold = true;  // the notification never comes: the portal asks retrievePayment
  try {
    await nextDay();
    const token = await ctx.noor.login(daily.email);
    const [sub] = await mySubscriptions(ctx.noor, token);
    const pending = sqlValue(`SELECT id FROM payments WHERE purpose = 'renewal' AND reference LIKE '${sub.id}@%' AND status = 'PENDING'`);
    assert.ok(pending, 'the operator answered processing: PENDING');
    await ctx.camara.complete();
    await advance(ctx.server, 3 * 60);  // past the look (2 minutes)
    await runScheduler(ctx.server);
    assert.equal(sqlValue(`SELECT status FROM payments WHERE id = '${pending}'`), 'SUCCEEDED', 'settled by asking the operator');
  } finally {
    ctx.camara.mode = 'sync';
    ctx.camara.hold = false;
  }
});

test('every call the portal made and every answer keep to CAMARA\'s published contract', async () => {
  await ctx.camara.delivered();
  assertContractKept(ctx.camara);
});
