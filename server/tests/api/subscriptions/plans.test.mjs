// Plans per tenant: the type list (sorted, translated, every field), enabled,
// tenant isolation of types; and a portal started with a data folder whose
// tenants carry geoBlock, a free plan and mssAutoSubscription (201 at once).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startPortal, expectError, ROOT } from '../support/server.mjs';
import { client, subscribeBody, data, dataDirWith, mySubscriptions, newUser, startPortalWithData } from './support.mjs';

let server, special, specialDir;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  specialDir = dataDirWith((folder, name, doc) => {
    if (folder === 'tenants' && name === 'aurora') doc.features.geoBlock = { enabled: true, blockedSubscriptions: [202, '301'] };
    if (folder === 'tenants' && name === 'noor') doc.features.mssAutoSubscription = true;
    if (folder === 'subscriptions' && name === 'aurora') {
      const free = structuredClone(doc.types.find((t) => t.id === 201));
      Object.assign(free, { id: 901, name: 'Video Free', groupId: null, price: { amount: 0, currency: 'EUR' }, promotionPrice: null });
      free.attributes.ment_sort = '9';
      doc.types.push(free);
    }
  });
  special = await startPortalWithData(specialDir, ['--scheduler-interval', '0']);
});
after(async () => {
  if (server) await server.stop();
  if (special) await special.stop();
  if (specialDir) rmSync(specialDir, { recursive: true, force: true });
});

test('aurora types: sorted by ment_sort, every contract field, names and groups in the asked language', async () => {
  const aurora = client(server, 'aurora');
  const types = await data(await aurora('/subscription/type?lang=de'));
  assert.deepEqual(types.map((t) => t.id), [101, 102, 103, 201, 202, 301, 601]);
  const basic = types[0];
  assert.equal(basic.name, 'Musik Basis');
  assert.equal(basic.billingCycle, 'P1M');
  assert.deepEqual(basic.subscriptionTypePrice, { amount: 499, currency: 'EUR' });
  assert.deepEqual(basic.subscriptionTypePromotionPrice, { amount: 299, currency: 'EUR' });
  assert.deepEqual(basic.contingents, [{ contentTypes: ['full_track_music', 'album', 'playlist'], amount: 10 }]);
  assert.equal(basic.accumulateContingent, false);
  assert.equal(basic.cancelUrl, null);
  assert.equal(basic.maxTrialDuration, null);
  assert.deepEqual(basic.requiredIdentityFields, []);
  assert.deepEqual(basic.paymentOptions.map((o) => o.code), ['card']);
  assert.equal(basic.paymentOptions[0].name, 'Karte');
  const attr = Object.fromEntries(basic.attributes.map((a) => [a.key, a.value]));
  assert.deepEqual(JSON.parse(attr.ment_category), ['music']);
  for (const l of ['en', 'ar', 'fr', 'de', 'es', 'ro']) {
    assert.ok(attr[`DISPLAY_SERVICE_NAME_TEXT_${l}`], l);
    assert.ok(JSON.parse(attr[`DISPLAY_SERVICE_BULLETS_TEXT_${l}`]).length >= 2, l);
  }
  const [group] = basic.subscriptionTypeGroupList;
  assert.equal(group.id, 'music');
  assert.equal(group.name, 'Musik');
  assert.deepEqual(group.levels.map((l) => [l.order, l.subscriptionTypeIds, l.currentSubscriptionExist]),
    [[0, [101], false], [1, [102], false], [2, [103], false]]);
  const plus = types.find((t) => t.id === 102);
  assert.equal(plus.maxTrialDuration, 'P7D');
  assert.equal(types.find((t) => t.id === 103).contingents[0].amount, -1);
  assert.equal(JSON.parse(Object.fromEntries(types.find((t) => t.id === 103).attributes.map((a) => [a.key, a.value])).ment_best_value), 1);
  assert.equal(types.find((t) => t.id === 301).accumulateContingent, true);
  const ar = await data(await aurora('/subscription/type', { headers: { 'accept-language': 'ar' } }));
  assert.equal(ar[0].name, 'موسيقى أساسي');
});

test('types differ by tenant; enabled tells which exist', async () => {
  const noor = client(server, 'noor');
  const vela = client(server, 'vela');
  const noorTypes = await data(await noor('/subscription/type'));
  assert.deepEqual(noorTypes.map((t) => t.id), [401, 402]);
  assert.equal(noorTypes[0].name, 'نور اليومي', 'noor speaks Arabic by default');
  assert.deepEqual(noorTypes[0].subscriptionTypePrice, { amount: 150, currency: 'SAR' });
  assert.deepEqual(noorTypes[0].paymentOptions.map((o) => o.flow), ['API']);
  const velaTypes = await data(await vela('/subscription/type?lang=en'));
  assert.deepEqual(velaTypes.map((t) => t.id), [501, 502]);
  assert.equal(velaTypes[0].cancelUrl, 'https://partner.vela.example/cancel');
  assert.deepEqual(velaTypes[1].requiredIdentityFields, ['name', 'lastName']);
  assert.deepEqual(await data(await noor('/subscription/enabled/401')), { id: 401, enabled: true });
  assert.deepEqual(await data(await noor('/subscription/enabled/101')), { id: 101, enabled: false });
  assert.deepEqual(await data(await client(server, 'aurora')('/subscription')), [], 'guests get an empty list');
  await expectError(await fetch(`${server.base}/backend/subscription/type`), 400);
});

test('geoBlock: blocked types are left out, not enabled, and not subscribable', async () => {
  const aurora = client(special, 'aurora');
  const ids = (await data(await aurora('/subscription/type'))).map((t) => t.id);
  assert.ok(!ids.includes(202) && !ids.includes(301));
  assert.ok(ids.includes(201) && ids.includes(901));
  assert.equal((await data(await aurora('/subscription/enabled/202'))).enabled, false);
  const token = await aurora.login();
  await expectError(await aurora('/subscription', { method: 'POST', body: subscribeBody(202), token }), 404, 'SUBSCRIPTION_TYPE_NOT_FOUND');
});

test('a free plan is 201 and ACTIVE at once', async () => {
  const aurora = client(special, 'aurora');
  const token = await aurora.login();
  const extra = { marketingCampaign: { campgainId: 'free-26' }, subscriptionConsentList: ['terms-2026'] };
  const res = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(901, 'aurora', extra), token }), 201);
  assert.equal(res.subscription.state, 'ACTIVE');
  assert.equal(res.subscription.active, true);
  assert.equal(res.subscription.paymentOption, 'free');
  assert.deepEqual(res.subscription.marketingCampaign, { campgainId: 'free-26' }, 'kept without a checkout too');
  assert.deepEqual(res.subscription.consents, ['terms-2026']);
  await expectError(await aurora('/subscription', { method: 'POST', body: subscribeBody(901), token }), 409, 'USER_ALREADY_SUBSCRIBED');
});

test('an mssAutoSubscription tenant subscribes at once (201)', async () => {
  const noor = client(special, 'noor');
  const { token } = await newUser(special, 'noor'); // subscriber@ already holds 401 (the demo plan)
  const res = await data(await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token }), 201);
  assert.equal(res.subscription.state, 'ACTIVE');
  assert.equal((await mySubscriptions(noor, token)).length, 1);
});

test('import-subscriptions replaces a tenant\'s plans and refuses a broken file naming the field', () => {
  const db = join(specialDir, 'import.db');
  const binary = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
  const common = ['--database', db, '--seed', 'demo', '--data-dir', specialDir, '--migrations-dir', join(ROOT, 'server/migrations'), '--log-level', 'error'];
  const out = execFileSync(binary, ['import-subscriptions', join(ROOT, 'data/subscriptions/vela.json'), '--tenant', 'aurora', ...common], { encoding: 'utf8' });
  assert.match(out, /imported 2 subscription types and 1 groups into aurora/);
  let failed = null;
  try {
    execFileSync(binary, ['import-subscriptions', join(ROOT, 'data/tenants/aurora.json'), '--tenant', 'nobody', ...common], { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    failed = e;
  }
  assert.ok(failed && failed.status === 1);
});
