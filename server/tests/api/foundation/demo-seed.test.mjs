// The demo seed never undoes an operator's work (issue 49 item 5, core/seed_guard.hpp): an owner saves a colour and
// a redirect, an editor a plan's price, a retired plan and a track's title through the console's calls; an instance
// started with --seed demo on the same database afterwards keeps every one of them. A tenant's part that no staff
// member touched is still the demo file's.
// SQLite (through Prism with scripts/test-api-prism) and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, sqlOn, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let first, owner, editor;
before(async () => {
  first = await startPortal();
  const staff = demoStaff(first.output());
  owner = (await staffLogin(backend(first, 'aurora'), staff['owner@example.com aurora'])).token;
  editor = (await staffLogin(backend(first, 'aurora'), staff['editor@example.com aurora'])).token;
});
after(async () => {
  await first?.stop();
});

async function data(res, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text).data;
}
const call = (server, token, path, body, method = 'PUT') =>
  backend(server, 'aurora')(path, body === undefined ? staffBearer(token) : json(body, staffBearer(token).headers, method));

test("a restart with --seed demo keeps the console's settings, plans and catalog edits", async () => {
  // The owner: a colour and a redirect.
  const settings = await data(await call(first, owner, '/admin/settings'));
  const edited = structuredClone(settings);
  edited.colors.light.primary = '#0f766e';
  edited.redirects = [{ from: '/old-music', to: '/music', permanent: false }];
  await data(await call(first, owner, '/admin/settings', edited));
  // The owner: a new price from a future date for one plan, another plan retired (prices are money: not an editor's).
  const priced = await data(await call(first, editor, '/admin/plans/103'));
  await data(await call(first, owner, '/admin/plans/103/price', { version: priced.version, price: { amount: 8999, currency: 'EUR' }, effectiveFrom: '2099-01-01T00:00:00Z' }, 'POST'));
  const retiring = await data(await call(first, editor, '/admin/plans/101'));
  await data(await call(first, owner, '/admin/plans/101/retire', { version: retiring.version, successorId: 102 }, 'POST'));
  // An editor: a track's title.
  const track = await data(await call(first, editor, '/admin/catalog/articles/2102?lang=en'));
  const article = { ...track.article, title: { ...track.article.title, en: 'Glasshouse (operator cut)' } };
  await data(await call(first, editor, '/admin/catalog/articles/2102', { version: track.version, article }));

  // A second instance on the same database, started with the README's seed.
  const second = await startPortal(['--seed', 'demo'], { database: first.database });
  try {
    const after = await data(await call(second, owner, '/admin/settings'));
    assert.equal(after.colors.light.primary, '#0f766e', 'the colour kept');
    assert.deepEqual(after.redirects, [{ from: '/old-music', to: '/music', permanent: false }], 'the redirect kept');
    const plan = await data(await call(second, editor, '/admin/plans/103'));
    assert.deepEqual(plan.priceChange?.effectiveFrom, '2099-01-01T00:00:00Z', 'the scheduled price kept');
    assert.equal((await data(await call(second, editor, '/admin/plans/101'))).state, 'RETIRED', 'the retired plan stays retired');
    const title = (await data(await call(second, editor, '/admin/catalog/articles/2102?lang=en'))).article.title.en;
    assert.equal(title, 'Glasshouse (operator cut)', 'the title kept');
    // Noor's parts, untouched by anyone, are still its demo files' and marked as seeded.
    const marks = sqlOn(first.database, "SELECT m.part FROM seed_marks m JOIN tenants t ON t.id = m.tenant_id WHERE t.name = 'noor' ORDER BY m.part");
    assert.deepEqual(marks.split('\n'), ['catalog', 'plans', 'settings']);
    assert.match(second.output(), /demo seed kept the operator's changes/);
  } finally {
    await second.stop();
  }
});
