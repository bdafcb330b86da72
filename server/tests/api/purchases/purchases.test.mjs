// Purchases (issue 12): the one entitlement decision behind every paid media
// URL, purchase options per case, single purchases with the sandbox card page
// and the operator PIN, pending settlement, the wallet page header, downloads
// only when entitled, credits spent once under concurrency, bad bodies.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal, expectError } from '../support/server.mjs';
import {
  client, newUser, subscribeBody, data, payAtCheckout, mySubscriptions, advance, runScheduler, CARDS, ORIGIN,
} from '../subscriptions/support.mjs';
import { outboxMails } from '../identity/flow.mjs';

const TRACK = 20001; // Midnight Drive, album 2102 (5 tracks)
const ALBUM = 2102;
const GAME = 4501; // Kingdoms of Ash, Windows only
let server, aurora, noor, mediaRoot;

before(async () => {
  // The one media file the download test fetches (generated media is not needed).
  mediaRoot = mkdtempSync(join(tmpdir(), 'portal-purchases-media-'));
  mkdirSync(join(mediaRoot, 'audio'));
  writeFileSync(join(mediaRoot, 'audio', '20001.mp3'), 'FULL-20001');
  // A game to download: its directory and the package of it (scripts/media/games.mjs makes the demo's).
  mkdirSync(join(mediaRoot, 'games', 'lane-racer-4504'), { recursive: true });
  writeFileSync(join(mediaRoot, 'games', 'lane-racer-4504', 'index.html'), '<script src="game.js"></script>');
  writeFileSync(join(mediaRoot, 'games', 'lane-racer-4504', 'package.zip'), 'PK-PACKAGE-4504');
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock', '--media-root', mediaRoot]);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
});
after(async () => {
  if (server) await server.stop();
  rmSync(mediaRoot, { recursive: true, force: true });
});

const options = (call, id, token, query = '') => call(`/purchase/ArticlePurchaseOptions/${id}${query}`, { token });
// consume=true: the user confirmed spending a credit where one is the way (credit-confirmation.test.mjs).
const media = (call, id, token, consume = false) => call(`/media/${id}?kind=full${consume ? '&consume=true' : ''}`, { token });

async function buyWithPin(call, token, articleId, msisdn) {
  const started = await data(await call(`/purchase/ArticleOneTimePurchase?articleId=${articleId}`, { token }));
  const choice = await data(
    await call('/subscription/oneTimePaymentOptions', {
      method: 'POST', token,
      body: { redirectionUrl: `${ORIGIN[call.tenant]}/music?from=test`, lang: 'en', transactionId: started.transactionId },
    }),
  );
  const operator = choice.options.find((o) => o.flow === 'API');
  assert.ok(operator, 'an operator option');
  const step = await data(
    await call('/subscription/oneTimePurchase', {
      method: 'POST', token, body: { paymentOptionUUID: operator.paymentOptionUUID, redirectionUrl: 'x', msisdn },
    }),
  );
  assert.equal(step.nextApiFlowStep, 'PIN');
  assert.match(step.sandboxPin, /^\d{4}$/);
  const verify = (pin = step.sandboxPin, extra = {}) =>
    call('/purchase/VerifyOneTimePurchasePin', {
      method: 'POST', token,
      body: { paymentTransactionUuid: step.paymentTransactionUuid, articleId, pin, purchaseToken: step.purchaseToken, ...extra },
    });
  return { started, choice, step, verify };
}

test('the headline hole is closed: a user without plan or purchase gets no full paid track', async () => {
  await expectError(await media(aurora, TRACK), 401, 'UNAUTHORIZED');
  const { token } = await newUser(server, 'aurora');
  await expectError(await media(aurora, TRACK, token), 403, 'NOT_ENTITLED');
  const preview = await data(await aurora(`/media/${TRACK}?kind=preview`));
  assert.equal(preview.isPreview, true);
  // The demo subscriber holds Music Premium (unlimited) on aurora.
  const sub = await aurora.login();
  const full = await data(await media(aurora, TRACK, sub));
  assert.match(full.url, /^\/media\/secure\/audio\/20001\.mp3\?tenant=\d+&article=20001&exp=\d+&sig=[0-9a-f]+$/);
  // ... but no video: 103 covers music only.
  await expectError(await media(aurora, 3102, sub), 403, 'NOT_ENTITLED');
});

test('purchase options per case: guest, user without plan, unlimited subscriber, isDTO, device not supported', async () => {
  const guest = await data(await options(aurora, TRACK));
  assert.deepEqual(guest.consume, []);
  assert.deepEqual(guest.purchase.map((p) => p.purchaseIdentifier), ['dto-20001', 'subscription-101', 'subscription-102', 'subscription-103']);
  assert.deepEqual(guest.purchase[0], {
    purchaseIdentifier: 'dto-20001', type: 'DTO', title: 'Midnight Drive', price: { amount: 99, currency: 'EUR' },
    consumable: false, sort: 0, subscriptionType: null,
  });
  assert.equal(guest.purchase[1].consumable, true);
  const dtoOnly = await data(await options(aurora, TRACK, undefined, '?isDTO=true'));
  assert.deepEqual(dtoOnly.purchase.map((p) => p.type), ['DTO']);

  const sub = await aurora.login();
  const held = await data(await aurora(`/purchase/user/purchaseOptions?articleId=${TRACK}`, { token: sub }));
  assert.equal(held.consume[0].kind, 'subscription');
  assert.equal(held.consume[0].subscriptionTypeId, 103);

  // noor sells in SAR.
  const sar = await data(await options(noor, TRACK));
  assert.deepEqual(sar.purchase[0].price, { amount: 399, currency: 'SAR' });

  // A Windows game on an Android device.
  const device = await data(await aurora('/device', { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile' } }));
  await expectError(await options(aurora, GAME, undefined, `?deviceId=${device.id}`), 404, 'DEVICE_NOT_SUPPORTED');
  await expectError(await options(aurora, 999999), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await aurora('/purchase/user/purchaseOptions?articleId=abc', { token: sub }), 400, 'VALIDATION_ERROR');
  await expectError(await aurora(`/purchase/user/purchaseOptions?articleId=${TRACK}`), 401, 'UNAUTHORIZED');
});

test('credits: a noor subscriber unlocks tracks one credit each, keeps them, and is then offered the rest', async () => {
  const { token } = await newUser(server, 'noor');
  // Operator subscription to 401 (3 credits).
  const start = await data(await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token }));
  const step = (body) => noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: start.options[0].uuid, body }, token });
  const sent = await data(await step({ msisdn: '966501234567' }));
  await data(await step({ pin: sent.sandboxPin }), 201);

  const before = await data(await noor(`/purchase/user/purchaseOptions?articleId=${TRACK}`, { token }));
  assert.deepEqual(before.consume.map((c) => [c.kind, c.remaining]), [['credit', 3]]);
  await data(await media(noor, TRACK, token, true));
  await data(await media(noor, TRACK, token, true)); // owned now: no second credit
  const [sub] = await mySubscriptions(noor, token);
  assert.equal(sub.contingents[0].amount, 2);
  const owned = await data(await noor(`/purchase/user/purchaseOptions?articleId=${TRACK}`, { token }));
  assert.equal(owned.consume[0].kind, 'wallet', 'what is owned plays before any credit');
  const inWallet = await data(await noor(`/wallet/walletarticle/article/${TRACK}`, { token }));
  assert.equal(inWallet.source, 'credit');

  // 50 concurrent consumes of 50 different tracks with 2 credits left: exactly 2 succeed.
  const ids = Array.from({ length: 50 }, (_, i) => 20002 + i);
  const answers = await Promise.all(ids.map((id) => media(noor, id, token, true)));
  const ok = answers.filter((r) => r.status === 200).length;
  assert.equal(ok, 2, `statuses ${answers.map((r) => r.status).join(',')}`);
  assert.ok(answers.every((r) => r.status === 200 || r.status === 403));
  const [after] = await mySubscriptions(noor, token);
  assert.equal(after.contingents[0].amount, 0);
  // Exhausted: the group has one level here, so only the track's own price and no change.
  const none = await data(await noor(`/purchase/user/purchaseOptions?articleId=20090`, { token }));
  assert.deepEqual(none.consume, []);
  assert.equal(none.purchase[0].type, 'DTO');
});

test('50 concurrent consumes of one last credit: exactly one', async () => {
  const { token } = await newUser(server, 'noor');
  const start = await data(await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token }));
  const step = (body) => noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: start.options[0].uuid, body }, token });
  const sent = await data(await step({ msisdn: '966501234568' }));
  await data(await step({ pin: sent.sandboxPin }), 201);
  await data(await media(noor, 20010, token, true));
  await data(await media(noor, 20011, token, true));
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => media(noor, 20020 + i, token, true)));
  assert.equal(answers.filter((r) => r.status === 200).length, 1);
});

test('single purchase with the operator PIN: each sandbox outcome, then the wallet and a download', async () => {
  const { token, email } = await newUser(server, 'noor');
  // Wrong PIN, then a bad token, then insufficient funds: the purchase stays open.
  const poor = await buyWithPin(noor, token, TRACK, '966500000000');
  await expectError(await poor.verify('0000' === poor.step.sandboxPin ? '1111' : '0000'), 400, 'INVALID_PIN');
  await expectError(await poor.verify(poor.step.sandboxPin, { purchaseToken: 'nope' }), 400, 'INVALID_PURCHASE_TOKEN');
  const insufficient = await expectError(await poor.verify(), 402, 'INSUFFICIENT_FUNDS');
  assert.equal(new URL(insufficient.data.url).searchParams.get('status'), '402');
  const declined = await buyWithPin(noor, token, TRACK, '966500009999');
  await expectError(await declined.verify(), 490, 'PAYMENT_DECLINED');

  await expectError(await noor('/song/download', { method: 'POST', token, body: { articleId: TRACK, distributionChannel: 'WEB' } }), 403, 'NOT_ENTITLED');
  const good = await buyWithPin(noor, token, TRACK, '966501234567');
  const paid = await data(await good.verify(), 201);
  assert.equal(paid.purchaseType, 'FULL_TRACK_MUSIC');
  const back = new URL(paid.url);
  assert.equal(back.searchParams.get('status'), '200');
  assert.equal(back.searchParams.get('articleId'), String(TRACK));
  await expectError(await noor(`/purchase/ArticleOneTimePurchase?articleId=${TRACK}`, { token }), 409, 'ALREADY_OWNED');

  const res = await noor(`/wallet/userarticles?inclContTypes=FULL_TRACK_MUSIC,AUDIO_BOOK&lang=en`, { token });
  assert.equal(res.headers.get('x-result-count'), '1-1/1');
  const [item] = (await res.json()).data;
  assert.equal(item.id, TRACK);
  assert.equal(item.source, 'purchase');
  assert.equal(item.article.title, 'Midnight Drive');
  // The receipt names the track and the mobile bill (issue 47 item 5: "Item: Payment", "•••• 4567"), in Arabic.
  const [receipt] = (await outboxMails(server, 'noor', email)).filter((m) => /^إيصالك/.test(m.subject));
  assert.ok(receipt, 'a receipt was mailed');
  assert.match(receipt.body, /فاتورة الجوال •••• 4567/);
  const title = (await data(await noor(`/wallet/userarticles?inclContTypes=FULL_TRACK_MUSIC&lang=ar`, { token })))[0].article.title;
  assert.ok(receipt.body.includes(title), `the receipt names "${title}":\n${receipt.body}`);

  // Saved under its titles in the caller's language (issue 72 item 16), not as 20001.mp3.
  const link = await data(await noor('/song/download?lang=en', { method: 'POST', token, body: { articleId: TRACK, distributionChannel: 'WEB', deviceId: 'web' } }));
  const file = await fetch(`${server.base}${link.uri}`, { headers: { host: `noor.localhost:${server.port}` } });
  assert.equal(file.status, 200);
  assert.equal(file.headers.get('content-disposition'), `attachment; filename="Neon Harbor - Midnight Drive.mp3"; filename*=UTF-8''Neon%20Harbor%20-%20Midnight%20Drive.mp3`);
  assert.equal(await file.text(), 'FULL-20001');
});

test('single purchase with the hosted card page: an album puts its tracks in the wallet; pending settles later', async () => {
  const { token, email } = await newUser(server, 'aurora');
  const started = await data(await aurora(`/purchase/ArticleOneTimePurchase?articleId=${ALBUM}`, { token }));
  assert.deepEqual(started.price, { amount: 799, currency: 'EUR' });
  const again = await data(await aurora(`/purchase/ArticleOneTimePurchase?articleId=${ALBUM}`, { token }));
  assert.equal(again.transactionId, started.transactionId, 'an open purchase is reused');
  await expectError(
    await aurora('/subscription/oneTimePaymentOptions', { method: 'POST', token, body: { redirectionUrl: 'https://evil.example/', transactionId: started.transactionId } }),
    400, 'INVALID_REDIRECT',
  );
  const choice = await data(
    await aurora('/subscription/oneTimePaymentOptions', {
      method: 'POST', token, body: { redirectionUrl: `${ORIGIN.aurora}/music`, lang: 'en', transactionId: started.transactionId },
    }),
  );
  const card = choice.options.find((o) => o.flow === 'WEB');
  const web = await data(await aurora('/subscription/oneTimePurchase', { method: 'POST', token, body: { paymentOptionUUID: card.paymentOptionUUID } }));
  assert.equal(web.type, 'redirect');
  assert.equal(web.url, card.redirectionUrl);
  const insufficient = await payAtCheckout(card.redirectionUrl, CARDS.insufficient);
  assert.equal(insufficient.location.searchParams.get('status'), '402');
  const { location } = await payAtCheckout(card.redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
  assert.equal(location.searchParams.get('purchaseType'), 'ALBUM');
  assert.equal(location.searchParams.get('purchaseID'), started.transactionId);
  const res = await aurora('/wallet/userarticles', { token });
  const items = (await res.json()).data;
  assert.equal(res.headers.get('x-result-count'), '1-1/1');
  assert.equal(items[0].isCollection, true);
  assert.deepEqual(items[0].collectionArticles, [20001, 20002, 20003, 20004, 20005]);
  const [receipt] = (await outboxMails(server, 'aurora', email)).filter((m) => /receipt/i.test(m.subject));
  assert.ok(receipt.body.includes(`Purchase: ${items[0].article.title}`), receipt.body);
  assert.match(receipt.body, /Visa •••• 4242/);
  await data(await media(aurora, 20003, token)); // a member plays through the album

  // Pending card: the purchase is PENDING until the scheduler settles it.
  const track = await data(await aurora('/purchase/ArticleOneTimePurchase?articleId=20010', { token }));
  const c2 = await data(await aurora('/subscription/oneTimePaymentOptions', { method: 'POST', token, body: { redirectionUrl: `${ORIGIN.aurora}/music`, transactionId: track.transactionId } }));
  const pending = await payAtCheckout(c2.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.pending);
  assert.equal(pending.location.searchParams.get('status'), '202');
  await expectError(await media(aurora, 20010, token), 403, 'NOT_ENTITLED');
  await advance(server, 300);
  const report = await runScheduler(server);
  assert.ok(report.settled >= 1);
  await data(await media(aurora, 20010, token));
});

test('a bought game downloads as its whole package on a device it runs on; elsewhere the answer is DEVICE_NOT_SUPPORTED (issue 47 item 4)', async () => {
  const GAME_TO_DOWNLOAD = 4504; // Turbo Legends: Android and iOS
  const { token } = await newUser(server, 'aurora');
  const started = await data(await aurora(`/purchase/ArticleOneTimePurchase?articleId=${GAME_TO_DOWNLOAD}`, { token }));
  const choice = await data(await aurora('/subscription/oneTimePaymentOptions', { method: 'POST', token, body: { redirectionUrl: `${ORIGIN.aurora}/games`, transactionId: started.transactionId } }));
  const { location } = await payAtCheckout(choice.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');

  const deviceOf = async (ua) => (await data(await aurora('/device', { headers: { 'user-agent': ua } }))).id;
  const iphone = await deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148');
  const linux = await deviceOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36');
  const download = (deviceId) => aurora('/game/download', { method: 'POST', token, body: { articleId: GAME_TO_DOWNLOAD, distributionChannel: 'WEB', deviceId } });
  await expectError(await download(linux), 404, 'DEVICE_NOT_SUPPORTED');

  const link = await data(await download(iphone));
  assert.match(link.uri, /\/games\/lane-racer-4504\/package\.zip\?download=1&name=Turbo%20Legends\.zip$/, 'the package, not the entry page');
  const file = await fetch(`${server.base}${link.uri}`, { headers: { host: `localhost:${server.port}` } });
  assert.equal(file.status, 200);
  assert.equal(file.headers.get('content-type'), 'application/zip');
  assert.equal(file.headers.get('content-disposition'), `attachment; filename="Turbo Legends.zip"; filename*=UTF-8''Turbo%20Legends.zip`);
  assert.equal(await file.text(), 'PK-PACKAGE-4504');
});

test('wallet paging: limit, offset and the x-result-count header; guests get an empty list', async () => {
  const guest = await aurora('/wallet/userarticles');
  assert.equal(guest.status, 200);
  assert.deepEqual((await guest.json()).data, []);
  assert.equal(guest.headers.get('x-result-count'), '0-0/0');
  const { token } = await newUser(server, 'aurora');
  for (const id of [20020, 20021, 20022]) {
    const s = await data(await aurora(`/purchase/ArticleOneTimePurchase?articleId=${id}`, { token }));
    const c = await data(await aurora('/subscription/oneTimePaymentOptions', { method: 'POST', token, body: { redirectionUrl: `${ORIGIN.aurora}/`, transactionId: s.transactionId } }));
    await payAtCheckout(c.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  }
  const page = await aurora('/wallet/userarticles?limit=2&offset=1', { token });
  assert.equal(page.headers.get('x-result-count'), '2-3/3');
  assert.equal((await page.json()).data.length, 2);
  await expectError(await aurora('/wallet/userarticles?limit=0', { token }), 400, 'VALIDATION_ERROR');
  await expectError(await aurora('/wallet/userarticles?offset=-1', { token }), 400, 'VALIDATION_ERROR');
  await expectError(await aurora('/wallet/walletarticle/article/20099', { token }), 404, 'NOT_IN_WALLET');
  // Another tenant's purchase counts nowhere else.
  await expectError(await aurora('/wallet/walletarticle/article/20020'), 401, 'UNAUTHORIZED');
});

test('a bought game is in the wallet the client lists (inclContTypes GAME); the spec\'s two types alone leave it out', async () => {
  const { token } = await newUser(server, 'aurora');
  const STAR_BLOCKS = 4401; // online_game, PAY_PER_DOWNLOAD
  const s = await data(await aurora(`/purchase/ArticleOneTimePurchase?articleId=${STAR_BLOCKS}`, { token }));
  const c = await data(await aurora('/subscription/oneTimePaymentOptions', { method: 'POST', token, body: { redirectionUrl: `${ORIGIN.aurora}/`, transactionId: s.transactionId } }));
  await payAtCheckout(c.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  const listed = async (types) => (await (await aurora(`/wallet/userarticles?inclContTypes=${types}&lang=en`, { token })).json()).data.map((i) => i.id);
  assert.deepEqual(await listed('FULL_TRACK_MUSIC,AUDIO_BOOK,GAME'), [STAR_BLOCKS]);
  assert.deepEqual(await listed('FULL_TRACK_MUSIC,AUDIO_BOOK'), []);
});

test('bad bodies are 400 naming the field', async () => {
  const { token } = await newUser(server, 'aurora');
  const bad = async (path, body, field) => {
    const e = await expectError(await aurora(path, { method: 'POST', token, body }), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, field, JSON.stringify(e));
  };
  await bad('/subscription/oneTimePaymentOptions', { transactionId: 'x' }, 'redirectionUrl');
  await bad('/subscription/oneTimePurchase', {}, 'paymentOptionUUID');
  await bad('/purchase/VerifyOneTimePurchasePin', { paymentTransactionUuid: 'x', articleId: 'abc', pin: '1', purchaseToken: 't' }, 'articleId');
  await bad('/song/download', { distributionChannel: 'WEB' }, 'articleId');
  await expectError(await aurora('/subscription/oneTimePaymentOptions', { method: 'POST', token, body: { redirectionUrl: `${ORIGIN.aurora}/`, transactionId: 'nope' } }), 404, 'PURCHASE_NOT_FOUND');
  await expectError(await aurora('/subscription/oneTimePurchase', { method: 'POST', token, body: { paymentOptionUUID: 'nope' } }), 404, 'PAYMENT_OPTION_NOT_FOUND');
  await expectError(await aurora('/purchase/ArticleOneTimePurchase?articleId=4101', { token }), 404, 'ARTICLE_NOT_FOR_SALE');
});
