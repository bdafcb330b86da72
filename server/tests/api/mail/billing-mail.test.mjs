// Mail the customer can keep (issue 34, docs/contracts.md "Customer mail"): a receipt in the
// outbox for a plan bought with 4242…, a notice three days before a trial ends (once, however many
// scheduler runs), dunning with a link on the tenant's origin for a renewal that fails (the 0341
// card), and a receipt delivered by SMTP (python3-aiosmtpd) as HTML and plain text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { startSmtp } from '../support/smtp.mjs';
import { outboxMails } from '../identity/flow.mjs';
import { client, newUser, subscribeBody, data, payAtCheckout, advance, runScheduler, mySubscriptions, CARDS, DAY, ORIGIN } from '../subscriptions/support.mjs';

let server, aurora;
const cleanup = [];
before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  cleanup.push(() => server.stop());
  aurora = client(server, 'aurora');
});
after(async () => {
  for (const stop of cleanup.reverse()) await stop();
});

async function buy(typeId, card) {
  const user = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(typeId), token: user.token }));
  const { location } = await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, card);
  assert.equal(location.searchParams.get('status'), '200');
  return user;
}

const kind = {
  receipt: (m) => /receipt/i.test(m.subject),
  trial: (m) => /free trial/i.test(m.subject),
  dunning: (m) => /could not renew/i.test(m.subject),
};

let buyer, failing, trialUser;

test('a plan bought with 4242: a receipt with the amount, the masked card and the plan, HTML beside the text', async () => {
  buyer = await buy(201, CARDS.success);
  const receipts = (await outboxMails(server, 'aurora', buyer.email)).filter(kind.receipt);
  assert.equal(receipts.length, 1);
  const [r] = receipts;
  const amount = /(\d+\.\d\d EUR)/.exec(r.body)?.[1];
  assert.ok(amount, `an amount in ${r.body}`);
  assert.ok(r.subject.includes(amount));
  assert.match(r.body, /Visa •••• 4242/);
  assert.match(r.body, /Subscription: \S/);
  assert.match(r.body, /Payment ID: [0-9a-f-]{36}/);
  assert.ok(r.html.includes(amount));
  assert.match(r.html, /<html lang="en" dir="ltr">/);
  assert.ok(!/\{\{|\}\}/.test(r.body + r.html), 'no placeholder left');
});

test('set-up: a plan on the card whose renewals fail, and a free trial', async () => {
  failing = await buy(202, CARDS.renewalFails);
  assert.equal((await outboxMails(server, 'aurora', failing.email)).filter(kind.receipt).length, 1);
  trialUser = await newUser(server, 'aurora');
  const trial = await data(await aurora('/subscription/subscribeToFreeTrial', {
    method: 'POST', body: { redirect: `${ORIGIN.aurora}/`, lang: 'en', subscriptionTypeId: 102 }, token: trialUser.token,
  }), 201);
  assert.equal(trial.subscription.trial, true);
});

test('three days before the trial ends: one notice, however many runs', async () => {
  await runScheduler(server);
  assert.equal((await outboxMails(server, 'aurora', trialUser.email)).filter(kind.trial).length, 0, 'not yet');
  await advance(server, 5 * DAY);
  await Promise.all([runScheduler(server), runScheduler(server)]);
  await runScheduler(server);
  const notices = (await outboxMails(server, 'aurora', trialUser.email)).filter(kind.trial);
  assert.equal(notices.length, 1);
  assert.ok(notices[0].body.includes(`${ORIGIN.aurora}/profile/manage`));
  assert.match(notices[0].html, /href="http:\/\/localhost:8080\/profile\/manage"/);
});

test('a renewal that fails: dunning with the link to pay again on the tenant origin', async () => {
  await advance(server, 27 * DAY);
  const report = await runScheduler(server);
  assert.ok(report.failed >= 1);
  const dunning = (await outboxMails(server, 'aurora', failing.email)).filter(kind.dunning);
  assert.equal(dunning.length, 1);
  const [d] = dunning;
  assert.ok(d.body.includes(`${ORIGIN.aurora}/profile/manage`), d.body);
  assert.ok(d.html.includes(`href="${ORIGIN.aurora}/profile/manage"`));
  assert.match(d.body, /\d+\.\d\d EUR/);
  // A retry that fails again changes nothing and mails nothing new.
  await runScheduler(server);
  assert.equal((await outboxMails(server, 'aurora', failing.email)).filter(kind.dunning).length, 1);
});

test('pay again from the manage page: the saved sandbox card is charged with the payer present; only a held plan, only its own', async () => {
  const [failingToken, buyerToken] = [await aurora.login(failing.email), await aurora.login(buyer.email)];
  const [held] = await mySubscriptions(aurora, failingToken);
  assert.ok(held.graceUntil, 'in grace');
  const payAgain = (id, token) => aurora(`/subscription/payAgain/${id}`, { method: 'POST', token,
    body: { redirect: `${ORIGIN.aurora}/profile/manage`, lang: 'en' } });
  const answer = await data(await payAgain(held.id, failingToken));
  const back = new URL(answer.url);
  assert.equal(back.pathname, '/profile/manage');
  assert.equal(back.searchParams.get('status'), '402', 'the 0341 card fails every later charge');
  assert.equal(back.searchParams.get('subTypeId'), String(held.typeId));
  const [still] = await mySubscriptions(aurora, failingToken);
  assert.equal(still.graceUntil, held.graceUntil, 'still held, the grace clock unchanged');
  await expectError(await payAgain(held.id, buyerToken), 404, 'NO_SUBSCRIPTION_FOUND');
  const [fine] = await mySubscriptions(aurora, buyerToken);
  await expectError(await payAgain(fine.id, buyerToken), 409, 'NOTHING_DUE');
  const other = await aurora(`/subscription/payAgain/${held.id}`, { method: 'POST', token: failingToken,
    body: { redirect: 'https://evil.example/', lang: 'en' } });
  await expectError(other, 400, 'INVALID_REDIRECT');
});

test('a receipt reaches the SMTP server as HTML and plain text', async () => {
  const smtp = await startSmtp();
  cleanup.push(() => smtp.stop());
  const mailed = await startPortal(['--scheduler-interval', '0', '--smtp', `127.0.0.1:${smtp.port}`, '--mail-interval', '1',
    '--mail-from', 'Aurora Play <noreply@aurora.example>']);
  cleanup.push(() => mailed.stop());
  const api = client(mailed, 'aurora');
  const user = await newUser(mailed, 'aurora');
  const start = await data(await api('/subscription', { method: 'POST', body: subscribeBody(201), token: user.token }));
  await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  let receipt;
  for (let i = 0; i < 400 && !receipt; i++) {  // bounded: the delivery thread sends it within its interval
    receipt = smtp.messages().find((m) => /receipt/i.test(m.headers.Subject));
    if (!receipt) await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(receipt, `the receipt was delivered:\n${smtp.output()}`);
  assert.deepEqual(receipt.rcptTos, [user.email]);
  assert.equal(receipt.contentType, 'multipart/alternative');
  assert.match(receipt.text, /Visa •••• 4242/);
  assert.match(receipt.html, /<html lang="en" dir="ltr">/);
});
