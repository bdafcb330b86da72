// The sandbox webhook's signed timestamp (docs/security.md "Webhook replay"):
// X-Sandbox-Signature is t=<unix seconds>,v1=<HMAC-SHA256(secret, "<t>.<body>")>.
// A captured event replayed after the 5-minute tolerance is refused, a fresh
// signature of the same event is accepted, and a captured MAC under a changed
// timestamp, a timestamp too far ahead and the old untimed header are refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { startPortal, expectError } from '../support/server.mjs';
import {
  client, newUser, subscribeBody, data, payAtCheckout, advance, sandboxWebhook, webhookSignature, CARDS, WEBHOOK_SECRET,
} from '../subscriptions/support.mjs';

let server, aurora;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock', '--payments-webhook-secret', WEBHOOK_SECRET]);
  aurora = client(server, 'aurora');
});
after(async () => server && (await server.stop()));

// The server's clock in unix seconds: the real one plus what the tests moved it by.
let moved = 0;
const serverNow = () => Math.floor(Date.now() / 1000) + moved;

// A card payment left pending by the sandbox's pending test card.
async function pendingPayment() {
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }));
  await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.pending);
  const payments = async () => data(await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token }));
  const [payment] = await payments();
  assert.equal(payment.status, 'PENDING');
  return { id: payment.id, status: async () => (await payments())[0].status };
}

test('a captured event replayed after the tolerance is refused; the same event signed now is accepted', async () => {
  const payment = await pendingPayment();
  const body = JSON.stringify({ paymentId: payment.id, outcome: 'success' });
  const signedAt = serverNow();
  const captured = webhookSignature(body, { at: signedAt });

  await advance(server, 301);
  moved += 301;
  const replay = await expectError(await sandboxWebhook(server, body, { signature: captured }), 401, 'INVALID_SIGNATURE');
  assert.match(replay.message, /tolerance/);
  // The captured MAC under a fresh timestamp: the timestamp is signed, so it no longer matches.
  const mac = captured.split('v1=')[1];
  const tampered = await expectError(
    await sandboxWebhook(server, body, { signature: `t=${serverNow()},v1=${mac}` }), 401, 'INVALID_SIGNATURE');
  assert.doesNotMatch(tampered.message, /tolerance/);
  // Signed with the right key but dated a minute beyond the tolerance ahead. Not one second beyond: the server's
  // clock can pass a second boundary between signing here and checking there, which puts it back inside (the
  // exact edges are payments_service_test's WebhookSignaturesCarryASignedTimestamp, on a manual clock).
  await expectError(await sandboxWebhook(server, body, { at: serverNow() + 360 }), 401, 'INVALID_SIGNATURE');
  assert.equal(await payment.status(), 'PENDING');

  const settled = await data(await sandboxWebhook(server, body, { at: serverNow() }));
  assert.deepEqual(settled, { paymentId: payment.id, status: 'SUCCEEDED' });
  assert.equal(await payment.status(), 'SUCCEEDED');
});

test('an event signed within the tolerance is accepted; the untimed header of before is refused', async () => {
  const payment = await pendingPayment();
  const body = JSON.stringify({ paymentId: payment.id, outcome: 'decline' });
  const untimed = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
  const old = await expectError(await sandboxWebhook(server, body, { signature: untimed }), 401, 'INVALID_SIGNATURE');
  assert.match(old.message, /t=<unix seconds>,v1=<hex>/);
  await expectError(await fetch(`${server.base}/backend/payments/sandbox/webhook`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body,
  }), 401, 'INVALID_SIGNATURE');
  await expectError(await sandboxWebhook(server, body, { secret: 'another-key', at: serverNow() }), 401, 'INVALID_SIGNATURE');
  assert.equal(await payment.status(), 'PENDING');

  const fourMinutesOld = webhookSignature(body, { at: serverNow() - 240 });
  assert.equal((await data(await sandboxWebhook(server, body, { signature: fourMinutesOld }))).status, 'DECLINED');
});
