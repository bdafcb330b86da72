// The staff realm (issue 32 items 2-4): two-factor sign-in, sessions apart
// from customers', roles declared in the route table and refused before the
// handler (walked over the OpenAPI document), invitations, role changes,
// revoked sessions, and the append-only audit log with its CSV export.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal, backend, expectError } from '../support/server.mjs';
import { loginApi, outboxMails, setCookies } from '../identity/flow.mjs';
import { demoStaff, freshCode, json, staffBearer, staffLogin, totpAt } from './staff_flow.mjs';

let server;
let aurora;
let noor;
let staff;
const tokens = {};

before(async () => {
  server = await startPortal();
  aurora = backend(server, 'aurora');
  noor = backend(server, 'noor');
  staff = demoStaff(server.output());
  tokens.owner = (await staffLogin(aurora, staff['owner@example.com aurora'])).token;
  tokens.editor = (await staffLogin(aurora, staff['editor@example.com aurora'])).token;
  tokens.noorOwner = (await staffLogin(noor, staff['owner@example.com noor'])).token;
  tokens.platform = (await staffLogin(aurora, staff['admin@example.com '])).token;
  tokens.customer = (await loginApi(aurora)).access_token;
});
after(async () => server && (await server.stop()));

test('the demo seed prints every demo member with its role, tenant and a base32 secret', () => {
  assert.equal(staff['admin@example.com '].role, 'platform_admin');
  for (const tenant of ['aurora', 'noor', 'vela'])
    for (const role of ['owner', 'editor', 'support', 'finance'])
      assert.equal(staff[`${role}@example.com ${tenant}`]?.role, role, `${role} of ${tenant}`);
  assert.notEqual(staff['owner@example.com aurora'].secret, staff['owner@example.com noor'].secret);
});

test('sign-in answers a staff token, sets the staff cookie, and /me names role and tenants', async () => {
  const account = staff['support@example.com aurora'];
  const res = await aurora('/admin/login', json({ email: account.email, password: 'portal-demo', totp: await freshCode(account.secret) }));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('portal_staff='));
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Strict/);
  assert.match(cookie, /path=\/backend\/admin/i);
  const { data } = await res.json();
  assert.match(data.token, /^staff_[0-9a-f]{64}$/);
  assert.deepEqual([data.staff.email, data.staff.role, data.staff.tenant, data.staff.tenants],
    ['support@example.com', 'support', 'aurora', ['aurora']]);
  const me = await aurora('/admin/me', staffBearer(data.token));
  assert.equal(me.status, 200);
  assert.equal((await me.json()).data.role, 'support');
  // The cookie alone authenticates a read.
  const byCookie = await aurora('/admin/me', { headers: { cookie: `portal_staff=${setCookies(res).portal_staff}` } });
  assert.equal(byCookie.status, 200);
  // The platform administrator may act on every tenant.
  const platform = await (await aurora('/admin/me', staffBearer(tokens.platform))).json();
  assert.equal(platform.data.tenant, null);
  assert.deepEqual(platform.data.tenants, ['aurora', 'noor', 'vela']);
});

test('a wrong code and a wrong password are one refusal, a reused code is a replay; five failures close the e-mail to strangers', async () => {
  const account = staff['finance@example.com vela'];
  const vela = backend(server, 'vela');
  const code = await freshCode(account.secret);
  const good = await vela('/admin/login', json({ email: account.email, password: 'portal-demo', totp: code }));
  assert.equal(good.status, 200);
  // The same code again (same step): refused as a replay, which is no failed guess.
  await expectError(await vela('/admin/login', json({ email: account.email, password: 'portal-demo', totp: code })),
    401, 'TOTP_REUSED');
  await expectError(await vela('/admin/login', json({ email: account.email, password: 'wrong-password', totp: await freshCode(account.secret) })),
    401, 'INVALID_CREDENTIALS');
  await expectError(await vela('/admin/login', json({ email: 'nobody@example.com', password: 'portal-demo', totp: '123456' })),
    401, 'INVALID_CREDENTIALS');
  await expectError(await vela('/admin/login', json({ email: account.email, password: 'portal-demo', totp: '' })),
    400, 'VALIDATION_ERROR');
  // Four more failures make five: closed to browsers the member never signed in on, even with the right code.
  for (let i = 0; i < 4; i++)
    await expectError(await vela('/admin/login', json({ email: account.email, password: 'portal-demo', totp: '000000' })),
      401, 'INVALID_CREDENTIALS');
  const locked = await expectError(
    await vela('/admin/login', json({ email: account.email, password: 'portal-demo', totp: await freshCode(account.secret) })),
    429, 'TOO_MANY_ATTEMPTS');
  assert.ok(locked.data.retryAfter > 0);
});

test('a staff token never acts as a customer, and a customer token never opens an admin call', async () => {
  await expectError(await aurora('/user/profile', staffBearer(tokens.owner)), 401);
  await expectError(await aurora('/admin/me', staffBearer(tokens.customer)), 401, 'UNAUTHORIZED');
  // A write authenticated by the cookie alone needs X-Requested-With (a cross-site form cannot send it).
  const cookie = { cookie: `portal_staff=${tokens.editor}` };
  await expectError(await aurora('/admin/logout', { method: 'POST', headers: cookie }), 401, 'UNAUTHORIZED');
});

// The route table, read from the OpenAPI document: every staff call refuses
// no token, a customer's token, another tenant's member and a role below its own.
test('every /backend/admin call declares its role and refuses the wrong callers before its handler', async () => {
  const doc = await (await fetch(`${server.base}/backend/openapi.json`)).json();
  const below = { admin: 'editor', owner: 'editor', platform_admin: 'owner' };
  const belowToken = { editor: tokens.editor, owner: tokens.owner };
  let walked = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/backend/admin/')) continue;
    for (const [method, op] of Object.entries(item)) {
      assert.ok(['staff', 'staff-open'].includes(op['x-access']), `${method} ${path} is of the staff realm`);
      if (op['x-access'] !== 'staff') continue;
      assert.ok(op['x-staff-role'], `${method} ${path} declares its role`);
      assert.ok(op['x-staff-roles'].includes('platform_admin'));
      const url = path.replace('/backend', '').replace(/\{[^}]+\}/g, 'x');
      const call = (headers) => aurora(url, {
        method: method.toUpperCase(),
        headers: { 'content-type': 'application/json', ...headers },
        ...(['post', 'put', 'patch'].includes(method) ? { body: '{}' } : {}),
      });
      await expectError(await call({}), 401, 'UNAUTHORIZED');
      await expectError(await call({ authorization: `Bearer ${tokens.customer}` }), 401, 'UNAUTHORIZED');
      await expectError(await call({ authorization: `Bearer ${tokens.noorOwner}` }), 403, 'STAFF_WRONG_TENANT');
      const lower = below[op['x-staff-role']];
      if (lower) {
        const body = await expectError(await call({ authorization: `Bearer ${belowToken[lower]}` }), 403, 'STAFF_ROLE_REQUIRED');
        assert.equal(body.data.requiredRole, op['x-staff-role']);
      }
      walked++;
    }
  }
  assert.ok(walked >= 7, `walked ${walked} staff calls`);
});

test('an owner invites a member, who enrols TOTP, signs in, is re-roled and signed out; the audit log has each step', async () => {
  const owner = staffBearer(tokens.owner);
  const sent = await aurora('/admin/staff', json({ email: 'New.Editor@Example.com', role: 'editor', language: 'de' }, owner.headers));
  assert.equal(sent.status, 201);
  const { data: invitation } = await sent.json();
  assert.deepEqual([invitation.staff.email, invitation.staff.role, invitation.staff.status, invitation.mailed],
    ['new.editor@example.com', 'editor', 'invited', true]);
  // The same e-mail again while invited: a fresh link (the old one stops working).
  const mail = (await outboxMails(server, 'aurora', 'new.editor@example.com'))[0];
  assert.match(mail.subject, /Einladung/);
  const link = new URL(mail.body.match(/https?:\/\/\S+/)[0]);
  assert.equal(link.pathname, '/admin/login');
  const token = link.searchParams.get('invitation');

  // The hosted page shows the enrolment form with the secret.
  const page = await fetch(`${server.base}/admin/login?invitation=${token}&lang=ar`, { headers: { host: 'aurora.localhost' } });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /dir="rtl"/);
  assert.match(html, /name="invitation"/);
  // The authenticator's key as a QR code to scan (an SVG drawn by the server: no script, no request).
  assert.match(html, /<svg class="qr"[^>]*role="img" aria-label="[^"]+"[^>]*><rect[^>]*\/><path fill="#000" d="M4 4h1v1h-1z/);

  const view = await (await aurora(`/admin/invitation?token=${token}`)).json();
  assert.equal(view.data.email, 'new.editor@example.com');
  assert.match(view.data.otpauthUri, /^otpauth:\/\/totp\//);
  // A QR reader (zbar, as a phone's camera would) reads the page's code as the authenticator's address.
  const svgFile = join(mkdtempSync(join(tmpdir(), 'portal-qr-')), 'qr.svg');
  writeFileSync(svgFile, html.match(/<svg class="qr"[\s\S]*?<\/svg>/)[0]);
  execFileSync('rsvg-convert', ['-w', '400', '-o', `${svgFile}.png`, svgFile]);
  const scanned = execFileSync('zbarimg', ['--raw', '-q', `${svgFile}.png`], { encoding: 'utf8' }).trim();
  assert.equal(scanned, html.match(/href="(otpauth:[^"]+)"/)[1].replaceAll('&amp;', '&'), 'the page\'s own link');
  assert.equal(new URL(scanned).searchParams.get('secret'), view.data.totpSecret);
  const secret = view.data.totpSecret;
  await expectError(await aurora('/admin/invitation/accept', json({ token, password: 'short', totp: await freshCode(secret) })),
    400, 'VALIDATION_ERROR');
  await expectError(await aurora('/admin/invitation/accept', json({ token, password: 'a long password', totp: '000000' })),
    400, 'VALIDATION_ERROR');
  const accepted = await aurora('/admin/invitation/accept', json({ token, password: 'a long password', totp: await freshCode(secret) }));
  assert.equal(accepted.status, 200);
  assert.equal((await accepted.json()).data.status, 'active');
  await expectError(await aurora(`/admin/invitation?token=${token}`), 404, 'INVITATION_INVALID');
  // Inviting an active member again: refused.
  await expectError(await aurora('/admin/staff', json({ email: 'new.editor@example.com', role: 'editor' }, owner.headers)),
    409, 'STAFF_EXISTS');

  const member = await staffLogin(aurora, { email: 'new.editor@example.com', secret }, 'a long password');
  assert.equal(member.staff.role, 'editor');
  const id = member.staff.id;
  const listed = (await (await aurora('/admin/staff', owner)).json()).data.items;
  assert.ok(listed.some((m) => m.id === id && m.role === 'editor'));

  const changed = await aurora(`/admin/staff/${id}/role`, json({ role: 'support' }, owner.headers, 'PUT'));
  assert.equal(changed.status, 200);
  assert.equal((await changed.json()).data.role, 'support');
  // The new role holds on the member's next call.
  assert.equal((await (await aurora('/admin/me', staffBearer(member.token))).json()).data.role, 'support');
  await expectError(await aurora(`/admin/staff/${id}/role`, json({ role: 'platform_admin' }, owner.headers, 'PUT')), 400, 'VALIDATION_ERROR');

  const revoked = await aurora(`/admin/staff/${id}/sessions`, { method: 'DELETE', ...owner });
  assert.equal(revoked.status, 200);
  assert.equal((await revoked.json()).data.revoked, 1);
  await expectError(await aurora('/admin/me', staffBearer(member.token)), 401, 'UNAUTHORIZED');

  const audit = (await (await aurora(`/admin/audit?objectId=${id}`, owner)).json()).data;
  // The member's own sign-in is in the log as well (issue 45 item 11).
  assert.deepEqual(audit.items.map((e) => e.action), ['staff.revokeSessions', 'staff.role', 'staff.signIn', 'staff.accept', 'staff.invite']);
  const role = audit.items[1];
  assert.equal(role.actorEmail, 'owner@example.com');
  assert.equal(role.actorRole, 'owner');
  assert.equal(role.call, `PUT /backend/admin/staff/${id}/role`);
  assert.equal(role.before.role, 'editor');
  assert.equal(role.after.role, 'support');
  assert.equal(role.clientAddress, '127.0.0.1');
  assert.match(role.requestId, /\S/);
  assert.equal(audit.total, 5);

  const csv = await aurora(`/admin/audit?objectId=${id}&format=csv`, owner);
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get('content-type'), /^text\/csv/);
  const lines = (await csv.text()).trim().split('\r\n');
  assert.equal(lines[0], 'id,at,actorId,actorEmail,actorRole,action,call,objectType,objectId,before,after,clientAddress,requestId');
  assert.equal(lines.length, 6);
  assert.match(lines[2], /staff\.role/);
  const byAccept = await aurora(`/admin/audit?objectId=${id}&size=1&page=2`, { headers: { ...owner.headers, accept: 'text/csv' } });
  assert.match(byAccept.headers.get('content-type'), /^text\/csv/);
});

test('roles: an admin may not grant owner, nobody changes their own role, another tenant\'s member is not found', async () => {
  const owner = staffBearer(tokens.owner);
  const me = (await (await aurora('/admin/me', owner)).json()).data;
  await expectError(await aurora(`/admin/staff/${me.id}/role`, json({ role: 'admin' }, owner.headers, 'PUT')), 409, 'OWN_ROLE');
  const noorMembers = (await (await noor('/admin/staff', staffBearer(tokens.noorOwner))).json()).data.items;
  await expectError(await aurora(`/admin/staff/${noorMembers[0].id}/sessions`, { method: 'DELETE', ...owner }), 404, 'STAFF_NOT_FOUND');
  // The platform administrator acts on any tenant.
  assert.equal((await noor('/admin/staff', staffBearer(tokens.platform))).status, 200);
});

test('the audit log filters by actor, action and dates, pages, and refuses a bad filter', async () => {
  const owner = staffBearer(tokens.owner);
  const all = (await (await aurora('/admin/audit?action=staff.invite', owner)).json()).data;
  assert.ok(all.total >= 1);
  assert.ok(all.items.every((e) => e.action === 'staff.invite'));
  const mine = (await (await aurora('/admin/audit?actor=owner@example.com&size=1', owner)).json()).data;
  assert.equal(mine.items.length, 1);
  assert.equal(mine.items[0].actorEmail, 'owner@example.com');
  const none = (await (await aurora('/admin/audit?to=2000-01-01', owner)).json()).data;
  assert.equal(none.total, 0);
  await expectError(await aurora('/admin/audit?from=yesterday', owner), 400, 'VALIDATION_ERROR');
  await expectError(await aurora('/admin/audit?size=500', owner), 400, 'VALIDATION_ERROR');
  // Another tenant's log holds none of aurora's entries (noor's owner's own sign-in is noor's).
  const noorLog = (await (await noor('/admin/audit?actor=owner@example.com&action=staff.invite', staffBearer(tokens.noorOwner))).json()).data;
  assert.equal(noorLog.total, 0);
});

test('the audit log is append-only in the database itself', () => {
  const statements = ['UPDATE audit_log SET action = \'x\'', 'DELETE FROM audit_log'];
  for (const sql of statements) {
    const run = server.database.startsWith('postgres')
      ? () => execFileSync('psql', [server.database, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'pipe' })
      : () => execFileSync('sqlite3', [server.database, sql], { stdio: 'pipe' });
    assert.throws(run, /append-only/, sql);
  }
});

test('logout ends the session; the hosted sign-in page sets the cookie and sends the member to /admin', async () => {
  const account = staff['editor@example.com noor'];
  const { token } = await staffLogin(noor, account);
  const out = await noor('/admin/logout', { method: 'POST', ...staffBearer(token) });
  assert.equal(out.status, 200);
  await expectError(await noor('/admin/me', staffBearer(token)), 401, 'UNAUTHORIZED');

  const page = await fetch(`${server.base}/admin/login?lang=fr`, { headers: { host: 'noor.localhost' } });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /lang="fr"/);
  assert.match(html, /autocomplete="one-time-code"/);
  const csrf = /name="csrf" value="([0-9a-f]{64})"/.exec(html)[1];
  const csrfCookie = setCookies(page).portal_csrf;
  const action = /action="([^"]+)"/.exec(html)[1].replaceAll('&amp;', '&');
  const post = (fields) => fetch(`${server.base}${action}`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `portal_csrf=${csrfCookie}`, origin: server.base },
    body: new URLSearchParams({ csrf, email: account.email, password: 'portal-demo', ...fields }).toString(),
  });
  const wrong = await post({ totp: '000000' });
  assert.equal(wrong.status, 401);
  assert.match(await wrong.text(), /incorrect/);
  const signedIn = await post({ totp: await freshCode(account.secret) });
  assert.equal(signedIn.status, 303);
  // The console opens in the sign-in page's language (an invitation's: the member's; issue 73 item 6).
  assert.equal(signedIn.headers.get('location'), '/admin?lang=fr');
  const cookie = setCookies(signedIn).portal_staff;
  assert.match(cookie, /^staff_/);
  assert.equal((await noor('/admin/me', { headers: { cookie: `portal_staff=${cookie}` } })).status, 200);
  assert.ok(totpAt(account.secret, 1).length === 6);
});
