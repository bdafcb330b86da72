// Mail the customer can keep (issue 34, docs/contracts.md "Customer mail"): a receipt in the
// outbox for a plan bought with 4242…, a notice three days before a trial ends (once, however many
// scheduler runs), dunning with a link on the tenant's public origin for a renewal that fails (the 0341
// card; issue 72 item 3: this portal's own address, never localhost:8080 whatever it runs on), and a
// receipt delivered by SMTP (python3-aiosmtpd) as HTML and plain text. Amounts are written as the
// storefront writes them (issue 72 item 10: "€4.99", "‏٤٫٩٩ ر.س.‏").
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
  const amount = /(€\d+\.\d\d)/.exec(r.body)?.[1];
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
  // The portal's own address (the dev stage's public URL), not the tenant's first allowed origin.
  const origin = `http://localhost:${server.port}`;
  assert.ok(notices[0].body.includes(`${origin}/profile/manage`), notices[0].body);
  assert.ok(notices[0].html.includes(`href="${origin}/profile/manage"`));
  assert.ok(!notices[0].body.includes(':8080'));
});

test('a renewal that fails: dunning with the link to pay again on the tenant origin', async () => {
  await advance(server, 27 * DAY);
  const report = await runScheduler(server);
  assert.ok(report.failed >= 1);
  const dunning = (await outboxMails(server, 'aurora', failing.email)).filter(kind.dunning);
  assert.equal(dunning.length, 1);
  const [d] = dunning;
  const origin = `http://localhost:${server.port}`;
  assert.ok(d.body.includes(`${origin}/profile/manage`), d.body);
  assert.ok(d.html.includes(`href="${origin}/profile/manage"`));
  assert.ok(!d.body.includes(':8080'), 'never the allowed origin of another port');
  assert.match(d.body, /€\d+\.\d\d/);
  // A retry that fails again changes nothing and mails nothing new.
  await runScheduler(server);
  assert.equal((await outboxMails(server, 'aurora', failing.email)).filter(kind.dunning).length, 1);
});

test('pay again from the manage page opens a checkout of the due period with another card or the mobile bill (subscriptions/pay-again.test.mjs)', async () => {
  const token = await aurora.login(failing.email);
  const [held] = await mySubscriptions(aurora, token);
  assert.ok(held.graceUntil, 'in grace');
  const offer = await data(await aurora(`/subscription/payAgain/${held.id}`, { method: 'POST', token,
    body: { redirect: `${ORIGIN.aurora}/profile/manage`, lang: 'en' } }));
  assert.deepEqual(offer.options.map((o) => o.code), ['card', 'operator'], 'not the saved card that keeps failing');
  await expectError(await aurora(`/subscription/payAgain/${held.id}`, { method: 'POST', token: await aurora.login(buyer.email),
    body: { redirect: `${ORIGIN.aurora}/profile/manage`, lang: 'en' } }), 404, 'NO_SUBSCRIPTION_FOUND');
});

test('receipts in Arabic write the amount as the storefront does (issue 72 item 10)', async () => {
  const noor = client(server, 'noor');
  const user = await newUser(server, 'noor');
  const start = await data(await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token: user.token }));
  const step = (body) => noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: start.options[0].uuid, body }, token: user.token });
  const { sandboxPin } = await data(await step({ msisdn: '966501234567' }));
  await data(await step({ pin: sandboxPin }), 201);
  const receipt = (await outboxMails(server, 'noor', user.email)).find((m) => /paymentId|[0-9a-f-]{36}/.test(m.body) && m.html.includes('dir="rtl"'));
  assert.ok(receipt, 'a receipt in Arabic');
  // Arabic-Indic digits and the Saudi riyal's Arabic symbol, as Intl.NumberFormat('ar-EG-u-nu-arab') writes 1.50 SAR.
  assert.ok(receipt.body.includes('\u200f١٫٥٠\u00a0ر.س.\u200f'), receipt.body);
  assert.doesNotMatch(receipt.body, /SAR|1\.50/);
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
