// Page structures from the console (docs/contracts.md "Page structures from the console"):
// two instances on one database; a saved draft leaves the storefront alone, a publish
// reaches both within the poll, a roll back brings the old tree back; drafts keep the
// seed's rules (errors name the field path); the preview is the structure call's own
// answer for a guest or a subscriber; saves and publishes are audited; editors only.
// SQLite (two processes on one file) and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let first, second, editor, support, owner;
before(async () => {
  first = await startPortal();
  second = await startPortal([], { database: first.database });
  const staff = demoStaff(first.output());
  const aurora = backend(first, 'aurora');
  editor = (await staffLogin(aurora, staff['editor@example.com aurora'])).token;
  support = (await staffLogin(aurora, staff['support@example.com aurora'])).token;
  owner = (await staffLogin(aurora, staff['owner@example.com aurora'])).token;
});
after(async () => {
  await second?.stop();
  await first?.stop();
});

const admin = (server = first, token = editor) => (path, options = {}) =>
  backend(server, 'aurora')(`/admin/structures${path}`, { ...options, headers: { ...staffBearer(token).headers, ...options.headers } });
const put = (body) => json(body, {}, 'PUT');

async function data(res, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text).data;
}

// The home page's top-level node ids as the storefront answers them (a guest, English).
const storefrontOrder = async (server) => {
  const res = await backend(server, 'aurora')('/structure/home?lang=en');
  assert.equal(res.status, 200);
  return (await res.json()).data.substructure.map((n) => n.id);
};

async function eventually(read, wanted, what) {
  let last;
  for (let i = 0; i < 100; i++) {
    last = await read();
    if (wanted(last)) return last;
    await sleep(100);
  }
  assert.fail(`${what}: still ${JSON.stringify(last)}`);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

test('the structures are listed with their published version; home is the seed\'s version 1', async () => {
  const list = await data(await admin()(''));
  const names = list.structures.map((s) => s.name);
  for (const name of ['home', 'header', 'footer', 'news']) assert.ok(names.includes(name), name);
  const home = list.structures.find((s) => s.name === 'home');
  assert.equal(home.publishedVersion, 1);
  assert.equal(home.publishedBy, 'seed');
  assert.equal(home.hasDraft, false);
  assert.equal(home.latest.version, 1);
  const doc = await data(await admin()('/home'));
  assert.equal(doc.version.version, 1);
  assert.equal(doc.tree.id, 'aurora-home');
  assert.equal(typeof doc.tree.data.title, 'object', 'the stored tree: texts by language');
});

test('save a draft: storefront unchanged; publish: both instances change; roll back: back again; all audited', async () => {
  const original = await storefrontOrder(first);
  assert.ok(original.length >= 3);
  assert.deepEqual(await storefrontOrder(second), original);

  const doc = await data(await admin()('/home'));
  const tree = doc.tree;
  // Swap two nodes below the hero banner (index 0): the stories strip and the first rail.
  const nodes = tree.substructure;
  [nodes[1], nodes[2]] = [nodes[2], nodes[1]];
  const swapped = nodes.map((n) => n.id);
  const saved = await data(await admin()('/home/draft', put({ tree, note: 'swap two rails' })));
  assert.equal(saved.version.version, 2);
  assert.equal(saved.version.author, 'editor@example.com');
  assert.equal(saved.version.note, 'swap two rails');
  assert.equal(saved.structure.hasDraft, true);
  assert.equal(saved.structure.publishedVersion, 1);

  await sleep(1500);  // longer than the poll: a draft never reaches the storefront
  assert.deepEqual(await storefrontOrder(first), original);
  assert.deepEqual(await storefrontOrder(second), original);

  const published = await data(await admin()('/home/publish', json({ version: 2 })));
  assert.equal(published.structure.publishedVersion, 2);
  assert.equal(published.structure.publishedBy, 'editor@example.com');
  assert.equal(published.structure.hasDraft, false);
  assert.deepEqual(await storefrontOrder(first), swapped, 'the instance that published serves it at once');
  await eventually(() => storefrontOrder(second), (o) => same(o, swapped), 'the second instance');

  const back = await data(await admin(second)('/home/publish', json({ version: 1 })));
  assert.equal(back.structure.publishedVersion, 1);
  assert.equal(back.structure.hasDraft, true, 'version 2 is newer than the live one');
  await eventually(() => storefrontOrder(first), (o) => same(o, original), 'the first instance after the roll back');
  assert.deepEqual(await storefrontOrder(second), original);

  const versions = await data(await admin()('/home/versions'));
  assert.equal(versions.publishedVersion, 1);
  assert.deepEqual(versions.versions.map((v) => v.version), [2, 1]);
  assert.equal(versions.versions[1].author, 'seed');
  const two = await data(await admin()('/home?version=2'));
  assert.deepEqual(two.tree.substructure.map((n) => n.id), swapped);

  // Audit: one save and two publishes, with who, the object and the version.
  const audit = async (action) => (await data(await backend(first, 'aurora')(`/admin/audit?action=${action}`, staffBearer(owner)))).items;
  const [save] = await audit('structure.save');
  assert.equal(save.actorEmail, 'editor@example.com');
  assert.equal(save.objectType, 'structure');
  assert.equal(save.objectId, 'home');
  assert.equal(save.after.version.version, 2);
  assert.equal(save.before.publishedVersion, 1);
  const publishes = await audit('structure.publish');
  assert.equal(publishes.length, 2);
  assert.deepEqual(publishes.map((e) => e.after.publishedVersion), [1, 2], 'newest first');
});

test('a draft that breaks a rule is refused with its field path and nothing is written', async () => {
  const doc = await data(await admin()('/home'));
  const tree = doc.tree;
  tree.substructure[3].data.customProperties.schedule = { from: 'next friday' };
  const error = await expectError(await admin()('/home/draft', put({ tree })), 400, 'VALIDATION_ERROR');
  assert.equal(error.data.field, 'tree.substructure[3].data.customProperties.schedule.from');
  delete tree.substructure[3].data.customProperties.schedule;
  tree.substructure[2].data.customProperties.type = 'carousel';  // a rail
  assert.equal((await expectError(await admin()('/home/draft', put({ tree })), 400, 'VALIDATION_ERROR')).data.field,
    'tree.substructure[2].data.customProperties.type');
  tree.substructure[2].data.customProperties.type = 'rail';
  tree.substructure[2].data.customProperties.platforms = ['tv'];
  assert.equal((await expectError(await admin()('/home/draft', put({ tree })), 400, 'VALIDATION_ERROR')).data.field,
    'tree.substructure[2].data.customProperties.platforms[0]');
  // Issue 45 item 9: one link rule (core/links.hpp) for the links a node carries.
  const saved = (await data(await admin()('/home'))).tree;
  for (const key of ['clickUrl', 'imageUrl'])
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example', '/\t/evil.example',
      '/\\evil.example']) {
      const node = structuredClone(saved);
      node.substructure[3].data[key] = bad;
      const refused = await expectError(await admin()('/home/draft', put({ tree: node })), 400, 'VALIDATION_ERROR');
      assert.equal(refused.data.field, `tree.substructure[3].data.${key}`, `${key}=${JSON.stringify(bad)}`);
    }
  const versions = await data(await admin()('/home/versions'));
  assert.equal(versions.versions.length, doc.version.version, 'no version was added');
  await expectError(await admin()('/nope/draft', put({ tree })), 404, 'STRUCTURE_NOT_FOUND');
  await expectError(await admin()('/home/publish', json({ version: 99 })), 404, 'STRUCTURE_VERSION_NOT_FOUND');
});

test('the preview answers as the structure call: a guest and a subscriber differ when the rating says so; device and schedule count', async () => {
  const doc = await data(await admin()('/home'));
  const tree = doc.tree;
  const rail = tree.substructure[2];
  rail.data.customProperties.rating = 16;
  const other = tree.substructure[3];
  other.data.customProperties.platforms = ['mobile'];
  const preview = async (body) => (await data(await admin()('/home/preview', json({ tree, lang: 'en', ...body })))).substructure.map((n) => n.id);

  const guest = await preview({ audience: 'guest' });
  assert.ok(guest.includes(rail.id));
  const child = await preview({ audience: 'subscriber', maxRating: 12 });
  assert.ok(!child.includes(rail.id), 'a subscriber under a parental limit of 12 does not see a 16 rail');
  assert.deepEqual(await preview({ audience: 'subscriber' }), guest, 'without a parental limit a subscriber sees what a guest sees');

  assert.ok(!(await preview({ device: 'desktop' })).includes(other.id));
  assert.ok((await preview({ device: 'mobile' })).includes(other.id));

  other.data.customProperties.schedule = { from: '2030-01-01T00:00:00Z' };
  delete other.data.customProperties.platforms;
  assert.ok(!(await preview({})).includes(other.id), 'not yet');
  assert.ok((await preview({ at: '2030-01-01T00:00:00Z' })).includes(other.id), 'from its start');

  // Localised like the storefront: titles are text in the asked language.
  const node = await data(await admin()('/home/preview', json({ tree, lang: 'ar' })));
  assert.equal(typeof node.data.title, 'string');
  assert.equal(node.data.title, tree.data.title.ar);
  await expectError(await admin()('/home/preview', json({ audience: 'robot' })), 400, 'VALIDATION_ERROR');
  // The preview wrote nothing.
  assert.equal((await data(await admin()('/home/versions'))).versions.length, doc.version.version);
});

test('support and customers cannot use the structure calls; an owner can', async () => {
  await expectError(await admin(first, support)(''), 403, 'STAFF_ROLE_REQUIRED');
  await expectError(await admin(first, support)('/home/publish', json({ version: 1 })), 403, 'STAFF_ROLE_REQUIRED');
  await expectError(await backend(first, 'aurora')('/admin/structures'), 401, 'UNAUTHORIZED');
  assert.equal((await admin(first, owner)('')).status, 200);
});
