// Issue 45 items 7, 11, 12 and 18 (staff): the sign-in tells no e-mail from
// another and cannot be used to lock a member out (known devices pass; a
// replayed code is no failed guess), sign-ins, failures and locks are in the
// audit log, a member resets a forgotten password by mail, an admin
// re-invites an existing member, and the TOTP secrets are sealed at rest.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startPortal, backend, expectError } from '../support/server.mjs';
import { outboxMails, setCookies } from '../identity/flow.mjs';
import { demoStaff, freshCode, json, staffBearer, staffLogin, totpAt } from './staff_flow.mjs';

let server;
let aurora;
let noor;
let vela;
let staff;

before(async () => {
  server = await startPortal();
  aurora = backend(server, 'aurora');
  noor = backend(server, 'noor');
  vela = backend(server, 'vela');
  staff = demoStaff(server.output());
});
after(async () => server && (await server.stop()));

function sql(query) {
  return server.database.startsWith('postgres')
    ? execFileSync('psql', [server.database, '-At', '-c', query], { encoding: 'utf8' })
    : execFileSync('sqlite3', [server.database, query], { encoding: 'utf8' });
}

// The code of this moment without spending it in freshCode's book (for calls refused before the code is read).
const codeNow = (secret) => totpAt(secret, Math.floor(Date.now() / 30_000));
const login = (api, email, password, totp, headers = {}) => api('/admin/login', json({ email, password, totp }, headers));
const withDevice = (cookie) => (cookie ? { cookie: `portal_staff_device=${cookie}` } : {});
// The parts of an error answer that do not change per request.
async function refusal(res) {
  const body = await res.json();
  return { status: res.status, error: body.error, message: body.message, data: body.data };
}

test('an unknown e-mail is answered and throttled exactly as a member\'s e-mail', async () => {
  const member = staff['support@example.com noor'];
  const known = [];
  const unknown = [];
  for (let i = 0; i < 5; i++) {
    known.push(await refusal(await login(noor, member.email, 'wrong-password', '123456')));
    unknown.push(await refusal(await login(noor, 'nobody-here@example.com', 'wrong-password', '123456')));
  }
  assert.deepEqual(known, unknown);
  assert.equal(known[0].status, 401);
  assert.equal(known[0].error, 'INVALID_CREDENTIALS');
  // The sixth: both wait the same way.
  const a = await refusal(await login(noor, member.email, 'wrong-password', '123456'));
  const b = await refusal(await login(noor, 'nobody-here@example.com', 'wrong-password', '123456'));
  assert.equal(a.status, 429);
  assert.deepEqual([a.status, a.error, a.message], [b.status, b.error, b.message]);
});

test('a stranger\'s five failures do not lock a member out of a browser the member signed in on before', async () => {
  // The sign-in whose cookies are read goes straight to the portal: Prism's proxy does not pass every Set-Cookie on.
  const velaDirect = backend({ ...server, apiBase: server.base }, 'vela');
  for (const [api, member] of [[vela, staff['owner@example.com vela']], [vela, staff['admin@example.com ']]]) {
    const first = await login(velaDirect, member.email, 'portal-demo', await freshCode(member.secret));
    assert.equal(first.status, 200);
    const device = setCookies(first).portal_staff_device;
    assert.match(device, /^[0-9a-f]{32}\.[0-9a-f]{64}/);
    assert.match(first.headers.getSetCookie().find((c) => c.startsWith('portal_staff_device=')), /HttpOnly/);
    for (let i = 0; i < 5; i++)
      await expectError(await login(api, member.email, 'a-stranger-guess', '000000'), 401, 'INVALID_CREDENTIALS');
    // A stranger (no device cookie) now waits, even with the right code ...
    await expectError(await login(api, member.email, 'portal-demo', codeNow(member.secret)), 429, 'TOO_MANY_ATTEMPTS');
    // ... the member's own browser does not.
    const again = await login(api, member.email, 'portal-demo', await freshCode(member.secret), withDevice(device));
    assert.equal(again.status, 200, `${member.email} signs in from a known device`);
    // A forged or other member's device cookie vouches for nothing.
    await expectError(await login(api, member.email, 'portal-demo', codeNow(member.secret),
      withDevice(`${'0'.repeat(32)}.${'0'.repeat(64)}`)), 429, 'TOO_MANY_ATTEMPTS');
  }
});

test('parallel replays of one valid code sign in once, answer TOTP_REUSED and lock nothing', async () => {
  const member = staff['finance@example.com aurora'];
  const code = await freshCode(member.secret);
  const answers = await Promise.all(Array.from({ length: 20 }, () => login(aurora, member.email, 'portal-demo', code)));
  const statuses = answers.map((r) => r.status).sort();
  assert.equal(statuses.filter((s) => s === 200).length, 1, `one sign-in: ${statuses}`);
  for (const r of answers.filter((x) => x.status !== 200)) await expectError(r, 401, 'TOTP_REUSED');
  // Not locked: a fresh code from a browser without a device cookie still signs in.
  assert.equal((await login(aurora, member.email, 'portal-demo', await freshCode(member.secret))).status, 200);
});

test('sign-ins, failed sign-ins and locks are in the audit log with member, tenant, outcome and address', async () => {
  const owner = staffBearer((await staffLogin(noor, staff['owner@example.com noor'])).token);
  const member = staff['editor@example.com noor'];
  const { staff: me } = await staffLogin(noor, member);
  for (let i = 0; i < 5; i++) await login(noor, member.email, 'not-the-password', '000000');
  const entries = async (action) =>
    (await (await noor(`/admin/audit?action=${action}&actor=${member.email}`, owner)).json()).data.items;
  const signIn = (await entries('staff.signIn'))[0];
  assert.equal(signIn.actorEmail, member.email);
  assert.equal(signIn.actorRole, 'editor');
  assert.equal(signIn.objectType, 'staff');
  assert.equal(signIn.objectId, me.id);
  assert.equal(signIn.after.outcome, 'signedIn');
  assert.equal(signIn.clientAddress, '127.0.0.1');
  assert.equal(signIn.call, 'POST /backend/admin/login');
  const failed = await entries('staff.signInFailed');
  assert.equal(failed.length, 5);
  assert.ok(failed.every((e) => e.after.outcome === 'wrongPassword' && e.clientAddress === '127.0.0.1'));
  const locked = await entries('staff.locked');
  assert.equal(locked.length, 1);
  assert.match(locked[0].after.until, /^\d{4}-\d\d-\d\dT/);
  // Another tenant's log does not show them.
  const auroraOwner = staffBearer((await staffLogin(aurora, staff['owner@example.com aurora'])).token);
  const elsewhere = (await (await aurora(`/admin/audit?objectId=${me.id}`, auroraOwner)).json()).data;
  assert.equal(elsewhere.total, 0);
});

test('a member resets a forgotten password by mail; the same answer for an unknown e-mail; the link works once', async () => {
  const member = staff['support@example.com aurora'];
  const asked = await aurora('/admin/password/forgot', json({ email: member.email }));
  const unknown = await aurora('/admin/password/forgot', json({ email: 'not-a-member@example.com' }));
  assert.equal(asked.status, 202);
  assert.equal(unknown.status, 202);
  assert.deepEqual((await asked.json()).data, (await unknown.json()).data);
  assert.equal((await outboxMails(server, 'aurora', 'not-a-member@example.com')).length, 0);
  await expectError(await aurora('/admin/password/forgot', json({ email: 'not an address' })), 400, 'VALIDATION_ERROR');

  const { token: session } = await staffLogin(aurora, member);
  const mail = (await outboxMails(server, 'aurora', member.email))[0];
  const link = new URL(mail.body.match(/https?:\/\/\S+/)[0]);
  assert.equal(link.pathname, '/admin/login');
  const token = link.searchParams.get('reset');
  assert.match(token, /^[0-9a-f]{64}$/);
  // The hosted page shows the new-password form.
  const page = await fetch(`${server.base}/admin/login?reset=${token}`, { headers: { host: 'aurora.localhost' } });
  assert.equal(page.status, 200);
  assert.match(await page.text(), /name="password2"/);

  await expectError(await aurora('/admin/password/reset', json({ token, password: 'short' })), 400, 'VALIDATION_ERROR');
  const done = await aurora('/admin/password/reset', json({ token, password: 'a brand new password' }));
  assert.equal(done.status, 200);
  assert.equal((await done.json()).data.email, member.email);
  await expectError(await aurora('/admin/password/reset', json({ token, password: 'another new password' })), 404, 'RESET_INVALID');
  // Every session ended; the old password is gone; the new one and the same authenticator sign in.
  await expectError(await aurora('/admin/me', staffBearer(session)), 401, 'UNAUTHORIZED');
  await expectError(await login(aurora, member.email, 'portal-demo', await freshCode(member.secret)), 401, 'INVALID_CREDENTIALS');
  await staffLogin(aurora, member, 'a brand new password');

  const owner = staffBearer((await staffLogin(aurora, staff['owner@example.com aurora'])).token);
  const actions = (await (await aurora(`/admin/audit?actor=${member.email}&objectType=staff`, owner)).json()).data.items.map((e) => e.action);
  assert.ok(actions.includes('staff.passwordResetAsked'));
  assert.ok(actions.includes('staff.passwordReset'));
});

test('an admin re-invites an existing member: a new link is mailed, the old one is void, the new one re-enrols', async () => {
  const owner = staffBearer((await staffLogin(aurora, staff['owner@example.com aurora'])).token);
  // An invited member whose first mail went astray.
  const sent = await (await aurora('/admin/staff', json({ email: 'late@example.com', role: 'support' }, owner.headers))).json();
  const firstLink = new URL((await outboxMails(server, 'aurora', 'late@example.com'))[0].body.match(/https?:\/\/\S+/)[0]);
  const again = await aurora(`/admin/staff/${sent.data.staff.id}/invitation`, { method: 'POST', ...owner });
  assert.equal(again.status, 201);
  assert.equal((await again.json()).data.mailed, true);
  await expectError(await aurora(`/admin/invitation?token=${firstLink.searchParams.get('invitation')}`), 404, 'INVITATION_INVALID');

  // An active member (409 STAFF_EXISTS for a new invitation) is re-invited with its own call.
  const member = staff['finance@example.com aurora'];
  const { token: oldSession, staff: me } = await staffLogin(aurora, member);
  await expectError(await aurora('/admin/staff', json({ email: member.email, role: 'finance' }, owner.headers)), 409, 'STAFF_EXISTS');
  const re = await aurora(`/admin/staff/${me.id}/invitation`, { method: 'POST', ...owner });
  assert.equal(re.status, 201);
  assert.equal((await re.json()).data.staff.status, 'active');
  // Until the link is used nothing changes for the member.
  assert.equal((await aurora('/admin/me', staffBearer(oldSession))).status, 200);
  const link = new URL((await outboxMails(server, 'aurora', member.email))[0].body.match(/https?:\/\/\S+/)[0]);
  const token = link.searchParams.get('invitation');
  const view = (await (await aurora(`/admin/invitation?token=${token}`)).json()).data;
  assert.notEqual(view.totpSecret, member.secret);
  const accepted = await aurora('/admin/invitation/accept', json({ token, password: 'a re-enrolled password', totp: await freshCode(view.totpSecret) }));
  assert.equal(accepted.status, 200);
  await expectError(await aurora('/admin/me', staffBearer(oldSession)), 401, 'UNAUTHORIZED');
  await staffLogin(aurora, { email: member.email, secret: view.totpSecret }, 'a re-enrolled password');

  // Roles: an editor may not; another tenant's member is not found.
  const editor = staffBearer((await staffLogin(aurora, staff['editor@example.com aurora'])).token);
  await expectError(await aurora(`/admin/staff/${me.id}/invitation`, { method: 'POST', ...editor }), 403);
  const noorOwner = staffBearer((await staffLogin(noor, staff['owner@example.com noor'])).token);
  await expectError(await noor(`/admin/staff/${me.id}/invitation`, { method: 'POST', ...noorOwner }), 404, 'STAFF_NOT_FOUND');
  const audit = (await (await aurora(`/admin/audit?action=staff.reinvite`, owner)).json()).data;
  assert.equal(audit.total, 2);
});

test('TOTP secrets are stored sealed, never as the base32 secret, and sign-in with a code still works', async () => {
  const member = staff['owner@example.com noor'];
  const stored = sql(`SELECT totp_secret FROM staff_accounts WHERE email = 'owner@example.com' AND tenant_id = (SELECT id FROM tenants WHERE name = 'noor')`).trim();
  assert.match(stored, /^sealed:v1:[0-9a-f]+$/);
  assert.ok(!stored.includes(member.secret));
  const all = sql('SELECT totp_secret FROM staff_accounts UNION ALL SELECT totp_secret FROM staff_invitations').trim().split('\n');
  assert.ok(all.every((s) => s === '' || s.startsWith('sealed:v1:')), 'no plain secret left');
  assert.ok((await staffLogin(noor, member)).token);
});

test('a plain secret from before the seal is sealed at the next start and keeps working', async () => {
  // An account as migration 0029 stored it: plain base32.
  const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  sql(`UPDATE staff_accounts SET totp_secret = '${plain}', totp_last_step = 0 WHERE email = 'support@example.com' AND tenant_id = (SELECT id FROM tenants WHERE name = 'vela')`);
  const second = await startPortal([], { database: server.database });
  try {
    const stored = sql(`SELECT totp_secret FROM staff_accounts WHERE email = 'support@example.com' AND tenant_id = (SELECT id FROM tenants WHERE name = 'vela')`).trim();
    assert.match(stored, /^sealed:v1:/);
    const res = await backend(second, 'vela')('/admin/login', json({ email: 'support@example.com', password: 'portal-demo', totp: totpAt(plain, Math.floor(Date.now() / 30000)) }));
    assert.equal(res.status, 200);
  } finally {
    await second.stop();
  }
});

test('outside the dev stage the portal does not start without the staff secret key', async () => {
  const attempt = await startPortal(['--stage', 'prod'], { env: { PORTAL_STAFF_SECRET_KEY: '' } }).then((s) => s, (e) => e);
  if (!(attempt instanceof Error)) {
    await attempt.stop();
    assert.fail('a prod portal started without a staff secret key');
  }
  assert.match(attempt.message, /PORTAL_STAFF_SECRET_KEY/);
  const prod = await startPortal(['--stage', 'prod'], { env: { PORTAL_STAFF_SECRET_KEY: 'a-production-key-of-at-least-32-chars' } });
  await prod.stop();
});

test('the hosted pages: sign-in links to the reset request, whose form answers one page for any e-mail, and a reset link sets the password', async () => {
  const form = async (url) => {
    const page = await fetch(`${server.base}${url}`, { headers: { host: 'noor.localhost' } });
    assert.equal(page.status, 200);
    const html = await page.text();
    const csrf = /name="csrf" value="([0-9a-f]{64})"/.exec(html)[1];
    const action = /action="([^"]+)"/.exec(html)[1].replaceAll('&amp;', '&');
    const cookie = setCookies(page).portal_csrf;
    return {
      html,
      post: (fields) => fetch(`${server.base}${action}`, {
        method: 'POST', redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `portal_csrf=${cookie}`, origin: server.base },
        body: new URLSearchParams({ csrf, ...fields }).toString(),
      }),
    };
  };
  const signIn = await form('/admin/login?lang=de');
  const forgotHref = /href="(\/admin\/login\?forgot=1[^"]*)"/.exec(signIn.html)[1].replaceAll('&amp;', '&');
  const forgot = await form(forgotHref);
  assert.match(forgot.html, /name="email"/);
  const member = staff['finance@example.com noor'];
  const known = await forgot.post({ email: member.email });
  const unknown = await forgot.post({ email: 'no-member@example.com' });
  assert.equal(known.status, 200);
  assert.equal(unknown.status, 200);
  const page = async (res) => (await res.text()).replace(/nonce="[0-9a-f]+"/g, '');
  assert.equal(await page(known), await page(unknown));
  const link = new URL((await outboxMails(server, 'noor', member.email))[0].body.match(/https?:\/\/\S+/)[0]);
  const reset = await form(`${link.pathname}${link.search}`);
  const mismatch = await reset.post({ reset: link.searchParams.get('reset'), password: 'a hosted new password', password2: 'something else' });
  assert.equal(mismatch.status, 400);
  const done = await reset.post({ reset: link.searchParams.get('reset'), password: 'a hosted new password', password2: 'a hosted new password' });
  assert.equal(done.status, 200);
  await staffLogin(noor, member, 'a hosted new password');
  const again = await reset.post({ reset: link.searchParams.get('reset'), password: 'a hosted new password', password2: 'a hosted new password' });
  assert.equal(again.status, 404);
});
