// The kill-an-instance tests of issue 48, with the CAMARA operator as the provider (issue 75 item 1): instances share
// one database; one is killed (SIGKILL) between the operator's answer and the portal's record of it
// (--test-work-delay holds that moment), and another takes the lapsed charge over within the lease:
//  - a renewal's one-step createPayment: the operator is asked what the renewal's payment id became
//    (retrievePayments by clientCorrelator) and its answer recorded: one operator payment, one renewal;
//  - a plan's first period, killed between confirmPayment and its record: nobody writes the checkout's effect from
//    the claim, so the money the operator took goes back at once (a total refund under the portal's own refund id)
//    and the payment is recorded as taken and refunded in full; the customer pays again with a new code, once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sqlOn, startPortal, until } from '../support/server.mjs';
import { startCamara } from '../support/camara.mjs';
import { client, data } from '../subscriptions/support.mjs';
import { configureCamara, billCheckout, freshNumber, assertContractKept, CAMARA_PORTAL_ARGS } from './camara-support.mjs';

const HOLD = ['--test-work-delay', '60000'];
const QUIET = ['--media-job-interval', '0', '--reports-interval', '0'];
let camara, owner, configured;
const started = [];

// Another instance on the owner's database (the same flags but its scheduler's).
async function instance(args) {
  const base = CAMARA_PORTAL_ARGS.filter((a, i, all) => a !== '--scheduler-interval' && all[i - 1] !== '--scheduler-interval');
  const s = await startPortal([...base, ...QUIET, ...args], owner ? { database: owner.database } : {});
  started.push(s);
  return s;
}

before(async () => {
  camara = await startCamara();
  owner = await instance(['--scheduler-interval', '0']);
  configured = await configureCamara(owner, camara);
});
after(async () => {
  for (const s of started.filter((s) => s !== owner)) await s.stop();
  await owner?.stop();
  await camara?.stop();
});

const sql = (query) => sqlOn(owner.database, query);
const ctxOf = (server) => ({ server, camara, noor: client(server, 'noor') });

test('an instance killed between a renewal\'s createPayment and its record: another records the operator\'s answer, one charge', async () => {
  const ctx = ctxOf(owner);
  const msisdn = freshNumber();
  const checkout = await billCheckout(ctx);
  await data(await checkout.step({ msisdn }));
  await data(await checkout.step({ pin: camara.lastCode(`+${msisdn}`) }), 201);
  const [sub] = sql(`SELECT id FROM user_subscriptions WHERE id = (SELECT subscription_id FROM subscription_checkouts WHERE id = '${checkout.start.purchaseID}')`).split('|');
  assert.ok(sub);
  const period = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  sql(`UPDATE user_subscriptions SET next_renewal_date = '${period}', end_date = '${period}' WHERE id = '${sub}'`);
  const reference = `${sub}@${period}`;
  const charge = () => {
    const [id, status] = sql(`SELECT id, status FROM payments WHERE purpose = 'renewal' AND reference = '${reference}' ORDER BY created_at DESC LIMIT 1`).split('|');
    const operator = id ? camara.payments().filter((p) => p.amountTransaction.clientCorrelator === id) : [];
    return { id, status, made: operator.length };
  };
  const doomed = await instance([...HOLD, '--scheduler-interval', '1']);
  const held = await until(charge, (c) => c.made === 1, 20_000, 'the renewal made at the operator by the first instance, not yet recorded');
  assert.equal(held.status, 'PROCESSING');
  process.kill(doomed.pid, 'SIGKILL');
  const killed = Date.now();
  await instance(['--scheduler-interval', '3600']);
  const done = await until(charge, (c) => c.status !== 'PROCESSING', 40_000 - (Date.now() - killed), 'the charge taken over');
  assert.deepEqual(done, { id: held.id, status: 'SUCCEEDED', made: 1 }, 'found by its clientCorrelator, not made again');
  const operatorPayment = camara.payments().find((p) => p.amountTransaction.clientCorrelator === held.id);
  assert.equal(sql(`SELECT provider_ref FROM payments WHERE id = '${held.id}'`), operatorPayment.paymentId);
  assert.equal(Number(sql(`SELECT count(*) FROM subscription_events WHERE subscription_id = '${sub}' AND reason IN ('renewal charged', 'renewal settled')`)), 1, 'renewed once');
});

test('an instance killed between confirmPayment and its record: the money goes back in full, the customer pays again once', async () => {
  const doomed = await instance([...HOLD, '--scheduler-interval', '0']);
  const ctx = ctxOf(doomed);
  const msisdn = freshNumber();
  const checkout = await billCheckout(ctx);
  await data(await checkout.step({ msisdn }));
  const prepared = camara.payments().find((p) => p.amountTransaction.phoneNumber === `+${msisdn}`);
  const answer = checkout.step({ pin: camara.lastCode(`+${msisdn}`) }).then((r) => r.status, () => 'killed');
  await until(() => camara.payment(prepared.paymentId).paymentStatus, (s) => s === 'succeeded', 20_000, 'confirmed at the operator');
  process.kill(doomed.pid, 'SIGKILL');
  // Straight to the portal the call dies with its instance; through the tests' Prism proxy (the SQLite pass) the proxy
  // answers for it with a 5xx. Either way the charge is left PROCESSING (below).
  const outcome = await answer;
  assert.ok(outcome === 'killed' || outcome >= 500, `the call died with its instance: ${outcome}`);
  const id = prepared.amountTransaction.clientCorrelator;
  assert.equal(sql(`SELECT status FROM payments WHERE id = '${id}'`), 'PROCESSING');
  await instance(['--scheduler-interval', '3600']);
  const returned = await until(() => sql(`SELECT status, amount, refunded FROM payments WHERE id = '${id}'`), (s) => !s.startsWith('PROCESSING'), 40_000, 'taken over');
  // Given back while the claim still holds it, then recorded as what it was (issue 76 item 5): taken, all of it refunded.
  const [status, amount, refunded] = returned.split('|');
  assert.equal(status, 'SUCCEEDED');
  assert.equal(refunded, amount);
  const refunds = camara.refunds().filter((r) => r.paymentId === prepared.paymentId);
  assert.deepEqual(refunds.map((r) => [r.type, r.refundStatus]), [['total', 'succeeded']], 'the money taken went back');
  assert.equal(await until(() => sql(`SELECT status FROM payment_refunds WHERE payment_id = '${id}'`), (s) => s !== '', 10_000, 'the refund recorded'), 'SUCCEEDED');
  // The customer's code was spent by the killed call; a new one pays, once.
  const survivor = started.at(-1);
  const again = await billCheckout(ctxOf(survivor));
  await data(await again.step({ msisdn }));
  await data(await again.step({ pin: camara.lastCode(`+${msisdn}`) }), 201);
  assert.equal(camara.payments().filter((p) => p.amountTransaction.phoneNumber === `+${msisdn}` && p.paymentStatus === 'succeeded').length, 2,
    'the killed one (refunded) and the new one');
});

test('every call the instances made and every answer keep to CAMARA\'s published contract', async () => {
  await camara.delivered();
  assertContractKept(camara);
});
