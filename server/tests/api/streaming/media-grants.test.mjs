// Media grants bound to the article (docs/security.md "Media grants bound to
// the article"): a signed media URL names the tenant and the article, its
// signature covers both and the article's media scope, and /media/secure
// serves a path only when it lies in that article's media as the catalog has
// it now. The demo catalog gives every article media of its own, so the free
// music video 2604 no longer opens film 3102's directory. HLS keeps working:
// the playlist's URIs carry the whole grant.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal } from '../support/server.mjs';
import { client, data, GUEST } from '../subscriptions/support.mjs';

const FREE_MUSIC_VIDEO = 2604; // free; a demo copy of film 3102's video
const FILM = 3102; // paid
let server, aurora, vela, mediaRoot;

function ladder(key, marker) {
  mkdirSync(join(mediaRoot, 'hls', key, '720p'), { recursive: true });
  writeFileSync(join(mediaRoot, 'hls', key, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720\n720p/index.m3u8\n');
  writeFileSync(join(mediaRoot, 'hls', key, '720p', 'index.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg0.ts\n#EXT-X-ENDLIST\n');
  writeFileSync(join(mediaRoot, 'hls', key, '720p', 'seg0.ts'), marker);
}

before(async () => {
  mediaRoot = mkdtempSync(join(tmpdir(), 'portal-media-grants-'));
  ladder('v3102', 'FILM-3102');
  ladder('v2604', 'MUSIC-VIDEO-2604');
  server = await startPortal(['--scheduler-interval', '0', '--media-root', mediaRoot]);
  aurora = client(server, 'aurora');
  vela = client(server, 'vela');
});
after(async () => {
  if (server) await server.stop();
  rmSync(mediaRoot, { recursive: true, force: true });
});

const video = (call, id, token) => call('/video/streaming', { method: 'POST', token, body: { id, protocol: 'hls' } });
const get = (path) => fetch(`${server.base}${path}`);

test('a free music video\'s grant opens its own directory and never the paid film\'s', async () => {
  const token = await aurora.login(GUEST); // guest@: signed in, no plan
  const mv = await data(await video(aurora, FREE_MUSIC_VIDEO, token));
  assert.equal(mv.isPreview, false);
  const url = new URL(mv.url, server.base);
  const query = url.search;
  // The attack: the music video's grant on the film's files (its 720p segments downloaded for guest@ before).
  for (const path of ['/media/secure/hls/v3102/master.m3u8', '/media/secure/hls/v3102/720p/index.m3u8',
    '/media/secure/hls/v3102/720p/seg0.ts'])
    assert.equal((await get(`${path}${query}`)).status, 403, path);
  assert.equal(url.pathname, '/media/secure/hls/v2604/master.m3u8', 'the music video plays from media of its own');
  assert.equal(url.searchParams.get('article'), String(FREE_MUSIC_VIDEO));
  assert.match(url.searchParams.get('tenant'), /^\d+$/);

  // HLS as hls.js fetches it: the master, then the URIs it names, each carrying the grant.
  const master = await get(mv.url);
  assert.equal(master.status, 200);
  const rendition = (await master.text()).split('\n').find((l) => l.startsWith('720p/'));
  assert.equal(rendition, `720p/index.m3u8${query}`);
  const renditionRes = await fetch(new URL(rendition, url));
  assert.equal(renditionRes.status, 200);
  const segment = (await renditionRes.text()).split('\n').find((l) => l.startsWith('seg0.ts'));
  const segmentRes = await fetch(new URL(segment, new URL(`/media/secure/hls/v2604/720p/index.m3u8`, server.base)));
  assert.equal(segmentRes.status, 200);
  assert.equal(await segmentRes.text(), 'MUSIC-VIDEO-2604');

  // Claiming the film's article or another tenant with the music video's signature: refused.
  for (const [key, value] of [['article', String(FILM)], ['tenant', '999']]) {
    const forged = new URL(url);
    forged.searchParams.set(key, value);
    assert.equal((await fetch(forged)).status, 403, `${key}=${value}`);
    forged.pathname = '/media/secure/hls/v3102/720p/seg0.ts';
    assert.equal((await fetch(forged)).status, 403, `${key}=${value} on the film`);
  }
  // Without any grant: refused as before.
  assert.equal((await get('/media/secure/hls/v2604/720p/seg0.ts')).status, 403);
});

test('the film\'s own grant opens the film; a grant of one tenant is no grant of another\'s article', async () => {
  const sub = await vela.login(); // Vela Max: films included
  const film = await data(await video(vela, FILM, sub));
  const url = new URL(film.url, server.base);
  assert.equal(url.pathname, '/media/secure/hls/v3102/master.m3u8');
  assert.equal(url.searchParams.get('article'), String(FILM));
  const seg = new URL('/media/secure/hls/v3102/720p/seg0.ts', server.base);
  seg.search = url.search;
  const res = await fetch(seg);
  assert.equal(res.status, 200);
  assert.equal(await res.text(), 'FILM-3102');
  // Its grant does not reach the music video's directory either.
  seg.pathname = '/media/secure/hls/v2604/720p/seg0.ts';
  assert.equal((await fetch(seg)).status, 403);
  // The same film id in aurora (its own article there) with vela's signature: refused.
  const aurora3102 = new URL(url);
  aurora3102.searchParams.set('tenant', String(Number(url.searchParams.get('tenant')) === 1 ? 2 : 1));
  assert.equal((await fetch(aurora3102)).status, 403);
});
