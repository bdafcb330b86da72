// Partner sign-in options (issue 72 item 7; commerce §1 isPartner "partner login options flow", §6 "Partner tenants
// have their own login options flow", §7 getPartnerLoginOptions(url, locale, tenant), §3 loginOptionsObject): the
// owner sets the partner's address in the console, the portal asks the partner (a server this test starts) with the
// locale and the tenant, passes on what the contract allows, keeps it, and says why when the partner fails. The
// partner's traffic is checked against the contract (docs/contracts.md "Partner sign-in options"). SQLite and
// PostgreSQL alike.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';
import { startPartner } from '../support/partner.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let server, partner, vela, owner;
before(async () => {
  partner = await startPartner();
  server = await startPortal();
  vela = backend(server, 'vela');
  owner = (await staffLogin(vela, demoStaff(server.output())['owner@example.com vela'])).token;
});
after(async () => {
  await server?.stop();
  await partner?.stop();
});

const settings = async () => (await (await vela('/admin/settings', staffBearer(owner))).json()).data;
const putSettings = (body) => vela('/admin/settings', json(body, staffBearer(owner).headers, 'PUT'));
const setAddress = async (address) => {
  const current = await settings();
  const res = await putSettings({ ...current, partnerLoginOptionsUrl: address });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).data;
};
const options = (lang, tenant = 'vela') => backend(server, tenant)(`/partner/loginOptions/${tenant}?lang=${lang}`);

test('the owner sets the partner address in the console; only an http(s) address without a fragment', async () => {
  const before = await settings();
  assert.equal(before.partnerLoginOptionsUrl, null, 'vela names no partner address in its file');
  for (const bad of ['javascript:alert(1)', 'https://id.vela.example/x#top', '/backend/partner', 'https://a@b.example/', 7]) {
    const refused = await expectError(await putSettings({ ...before, partnerLoginOptionsUrl: bad }), 400, 'VALIDATION_ERROR');
    assert.equal(refused.data.field, 'partnerLoginOptionsUrl', String(bad));
  }
  const saved = await setAddress(`${partner.url}/portal/login-options?client=vela-7`);
  assert.equal(saved.partnerLoginOptionsUrl, `${partner.url}/portal/login-options?client=vela-7`);
  assert.equal((await settings()).partnerLoginOptionsUrl, saved.partnerLoginOptionsUrl);
});

test("the portal asks the partner with the locale and the tenant, and answers the partner's ways in its order", async () => {
  partner.requests.length = 0;
  partner.answer = ({ query }) => ({
    status: 200,
    type: 'application/json; charset=utf-8',
    // operator: vela's network signs nobody in (no provider cookie), so it is left out; unknown keys are ignored.
    body: JSON.stringify({ partner: { label: query.lang === 'de' ? ' Mit Vela-ID anmelden ' : 'Sign in with Vela ID' }, operator: true, email: true, sms: true }),
  });
  const res = await options('de');
  assert.equal(res.status, 200, await res.clone().text());
  assert.match(res.headers.get('cache-control'), /max-age=300/);
  const { data } = await res.json();
  assert.deepEqual(data, { tenant: 'vela', lang: 'de', options: [{ id: 'partner', label: 'Mit Vela-ID anmelden' }, { id: 'email', label: null }] });

  // The traffic, as the contract says: one GET of the configured address with lang and tenant set, asking for JSON,
  // carrying nothing of the portal's own.
  assert.equal(partner.requests.length, 1);
  const [asked] = partner.requests;
  assert.equal(asked.method, 'GET');
  assert.equal(asked.path, '/portal/login-options');
  assert.deepEqual(asked.query, { client: 'vela-7', lang: 'de', tenant: 'vela' });
  assert.match(asked.headers.accept, /application\/json/);
  for (const header of ['cookie', 'authorization', 'x-tenant-id', 'content-type']) assert.equal(asked.headers[header], undefined, header);
  assert.equal(asked.body, '');

  // Kept: the same language asks nothing more; another language asks once.
  assert.equal((await options('de')).status, 200);
  assert.equal(partner.requests.length, 1);
  const en = await (await options('en')).json();
  assert.equal(en.data.options[0].label, 'Sign in with Vela ID');
  assert.equal(partner.requests.length, 2);
  assert.equal(partner.requests[1].query.lang, 'en');
  // A language the tenant does not offer is its default's (vela: German).
  assert.equal((await (await options('xx')).json()).data.lang, 'de');
});

test('a partner that fails or answers outside the contract is a 502 that says why, asked again only after a while', async () => {
  partner.requests.length = 0;
  partner.answer = ({ query }) =>
    query.lang === 'fr' ? { status: 500, type: 'text/plain', body: 'down' }
      : query.lang === 'es' ? { status: 200, type: 'text/html', body: '<html>' }
        : query.lang === 'ro' ? { status: 200, type: 'application/json', body: JSON.stringify({ email: { label: 'a\u202Eb' } }) }
          : { status: 200, type: 'application/json', body: JSON.stringify({ operator: true }) };
  const fr = await expectError(await options('fr'), 502, 'PARTNER_UNAVAILABLE');
  assert.match(fr.message, /HTTP 500/);
  assert.match((await expectError(await options('es'), 502, 'PARTNER_UNAVAILABLE')).message, /text\/html/);
  assert.match((await expectError(await options('ro'), 502, 'PARTNER_UNAVAILABLE')).message, /control character/);
  assert.match((await expectError(await options('ar'), 502, 'PARTNER_UNAVAILABLE')).message, /cannot serve \(operator\)/);
  const asked = partner.requests.length;
  await expectError(await options('fr'), 502, 'PARTNER_UNAVAILABLE');
  assert.equal(partner.requests.length, asked, 'a refusal is kept a moment: the partner is not asked by every page');
});

test('a partner that cannot be reached, or is too slow, is a 502 within the timeout', async () => {
  // A port nobody listens on.
  const closed = await startPartner();
  const address = `${closed.url}/gone`;
  await closed.stop();
  await setAddress(address);
  const started = Date.now();
  assert.match((await expectError(await options('de'), 502, 'PARTNER_UNAVAILABLE')).message, /could not be reached/);
  assert.ok(Date.now() - started < 3000);
  // Slower than the three seconds the portal waits.
  partner.answer = () => ({ status: 200, type: 'application/json', body: '{"email": true}', delayMs: 5000 });
  await setAddress(`${partner.url}/slow`);
  const slowStart = Date.now();
  await expectError(await options('de'), 502, 'PARTNER_UNAVAILABLE');
  assert.ok(Date.now() - slowStart < 4900, `${Date.now() - slowStart} ms`);
});

test('a tenant without a partner address, an unknown tenant, and an address taken away', async () => {
  await expectError(await options('en', 'aurora'), 404, 'PARTNER_LOGIN_OPTIONS_NOT_SET');
  await expectError(await backend(server, 'vela')('/partner/loginOptions/nobody?lang=en'), 404, 'TENANT_NOT_FOUND');
  const cleared = await setAddress(null);
  assert.equal(cleared.partnerLoginOptionsUrl, null);
  await expectError(await options('de'), 404, 'PARTNER_LOGIN_OPTIONS_NOT_SET');
  // The rest of the tenant's backend settings stay as they were.
  assert.deepEqual((await settings()).allowedOrigins, cleared.allowedOrigins);
});
