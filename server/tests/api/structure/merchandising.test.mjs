// Building the home page in the console (issue 73, docs/merchandising.md): a draft's new rules (a catalog row's
// query and count, a node's storefront languages, a card's article) are refused with the field and the reason;
// a node shown in some languages only; a version published at a set time by any instance (the one whose clock
// reaches it first), audited as the member who set it, and served by every instance within seconds; a node's
// own schedule ends a kept answer's lifetime at its time; a banner's image uploaded with purpose "structure";
// another tenant's staff reach none of it. Two instances on one database (the first with --dev-clock).
// SQLite and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, rawRequest, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { uploadInChunks } from '../media/media_files.mjs';

let first, second, dir, staff, editor, owner, noorEditor;
async function signIn() {
  editor = (await staffLogin(backend(first, 'aurora'), staff['editor@example.com aurora'])).token;
  owner = (await staffLogin(backend(first, 'aurora'), staff['owner@example.com aurora'])).token;
  noorEditor = (await staffLogin(backend(first, 'noor'), staff['editor@example.com noor'])).token;
}
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-merch-'));
  first = await startPortal(['--dev-clock', '--media-root', join(dir, 'media'), '--media-job-interval', '1']);
  second = await startPortal([], { database: first.database });
  staff = demoStaff(first.output());
  await signIn();
});
after(async () => {
  await second?.stop();
  await first?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const admin = (server = first, token = editor, tenant = 'aurora') => (path, options = {}) =>
  backend(server, tenant)(`/admin/structures${path}`, { ...options, headers: { ...staffBearer(token).headers, ...options.headers } });

async function data(res, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text).data;
}

async function refused(res, status, code, field) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  const body = JSON.parse(text);
  assert.equal(body.error, code, text);
  if (field !== undefined) {
    assert.equal(body.data.field, field, text);
    assert.ok(typeof body.data.reason === 'string' && body.data.reason.length > 0, text);
  }
  return body;
}

async function eventually(read, wanted, what, tries = 80) {
  let last;
  for (let i = 0; i < tries; i++) {
    last = await read();
    if (wanted(last)) return last;
    await sleep(100);
  }
  assert.fail(`${what}: still ${JSON.stringify(last)}`);
}

async function moveClock(advanceSeconds) {
  const res = await fetch(`${first.base}/backend/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds }) });
  assert.equal(res.status, 200, await res.text());
}

// The instance's clock as the server reads it (the dev clock is moved by the tests).
const utc = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
let offset = 0;
const now = () => Date.now() + offset * 1000;

const homeIds = async (server, lang = 'en') => {
  const res = await backend(server, 'aurora')(`/structure/home?lang=${lang}`);
  assert.equal(res.status, 200);
  return (await res.json()).data.substructure.map((n) => n.id);
};

const homeTree = async () => (await data(await admin()('/home'))).tree;

const put = (body) => json(body, {}, 'PUT');

function withNode(tree, node, at = tree.substructure.length) {
  const copy = structuredClone(tree);
  copy.substructure.splice(at, 0, node);
  return copy;
}

const node = (id, customProperties, substructure = []) => ({
  id, name: id, data: { title: { en: id }, subTitle: '', imageUrl: '', clickUrl: '', customProperties }, substructure,
});

test('a draft keeps the new rules: the field and the reason of what is wrong', async () => {
  const tree = await homeTree();
  const at = tree.substructure.length;
  const cases = [
    [node('m-langs', { type: 'rail', languages: ['ar', 'xx'] }), `tree.substructure[${at}].data.customProperties.languages[1]`],
    [node('m-count', { type: 'catalog', query: { sort: 'new' }, count: 0 }), `tree.substructure[${at}].data.customProperties.count`],
    [node('m-sort', { type: 'catalog', query: { sort: 'cheapest' } }), `tree.substructure[${at}].data.customProperties.query.sort`],
    [node('m-filter', { type: 'catalog', query: { genre: 'pop' } }), `tree.substructure[${at}].data.customProperties.query.genre`],
    [node('m-card', { type: 'rail' }, [node('m-card-1', { type: 'card', articleId: 'x' })]), `tree.substructure[${at}].substructure[0].data.customProperties.articleId`],
    [node('m-link', { type: 'banner' }, [{ ...node('m-slide', { type: 'slide' }), data: { ...node('m-slide', { type: 'slide' }).data, clickUrl: 'javascript:alert(1)' } }]), `tree.substructure[${at}].substructure[0].data.clickUrl`],
  ];
  for (const [bad, field] of cases) {
    await refused(await admin()('/home/draft', put({ tree: withNode(tree, bad) })), 400, 'VALIDATION_ERROR', field);
  }
});

test('a node shown in some storefront languages only; a query row with its count', async () => {
  const tree = withNode(withNode(await homeTree(), node('m-arabic', { type: 'rail', languages: ['ar'] }, [node('m-arabic-1', { type: 'card' })])),
    node('m-newest', { type: 'catalog', query: { contentType: 'full_track_music', sort: 'new' }, count: 6 }));
  const saved = await data(await admin()('/home/draft', put({ tree, note: 'merch languages' })));
  await data(await admin()('/home/publish', json({ version: saved.version.version })));
  await eventually(() => homeIds(first, 'ar'), (ids) => ids.includes('m-arabic'), 'the Arabic storefront shows the Arabic rail');
  assert.ok(!(await homeIds(first, 'en')).includes('m-arabic'), 'the English one does not');
  const res = await backend(first, 'aurora')('/structure/home?lang=en');
  const row = (await res.json()).data.substructure.find((n) => n.id === 'm-newest');
  assert.deepEqual(row.data.customProperties.query, { contentType: 'full_track_music', sort: 'new' });
  assert.equal(row.data.customProperties.count, 6);
  // The preview evaluates the same way: a phone in Arabic sees the rail.
  const preview = await data(await admin()('/home/preview', json({ tree, lang: 'ar', device: 'mobile' })));
  assert.ok(preview.substructure.some((n) => n.id === 'm-arabic'));
});

test('a schedule is cancelled by the member, audited; a new one replaces the one waiting', async () => {
  const tree = await homeTree();
  const saved = await data(await admin()('/home/draft', put({ tree, note: 'maybe later' })));
  const version = saved.version.version;
  await data(await admin()('/home/schedule', put({ version, at: utc(now() + 7_200_000) })));
  const later = utc(now() + 9_000_000);
  const replaced = await data(await admin()('/home/schedule', put({ version, at: later })));
  assert.equal(replaced.structure.scheduled.at, later);
  const cancelled = await data(await admin()('/home/schedule', { method: 'DELETE' }));
  assert.equal(cancelled.structure.scheduled ?? null, null);
  const [entry] = (await data(await backend(first, 'aurora')('/admin/audit?action=structure.unschedule', staffBearer(owner)))).items;
  assert.equal(entry.objectId, 'home');
  assert.equal(entry.before.scheduled.version, version);
});

test('a banner image is uploaded with purpose structure (no article) and made into its two widths', async () => {
  const api = backend(first, 'aurora');
  const picture = Buffer.concat([Buffer.from('P6\n1000 400\n255\n'), Buffer.alloc(1000 * 400 * 3, 0x3c)]);
  const withArticle = await api('/admin/media/uploads', json({ kind: 'artwork', purpose: 'structure', articleId: 2102, name: 'b.ppm', size: picture.length }, staffBearer(editor).headers));
  await refused(withArticle, 400, 'VALIDATION_ERROR', 'articleId');
  const up = await uploadInChunks(api, editor, { kind: 'artwork', purpose: 'structure', name: 'banner.ppm' }, picture);
  assert.equal(up.purpose, 'structure');
  const job = await eventually(async () => (await (await api(`/admin/media/jobs/${up.jobId}`, staffBearer(editor))).json()).data,
    (j) => j.state === 'done' || j.state === 'failed', 'the job ends', 200);
  assert.equal(job.state, 'done', job.error);
  assert.match(job.mediaPath, /^brand\/\d+\/structure\/[0-9a-f]+-1\/image\.w1920\.webp$/);
  assert.match(job.previewPath, /\/image\.w640\.webp$/);
  const file = await rawRequest(first, { path: `/media/generated/${job.previewPath}`, headers: { Host: 'aurora.localhost' } });
  assert.equal(file.status, 200);
  // A second image replaces nothing: the first stays.
  const again = await uploadInChunks(api, editor, { kind: 'artwork', purpose: 'structure', name: 'banner2.ppm' }, picture);
  await eventually(async () => (await (await api(`/admin/media/jobs/${again.jobId}`, staffBearer(editor))).json()).data, (j) => j.state === 'done', 'the second job ends', 200);
  assert.equal((await rawRequest(first, { path: `/media/generated/${job.mediaPath}`, headers: { Host: 'aurora.localhost' } })).status, 200);
  // A too narrow image is refused with its reason.
  const narrow = Buffer.concat([Buffer.from('P6\n200 100\n255\n'), Buffer.alloc(200 * 100 * 3, 0x3c)]);
  const small = await uploadInChunks(api, editor, { kind: 'artwork', purpose: 'structure', name: 'narrow.ppm' }, narrow);
  const failed = await eventually(async () => (await (await api(`/admin/media/jobs/${small.jobId}`, staffBearer(editor))).json()).data, (j) => j.state === 'failed' || j.state === 'done', 'the narrow job ends', 200);
  assert.equal(failed.state, 'failed');
  assert.match(failed.error, /at least 320 pixels/);
});

test("a node's schedule ends a kept answer's (and a kept page's) lifetime at its time, not 120 s later", async () => {
  const from = utc(now() + 4_000);
  const tree = withNode(await homeTree(), { ...node('m-later', { type: 'rail', schedule: { from } }, [node('m-later-1', { type: 'card' })]) });
  const saved = await data(await admin()('/home/draft', put({ tree })));
  await data(await admin()('/home/publish', json({ version: saved.version.version })));
  const page = async () => (await rawRequest(first, { path: '/', headers: { Host: 'localhost' } })).body;
  const before = await eventually(async () => {
    const res = await backend(first, 'aurora')('/structure/home?lang=en');
    return { ids: (await res.json()).data.substructure.map((n) => n.id), cache: res.headers.get('cache-control') };
  }, (r) => !r.ids.includes('m-later') && r.ids.includes('m-newest'), 'the new tree without the later rail');
  const maxAge = Number(/max-age=(\d+)/.exec(before.cache)?.[1] ?? '-1');
  assert.ok(maxAge >= 0 && maxAge <= 5, `kept at most until the schedule's time: ${before.cache}`);
  assert.ok(!(await page()).includes('"m-later"'), 'the page shell (kept for visitors) has no later rail yet');
  await eventually(() => homeIds(first), (ids) => ids.includes('m-later'), 'the kept answer gave way at the schedule', 80);
  await eventually(page, (body) => body.includes('"m-later"'), 'the kept page gave way at the schedule', 30);
});

test('publish at a set time: refused in the past; any instance publishes it on time, audited, both serve it', async () => {
  const tree = withNode(await homeTree(), node('m-scheduled', { type: 'rail' }, [node('m-scheduled-1', { type: 'card' })]), 0);
  const saved = await data(await admin()('/home/draft', put({ tree, note: 'for the launch' })));
  const version = saved.version.version;

  await refused(await admin()('/home/schedule', put({ version, at: utc(now() - 60_000) })), 400, 'VALIDATION_ERROR', 'at');
  await refused(await admin()('/home/schedule', put({ version, at: 'tomorrow' })), 400, 'VALIDATION_ERROR', 'at');
  await refused(await admin()('/home/schedule', put({ version: 9999, at: utc(now() + 3_600_000) })), 404, 'STRUCTURE_VERSION_NOT_FOUND');
  await refused(await admin()('/nothing-here/schedule', put({ version: 1, at: utc(now() + 3_600_000) })), 404, 'STRUCTURE_NOT_FOUND');
  await refused(await admin()('/home/schedule', { method: 'DELETE' }), 404, 'STRUCTURE_NOT_FOUND');

  const at = utc(now() + 3_600_000);
  const scheduled = await data(await admin()('/home/schedule', put({ version, at })));
  assert.deepEqual(scheduled.structure.scheduled, { version, at, by: 'editor@example.com' });
  const listed = (await data(await admin()(''))).structures.find((s) => s.name === 'home');
  assert.deepEqual(listed.scheduled, { version, at, by: 'editor@example.com' });
  // Another tenant's editor sees none of it, and cannot schedule aurora's home from noor.
  const noorHome = (await data(await admin(first, noorEditor, 'noor')(''))).structures.find((s) => s.name === 'home');
  assert.equal(noorHome.scheduled ?? null, null);
  assert.equal((await admin(first, noorEditor, 'aurora')('/home/schedule', put({ version, at }))).status, 403);

  // Not before its time.
  await sleep(1500);
  assert.ok(!(await homeIds(first)).includes('m-scheduled'));
  assert.ok(!(await homeIds(second)).includes('m-scheduled'));

  // The first instance's clock reaches it: it publishes; the second follows within its poll.
  await moveClock(3601);
  offset += 3601;
  const started = Date.now();
  await eventually(() => homeIds(first), (ids) => ids[0] === 'm-scheduled', 'the first instance serves the scheduled version', 60);
  await eventually(() => homeIds(second), (ids) => ids[0] === 'm-scheduled', 'the second instance serves it too', 60);
  assert.ok(Date.now() - started < 5000, `both serve it within seconds (${Date.now() - started} ms)`);

  // The first instance's clock is an hour ahead now: its members' sessions have ended there; the second reads on.
  const after = (await data(await admin(second)(''))).structures.find((s) => s.name === 'home');
  assert.equal(after.publishedVersion, version);
  assert.equal(after.publishedBy, 'editor@example.com');
  assert.equal(after.scheduled ?? null, null, 'the schedule is used up');

  const audit = async (action) => (await data(await backend(second, 'aurora')(`/admin/audit?action=${action}`, staffBearer(owner)))).items;
  const [set] = await audit('structure.schedule');
  assert.equal(set.actorEmail, 'editor@example.com');
  assert.equal(set.objectId, 'home');
  assert.equal(set.after.scheduled.at, at);
  const [published] = await audit('structure.publish');
  assert.equal(published.actorEmail, 'editor@example.com');
  assert.match(published.call, /^scheduled publish at /);
  assert.equal(published.after.version.version, version);
});
