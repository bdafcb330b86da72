// Issue 45 item 4: a crash between the work and the stored answer must not run a retried money write twice
// (docs/decisions.md "A crash between the work and the stored answer"; DESIGN "Money is safe to retry").
// Two instances on one database. In a loop, a voucher purchase and a partial refund start on one instance
// with an Idempotency-Key; that instance gets SIGKILL at a varying moment mid-request (the dev-stage flag
// --test-delay-after-commit holds every stored answer back 400 ms, so most kills fall between the committed
// money write and its stored answer, the rest before or inside the work); the same call is retried on the
// other instance with the same key until it answers; then the database is counted: one order, one payment,
// one code per purchase, and one refund per refund call. The killed instance is started again on the same
// database for the next round.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sqlOn, startPortal } from '../support/server.mjs';
import { client, newUser, subscribeBody, data, payAtCheckout, CARDS } from '../subscriptions/support.mjs';
import { demoStaff, staffLogin } from '../staff/staff_flow.mjs';
import { buyCart } from '../vouchers/support.mjs';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 8);
const FLAGS = ['--scheduler-interval', '0', '--test-delay-after-commit', '400', '--idempotency-stale-after', '1'];

let owner;          // the first instance: its stop() drops the database, so it stops last
const live = [];    // [serving, other]
const started = [];

async function instance() {
  const s = owner ? await startPortal(FLAGS, { database: owner.database }) : await startPortal(FLAGS);
  started.push(s);
  return s;
}

before(async () => {
  owner = await instance();
  live.push(owner, await instance());
});
after(async () => {
  for (const s of started.filter((s) => s !== owner)) await s.stop();
  if (owner) await owner.stop();
});

// One statement on the shared database.
const sql = (query) => sqlOn(owner.database, query);
const count = (query) => Number(sql(query));

// Starts `call(server)` on the serving instance, kills that instance after `killAfter` ms, retries the same
// call on the other one until it answers something other than 409 IDEMPOTENCY_KEY_IN_USE; restarts the dead one.
async function crashAndRetry(call, killAfter) {
  const [serving, other] = live;
  const first = call(serving).then((r) => r.status, () => 'killed');
  await sleep(killAfter);
  process.kill(serving.pid, 'SIGKILL');
  await first;
  let res;
  for (let i = 0; i < 40; i++) {
    res = await call(other);
    if (res.status !== 409) break;
    const body = await res.clone().json();
    if (body.error !== 'IDEMPOTENCY_KEY_IN_USE') break;
    await sleep(250);
  }
  live.splice(0, 2, other, await instance());
  return res;
}

test('a voucher purchase killed mid-request and retried elsewhere charges once and issues its codes once', async () => {
  const aurora = client(live[0], 'aurora');  // a live instance (the first may have been killed)
  const { token } = await newUser(live[0], 'aurora');
  await buyCart(aurora, token, { 8005: 1 }, CARDS.success);  // saves the card
  const user = (await data(await aurora('/user/profile', { token }))).uuid;
  const body = { externalProviderCode: 'card', voucherRequest: { voucherId: 8001, quantity: 1 } };
  const orderIds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const key = randomUUID();
    const buy = (server) =>
      client(server, 'aurora')('/voucher/consumption/voucher', { method: 'POST', body, token, headers: { 'Idempotency-Key': key } });
    const res = await crashAndRetry(buy, 20 + Math.floor(Math.random() * 480));
    const bought = await data(res);
    assert.equal(bought.codes, 1, `round ${round}`);
    orderIds.push(bought.orderId);
    // The answer is kept now: a repeat replays it.
    const again = await buy(live[0]);
    assert.equal((await data(again)).orderId, bought.orderId);
  }
  assert.equal(new Set(orderIds).size, ROUNDS);
  const voucherOrders = `FROM voucher_orders WHERE user_uuid = '${user}' AND source = 'voucher'`;
  assert.equal(count(`SELECT COUNT(*) ${voucherOrders} AND status = 'PAID'`), ROUNDS, 'one paid order per key');
  assert.equal(count(`SELECT COUNT(*) FROM payments WHERE user_uuid = '${user}' AND purpose = 'vouchers' AND status = 'SUCCEEDED' AND refunded = 0 ` +
                     `AND reference IN (SELECT id ${voucherOrders})`), ROUNDS, 'one charge per key');
  assert.equal(count(`SELECT COUNT(*) FROM voucher_codes WHERE order_id IN (SELECT id ${voucherOrders})`), ROUNDS, 'one code per key');
  assert.equal(count(`SELECT COUNT(*) FROM payments WHERE user_uuid = '${user}' AND status = 'PROCESSING'`), 0, 'no charge left in flight');
});

test('a partial refund killed mid-request and retried elsewhere refunds once', async () => {
  const aurora = client(live[0], 'aurora');
  const staff = demoStaff(owner.output());  // printed by the first instance's seed
  const finance = (await staffLogin(aurora.api, staff['finance@example.com aurora'])).token;
  const { token } = await newUser(live[0], 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token }));
  await payAtCheckout(start.options[0].redirectionUrl, CARDS.success);
  const [payment] = await data(await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token }));
  assert.equal(payment.status, 'SUCCEEDED');
  const user = (await data(await aurora('/user/profile', { token }))).uuid;
  const path = `/admin/customers/${user}/payments/${payment.id}/refunds`;
  const part = 10;  // cents per round; the payment covers every round
  assert.ok(payment.amount.amount >= part * ROUNDS);
  const refundIds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const key = randomUUID();
    const refund = (server) =>
      client(server, 'aurora')(path, { method: 'POST', body: { amount: part, reason: 'Goodwill', keepPlan: true }, token: finance,
                                       headers: { 'Idempotency-Key': key } });
    const res = await crashAndRetry(refund, 20 + Math.floor(Math.random() * 480));
    const done = await data(res, 201);
    assert.equal(done.status, 'SUCCEEDED', `round ${round}`);
    refundIds.push(done.id);
  }
  assert.equal(new Set(refundIds).size, ROUNDS);
  const listed = await data(await client(live[0], 'aurora')(path, { token: finance }));
  assert.equal(listed.refunds.length, ROUNDS, 'one refund per key');
  assert.equal(listed.refunded, part * ROUNDS, 'what was refunded is what the calls asked');
  assert.equal(count(`SELECT COUNT(*) FROM payment_refunds WHERE payment_id = '${payment.id}' AND status = 'SUCCEEDED'`), ROUNDS);
  assert.equal(count(`SELECT COALESCE(SUM(amount), 0) FROM payment_refunds WHERE payment_id = '${payment.id}'`), part * ROUNDS);
});
