// From an empty tenant to one that sells, with the console's calls (issue 50 items 1 and 2): `portal tenant
// create` gives the tenant a home, a header, a footer and the legal pages from data/templates/structures; its
// owner, invited by `portal staff invite` (the mail due for the running server's outbox worker), makes, renames
// and deletes pages (home, header and footer stay), adds the tenant's first payment option and creates its
// first plan from an empty form, which the storefront then sells. SQLite and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, backend, expectError, rawRequest, sqlOn, startPortal } from '../support/server.mjs';
import { freshCode, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
const SECRET = 'api-test-staff-secret-key-0123456789abcdef';  // startPortal's staff secret key
let server, owner;

// `portal ARGS` on the running server's database, as an operator runs it beside the service.
function portal(...args) {
  const r = spawnSync(BINARY, [...args, '--database', server.database, '--migrations-dir', join(ROOT, 'server/migrations'),
    '--locales-dir', join(ROOT, 'web/src/locales'), '--data-dir', join(ROOT, 'data'), '--log-level', 'warn'],
  { encoding: 'utf8', env: { ...process.env, PORTAL_STAFF_SECRET_KEY: SECRET } });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

async function data(res, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text).data;
}

async function eventually(read, what) {
  let last;
  for (let i = 0; i < 100; i++) {
    last = await read();
    if (last) return last;
    await sleep(100);
  }
  assert.fail(`${what}: never happened`);
}

const acme = () => backend(server, 'acme');
const admin = (path, options = {}) => acme()(`/admin${path}`, { ...options, headers: { ...staffBearer(owner).headers, ...options.headers } });

before(async () => {
  server = await startPortal();
  assert.match(portal('tenant', 'create', 'acme', '--host', 'acme.localhost', '--language', 'en'),
    /created tenant acme .*, 6 page structures from the templates/);
  const invited = portal('staff', 'invite', '--tenant', 'acme', '--email', 'boss@acme.example', '--role', 'owner', '--base-url', server.base);
  assert.match(invited, /queued in the outbox of acme/);
  // The running server finds the new tenant within its poll.
  await eventually(async () => (await acme()('/structure/home?lang=en')).status === 200, 'the new tenant is served');
  const token = invited.match(/invitation=([0-9a-f]{64})/)[1];
  const view = await data(await acme()(`/admin/invitation?token=${token}`));
  const password = 'the owner password of acme';
  await data(await acme()('/admin/invitation/accept', json({ token, password, totp: await freshCode(view.totpSecret) })));
  owner = (await staffLogin(acme(), { email: 'boss@acme.example', secret: view.totpSecret }, password)).token;
  assert.ok(owner);
});
after(async () => server?.stop());

test('the invitation mail is due for the server\'s outbox worker, whichever process wrote it', () => {
  const due = sqlOn(server.database, "SELECT COUNT(*) FROM mail_outbox o JOIN tenants t ON t.id = o.tenant_id " +
    "WHERE t.name = 'acme' AND o.recipient = 'boss@acme.example' AND o.next_attempt_at IS NOT NULL").trim();
  assert.equal(due, '1');
});

test('the console home counts what went wrong lately: nothing failed, the invitation waits for SMTP', async () => {
  const ops = await data(await admin('/reports/operations'));
  assert.deepEqual([ops.failedMediaJobs, ops.failedMail, ops.waitingMail], [0, 0, 1]);
  assert.match(ops.since, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  // A mail given up after every attempt counts as failed.
  sqlOn(server.database, "UPDATE mail_outbox SET next_attempt_at = NULL, last_error = 'refused' WHERE recipient = 'boss@acme.example'");
  const after = await data(await admin('/reports/operations'));
  assert.deepEqual([after.failedMail, after.waitingMail], [1, 0]);
});

test('a new tenant without an icon answers /favicon.ico with the default icon, not 404 (issue 73 item 6)', async () => {
  const res = await rawRequest(server, { path: '/favicon.ico', headers: { Host: 'acme.localhost' } });
  assert.equal(res.status, 302);
  assert.equal(res.headers.location, '/favicon.svg');
  const icon = await rawRequest(server, { path: '/favicon.svg', headers: { Host: 'acme.localhost' } });
  assert.equal(icon.status, 200);
  assert.equal(icon.headers['content-type'], 'image/svg+xml');
});

test('a new tenant\'s storefront has a home, a menu, a footer and the legal pages', async () => {
  const home = await data(await acme()('/structure/home?lang=ar'));
  assert.equal(home.data.title, 'الرئيسية');
  const header = await data(await acme()('/structure/header?lang=en'));
  assert.deepEqual(header.substructure.map((n) => n.data.clickUrl), ['/', '/subscription']);
  const footer = await data(await acme()('/structure/footer?lang=en'));
  assert.deepEqual(footer.substructure.map((n) => n.data.clickUrl), ['/impressum', '/info/terms', '/info/privacy', '/subscription']);
  for (const page of ['impressum', 'info-terms', 'info-privacy']) assert.equal((await acme()(`/structure/${page}?lang=en`)).status, 200, page);
  const list = await data(await admin('/structures'));
  assert.deepEqual(list.structures.map((s) => s.name).sort(), ['footer', 'header', 'home', 'impressum', 'info-privacy', 'info-terms']);
});

test('an editor makes, renames and deletes a page; home, header and footer stay', async () => {
  const made = await data(await admin('/structures', json({ kind: 'marketing', slug: 'launch-day', title: { en: 'Launch day', ar: 'يوم الإطلاق' } })), 201);
  assert.equal(made.structure.name, 'marketing-launch-day');
  assert.equal(made.structure.publishedVersion, 1);
  const live = await eventually(async () => {
    const res = await acme()('/structure/marketing-launch-day?lang=ar');
    return res.status === 200 && (await res.json()).data;
  }, 'the new page is served');
  assert.equal(live.data.title, 'يوم الإطلاق');

  await expectError(await admin('/structures', json({ kind: 'marketing', slug: 'launch-day' })), 409, 'STRUCTURE_EXISTS');
  const badSlug = await admin('/structures', json({ kind: 'section', slug: 'Launch Day' }));
  assert.equal(badSlug.status, 400);
  assert.equal((await badSlug.json()).data.field, 'slug');
  const badKind = await admin('/structures', json({ kind: 'sidebar' }));
  assert.equal((await badKind.json()).data.field, 'kind');
  assert.equal((await admin('/structures', json({ kind: 'home' }))).status, 409, 'home exists');

  const renamed = await data(await admin('/structures/marketing-launch-day/rename', json({ slug: 'launch' })));
  assert.equal(renamed.structure.name, 'marketing-launch');
  await eventually(async () => (await acme()('/structure/marketing-launch-day?lang=en')).status === 404, 'the old name is gone');
  assert.equal((await acme()('/structure/marketing-launch?lang=en')).status, 200);

  for (const name of ['home', 'header', 'footer']) {
    await expectError(await admin(`/structures/${name}`, { method: 'DELETE' }), 409, 'STRUCTURE_REQUIRED');
  }
  const removed = await data(await admin('/structures/marketing-launch', { method: 'DELETE' }));
  assert.equal(removed.name, 'marketing-launch');
  assert.equal((await admin('/structures/marketing-launch', { method: 'DELETE' })).status, 404);

  for (const action of ['structure.create', 'structure.rename', 'structure.delete'])
    assert.equal((await data(await admin(`/audit?action=${action}`))).items.length, 1, action);
});

test('the first payment option and the first plan from an empty form; the storefront sells it', async () => {
  const none = await data(await admin('/payment-options'));
  assert.deepEqual(none.options, []);
  assert.ok(none.providers.some((p) => p.name === 'sandbox' && p.flow === 'WEB'), JSON.stringify(none.providers));
  const unknown = await admin('/payment-options/card', json({ provider: 'acme-pay', name: { en: 'Card' } }, {}, 'PUT'));
  assert.equal(unknown.status, 400);
  assert.equal((await unknown.json()).data.field, 'provider');
  const nameless = await admin('/payment-options/card', json({ provider: 'sandbox', name: { fr: 'Carte' } }, {}, 'PUT'));
  assert.equal((await nameless.json()).data.field, 'name.en');
  const card = await data(await admin('/payment-options/card', json({ provider: 'sandbox', name: { en: 'Card', ar: 'بطاقة' } }, {}, 'PUT')));
  assert.deepEqual(card, { code: 'card', provider: 'sandbox', flow: 'WEB', name: { ar: 'بطاقة', en: 'Card' } });

  const plan = await data(await admin('/plans', json({
    version: 0, name: 'Acme Music', billingCycle: 'P1M', price: { amount: 499, currency: 'EUR' },
    contingents: [{ contentTypes: ['full_track_music', 'album'], amount: 10 }], accumulateContingent: false,
    requiredIdentityFields: [], paymentOptions: ['card'], attributes: [{ key: 'DISPLAY_SERVICE_NAME_TEXT_en', value: 'Acme Music' }],
  })), 201);
  assert.equal(plan.id, 1);
  const inUse = await expectError(await admin('/payment-options/card', { method: 'DELETE' }), 409, 'PAYMENT_OPTION_IN_USE');
  assert.equal(inUse.data.reason, 'Acme Music', 'the plans that offer it');

  const sold = await eventually(async () => {
    const res = await acme()('/subscription/type');
    const types = res.status === 200 ? (await res.json()).data : [];
    return types.find?.((t) => t.id === 1);
  }, 'the storefront lists the plan');
  assert.equal(sold.subscriptionTypePrice.amount, 499);
  assert.equal((await data(await admin('/audit?action=plans.paymentOption.save'))).items.length, 1);
});
