// Issue 72 item 3: the failed-renewal mail's "Pay again" linked to http://localhost:8080/profile/manage whatever the
// portal's address (the tenant's first allowed origin, picked when it named no publicOrigin). Every mail's links use
// the tenant's public origin: its backend.publicOrigin, else the portal's configured public URL (--public-url) on the
// tenant's own host — never an allowed origin picked at random, never the Host a request named. This portal is on a
// port of its own with --public-url http://portal.test:18082 (no tenant names portal.test: aurora, the default tenant,
// takes it as it is; noor and vela get their hosts on its port), and every request names another Host.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, startPortal } from '../support/server.mjs';
import { followConfirmation, hostedUrl, json, openForm, outboxMails, PASSWORD, postForm, put, SUBSCRIBER } from '../identity/flow.mjs';
import { demoStaff, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { advance, CARDS, client, data, DAY, ORIGIN, payAtCheckout, runScheduler, subscribeBody } from '../subscriptions/support.mjs';

const PUBLIC = 'http://portal.test:18082';
const NOOR = 'http://noor.localhost:18082';
let server, aurora;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock', '--public-url', PUBLIC]);
  aurora = client(server, 'aurora');
});
after(async () => server && (await server.stop()));

// Every absolute link of a mail, in its text and its HTML.
function linksOf(mail) {
  const text = mail.body.match(/https?:\/\/[^\s"<>]+/g) ?? [];
  const html = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
  return [...text, ...html];
}

function assertOn(origin, mail, what) {
  const links = linksOf(mail);
  assert.ok(links.length > 0, `${what}: a link in ${mail.body}`);
  // Never the first allowed origin (localhost:8080), nor the address a request came to (aurora.localhost).
  for (const link of links) assert.equal(new URL(link).origin, origin, `${what}: ${link}`);
}

async function newest(tenant, to, pattern) {
  const mail = (await outboxMails(server, tenant, to)).find((m) => pattern.test(m.subject) || pattern.test(m.body));
  assert.ok(mail, `a mail to ${to} matching ${pattern}`);
  return mail;
}

// Pages and calls as a browser on another of the tenant's addresses makes them (aurora.localhost on this portal's
// port): what the old code built its links from.
const there = (url) => url.replace(server.base, `http://aurora.localhost:${server.port}`);
const apiThere = (path, init = {}) =>
  fetch(`http://aurora.localhost:${server.port}/backend${path}`, { ...init, headers: { 'X-Tenant-ID': 'aurora', ...(init.headers ?? {}) } });

// A new account: registered on the hosted page, confirmed by its mailed link. The link names the public address (a
// proxy in front of this portal, say); the test reaches the same portal directly, by the link's path.
let made = 0;
async function newUser(tenant) {
  const email = `links-${tenant}-${made++}-${process.pid}@example.com`;
  const url = hostedUrl(server, 'register', tenant, { lang: 'en', redirectUrl: `${ORIGIN[tenant]}/` });
  assert.equal((await postForm(url, await openForm(url), { name: 'T', lastName: 'U', email, password: PASSWORD })).status, 200);
  const mail = await newest(tenant, email, /register\/confirm/);
  const link = new URL(linksOf(mail)[0]);
  const done = await followConfirmation(`${server.base}${link.pathname}${link.search}`);
  assert.equal(done.status, 302);
  const landing = new URL(done.headers.get('location'));
  const code = landing.searchParams.get('code');
  landing.searchParams.delete('code');
  const tokens = await data(await backend(server, tenant)('/security/token', json({ code, redirectUrl: landing.toString() })));
  return { email, token: tokens.access_token, mail };
}

test('registration, "you already have an account", the password reset and the e-mail change link to the public origin', async () => {
  const register = there(hostedUrl(server, 'register', 'aurora', { lang: 'en', redirectUrl: `${ORIGIN.aurora}/` }));
  const form = await openForm(register);
  const email = `links-${process.pid}@example.com`;
  assert.equal((await postForm(register, form, { name: 'Lin', lastName: 'K', email, password: 'a-good-password' })).status, 200);
  assertOn(PUBLIC, await newest('aurora', email, /register\/confirm/), 'registration');
  const again = await openForm(register);
  await postForm(register, again, { name: 'S', lastName: 'B', email: SUBSCRIBER, password: 'a-good-password' });
  assertOn(PUBLIC, await newest('aurora', SUBSCRIBER, /already/i), 'already registered');

  const forgot = there(hostedUrl(server, 'password/forgot', 'aurora', { lang: 'de', redirectUrl: `${ORIGIN.aurora}/` }));
  const page = await openForm(forgot);
  assert.equal((await postForm(forgot, page, { email: 'guest@example.com' })).status, 200);
  const reset = await newest('aurora', 'guest@example.com', /resetpassword/);
  assertOn(PUBLIC, reset, 'password reset');
  assert.match(reset.body, new RegExp(`${PUBLIC}/de/resetpassword\\?session=[0-9a-f]{64}`));

  const user = await newUser('aurora');
  const changed = await apiThere('/user/profile', put({ name: 'N', lastName: 'L', email: `moved-${process.pid}@example.com`, currentPassword: PASSWORD }, user.token));
  assert.equal(changed.status, 200, await changed.clone().text());
  assertOn(PUBLIC, await newest('aurora', `moved-${process.pid}@example.com`, /email\/confirm/), 'e-mail change');
  assertOn(PUBLIC, await newest('aurora', user.email, /password\/forgot/), 'the old address told');
});

test('noor\'s mails link to noor\'s host on the portal\'s public port, never to aurora\'s storefront', async () => {
  const { mail } = await newUser('noor');
  assertOn(NOOR, mail, 'noor registration');
  assert.match(linksOf(mail)[0], new RegExp(`^${NOOR}/backend/register/confirm/noor\\?`));
});

test('staff mails (invitation, reset) and support\'s password reset link to the public origin', async () => {
  const staff = demoStaff(server.output());
  const api = backend(server, 'aurora');
  const owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
  const invited = await apiThere('/admin/staff', json({ email: 'links.member@example.com', role: 'editor' }, staffBearer(owner).headers));
  assert.equal(invited.status, 201, await invited.clone().text());
  assertOn(PUBLIC, await newest('aurora', 'links.member@example.com', /invitation=/), 'staff invitation');
  assert.equal((await apiThere('/admin/password/forgot', json({ email: 'support@example.com' }))).status, 202);
  assertOn(PUBLIC, await newest('aurora', 'support@example.com', /reset=/), 'staff reset');

  const support = (await staffLogin(api, staff['support@example.com aurora'])).token;
  const customer = await newUser('aurora');
  const id = (await data(await aurora('/user/profile', { token: customer.token }))).uuid;
  const sent = await apiThere(`/admin/customers/${id}/password-reset`, json({ reason: 'cannot sign in' }, staffBearer(support).headers));
  assert.equal(sent.status, 200, await sent.clone().text());
  assertOn(PUBLIC, await newest('aurora', customer.email, /resetpassword/), 'support\'s reset');
});

test('the trial notice and the dunning mail\'s "Pay again" link to the public origin\'s plans page', async () => {
  const trialUser = await newUser('aurora');
  await data(await aurora('/subscription/subscribeToFreeTrial', {
    method: 'POST', body: { redirect: `${ORIGIN.aurora}/`, lang: 'en', subscriptionTypeId: 102 }, token: trialUser.token,
  }), 201);
  const failing = await newUser('aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(202), token: failing.token }));
  await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.renewalFails);
  await advance(server, 5 * DAY);
  await runScheduler(server);
  const notice = await newest('aurora', trialUser.email, /free trial/i);
  assertOn(PUBLIC, notice, 'trial notice');
  assert.ok(notice.body.includes(`${PUBLIC}/profile/manage`));
  await advance(server, 27 * DAY);
  await runScheduler(server);
  const dunning = await newest('aurora', failing.email, /could not renew/i);
  assertOn(PUBLIC, dunning, 'dunning');
  assert.ok(dunning.html.includes(`href="${PUBLIC}/profile/manage"`), dunning.html);
});
