// A tenant's currency changes only when nothing is priced in the old one (issue 45 item 15;
// docs/decisions.md "A tenant's currency changes only when nothing is priced in the old one"):
// aurora's plans and catalog are in EUR, so a change to SAR is 409 CURRENCY_IN_USE naming the field
// and listing the plans and articles still in EUR, and nothing changes; a malformed code is 400.
// SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let server, owner;
before(async () => {
  server = await startPortal([]);
  const staff = demoStaff(server.output());
  owner = (await staffLogin(backend(server, 'aurora'), staff['owner@example.com aurora'])).token;
});
after(async () => server && (await server.stop()));

const settings = async () => (await (await backend(server, 'aurora')('/admin/settings', staffBearer(owner))).json()).data;
const put = (body) => backend(server, 'aurora')('/admin/settings', json(body, staffBearer(owner).headers, 'PUT'));

test('a currency change while plans and articles are priced in EUR is refused, listing them', async () => {
  const current = await settings();
  assert.equal(current.settings.currency, 'EUR');
  const e = await expectError(await put({ ...current, settings: { ...current.settings, currency: 'SAR' } }), 409, 'CURRENCY_IN_USE');
  assert.equal(e.data.field, 'settings.currency');
  assert.equal(e.data.currency, 'EUR');
  assert.ok(e.data.plans.includes(101), JSON.stringify(e.data.plans));
  assert.ok(e.data.articles.includes(8001), 'the voucher product');
  assert.ok(e.data.articles.includes(2102), 'a priced album');
  const after = await settings();
  assert.equal(after.version, current.version, 'nothing written');
  assert.equal(after.settings.currency, 'EUR');

  const malformed = await expectError(await put({ ...current, settings: { ...current.settings, currency: 'euro' } }), 400, 'VALIDATION_ERROR');
  assert.equal(malformed.data.field, 'settings.currency');
  // The same currency (other settings edited) is still accepted.
  const kept = await put(current);
  assert.equal(kept.status, 200, await kept.clone().text());
});
