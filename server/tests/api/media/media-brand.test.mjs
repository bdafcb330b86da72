// Brand images (issue 50 item 1, docs/decisions.md "Brand images"): the owner uploads the tenant's app icon and
// logo as artwork with a purpose and no article; the media job makes the WebP sizes (an icon cut square at 512
// and 192 pixels, a logo at its own size and 96 pixels high), served publicly under /media/generated/brand/; the
// settings then name them and the web app manifest lists both icon sizes. An editor uploads covers, not the brand;
// an icon under 192 pixels a side is refused with the reason. SQLite (through Prism) and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, expectError, rawRequest, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let server, dir, owner, editor, api;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-brand-'));
  server = await startPortal(['--media-root', join(dir, 'media'), '--media-job-interval', '1']);
  api = backend(server, 'aurora');
  const staff = demoStaff(server.output());
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
});
after(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// A picture cwebp reads (binary PPM), one colour.
const picture = (width, height) => Buffer.concat([Buffer.from(`P6\n${width} ${height}\n255\n`), Buffer.alloc(width * height * 3, 0x4f)]);

const declare = (body, token = owner) => api('/admin/media/uploads', json(body, staffBearer(token).headers));

// Declares and sends a brand image; answers its job once done or failed.
async function brand(purpose, bytes) {
  const res = await declare({ kind: 'artwork', purpose, name: `${purpose}.ppm`, size: bytes.length });
  assert.equal(res.status, 201, await res.clone().text());
  let up = (await res.json()).data;
  assert.equal(up.purpose, purpose);
  assert.equal(up.articleId, 0);
  while (!up.jobId) {
    const next = bytes.subarray(up.received, Math.min(up.received + up.chunkLimit, bytes.length));
    const put = await api(`/admin/media/uploads/${up.id}`, {
      method: 'PUT',
      headers: { ...staffBearer(owner).headers, 'content-type': 'application/octet-stream', 'content-range': `bytes ${up.received}-${up.received + next.length - 1}/${bytes.length}` },
      body: next,
    });
    assert.equal(put.status, 200, await put.clone().text());
    up = (await put.json()).data;
  }
  for (let i = 0; i < 200; i++) {
    const job = (await (await api(`/admin/media/jobs/${up.jobId}`, staffBearer(owner))).json()).data;
    if (job.state === 'done' || job.state === 'failed') return job;
    await sleep(100);
  }
  assert.fail(`the ${purpose} job never finished`);
}

const served = (path) => rawRequest(server, { path: `/media/generated/${path}`, headers: { Host: 'aurora.localhost' } });

test('an icon becomes its two square WebP sizes, public, and the settings and the manifest name them', async () => {
  const job = await brand('icon', picture(400, 300));
  assert.equal(job.state, 'done', job.error);
  assert.equal(job.purpose, 'icon');
  assert.match(job.mediaPath, /^brand\/\d+\/icon\/[0-9a-f]+-1\/icon-512\.webp$/);
  assert.match(job.previewPath, /\/icon-192\.webp$/);
  for (const path of [job.mediaPath, job.previewPath]) {
    const file = await served(path);
    assert.equal(file.status, 200, `${path} is served without a grant`);
    assert.match(file.headers['content-type'], /image\/webp/);
  }

  const current = (await (await api('/admin/settings', staffBearer(owner))).json()).data;
  const icon = `/media/generated/${job.mediaPath}`, small = `/media/generated/${job.previewPath}`;
  const saved = await api('/admin/settings', json({
    ...current,
    settings: { ...current.settings, images: { ...current.settings.images, icon }, app: { ...current.settings.app, icons: [{ src: small, sizes: '192x192', type: 'image/webp' }, { src: icon, sizes: '512x512', type: 'image/webp' }] } },
  }, staffBearer(owner).headers, 'PUT'));
  assert.equal(saved.status, 200, await saved.clone().text());
  const manifest = JSON.parse((await rawRequest(server, { path: '/manifest.webmanifest', headers: { Host: 'aurora.localhost' } })).body);
  assert.deepEqual(manifest.icons.map((i) => [new URL(i.src).pathname, i.sizes, i.type]), [[small, '192x192', 'image/webp'], [icon, '512x512', 'image/webp']]);
});

test('a logo keeps its own size and gets the header\'s, 96 pixels high', async () => {
  const job = await brand('logo', picture(600, 200));
  assert.equal(job.state, 'done', job.error);
  assert.match(job.mediaPath, /^brand\/\d+\/logo\/.+\/logo\.h96\.webp$/);
  assert.match(job.previewPath, /\/logo\.webp$/);
  assert.equal((await served(job.mediaPath)).status, 200);
});

test('an icon too small for a phone\'s home screen fails with the reason', async () => {
  const job = await brand('icon', picture(120, 120));
  assert.equal(job.state, 'failed');
  assert.match(job.error, /at least 192 pixels a side; this image is 120 x 120/);
});

test('the brand is the owner\'s and the admins\': an editor is refused; a brand image names no article', async () => {
  await expectError(await declare({ kind: 'artwork', purpose: 'logo', name: 'logo.png', size: 10 }, editor), 403, 'FORBIDDEN');
  const withArticle = await expectError(await declare({ articleId: 20001, kind: 'artwork', purpose: 'logo', name: 'logo.png', size: 10 }), 400, 'VALIDATION_ERROR');
  assert.equal(withArticle.data.field, 'articleId');
  const audio = await expectError(await declare({ kind: 'audio', purpose: 'icon', name: 'x.mp3', size: 10 }), 400, 'VALIDATION_ERROR');
  assert.equal(audio.data.field, 'kind');
  const cover = await expectError(await declare({ kind: 'artwork', name: 'cover.png', size: 10 }), 400, 'VALIDATION_ERROR');
  assert.equal(cover.data.field, 'articleId');
});
