// Issue 76 item 5: a cart checkout killed between the card's charge and its record. Another instance takes the
// lapsed charge over (its lease ran out) and, since nobody writes a cart's effect from the claim, gives the money
// back: the payment says what it was (SUCCEEDED, all of it refunded, beside its SUCCEEDED refund), the order is
// closed with its voucher stock released, the customer is mailed and notified that the charge was returned, and the cart, still
// full, pays again once. --test-work-delay holds the moment between the charge and its record; the instances share
// one database.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sqlOn, startPortal, until } from '../support/server.mjs';
import { client, data, newUser, openCheckout, submitCheckout, CARDS } from '../subscriptions/support.mjs';
import { outbox } from '../vouchers/support.mjs';

const QUIET = ['--media-job-interval', '0', '--reports-interval', '0'];
const REDIRECT = 'http://localhost:8080/myCart';
let owner;
const started = [];

async function instance(args) {
  const s = await startPortal([...QUIET, ...args], owner ? { database: owner.database } : {});
  started.push(s);
  return s;
}

before(async () => {
  owner = await instance(['--scheduler-interval', '0']);
});
after(async () => {
  for (const s of started.filter((s) => s !== owner)) await s.stop();
  await owner?.stop();
});

const sql = (query) => sqlOn(owner.database, query);
// What the cart says is left of its one product.
const available = async (server, token) => (await data(await client(server, 'aurora')('/cart', { token }))).items[0].availableNo;

async function mailsTo(server, email) {
  const end = Date.now() + 10_000;
  for (;;) {
    const mails = (await outbox(server, 'aurora')).filter((m) => m.to === email);
    if (mails.length || Date.now() > end) return mails;
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a cart checkout killed between its charge and its record: money back, figures true, stock released, customer told', async () => {
  const doomed = await instance(['--test-work-delay', '60000', '--scheduler-interval', '0']);
  const aurora = client(doomed, 'aurora');
  const { token, email } = await newUser(doomed, 'aurora');
  await data(await aurora('/cart/items/8003', { method: 'PUT', body: { quantity: 2 }, token }));
  const start = await data(await aurora('/cart/checkout', { method: 'POST', token, body: { redirectionUrl: REDIRECT, lang: 'en' } }));
  const before = await available(doomed, token);
  const form = await openCheckout(start.url);
  const answer = submitCheckout(start.url, form, CARDS.success).then((r) => r.res.status, () => 'killed');
  const order = start.purchaseID;
  const payment = () => sql(`SELECT id, status, amount, refunded FROM payments WHERE purpose = 'vouchers' AND reference = '${order}'`);
  const held = await until(payment, (p) => p.includes('|PROCESSING|'), 20_000, 'the charge claimed');
  const [id] = held.split('|');
  await until(() => Number(sql(`SELECT count(*) FROM sandbox_ledger WHERE idempotency_key = '${id}'`)), (n) => n === 1, 20_000, 'charged at the card sandbox');
  assert.equal(await available(doomed, token), before - 2, 'the claim took the stock');
  process.kill(doomed.pid, 'SIGKILL');
  const outcome = await answer;
  assert.ok(outcome === 'killed' || outcome >= 500, `the call died with its instance: ${outcome}`);

  await instance(['--scheduler-interval', '3600']);
  const done = await until(payment, (p) => !p.includes('|PROCESSING|'), 40_000, 'the charge taken over');
  assert.equal(done, `${id}|SUCCEEDED|10000|10000`, 'what it was: taken, and all of it refunded');
  assert.equal(sql(`SELECT status || '|' || amount || '|' || reason FROM payment_refunds WHERE payment_id = '${id}'`),
    'SUCCEEDED|10000|charged but not recorded');
  assert.equal(Number(sql(`SELECT count(*) FROM sandbox_ledger WHERE kind = 'refund' AND amount = 10000 ` +
    `AND idempotency_key = (SELECT id FROM payment_refunds WHERE payment_id = '${id}')`)), 1, 'refunded once at the sandbox');
  assert.equal(sql(`SELECT status || '|' || reserved FROM voucher_orders WHERE id = '${order}'`), 'FAILED|0', 'the order closed');
  const survivor = started.at(-1);
  assert.equal(await available(survivor, token), before, 'its stock released');

  const mail = (await mailsTo(survivor, email)).find((m) => /refund/i.test(m.subject));
  assert.ok(mail, 'a refund receipt');
  assert.match(mail.body, /could not complete what you paid for, so the charge was returned to you in full/);
  assert.match(mail.body, /€100\.00/);
  // And in the portal: a notification that opens the cart (which still holds its items).
  const notes = (await data(await client(survivor, 'aurora')('/notifications', { token }))).items;
  const returned = notes.filter((n) => n.kind === 'PAYMENT_RETURNED');
  assert.equal(returned.length, 1, JSON.stringify(notes));
  assert.equal(returned[0].target, '/myCart');

  // The cart kept its items: it pays again, once, on the survivor.
  const again = await data(await client(survivor, 'aurora')('/cart/checkout', { method: 'POST', token, body: { redirectionUrl: REDIRECT, lang: 'en' } }));
  assert.notEqual(again.purchaseID, order);
  const paid = await submitCheckout(again.url, await openCheckout(again.url), CARDS.success);
  assert.equal(paid.location.searchParams.get('status'), '200');
  assert.equal(Number(sql(`SELECT count(*) FROM payments WHERE purpose = 'vouchers' AND user_uuid = ` +
    `(SELECT uuid FROM users WHERE email = '${email}') AND status = 'SUCCEEDED' AND refunded = 0`)), 1, 'one charge kept');
  const put = await data(await client(survivor, 'aurora')('/cart/items/8003', { method: 'PUT', body: { quantity: 1 }, token }));
  assert.equal(put.items[0].availableNo, before - 2, 'the paid order took its stock, the returned one none');
});
