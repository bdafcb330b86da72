// The console's one search (issue 78 item 4, GET /backend/admin/search): each kind is found (a customer by e-mail, its
// beginning and uuid; an article by id and title; a plan by name and id; a voucher batch's code; a payment by id; a
// staff member by e-mail), only what the member's role may open (support: customers only; an editor: no customers or
// payments), nothing of another tenant, and bad input is a 400 naming q. SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { client, newUser, data, subscribeBody, payAtCheckout, CARDS, GUEST } from '../subscriptions/support.mjs';
import { mint } from '../vouchers/support.mjs';

let server, support, finance, editor, owner, noorOwner;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  const staff = demoStaff(server.output());
  const login = async (key, tenant) => (await staffLogin(backend(server, tenant), staff[key])).token;
  support = await login('support@example.com aurora', 'aurora');
  finance = await login('finance@example.com aurora', 'aurora');
  editor = await login('editor@example.com aurora', 'aurora');
  owner = await login('owner@example.com aurora', 'aurora');
  noorOwner = await login('owner@example.com noor', 'noor');
});
after(async () => server && (await server.stop()));

const call = (q, token, tenant = 'aurora', lang = 'en') =>
  backend(server, tenant)(`/admin/search?q=${encodeURIComponent(q)}&lang=${lang}`, staffBearer(token));
const search = async (q, token = owner, tenant = 'aurora', lang = 'en') => data(await call(q, token, tenant, lang));
const ofKind = (found, kind) => found.hits.filter((h) => h.kind === kind);
const kinds = (found) => [...new Set(found.hits.map((h) => h.kind))];

test('a customer by e-mail, its beginning and uuid: the hit opens the customer page', async () => {
  const [byEmail] = ofKind(await search(GUEST), 'customer');
  assert.equal(byEmail.title, GUEST);
  assert.equal(byEmail.page, 'customers');
  assert.equal(byEmail.pageId, byEmail.id);
  assert.ok(ofKind(await search('guest@exa'), 'customer').some((h) => h.id === byEmail.id), 'the beginning of the e-mail');
  assert.deepEqual(ofKind(await search(byEmail.id), 'customer').map((h) => h.id), [byEmail.id]);
});

test('an article by id and by title, titled in the asked language; a plan by name and id', async () => {
  const [byId] = ofKind(await search('2002'), 'article');
  assert.equal(byId.id, '2002');
  assert.equal(byId.title, 'The Velvet Static');
  assert.deepEqual([byId.page, byId.pageId], ['catalog', '2002']);
  assert.ok(ofKind(await search('velvet'), 'article').some((h) => h.id === '2002'), 'the title through the search index');
  const plans = ofKind(await search('music plus'), 'plan');
  assert.ok(plans.some((h) => h.id === '102' && h.title === 'Music Plus'), JSON.stringify(plans));
  assert.deepEqual(ofKind(await search('103'), 'plan').map((h) => [h.id, h.page, h.pageId]), [['103', 'plans', '103']]);
});

test("a voucher code opens its batch; a payment's id opens its customer, with its amount in minor units; a staff member by e-mail opens that member", async () => {
  const [code] = mint(server, 'aurora', 101, 1);
  const [voucher] = ofKind(await search(code), 'voucher');
  assert.ok(voucher, 'the code is found');
  assert.equal(voucher.page, 'vouchers');
  assert.ok(voucher.pageId, 'its batch');

  const { email, token } = await newUser(server, 'aurora');
  const aurora = client(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }));
  await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  const [customer] = ofKind(await search(email), 'customer');
  const page = await data(await backend(server, 'aurora')(`/admin/customers/${customer.id}`, staffBearer(owner)));
  const paymentId = page.payments[0].id;
  const [payment] = ofKind(await search(paymentId, finance), 'payment');
  assert.equal(payment.id, paymentId);
  assert.deepEqual([payment.page, payment.pageId], ['customers', customer.id]);
  // The amount and status as data, for the console to format in its language (not a sentence made here).
  assert.deepEqual([payment.amount, payment.currency, payment.status], [page.payments[0].amount, page.payments[0].currency, page.payments[0].status]);
  assert.ok(Number.isInteger(payment.amount) && payment.amount > 0);

  const staff = ofKind(await search('support@ex'), 'staff');
  assert.deepEqual(staff.map((h) => [h.title, h.page, h.detail]), [['support@example.com', 'staff', 'support']]);
  const members = (await data(await backend(server, 'aurora')('/admin/staff', staffBearer(owner)))).items;
  assert.equal(staff[0].pageId, members.find((m) => m.email === 'support@example.com').id, 'the member opens, not the list');
});

test('only what the role may open: support finds customers only, finance no articles or staff, an editor no customers', async () => {
  const [code] = mint(server, 'aurora', 101, 1);
  for (const q of [GUEST, '2002', 'music', code, 'support@ex', 'finance@ex']) {
    const found = await search(q, support);
    assert.deepEqual(kinds(found).filter((k) => k !== 'customer'), [], `support, ${q}: ${JSON.stringify(found)}`);
  }
  assert.equal(ofKind(await search(GUEST, support), 'customer').length, 1, 'support finds the customer');
  const asFinance = [...(await search('music', finance)).hits, ...(await search('support@ex', finance)).hits, ...(await search('2002', finance)).hits];
  assert.deepEqual([...new Set(asFinance.map((h) => h.kind))].filter((k) => k === 'article' || k === 'staff' || k === 'voucher'), []);
  assert.ok(asFinance.some((h) => h.kind === 'plan'), 'finance finds plans (their prices)');
  const asEditor = await search(GUEST, editor);
  assert.deepEqual(ofKind(asEditor, 'customer'), []);
  assert.ok(ofKind(await search('2002', editor), 'article').length === 1);
});

test("a member of another tenant finds nothing of this tenant's", async () => {
  const [guest] = ofKind(await search(GUEST), 'customer');
  const [code] = mint(server, 'aurora', 101, 1);
  for (const q of [guest.id, code]) assert.deepEqual((await search(q, noorOwner, 'noor')).hits, [], q);
  // Noor's own staff list does not hold aurora's members; aurora's token is refused in noor.
  assert.ok(ofKind(await search('owner@ex', noorOwner, 'noor'), 'staff').every((h) => h.title === 'owner@example.com'));
  await expectError(await call(GUEST, owner, 'noor'), 403, 'STAFF_WRONG_TENANT');
});

test('bad input: an empty or blank q, and one over 200 characters, is a 400 naming q; no token is a 401', async () => {
  for (const q of ['', '   ', 'x'.repeat(201)]) {
    const res = await call(q, owner);
    const body = await expectError(res, 400, 'VALIDATION_ERROR');
    assert.match(JSON.stringify(body), /\bq\b/, JSON.stringify(body));
  }
  const res = await backend(server, 'aurora')('/admin/search?q=x');
  assert.equal(res.status, 401);
});
