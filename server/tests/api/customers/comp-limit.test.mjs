// Free days are capped (issue 45 item 8; docs/decisions.md "Support's actions on a customer", Comp):
// support gives at most 31 days per subscription in any 30 days, summed over every support agent; beyond
// that 403 COMP_LIMIT_REACHED (daysLeft) and an admin or owner gives them. The cap is the database
// write's, so concurrent comps cannot pass it. SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { CARDS, client, data, mySubscriptions, newUser, payAtCheckout, subscribeBody } from '../subscriptions/support.mjs';

const DAY = 24 * 3600 * 1000;
let server, aurora, support, owner;

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
  const staff = demoStaff(server.output());
  const api = backend(server, 'aurora');
  support = (await staffLogin(api, staff['support@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
});
after(async () => server && (await server.stop()));

const comp = (c, days, token = support) =>
  backend(server, 'aurora')(`/admin/customers/${c.id}/subscriptions/${c.sub.id}/comp`,
    json({ days, reason: 'outage' }, staffBearer(token).headers));

async function subscribed() {
  const { token } = await newUser(server, 'aurora');
  const id = (await data(await aurora('/user/profile', { token }))).uuid;
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token }));
  await payAtCheckout(start.options[0].redirectionUrl, CARDS.success);
  const [sub] = await mySubscriptions(aurora, token);
  assert.equal(sub.state, 'ACTIVE');
  return { token, id, sub };
}

test('support gives at most 31 days in 30 days; the 32nd is 403 with daysLeft; an owner may give more', async () => {
  const c = await subscribed();
  await data(await comp(c, 20));
  await data(await comp(c, 11));
  const over = await expectError(await comp(c, 1), 403, 'COMP_LIMIT_REACHED');
  assert.equal(over.data.field, 'days');
  assert.equal(over.data.daysLeft, 0);
  const five = await comp(c, 365);
  assert.equal(five.status, 403, 'a year by support: refused');
  const [mine] = await mySubscriptions(aurora, c.token);
  assert.equal(Date.parse(mine.endDate) - Date.parse(c.sub.endDate), 31 * DAY, 'only the allowed days moved the end');
  const byOwner = await data(await comp(c, 100, owner));
  assert.equal(Date.parse(byOwner.endsAt) - Date.parse(c.sub.endDate), 131 * DAY);
});

test('ten concurrent comps of 5 days by support never pass 31 days', async () => {
  const c = await subscribed();
  const answers = await Promise.all(Array.from({ length: 10 }, () => comp(c, 5)));
  const statuses = answers.map((r) => r.status);
  assert.ok(statuses.every((s) => s === 200 || s === 403 || s === 409), `statuses: ${statuses}`);
  const given = statuses.filter((s) => s === 200).length;
  assert.ok(given >= 1 && given <= 6, `statuses: ${statuses}`);
  const [mine] = await mySubscriptions(aurora, c.token);
  assert.equal(Date.parse(mine.endDate) - Date.parse(c.sub.endDate), given * 5 * DAY);
  // Whatever the race, the cap still holds afterwards.
  const left = 31 - given * 5;
  if (left > 0) await data(await comp(c, left));
  await expectError(await comp(c, 1), 403, 'COMP_LIMIT_REACHED');
});
