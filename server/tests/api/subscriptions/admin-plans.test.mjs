// Plans from the console (issue 33 item 4): an editor lists, reads, edits, creates, duplicates,
// reprices and retires subscription types under /backend/admin/plans; every write is validated as
// an import is, written over the version read and audited; the storefront's plan list shows each
// change (its display keys, the HTML name sanitised), a retired plan is not sold and its
// subscribers renew onto the successor. Support may not call it. Prices are money (issue 73 item 4): a
// price change and a retirement take finance, an admin or the owner; finance reads the plans but edits no text.
// SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { outboxMails } from '../identity/flow.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { advance, CARDS, client, data, dataDirWith, DAY, mySubscriptions, newUser, payAtCheckout, runScheduler, subscribeBody } from './support.mjs';

let server, aurora, editor, owner, support, finance, dataDir;
before(async () => {
  // Only subscriber@ keeps a demo subscription (aurora 103): the retirement story renews it.
  dataDir = dataDirWith((folder, name, doc) => {
    if (folder === 'users') for (const u of doc.users) if (u.email !== 'subscriber@example.com') delete u.subscriptions;
    return doc;
  });
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock'], { dataDir });
  aurora = client(server, 'aurora');
  const staff = demoStaff(server.output());
  const api = backend(server, 'aurora');
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
  support = (await staffLogin(api, staff['support@example.com aurora'])).token;
  finance = (await staffLogin(api, staff['finance@example.com aurora'])).token;
});
after(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const admin = (path, token = editor, init = {}) =>
  backend(server, 'aurora')(`/admin/plans${path}`, { ...init, headers: { ...(init.headers ?? {}), ...staffBearer(token).headers } });
const send = (path, body, method = 'POST', token = editor) => backend(server, 'aurora')(`/admin/plans${path}`, json(body, staffBearer(token).headers, method));
const storefront = async (lang = 'en') => data(await aurora(`/subscription/type?lang=${lang}`));
const writable = (plan) => {
  const { state, retiredAt, successorId, subscribers, priceChange, ...rest } = plan;
  return rest;
};
const auditOf = async (id) => (await data(await backend(server, 'aurora')(`/admin/audit?objectId=${id}`, staffBearer(owner)))).items;

test('an editor lists the types with group, level, price and state; support and guests may not', async () => {
  const list = await data(await admin(''));
  assert.deepEqual(list.plans.map((p) => p.id), [101, 102, 103, 201, 202, 301, 601]);
  const basic = list.plans[0];
  assert.equal(basic.groupId, 'music');
  assert.equal(basic.level, 0);
  assert.deepEqual(basic.price, { amount: 499, currency: 'EUR' });
  assert.deepEqual(basic.promotionPrice, { amount: 299, currency: 'EUR' });
  assert.equal(basic.state, 'ACTIVE');
  assert.ok(basic.attributes.some((a) => a.key === 'DISPLAY_SERVICE_NAME_TEXT_ar'));
  assert.equal(list.plans.find((p) => p.id === 103).subscribers, 1);
  assert.ok(list.groups.some((g) => g.id === 'music' && g.levels.length === 3));
  assert.ok(list.paymentOptions.includes('card'));
  await expectError(await admin('', support), 403);
  await expectError(await admin('/101', support), 403);
  await expectError(await send('/101/retire', { version: 0 }, 'POST', support), 403);
  await expectError(await backend(server, 'aurora')('/admin/plans'), 401);
  await expectError(await admin('/999'), 404, 'SUBSCRIPTION_TYPE_NOT_FOUND');
});

test('an edit is validated field by field, written over the version read, audited, and on the plan cards at once', async () => {
  const plan = await data(await admin('/101'));
  assert.equal(plan.version, 0);
  const attributes = plan.attributes.filter((a) => a.key !== 'DISPLAY_SERVICE_DESC_TEXT_en');
  attributes.push({ key: 'DISPLAY_SERVICE_DESC_TEXT_en', value: 'Ten tracks, edited from the console.' });
  attributes.push({ key: 'ment_note', value: 'Cancel any time' });
  attributes.push({ key: 'DISPLAY_SERVICE_NAME_HTML_TEXT_en', value: 'Music <b>Basic</b><script>alert(1)</script><img src=x onerror=alert(1)>' });
  attributes.push({ key: 'DISPLAY_SERVICE_ABOVE_CTA_en', value: 'No commitment' });
  attributes.push({ key: 'DISPLAY_SERVICE_CURRENCY_TEXT_en', value: '€' });
  const saved = await data(await send('/101', { ...writable(plan), attributes }, 'PUT'));
  assert.equal(saved.version, 1);
  assert.equal(saved.level, 0);

  const card = (await storefront()).find((t) => t.id === 101);
  assert.equal(card.display.note, 'Cancel any time');
  assert.equal(card.display.nameHtml, 'Music <b>Basic</b>');
  assert.equal(card.display.aboveCta, 'No commitment');
  assert.equal(card.display.currencyText, '€');
  assert.equal(card.attributes.find((a) => a.key === 'DISPLAY_SERVICE_NAME_HTML_TEXT_en').value, 'Music <b>Basic</b>');
  assert.equal(card.attributes.find((a) => a.key === 'DISPLAY_SERVICE_DESC_TEXT_en').value, 'Ten tracks, edited from the console.');
  // The other languages fall back to English where they have no text of their own.
  assert.equal((await storefront('fr')).find((t) => t.id === 101).display.aboveCta, 'No commitment');

  const stale = await expectError(await send('/101', { ...writable(plan), attributes }, 'PUT'), 409, 'PLAN_VERSION_CONFLICT');
  assert.equal(stale.data.version, 1);
  const current = { ...writable(saved) };
  for (const [patch, field] of [
    [{ billingCycle: 'monthly' }, 'billingCycle'],
    [{ name: '' }, 'name'],
    [{ groupId: 'nope' }, 'groupId'],
    [{ promotionPrice: { amount: 100, currency: 'USD' } }, 'promotionPrice.currency'],
    [{ maxTrialDuration: 'P2W' }, 'maxTrialDuration'],
    [{ price: { amount: 1, currency: 'EUR' } }, 'price'],
    [{ attributes: [{ key: 'ment_url', value: 'javascript:alert(1)' }] }, 'attributes.ment_url'],
    // Issue 45 item 9: a browser strips the tab and leaves the site; "/\" is read as "//".
    [{ attributes: [{ key: 'ment_redirect', value: '/\t/evil.example' }] }, 'attributes.ment_redirect'],
    [{ attributes: [{ key: 'ment_icon', value: '/\\evil.example/x.png' }] }, 'attributes.ment_icon'],
    [{ attributes: [{ key: 'ment_best_value', value: 'yes' }] }, 'attributes.ment_best_value'],
  ]) {
    const bad = await expectError(await send('/101', { ...current, ...patch }, 'PUT'), 400, 'VALIDATION_ERROR');
    assert.equal(bad.data.field, field, JSON.stringify(patch));
  }
  assert.equal((await data(await admin('/101'))).version, 1, 'nothing half-written');

  const [entry] = await auditOf(101);
  assert.equal(entry.action, 'plans.update');
  assert.equal(entry.actorEmail, 'editor@example.com');
  assert.equal(entry.before.version, 0);
  assert.equal(entry.after.version, 1);
  assert.ok(entry.after.attributes.some((a) => a.key === 'ment_note'));
});

test('create and duplicate: new types under their ids, in their group and level, audited', async () => {
  const basic = await data(await admin('/101'));
  const created = await data(await send('', { ...writable(basic), id: 150, name: 'Music Family', level: 5 }), 201);
  assert.equal(created.id, 150);
  assert.equal(created.groupId, 'music');
  assert.equal(created.level, 3, 'past the last level: a new level at the end');
  await expectError(await send('', { ...writable(basic), id: 150 }), 409, 'PLAN_ID_TAKEN');
  const bad = await expectError(await send('', { ...writable(basic), id: 151, paymentOptions: ['cash'] }), 400, 'VALIDATION_ERROR');
  assert.equal(bad.data.field, 'paymentOptions');
  const copy = await data(await send('/101/duplicate', {}), 201);
  assert.equal(copy.id, 602);
  assert.equal(copy.name, 'Music Basic (copy)');
  assert.equal(copy.level, 0, 'beside its original');
  assert.ok((await storefront()).some((t) => t.id === 602));
  assert.equal((await auditOf(602))[0].action, 'plans.duplicate');
  assert.equal((await auditOf(150))[0].action, 'plans.create');
});

// Issue 72 item 7: commerce §3 lists cancelUrl among a plan's attribute keys; the storefront and the cancel call only
// read the plan's own field. Set as an attribute in the console, it is the plan's cancel address everywhere.
test('a cancelUrl attribute set in the console sends a cancel to that address and changes nothing', async () => {
  const plan = await data(await admin('/202'));
  assert.equal(plan.cancelUrl, null);
  const bad = await expectError(await send('/202', { ...writable(plan), attributes: [...plan.attributes, { key: 'cancelUrl', value: 'javascript:alert(1)' }] }, 'PUT'), 400, 'VALIDATION_ERROR');
  assert.match(bad.data.field, /attributes/);
  const attributes = [...plan.attributes, { key: 'cancelUrl', value: 'https://partner.aurora.example/cancel' }];
  await data(await send('/202', { ...writable(plan), attributes }, 'PUT'));
  const card = (await storefront()).find((t) => t.id === 202);
  assert.equal(card.cancelUrl, 'https://partner.aurora.example/cancel');
  assert.ok(card.attributes.some((a) => a.key === 'cancelUrl'));

  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(202), token }));
  const { location } = await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
  const sub = (await mySubscriptions(aurora, token)).find((s) => s.typeId === 202);
  const cancelled = await data(await aurora(`/subscription/${sub.id}?lang=en&cancellationFlow=true`, { method: 'DELETE', token }));
  assert.equal(cancelled.redirectionUrl, 'https://partner.aurora.example/cancel');
  assert.equal(cancelled.subscription.cancelRequested, false, 'the partner cancels');
  assert.equal((await mySubscriptions(aurora, token)).find((s) => s.id === sub.id).cancelRequested, false);
});

test('a price change sells at once, renews from a future date, and mails each current subscriber', async () => {
  const plan = await data(await admin('/103', finance));
  // An editor edits a plan's texts, not its price.
  await expectError(await send('/103/price', { version: plan.version, price: { amount: 1299, currency: 'EUR' }, effectiveFrom: '2099-01-01T00:00:00Z' }), 403);
  // Finance reads the plans and changes prices, but edits no text.
  assert.ok((await data(await admin('', finance))).plans.some((p) => p.id === 103));
  await expectError(await send('/103', { ...writable(plan) }, 'PUT', finance), 403);
  const past = await expectError(await send('/103/price', { version: plan.version, price: { amount: 1299, currency: 'EUR' }, effectiveFrom: '2020-01-01T00:00:00Z' }, 'POST', finance), 400, 'VALIDATION_ERROR');
  assert.equal(past.data.field, 'effectiveFrom');
  await expectError(await send('/103/price', { version: plan.version + 7, price: { amount: 1299, currency: 'EUR' }, effectiveFrom: '2099-01-01T00:00:00Z' }, 'POST', finance), 409, 'PLAN_VERSION_CONFLICT');
  const from = new Date(Date.now() + 10 * DAY * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  const changed = await data(await send('/103/price', { version: plan.version, price: { amount: 1299, currency: 'EUR' }, effectiveFrom: from }, 'POST', finance));
  assert.equal(changed.notices, 1);
  assert.deepEqual(changed.plan.price, { amount: 1299, currency: 'EUR' });
  assert.deepEqual(changed.plan.priceChange, { previousPrice: plan.promotionPrice ?? plan.price, effectiveFrom: from });
  assert.deepEqual((await storefront()).find((t) => t.id === 103).subscriptionTypePrice, { amount: 1299, currency: 'EUR' });
  const [mail] = await outboxMails(server, 'aurora', 'subscriber@example.com');
  assert.match(mail.subject, /New price|Nouveau prix|Neuer Preis|Nuevo precio|Preț nou|سعر جديد/);
  assert.match(mail.body, /12[.,]99\u00a0€|€12\.99/, 'the new price as the storefront writes it in the mail\'s language');
  assert.equal((await auditOf(103))[0].action, 'plans.price');
});

test('a retired plan is not sold and its subscribers renew onto the named successor', async () => {
  const plan = await data(await admin('/103'));
  await expectError(await send('/103/retire', { version: plan.version, successorId: 102 }), 403);
  const self = await expectError(await send('/103/retire', { version: plan.version, successorId: 103 }, 'POST', owner), 400, 'VALIDATION_ERROR');
  assert.equal(self.data.field, 'successorId');
  const retired = await data(await send('/103/retire', { version: plan.version, successorId: 102 }, 'POST', owner));
  assert.equal(retired.state, 'RETIRED');
  assert.equal(retired.successorId, 102);
  assert.ok(!(await storefront()).some((t) => t.id === 103), 'not listed');
  assert.equal((await data(await aurora('/subscription/enabled/103'))).enabled, false);
  const token = await aurora.login();
  const refused = await expectError(await aurora('/subscription', { method: 'POST', body: subscribeBody(103), token }), 410, 'SUBSCRIPTION_TYPE_RETIRED');
  assert.equal(refused.data.toTypeId, 102);
  assert.equal((await auditOf(103))[0].action, 'plans.retire');
  // No vouchers for it either: the console's choices leave it out and a batch for it is refused.
  const vouchers = (path, init = {}) => backend(server, 'aurora')(`/admin/vouchers${path}`, { ...init, headers: { ...staffBearer(editor).headers, ...(init.headers ?? {}) } });
  assert.ok(!(await data(await vouchers('/choices?lang=en'))).plans.some((p) => p.id === 103));
  const minted = await expectError(await vouchers('/batches', json({ typeId: 103, count: 1 }, {}, 'POST')), 400, 'VALIDATION_ERROR');
  assert.equal(minted.data.field, 'typeId');

  await advance(server, 370 * DAY);  // 103 is a yearly plan: past its first renewal
  await runScheduler(server);
  const held = await mySubscriptions(aurora, await aurora.login());
  const active = held.filter((s) => s.active);
  assert.deepEqual(active.map((s) => s.typeId), [102], 'renewed onto the successor');
});
