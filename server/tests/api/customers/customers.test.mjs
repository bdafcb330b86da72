// Customers from the console (issue 34 items 1 and 2; docs/staff.md "Customers"): support finds a
// customer by e-mail, user id, uuid, a payment's reference and id after a checkout, and a voucher
// code; opens the customer's page (the payment with its masked card and refunded 0, the subscription
// with its events) and the view is in the audit log; finance may read too, an editor is refused
// (403), and another tenant's customer is not found (404). SQLite (through Prism in CI) and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { client, newUser, data, subscribeBody, payAtCheckout, CARDS, GUEST } from '../subscriptions/support.mjs';
import { mint, redeem } from '../vouchers/support.mjs';

let server, aurora, support, finance, editor, owner, noorSupport;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  aurora = client(server, 'aurora');
  const staff = demoStaff(server.output());
  const login = async (key, tenant) => (await staffLogin(backend(server, tenant), staff[key])).token;
  support = await login('support@example.com aurora', 'aurora');
  finance = await login('finance@example.com aurora', 'aurora');
  editor = await login('editor@example.com aurora', 'aurora');
  owner = await login('owner@example.com aurora', 'aurora');
  noorSupport = await login('support@example.com noor', 'noor');
});
after(async () => server && (await server.stop()));

const admin = (token, tenant = 'aurora') => (path) => backend(server, tenant)(`/admin/customers${path}`, staffBearer(token));
const search = async (q, token = support, tenant = 'aurora') => data(await admin(token, tenant)(`?q=${encodeURIComponent(q)}`));
const page = async (uuid, token = support) => data(await admin(token)(`/${encodeURIComponent(uuid)}`));
const only = (found) => {
  assert.equal(found.customers.length, 1, JSON.stringify(found));
  return found.customers[0];
};

test('support finds guest@ by e-mail (any case), its beginning, user id and uuid, and opens the page', async () => {
  const byEmail = only(await search(' Guest@Example.com '));
  assert.equal(byEmail.email, GUEST);
  assert.equal(byEmail.matchedBy, 'email');
  assert.equal(byEmail.tenant, 'aurora');
  const prefix = (await search('guest@exa')).customers.find((c) => c.uuid === byEmail.uuid);
  assert.ok(prefix, 'the beginning of the e-mail finds it');
  assert.equal(only(await search(byEmail.userId)).matchedBy, 'userId');
  assert.equal(only(await search(byEmail.uuid)).matchedBy, 'uuid');

  const customer = await page(byEmail.uuid);
  assert.equal(customer.profile.email, GUEST);
  assert.equal(customer.profile.uuid, byEmail.uuid);
  assert.equal(typeof customer.parentalControl, 'boolean');
  const text = JSON.stringify(customer);
  assert.doesNotMatch(text, /password_hash|\$argon2/, 'no password or PIN hash');
  assert.equal(typeof customer.signIn.locked, 'boolean');
  assert.ok(Array.isArray(customer.sessions));
});

test('a checkout: found by the payment reference and id; the page shows the payment and the subscription with its events', async () => {
  const { email, token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }));
  const { res } = await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  assert.equal(res.status, 303);

  const byReference = only(await search(start.purchaseID));
  assert.equal(byReference.email, email);
  assert.equal(byReference.matchedBy, 'paymentReference');
  assert.equal(byReference.name, 'Test User', 'the name completed by the last name, read by its column name');
  const customer = await page(byReference.uuid);
  const payment = customer.payments.find((p) => p.reference === start.purchaseID);
  assert.ok(payment, JSON.stringify(customer.payments));
  assert.equal(payment.status, 'SUCCEEDED');
  assert.equal(payment.refunded, 0);
  assert.match(payment.instrument, /4242/);
  assert.doesNotMatch(payment.instrument, /4242 ?4242 ?4242 ?4242/, 'the card is masked');
  const byId = only(await search(payment.id));
  assert.equal(byId.uuid, byReference.uuid);
  assert.equal(byId.matchedBy, 'paymentId');
  const subscription = customer.subscriptions.find((s) => s.typeId === 102);
  assert.equal(subscription.status, 'ACTIVE');
  assert.ok(subscription.plan, "the plan's name from the type's definition, read by its column name");
  assert.ok(subscription.events.length >= 1, 'the timeline of the subscription');
});

test('a voucher code finds who redeemed it', async () => {
  const [code] = mint(server, 'aurora', 101, 1);
  const { email, token } = await newUser(server, 'aurora');
  await data(await redeem(aurora, token, code));
  const found = only(await search(code.toLowerCase().replaceAll('-', ' ')));
  assert.equal(found.email, email);
  assert.equal(found.matchedBy, 'voucherRedeemer');
});

test('finance may read; an editor is refused; another tenant does not see the customer', async () => {
  const guest = only(await search(GUEST));
  assert.equal(only(await search(GUEST, finance)).uuid, guest.uuid);
  assert.equal((await page(guest.uuid, finance)).profile.email, GUEST);
  await expectError(await admin(editor)(`?q=${GUEST}`), 403, 'STAFF_ROLE_REQUIRED');
  await expectError(await admin(editor)(`/${guest.uuid}`), 403, 'STAFF_ROLE_REQUIRED');
  await expectError(await admin(noorSupport, 'noor')(`/${guest.uuid}`), 404, 'CUSTOMER_NOT_FOUND');
  const inNoor = await search(guest.uuid, noorSupport, 'noor');
  assert.equal(inNoor.customers.length, 0, "aurora's uuid is not found from noor");
  await expectError(await admin(support)(`?q=${GUEST}&tenant=noor`), 400, 'VALIDATION_ERROR');
  await expectError(await admin(support)('?q='), 400, 'VALIDATION_ERROR');
});

test("opening a customer's page is in the audit log (customers.view), the search is not", async () => {
  const guest = only(await search(GUEST));
  await page(guest.uuid);
  const audit = await data(await backend(server, 'aurora')(`/admin/audit?objectId=${guest.uuid}`, staffBearer(owner)));
  const views = audit.items.filter((e) => e.action === 'customers.view');
  assert.ok(views.length >= 1, JSON.stringify(audit.items));
  assert.equal(views[0].objectType, 'customer');
  assert.equal(views[0].actorEmail, 'support@example.com');
  assert.equal(views[0].before, null);
});
